/**
 * The combat state is the Narrator's: a player's console can rewrite their own combatants' flags and send any intent
 * with any payload, and none of it may change the fight unless the rules allow it. Everything a player does here goes
 * through the real intent channel (the player's User document, a query to the GM's client, the GM queue).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetIntentMemory, sendIntent, type IntentResult } from "../../src/authority/intent-channel.js";
import { COMBAT_INTENTS, type GenesysCombat } from "../../src/documents/combat.js";
import type { GenesysCombatant } from "../../src/documents/combatant.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { combatDouble } from "../foundry/combat.js";
import { network, onClient, resetNetwork } from "../foundry/clients.js";
import { foundryDouble } from "../foundry/boot.js";
import { User } from "../foundry/documents.js";
import { createActor } from "../documents/helpers.js";
import { bootCombat, d10, fight, names, person, player, settle, warnings } from "./helpers.js";

beforeAll(async () => {
  await bootCombat();
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
  combatDouble().uniforms.length = 0;
  resetNetwork();
  resetIntentMemory();
});

afterEach(() => {
  resetNetwork();
});

/** Everything the server holds for the fight, and the order the tracker shows. */
function snapshot(combat: GenesysCombat): unknown {
  return structuredClone({
    combat: combat.toObject(),
    combatants: combat.combatants.contents.map((c) => c.toObject()),
    turns: combat.turns.map((t) => t.id),
  });
}

/** Only the combat's own source and the order: a console write does change the combatant's own (ignored) flags. */
function combatSnapshot(combat: GenesysCombat): unknown {
  return structuredClone({ combat: combat.toObject(), turns: combat.turns.map((t) => t.id), turn: combat.turn, round: combat.round });
}

/** What a player can type in the browser console: a raw update of a combatant they own. */
async function consoleWrite(combatant: GenesysCombatant, flags: Record<string, unknown>): Promise<void> {
  // The console is not bound by our flag types (which declare that nothing lives in a combatant's flags).
  await (combatant as unknown as { update(data: object): Promise<unknown> }).update({ flags: { "genesys-gdr": flags } });
}

const asPlayerClient = <T>(fn: () => Promise<T>): Promise<T> => onClient(player(), fn);

/** A fight the player takes part in with two characters: Eroe (8, tied with the NPC Gemello) and Lesto (9, surprised). */
async function ambush(): Promise<{ combat: GenesysCombat; sgherro: GenesysCombatant; eroe: GenesysCombatant; gemello: GenesysCombatant; lesto: GenesysCombatant }> {
  const actors = { sgherro: await person("Sgherro", 6), eroe: await person("Eroe", 8, true), gemello: await person("Gemello", 8), lesto: await person("Lesto", 9, true) };
  const { combat, of } = await fight(actors.sgherro, actors.eroe, actors.gemello, actors.lesto);
  const [sgherro, eroe, gemello, lesto] = [of(actors.sgherro), of(actors.eroe), of(actors.gemello), of(actors.lesto)];
  await combat.setSurprised(lesto, true);
  // Eroe rolls 3, Gemello 9: Eroe is the slower of the two for the whole fight.
  d10(3, 9);
  await combat.startCombat();
  await settle();
  return { combat, sgherro, eroe, gemello, lesto };
}

/** The ambush, declared honestly: Eroe attacks (10), Gemello moves (8), Sgherro moves (6); Eroe's slot is current. */
async function ambushInExecution(): Promise<Awaited<ReturnType<typeof ambush>>> {
  const fightState = await ambush();
  const { combat, sgherro, eroe, gemello } = fightState;
  expect(await combat.declare(sgherro, "movement")).toBe(true);
  expect(await asPlayerClient(() => combat.declare(eroe, "attack"))).toBe(true);
  expect(await combat.declare(gemello, "movement")).toBe(true);
  await settle();
  expect(combat.phase).toBe("execution");
  expect(combat.combatant?.id).toBe(eroe.id);
  return fightState;
}

function refusal(result: IntentResult): string {
  return result.ok ? "accepted" : result.warning;
}

describe("a player's console writes to their own combatants' flags are ignored", () => {
  it("the honest path writes every combatant's state on the combat, none on the combatants", async () => {
    const { combat, eroe, gemello, lesto } = await ambushInExecution();
    await asPlayerClient(() => combat.nextTurn());
    await settle();
    for (const c of combat.combatants.contents) expect(c.toObject().flags["genesys-gdr"]).toBeUndefined();
    const states = combat.getFlag("genesys-gdr", "combatants") ?? {};
    expect(states[eroe.id ?? ""]).toMatchObject({ tieBreak: { reflexes: 8, rank: 1 }, declaration: { maneuver: "attack", round: 1 }, actedRound: 1 });
    expect(states[gemello.id ?? ""]).toMatchObject({ tieBreak: { reflexes: 8, rank: 2 }, declaration: { maneuver: "movement" } });
    expect(states[lesto.id ?? ""]).toMatchObject({ surprised: true });
  });

  it("surprise, tie-break rank, declaration and having acted stay as the Narrator's combat holds them", async () => {
    const { combat, eroe, lesto } = await ambush();
    expect(lesto.surprised).toBe(true);
    expect(eroe.tieBreak).toBe(1);
    expect(names(combat.pendingDeclarers())).toEqual(["Sgherro", "Eroe", "Gemello"]);
    const before = combatSnapshot(combat);

    const forgedDeclaration = { maneuver: "defence", slot: "defence", held: true, triggered: true, target: null, round: 1 };
    await asPlayerClient(async () => {
      await consoleWrite(lesto, { surprised: false, declaration: forgedDeclaration });
      await consoleWrite(eroe, { tieBreak: { reflexes: 8, rank: 99 }, declaration: forgedDeclaration, actedRound: 1 });
    });
    await settle();

    // The writes really landed on the combatants (Foundry allows them) …
    expect(lesto.toObject().flags["genesys-gdr"]).toMatchObject({ surprised: false });
    expect(eroe.toObject().flags["genesys-gdr"]).toMatchObject({ tieBreak: { rank: 99 }, actedRound: 1 });
    // … and changed nothing the fight reads.
    expect(lesto.surprised).toBe(true);
    expect(lesto.canActInRound(1)).toBe(false);
    expect(eroe.tieBreak).toBe(1);
    expect(eroe.declarationFor(1)).toBeNull();
    expect(eroe.hasActed(1)).toBe(false);
    expect(combat.phase).toBe("declaration");
    expect(names(combat.pendingDeclarers())).toEqual(["Sgherro", "Eroe", "Gemello"]);
    expect(combat.turn).toBeNull();
    expect(combatSnapshot(combat)).toEqual(before);
  });

  it("in the execution phase, marking one's slot as done or one's hold as triggered moves nothing", async () => {
    const { combat, eroe, lesto } = await ambushInExecution();
    const before = combatSnapshot(combat);
    await asPlayerClient(async () => {
      await consoleWrite(eroe, { actedRound: 1, declaration: null });
      await consoleWrite(lesto, { declaration: { maneuver: "defence", slot: "defence", held: true, triggered: true, target: null, round: 1 } });
    });
    await settle();
    expect(combat.combatant?.id).toBe(eroe.id);
    expect(eroe.hasActed(1)).toBe(false);
    expect(names(combat.executionSlots().map((s) => s.combatant))).toEqual(["Eroe", "Gemello", "Sgherro"]);
    expect(combatSnapshot(combat)).toEqual(before);
  });
});

describe("a player's console writes to the combat's round and turn are put back", () => {
  it("a round pushed on mid-execution fires no round start and loses nobody's slot or declaration", async () => {
    const { combat } = await ambushInExecution();
    const before = combatSnapshot(combat);
    const events = combatDouble().turnEvents.length;
    // Foundry lets a player write round and turn (core's End Turn); the console writes them directly.
    await asPlayerClient(() => (combat as unknown as { update(data: object): Promise<unknown> }).update({ round: combat.round + 1 }));
    await settle();
    expect(combatSnapshot(combat)).toEqual(before);
    expect(combatDouble().turnEvents.slice(events)).toEqual([]);
  });

  it("a turn moved to the player's own slot is moved back, so their slot is not current", async () => {
    const { combat, lesto } = await ambushInExecution();
    const before = combatSnapshot(combat);
    const own = combat.turns.findIndex((t) => t.id === lesto.id);
    expect(own).toBeGreaterThanOrEqual(0);
    await asPlayerClient(() => (combat as unknown as { update(data: object): Promise<unknown> }).update({ turn: own }));
    await settle();
    expect(combatSnapshot(combat)).toEqual(before);
    expect(combat.combatant?.id).not.toBe(lesto.id);
  });
});

describe("a player's console cannot step out of the declaration order", () => {
  it("'defeated' set by a player on their own combatant during the fight is put back by the Narrator's client", async () => {
    const { combat, eroe, sgherro } = await ambush();
    expect(await combat.declare(sgherro, "movement")).toBe(true);
    expect(combat.pendingDeclarers()[0]?.id).toBe(eroe.id);
    await asPlayerClient(() => (eroe as unknown as { update(d: object): Promise<unknown> }).update({ defeated: true }));
    await settle();
    expect(eroe.defeated).toBe(false);
    expect(combat.pendingDeclarers()[0]?.id).toBe(eroe.id);
  });
});

describe("forged intents are refused with a warning and change nothing", () => {
  it("in the declaration phase: others' combatants, unknown ids, out of order, unknown maneuvers, malformed payloads", async () => {
    const { combat, sgherro, eroe, lesto } = await ambush();
    const before = snapshot(combat);
    const at = (combatant: GenesysCombatant, extra: object = {}) => ({ combatId: combat.id, combatantId: combatant.id, ...extra });
    const cases: [string, unknown, string][] = [
      [COMBAT_INTENTS.declare, at(sgherro, { maneuver: "attack" }), "GENESYS.Combat.Warn.NotOwner"],
      [COMBAT_INTENTS.declare, { combatId: "AAAAAAAAAAAAAAAA", combatantId: eroe.id, maneuver: "attack" }, "GENESYS.Combat.Warn.NoCombat"],
      [COMBAT_INTENTS.declare, { combatId: combat.id, combatantId: "BBBBBBBBBBBBBBBB", maneuver: "attack" }, "GENESYS.Combat.Warn.NoCombatant"],
      [COMBAT_INTENTS.declare, at(eroe, { maneuver: "attack" }), "GENESYS.Combat.Warn.WaitForDeclarer"],
      [COMBAT_INTENTS.declare, at(eroe, { maneuver: "fly" }), "GENESYS.Combat.Warn.UnknownManeuver"],
      [COMBAT_INTENTS.declare, at(lesto, { maneuver: "attack" }), "GENESYS.Combat.Warn.CannotAct"],
      [COMBAT_INTENTS.hold, at(sgherro), "GENESYS.Combat.Warn.NotOwner"],
      [COMBAT_INTENTS.hold, at(eroe), "GENESYS.Combat.Warn.NothingDeclared"],
      [COMBAT_INTENTS.trigger, at(eroe), "GENESYS.Combat.Warn.NotExecutionPhase"],
      [COMBAT_INTENTS.cancelHold, at(sgherro), "GENESYS.Combat.Warn.NotOwner"],
      [COMBAT_INTENTS.cancelHold, at(eroe), "GENESYS.Combat.Warn.NotHolding"],
      [COMBAT_INTENTS.replace, at(eroe, { replacement: "defence" }), "GENESYS.Combat.Warn.NotExecutionPhase"],
      [COMBAT_INTENTS.completeSlot, at(eroe), "GENESYS.Combat.Warn.NotExecutionPhase"],
      // Malformed: not an object, ids of the wrong type or shape, missing or mistyped fields.
      [COMBAT_INTENTS.declare, null, "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.declare, 42, "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.declare, "declare", "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.declare, [combat.id, eroe.id, "attack"], "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.declare, {}, "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.declare, { combatId: combat.id, maneuver: "attack" }, "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.declare, { combatId: combat.id, combatantId: 7, maneuver: "attack" }, "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.declare, { combatId: "../../x", combatantId: eroe.id, maneuver: "attack" }, "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.declare, at(sgherro), "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.declare, at(sgherro, { maneuver: ["attack"] }), "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.declare, at(sgherro, { maneuver: "attack", held: "yes" }), "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.declare, at(sgherro, { maneuver: "attack", target: { id: "x" } }), "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.replace, at(eroe, { replacement: 4 }), "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.hold, { combatId: combat.id }, "GENESYS.Authority.Invalid"],
    ];
    const answers = await asPlayerClient(async () => {
      const out: string[] = [];
      for (const [kind, payload] of cases) out.push(refusal(await sendIntent(kind, payload)));
      return out;
    });
    expect(answers).toEqual(cases.map(([, , warning]) => warning));

    // The public methods take the same path: refused, with the warning shown to the player.
    expect(await asPlayerClient(() => combat.declare(sgherro, "attack"))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.NotOwner");
    expect(await asPlayerClient(() => combat.declare(eroe, "defence", { held: true }))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.WaitForDeclarer");
    expect(await asPlayerClient(() => combat.setSurprised(lesto, false))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.GmOnly");
    expect(await asPlayerClient(() => combat.rollTieBreaks())).toEqual([]);
    await asPlayerClient(() => combat.nextTurn());
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.GmOnly");
    await settle();

    expect(snapshot(combat)).toEqual(before);
    expect(player().getFlag("genesys-gdr", "intents")).toEqual({});
  });

  it("in the execution phase: slower replacements, others' slots, slots not yet come", async () => {
    const { combat, eroe, gemello, lesto } = await ambushInExecution();
    const before = snapshot(combat);
    const at = (combatant: GenesysCombatant, extra: object = {}) => ({ combatId: combat.id, combatantId: combatant.id, ...extra });
    const cases: [string, unknown, string][] = [
      [COMBAT_INTENTS.replace, at(eroe, { replacement: "movement" }), "GENESYS.Combat.Warn.ReplaceNotHigher"],
      [COMBAT_INTENTS.replace, at(eroe, { replacement: "execution" }), "GENESYS.Combat.Warn.ReplaceNotHigher"],
      [COMBAT_INTENTS.replace, at(eroe, { replacement: "teleport" }), "GENESYS.Combat.Warn.UnknownManeuver"],
      [COMBAT_INTENTS.replace, at(eroe, { replacement: null }), "GENESYS.Authority.Invalid"],
      [COMBAT_INTENTS.replace, at(gemello, { replacement: "cancel" }), "GENESYS.Combat.Warn.NotOwner"],
      [COMBAT_INTENTS.completeSlot, at(gemello), "GENESYS.Combat.Warn.NotOwner"],
      [COMBAT_INTENTS.completeSlot, at(lesto), "GENESYS.Combat.Warn.NotCurrent"],
      [COMBAT_INTENTS.completeSlot, { combatId: "AAAAAAAAAAAAAAAA", combatantId: eroe.id }, "GENESYS.Combat.Warn.NoCombat"],
      [COMBAT_INTENTS.hold, at(gemello), "GENESYS.Combat.Warn.NotOwner"],
      [COMBAT_INTENTS.hold, at(lesto), "GENESYS.Combat.Warn.NothingDeclared"],
      [COMBAT_INTENTS.trigger, at(eroe), "GENESYS.Combat.Warn.NotHolding"],
      [COMBAT_INTENTS.trigger, at(gemello), "GENESYS.Combat.Warn.NotOwner"],
      [COMBAT_INTENTS.declare, at(lesto, { maneuver: "defence" }), "GENESYS.Combat.Warn.NotDeclarationPhase"],
    ];
    const answers = await asPlayerClient(async () => {
      const out: string[] = [];
      for (const [kind, payload] of cases) out.push(refusal(await sendIntent(kind, payload)));
      return out;
    });
    expect(answers).toEqual(cases.map(([, , warning]) => warning));
    expect(await asPlayerClient(() => combat.replace(eroe, "movement"))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.ReplaceNotHigher");
    await settle();
    expect(snapshot(combat)).toEqual(before);

    // Honest: the player ends Eroe's slot; the turn moves to Gemello. Ending it again is ending Gemello's: refused.
    await asPlayerClient(() => combat.nextTurn());
    await settle();
    expect(eroe.hasActed(1)).toBe(true);
    expect(combat.combatant?.id).toBe(gemello.id);
    const after = snapshot(combat);
    await asPlayerClient(() => combat.nextTurn());
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.NotOwner");
    expect(await asPlayerClient(() => combat.hold(eroe))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.NotCurrent");
    await settle();
    expect(snapshot(combat)).toEqual(after);
  });
});

describe("a player cannot use a hold to declare again knowing what was declared after them (§2.1.1, §2.1.2)", () => {
  /**
   * Lento 5 and Svelto 8 and Rapido 10 are the Narrator's; the player's Eroe (7) declares second. Rapido still to
   * declare keeps the declaration phase open.
   */
  async function line(): Promise<{ combat: GenesysCombat; lento: GenesysCombatant; eroe: GenesysCombatant; svelto: GenesysCombatant; rapido: GenesysCombatant }> {
    const actors = { lento: await person("Lento", 5), eroe: await person("Eroe", 7, true), svelto: await person("Svelto", 8), rapido: await person("Rapido", 10) };
    const { combat, of } = await fight(actors.lento, actors.eroe, actors.svelto, actors.rapido);
    await combat.startCombat();
    await settle();
    expect(names(combat.pendingDeclarers())).toEqual(["Lento", "Eroe", "Svelto", "Rapido"]);
    return { combat, lento: of(actors.lento), eroe: of(actors.eroe), svelto: of(actors.svelto), rapido: of(actors.rapido) };
  }

  const at = (combat: GenesysCombat, combatant: GenesysCombatant, extra: object = {}) => ({ combatId: combat.id, combatantId: combatant.id, ...extra });

  /** Completes every slot of the round as the Narrator, until the next round's declaration phase. */
  async function toNextRound(combat: GenesysCombat): Promise<void> {
    const round = combat.round;
    for (let i = 0; i < 10 && combat.round === round; i++) {
      await combat.nextTurn();
      await settle();
    }
    expect(combat.round).toBe(round + 1);
    expect(combat.phase).toBe("declaration");
  }

  it("a hold declared in one's place, given up after a later combatant has declared, is refused and changes nothing", async () => {
    const { combat, lento, eroe, svelto, rapido } = await line();
    expect(await combat.declare(lento, "movement")).toBe(true);
    expect(await asPlayerClient(() => combat.declare(eroe, "attack", { held: true }))).toBe(true);
    expect(await combat.declare(svelto, "defence")).toBe(true);
    await settle();
    expect(names(combat.pendingDeclarers())).toEqual(["Rapido"]);
    const before = snapshot(combat);

    // Without the check the hold is dropped, Eroe is the next to declare and chooses knowing Svelto's Defence.
    expect(refusal(await asPlayerClient(() => sendIntent(COMBAT_INTENTS.cancelHold, at(combat, eroe))))).toBe("GENESYS.Combat.Warn.CancelHoldTooLate");
    expect(await asPlayerClient(() => combat.cancelHold(eroe))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.CancelHoldTooLate");
    expect(await asPlayerClient(() => combat.declare(eroe, "defence"))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.StillHolding");
    await settle();
    expect(snapshot(combat)).toEqual(before);
    expect(eroe.declarationFor(1)).toMatchObject({ maneuver: "attack", held: true, round: 1 });
    expect(names(combat.pendingDeclarers())).toEqual(["Rapido"]);

    // The Narrator may always take it back; Eroe then declares again like everyone still to declare.
    expect(await combat.cancelHold(eroe)).toBe(true);
    await settle();
    expect(eroe.declarationFor(1)).toBeNull();
    expect(names(combat.pendingDeclarers())).toEqual(["Eroe", "Rapido"]);
    expect(rapido.declarationFor(1)).toBeNull();
  });

  it("a hold given up before anyone after has declared is allowed, and the combatant declares again in order", async () => {
    const { combat, lento, eroe, svelto } = await line();
    expect(await combat.declare(lento, "movement")).toBe(true);
    expect(await asPlayerClient(() => combat.declare(eroe, "attack", { held: true }))).toBe(true);
    await settle();
    expect(names(combat.pendingDeclarers())).toEqual(["Svelto", "Rapido"]);

    expect(await asPlayerClient(() => combat.cancelHold(eroe))).toBe(true);
    await settle();
    expect(eroe.declarationFor(1)).toBeNull();
    expect(names(combat.pendingDeclarers())).toEqual(["Eroe", "Svelto", "Rapido"]);
    // In order: Eroe again before Svelto.
    expect(await asPlayerClient(() => combat.declare(eroe, "focus"))).toBe(true);
    await settle();
    expect(eroe.declarationFor(1)).toMatchObject({ maneuver: "focus", held: false, round: 1 });
    expect(names(combat.pendingDeclarers())).toEqual(["Svelto", "Rapido"]);
    expect(svelto.declarationFor(1)).toBeNull();
  });

  it("a hold carried over is given up before the later combatants declare, not after; at execution as before", async () => {
    const { combat, lento, eroe, svelto, rapido } = await line();
    expect(await combat.declare(lento, "movement")).toBe(true);
    expect(await asPlayerClient(() => combat.declare(eroe, "attack", { held: true }))).toBe(true);
    expect(await combat.declare(svelto, "defence")).toBe(true);
    expect(await combat.declare(rapido, "attack")).toBe(true);
    await settle();
    expect(combat.phase).toBe("execution");
    await toNextRound(combat);

    // Round 2: the hold stands. A slower combatant's declaration was known to Eroe anyway: still allowed.
    expect(names(combat.pendingDeclarers())).toEqual(["Lento", "Svelto", "Rapido"]);
    expect(await combat.declare(lento, "movement")).toBe(true);
    expect(await asPlayerClient(() => combat.cancelHold(eroe))).toBe(true);
    await settle();
    expect(names(combat.pendingDeclarers())).toEqual(["Eroe", "Svelto", "Rapido"]);
    expect(await asPlayerClient(() => combat.declare(eroe, "attack", { held: true }))).toBe(true);
    expect(await combat.declare(svelto, "defence")).toBe(true);
    expect(await combat.declare(rapido, "attack")).toBe(true);
    await settle();
    await toNextRound(combat);

    // Round 3: Svelto, who declares after Eroe, has declared: the carried-over hold can no longer be given up here.
    expect(await combat.declare(lento, "movement")).toBe(true);
    expect(await combat.declare(svelto, "attack")).toBe(true);
    await settle();
    const before = snapshot(combat);
    expect(await asPlayerClient(() => combat.cancelHold(eroe))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.CancelHoldTooLate");
    await settle();
    expect(snapshot(combat)).toEqual(before);
    expect(eroe.declarationFor(3)).toMatchObject({ maneuver: "attack", held: true, round: 2 });

    // Execution: giving up the hold stays the owner's choice at any moment; Eroe just does not act this round.
    expect(await combat.declare(rapido, "defence")).toBe(true);
    await settle();
    expect(combat.phase).toBe("execution");
    expect(await asPlayerClient(() => combat.cancelHold(eroe))).toBe(true);
    await settle();
    expect(eroe.declarationFor(3)).toBeNull();
    expect(combat.phase).toBe("execution");
    expect(names(combat.executionSlots().map((s) => s.combatant))).toEqual(["Rapido", "Svelto", "Lento"]);
  });

  it("a declaration is settled once a later combatant has declared: no declaring over it, no hold to give up", async () => {
    const { combat, lento, eroe, svelto } = await line();
    expect(await combat.declare(lento, "movement")).toBe(true);
    expect(await asPlayerClient(() => combat.declare(eroe, "focus"))).toBe(true);
    // Right after one's own declaration, making it a hold (and giving it up again) changes nothing anyone chose on.
    expect(await asPlayerClient(() => combat.hold(eroe))).toBe(true);
    expect(await asPlayerClient(() => combat.cancelHold(eroe))).toBe(true);
    expect(await asPlayerClient(() => combat.declare(eroe, "attack"))).toBe(true);
    expect(await combat.declare(svelto, "defence")).toBe(true);
    await settle();
    const before = snapshot(combat);

    const answers = await asPlayerClient(async () => [
      refusal(await sendIntent(COMBAT_INTENTS.declare, at(combat, eroe, { maneuver: "defence" }))),
      refusal(await sendIntent(COMBAT_INTENTS.hold, at(combat, eroe))),
      refusal(await sendIntent(COMBAT_INTENTS.cancelHold, at(combat, eroe))),
      refusal(await sendIntent(COMBAT_INTENTS.declare, at(combat, eroe, { maneuver: "defence" }))),
    ]);
    // Without the checks the hold, its cancel and the second declaration all land: Eroe chooses again knowing Svelto's.
    expect(answers).toEqual(["GENESYS.Combat.Warn.AlreadyDeclared", "GENESYS.Combat.Warn.HoldTooLate", "GENESYS.Combat.Warn.NotHolding", "GENESYS.Combat.Warn.AlreadyDeclared"]);
    await settle();
    expect(snapshot(combat)).toEqual(before);
    expect(eroe.declarationFor(1)).toMatchObject({ maneuver: "attack", held: false, round: 1 });

    // The Narrator may still put it on hold.
    expect(await combat.hold(eroe)).toBe(true);
    await settle();
    expect(eroe.declarationFor(1)).toMatchObject({ maneuver: "attack", held: true });
  });
});

describe("two clients at once (network latency), one GM queue", () => {
  /** Lets every delayed round trip land, then the GM's queue empty. */
  async function drain(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 30 * network.latency));
    await settle();
  }

  /** A second player at the table for the length of `fn`. */
  async function withSecondPlayer(fn: (second: User) => Promise<void>): Promise<void> {
    const second = new User("pl00000000000002", "Seconda");
    foundryDouble().users.set(second.id, second);
    try {
      await fn(second);
    } finally {
      foundryDouble().users.delete(second.id);
    }
  }

  /** A character with Riflessi `reflexes` that `users` own. */
  async function ownedBy(name: string, reflexes: number, ...users: User[]): Promise<GenesysActor> {
    const c = { dexterity: reflexes, experience: 7, charm: 7, strength: 7, perception: reflexes };
    return createActor({ name, type: "character", system: { characteristics: c }, ownership: { default: 0, ...Object.fromEntries(users.map((u) => [u.id, 3])) } });
  }

  it("two players sharing a character declare for it at the same moment: one is accepted, the other refused", async () => {
    await withSecondPlayer(async (second) => {
      const shared = await ownedBy("Condiviso", 7, player(), second);
      const brute = await person("Bruto", 9);
      const { combat, of } = await fight(shared, brute);
      await combat.startCombat();
      await settle();
      expect(names(combat.pendingDeclarers())).toEqual(["Condiviso", "Bruto"]);

      network.latency = 5;
      const results = await Promise.all([
        onClient(player(), () => combat.declare(of(shared), "attack")),
        onClient(second, () => combat.declare(of(shared), "defence")),
      ]);
      await drain();
      // Without the GM queue both pass the "not declared yet" check before either write lands: [true, true].
      expect(results.filter((ok) => ok)).toHaveLength(1);
      const accepted = results[0] ? "attack" : "defence";
      expect(of(shared).declarationFor(1)).toMatchObject({ maneuver: accepted, slot: accepted, round: 1 });
      expect(warnings().filter((w) => w.includes("GENESYS.Combat.Warn.AlreadyDeclared"))).toHaveLength(1);
      expect(combat.phase).toBe("declaration");
      expect(combat.pendingDeclarers()[0]?.name).toBe("Bruto");
      expect(combat.turn).toBeNull();
    });
  });

  it("a double click on 'end my slot' ends one slot, and the next combatant keeps theirs", async () => {
    const { combat, eroe, gemello } = await ambushInExecution();
    network.latency = 5;
    const results = await Promise.all([asPlayerClient(() => combat.nextTurn()), asPlayerClient(() => combat.nextTurn())]);
    expect(results).toEqual([combat, combat]);
    await drain();
    // Without the GM queue both clicks are accepted (no NotCurrent warning): the second completes the slot again.
    expect(warnings().filter((w) => w.includes("GENESYS.Combat.Warn.NotCurrent"))).toHaveLength(1);
    expect(eroe.hasActed(1)).toBe(true);
    expect(gemello.hasActed(1)).toBe(false);
    expect(combat.combatant?.id).toBe(gemello.id);
    expect(combat.round).toBe(1);
  });

  it("two players whose order matters declare at once: the faster one's, handled first, waits; the slower one's lands", async () => {
    await withSecondPlayer(async (second) => {
      const slow = await ownedBy("Lenta", 6, player());
      const fast = await ownedBy("Rapida", 9, second);
      const { combat, of } = await fight(slow, fast);
      await combat.startCombat();
      await settle();
      network.latency = 5;
      // Sent first, so handled first on the GM's client (same latency for both).
      const [fastOk, slowOk] = await Promise.all([
        onClient(second, () => combat.declare(of(fast), "defence")),
        onClient(player(), () => combat.declare(of(slow), "attack")),
      ]);
      await drain();
      expect([fastOk, slowOk]).toEqual([false, true]);
      expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.WaitForDeclarer");
      expect(of(fast).declarationFor(1)).toBeNull();
      expect(of(slow).declarationFor(1)?.maneuver).toBe("attack");
      expect(combat.pendingDeclarers()[0]?.name).toBe("Rapida");
      expect(combat.turn).toBeNull();
      // Now it is her moment: the same declaration goes through and the execution phase begins.
      expect(await onClient(second, () => combat.declare(of(fast), "defence"))).toBe(true);
      await drain();
      expect(combat.phase).toBe("execution");
      expect(combat.executionSlots().map((x) => [x.combatant.name, x.value])).toEqual([["Rapida", 13], ["Lenta", 8]]);
    });
  });
});

describe("sorting before the actors are prepared", () => {
  it("a combatant whose actor has no derived data yet, or no GeneSys data, sorts without throwing", async () => {
    const ready = await person("Pronto", 8);
    const unprepared = await person("Impreparato", 7);
    const foreign = await person("Estraneo", 6);
    const { combat, of } = await fight(ready, unprepared, foreign);
    await combat.startCombat();
    await settle();
    expect(await combat.declare(of(foreign), "attack")).toBe(true);
    expect(await combat.declare(of(unprepared), "attack")).toBe(true);
    expect(await combat.declare(of(ready), "attack")).toBe(true);
    await settle();
    expect(combat.phase).toBe("execution");

    // Foundry may sort combatants before prepareDerivedData has run: the derived parts are not there yet.
    Reflect.deleteProperty(unprepared.system, "derived");
    Reflect.deleteProperty(unprepared.system, "condition");
    // An actor of a type this system does not define: its `genesys` is null.
    Object.defineProperty(foreign, "system", { value: {}, writable: true, configurable: true });
    expect(foreign.genesys).toBeNull();

    expect(() => combat.setupTurns()).not.toThrow();
    expect(of(unprepared).reflexes).toBe(0);
    expect(of(foreign).reflexes).toBe(0);
    expect(of(unprepared).conscious).toBe(false);
    expect(of(unprepared).executionEntry(1)).toBeNull();
    // Only Pronto still has a slot; the two others follow in declaration order (equal Riflessi 0: by name).
    expect(names(combat.turns)).toEqual(["Pronto", "Estraneo", "Impreparato"]);
    await combat.setFlag("genesys-gdr", "phase", { round: 1, phase: "declaration" });
    expect(names(combat.turns)).toEqual(["Estraneo", "Impreparato", "Pronto"]);
    expect(names(combat.declarationSequence())).toEqual(["Pronto"]);
  });
});
