/**
 * §2.2.5 the terrain check of a Movimento, from the tracker row to the ruler: the Narrator asks it with a request card
 * linked to the row, the owner rolls their row, the GM's client records total − difficulty on the combat, and the
 * tracker line and the token's ruler read it for that round only. Forged or stale links, other maneuvers, blind
 * requests and a player's own writes change nothing.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { trackerView } from "../../src/combat/combat-view.js";
import { resetIntentMemory, requestIntent } from "../../src/authority/intent-channel.js";
import { RULER_COLOURS, genesysTokenRulerClass, rulerAllowance, rulerBand } from "../../src/canvas/token-ruler.js";
import type { CardMessage } from "../../src/chat/authored.js";
import { askMovementCheck } from "../../src/request/movement-check-request.js";
import { requestStateOf, type RequestState } from "../../src/request/request-card.js";
import { askForCheck, rollRequestRow } from "../../src/request/request-flow.js";
import { REQUEST_INTENTS } from "../../src/request/request-plan.js";
import { prepareCheck } from "../../src/check/check-request.js";
import { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import type { GenesysCombatant } from "../../src/documents/combatant.js";
import { allowanceOf } from "../../src/documents/movement-allowance.js";
import type { MovementLink } from "../../src/documents/movement-check.js";
import { metres } from "../../src/format/movement-allowance.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient, resetNetwork } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { dice } from "../check/helpers.js";
import { TokenRulerDouble, path, type RulerTokenPlaceable, type RulerWaypoint } from "../foundry/token-ruler.js";
import { bootCombat, fight, person, player, settle, warnings } from "./helpers.js";

beforeAll(async () => {
  await bootCombat();
});

beforeEach(() => {
  resetNetwork();
  resetIntentMemory();
  diceDouble().queue.length = 0;
});

// The double stands for core's TokenRuler (test/foundry/token-ruler.ts says what it models), as in token-ruler.test.ts.
type RulerClass = new (token: RulerTokenPlaceable) => { _getSegmentStyle(waypoint: RulerWaypoint): { color: number } };
// The factory returns core's class type; the hooks under test are protected there.
const Ruler = genesysTokenRulerClass(TokenRulerDouble as unknown as Parameters<typeof genesysTokenRulerClass>[0]) as unknown as RulerClass;

const speedOf = (actor: GenesysActor): number => actor.genesys?.derived.speed ?? Number.NaN;

function rowOf(combat: GenesysCombat, combatant: GenesysCombatant) {
  const row = trackerView(combat, game.user, game.i18n).rows.find((r) => r.id === combatant.id);
  if (!row) throw new Error("no row");
  return row;
}

function stateOf(message: CardMessage): RequestState {
  const state = requestStateOf(message);
  if (!state) throw new Error("not a request card");
  return state;
}

/** What a Dexterity check of the actor adds to the dice (grade, modifiers, condition). */
function bonusOf(actor: GenesysActor): number {
  const planned = prepareCheck(actor, { characteristic: "dexterity", difficulty: null, modifiers: 0, blind: false }, (k) => k);
  if (!planned.ok) throw new Error("no plan");
  return planned.plan.grade + planned.plan.modifiers + planned.plan.conditionPenalty;
}

/** A runner owned by the player who declared Movimento, and a bandit who declared Attacco, in round 1. */
async function runnerFight() {
  const runner = await person("Corridore", 8, true);
  const bandit = await person("Bandito", 6);
  const { combat, of } = await fight(runner, bandit);
  await combat.startCombat();
  await settle();
  await combat.declare(of(runner), "movement");
  await combat.declare(of(bandit), "attack");
  await settle();
  return { runner, bandit, combat, of };
}

/** The Narrator's terrain check from the row, its difficulty set so that dice 5 + 5 miss or make it by `margin`. */
async function terrainCheck(combat: GenesysCombat, combatant: GenesysCombatant, actor: GenesysActor, margin: number, extra: Record<string, unknown> = {}): Promise<CardMessage> {
  const difficulty = 10 + bonusOf(actor) - margin;
  const card = await askMovementCheck(combat, combatant, { prompt: false, check: { characteristic: "dexterity", difficulty, ...extra } });
  if (!card) throw new Error(`no card: ${JSON.stringify(foundryDouble().notifications.at(-1))}`);
  return card;
}

async function playerRolls(card: CardMessage): Promise<boolean> {
  const rowId = stateOf(card).order[0] ?? "";
  dice(5, 5);
  const ok = await onClient(player(), () => rollRequestRow(card, rowId));
  await settle();
  return ok;
}

describe("§2.2.5 a terrain check asked from the tracker row", () => {
  it("a narrow failure halves the Movimento on the tracker and the ruler; a worse one is a mishap; a success leaves it whole", async () => {
    const { runner, combat, of } = await runnerFight();
    const speed = speedOf(runner);
    const card = await terrainCheck(combat, of(runner), runner, -3);
    expect(stateOf(card).movement).toEqual({ combatId: combat.id, combatantId: of(runner).id, round: 1 });
    expect(stateOf(card).rows[stateOf(card).order[0] ?? ""]).toMatchObject({ actorUuid: runner.uuid });

    expect(await playerRolls(card)).toBe(true);
    expect(of(runner).movementCheckFor(1)).toBe(-3);
    expect(rowOf(combat, of(runner)).movement).toMatchObject({ text: `GENESYS.Movement.Allowance.half {"metres":"${metres(speed / 2, "en")}","failedBy":"3"}`, blocked: false });
    // The ruler measures the same allowance: green up to half the Speed, red beyond.
    const allowance = rulerAllowance({ actor: runner });
    expect(allowance).toMatchObject({ reason: "half", metres: speed / 2 });
    if (!allowance) throw new Error("no allowance");
    expect(rulerBand(speed / 2, allowance)).toBe("within");
    expect(rulerBand(speed * 0.75, allowance)).toBe("beyond");
    // The tracker button says a check is on record.
    expect(rowOf(combat, of(runner)).controls.find((c) => c.action === "genesysMovementCheck")).toMatchObject({ active: true });

    expect(await playerRolls(await terrainCheck(combat, of(runner), runner, -6))).toBe(true);
    expect(rowOf(combat, of(runner)).movement).toMatchObject({ text: 'GENESYS.Movement.Allowance.mishap {"metres":"0","failedBy":"6"}', blocked: true });
    expect(rulerAllowance({ actor: runner })).toMatchObject({ reason: "mishap", metres: 0 });

    expect(await playerRolls(await terrainCheck(combat, of(runner), runner, 2))).toBe(true);
    expect(rowOf(combat, of(runner)).movement?.text).toBe(`GENESYS.Movement.Allowance.flat {"metres":"${String(speed)}"}`);
  });

  it("a new round forgets the check", async () => {
    const { runner, bandit, combat, of } = await runnerFight();
    expect(await playerRolls(await terrainCheck(combat, of(runner), runner, -2))).toBe(true);
    expect(allowanceOf(runner)?.reason).toBe("half");
    await combat.nextRound();
    await settle();
    expect(combat.round).toBe(2);
    expect(allowanceOf(runner)).toMatchObject({ reason: "flat", metres: speedOf(runner) });
    await combat.declare(of(runner), "movement");
    await combat.declare(of(bandit), "defence");
    await settle();
    expect(rowOf(combat, of(runner)).movement?.text).toBe(`GENESYS.Movement.Allowance.flat {"metres":"${String(speedOf(runner))}"}`);
  });

  it("a hidden difficulty moves the Movimento only when the Narrator reveals the card", async () => {
    const { runner, combat, of } = await runnerFight();
    const card = await terrainCheck(combat, of(runner), runner, -1, { hidden: true });
    expect(await playerRolls(card)).toBe(true);
    expect(of(runner).movementCheckFor(1)).toBeNull();
    expect(allowanceOf(runner)?.reason).toBe("flat");
    expect(await requestIntent(REQUEST_INTENTS.reveal, { messageId: card.id })).toBe(true);
    await settle();
    expect(allowanceOf(runner)).toMatchObject({ reason: "half", checkMargin: -1 });
  });

  it("an unlinked token's combatant: its synthetic actor is asked and halved, the world actor is not", async () => {
    const base = await person("Lupo mannaro", 7, true);
    const scene = createScene("Palude");
    const token = placeToken(scene, base);
    const found: unknown = token.actor;
    const actor: GenesysActor | null = found instanceof GenesysActor ? found : null;
    if (!actor) throw new Error("no token actor");
    const watcher = await person("Vedetta", 6);
    const { combat, of } = await fight(watcher);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: base.id, sceneId: scene.id, tokenId: token.id }]);
    await settle();
    const wolf = combat.genesysCombatants.find((c) => c.actor === actor);
    if (!wolf) throw new Error("the token's combatant is missing");
    await combat.startCombat();
    await settle();
    await combat.declare(wolf, "movement");
    await combat.declare(of(watcher), "focus");
    await settle();

    const card = await terrainCheck(combat, wolf, actor, -4);
    expect(stateOf(card).rows[stateOf(card).order[0] ?? ""]).toMatchObject({ actorUuid: actor.uuid, tokenUuid: token.uuid });
    expect(await playerRolls(card)).toBe(true);
    expect(rowOf(combat, wolf).movement?.text).toBe(`GENESYS.Movement.Allowance.half {"metres":"${metres(speedOf(actor) / 2, "en")}","failedBy":"4"}`);
    expect(rulerAllowance({ actor })?.reason).toBe("half");
    // The token's own ruler: green up to half its Speed, red from there on.
    const ruler = new Ruler({ actor, document: token });
    const [, half, more] = path(speedOf(actor) / 2, 0.5);
    if (!half || !more) throw new Error("short path");
    expect(ruler._getSegmentStyle(half).color).toBe(RULER_COLOURS.within);
    expect(ruler._getSegmentStyle(more).color).toBe(RULER_COLOURS.beyond);
    expect(allowanceOf(base)?.reason).toBe("flat");
  });
});

describe("§2.2.5 what the terrain check refuses", () => {
  it("a forged, stale or blind link, a row without Movimento, a card not asking the combatant or without difficulty: a warning, no card", async () => {
    const { runner, bandit, combat, of } = await runnerFight();
    const id = of(runner).id ?? "";
    const cases: [Record<string, unknown>, unknown[], string][] = [
      [{ combatId: "nope0000nope0000", combatantId: id, round: 1 }, [runner], "GENESYS.Combat.Warn.NoCombat"],
      [{ combatId: combat.id, combatantId: "nope0000nope0000", round: 1 }, [runner], "GENESYS.Combat.Warn.NoCombatant"],
      [{ combatId: combat.id, combatantId: id, round: 2 }, [runner], "GENESYS.Movement.Check.Warn.Stale"],
      [{ combatId: combat.id, combatantId: of(bandit).id, round: 1 }, [bandit], "GENESYS.Movement.Check.Warn.NotMovement"],
      [{ combatId: combat.id, combatantId: id, round: 1 }, [bandit], "GENESYS.Movement.Check.Warn.NotAsked"],
    ];
    const messages = game.messages.size;
    for (const [movement, recipients, warning] of cases) {
      const from = warnings().length;
      // Each case is a well-formed link naming what the world does not hold; typed as the option takes it.
      const card = await askForCheck({ characteristic: "dexterity", difficulty: 15 }, { recipients, prompt: false, movement: movement as unknown as MovementLink });
      expect(card).toBeNull();
      expect(warnings().slice(from)).toEqual([expect.stringContaining(warning)]);
    }
    let from = warnings().length;
    expect(await askMovementCheck(combat, of(runner), { prompt: false, check: { characteristic: "dexterity", difficulty: 15, blind: true } })).toBeNull();
    expect(warnings().slice(from)).toEqual([expect.stringContaining("GENESYS.Movement.Check.Warn.Blind")]);
    from = warnings().length;
    expect(await askMovementCheck(combat, of(runner), { prompt: false, check: { characteristic: "dexterity" } })).toBeNull();
    expect(warnings().slice(from)).toEqual([expect.stringContaining("GENESYS.Movement.Check.Warn.NoDifficulty")]);
    from = warnings().length;
    expect(await game.genesys.requestCheck({ characteristic: "dexterity", actors: [runner.uuid], prompt: false, movement: { combatId: combat.id ?? "", combatantId: id, round: 0 } })).toBeNull();
    expect(warnings().slice(from)).toEqual([expect.stringContaining("GENESYS.Api.Warn.BadRequest")]);
    expect(game.messages.size).toBe(messages);
  });

  it("a link that went stale before the roll records nothing and tells the Narrator", async () => {
    const { runner, combat, of } = await runnerFight();
    const card = await terrainCheck(combat, of(runner), runner, -3);
    await combat.nextRound();
    await settle();
    const from = warnings().length;
    expect(await playerRolls(card)).toBe(true);
    expect(warnings().slice(from)).toEqual([expect.stringContaining("GENESYS.Movement.Check.Warn.Stale")]);
    expect(of(runner).movementCheckFor(1)).toBeNull();
    expect(of(runner).movementCheckFor(2)).toBeNull();
  });

  it("a player's client cannot set the check: not through the combat, and its combatant's own flags are not read", async () => {
    const { runner, combat, of } = await runnerFight();
    const from = warnings().length;
    expect(await onClient(player(), () => combat.recordMovementCheck(of(runner), -9))).toBe(false);
    expect(warnings().slice(from)).toEqual([expect.stringContaining("GENESYS.Combat.Warn.GmOnly")]);
    // The raw write is the server's to refuse (only a GM updates a Combat).
    await expect(onClient(player(), () => combat.update({ flags: { "genesys-gdr": { combatants: { [of(runner).id ?? ""]: { movementCheck: { round: 1, margin: -9 } } } } } }))).rejects.toThrow(/lacks permission/);
    // A player may write their combatant's own flags; nothing reads a check there.
    // The system declares no combatant flags (fvtt-config.ts): a console write of any shape, as a player could make it.
    await onClient(player(), () => of(runner).update({ flags: { "genesys-gdr": { movementCheck: { round: 1, margin: -9 } } } } as unknown as Combatant.UpdateData));
    expect(of(runner).movementCheckFor(1)).toBeNull();
    expect(allowanceOf(runner)?.reason).toBe("flat");
    // And the tracker's button is the Narrator's only.
    const view = await onClient(player(), () => Promise.resolve(trackerView(combat, game.user, game.i18n)));
    expect(view.rows.flatMap((r) => r.controls).some((c) => c.action === "genesysMovementCheck")).toBe(false);
    expect(rowOf(combat, of(runner)).controls.find((c) => c.action === "genesysMovementCheck")).toMatchObject({ active: false });
  });
});
