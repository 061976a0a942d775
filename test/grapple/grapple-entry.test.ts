/**
 * Where a grapple (§2.3.7) starts from, pressed as a user does: the "Grapple" button of a person's and an animal's
 * sheet (the real sheet classes' action), a tracker row's menu, the Narrator's scene control and the macros
 * compendium's macro; what a hostile player cannot start; and the movement allowance of both contenders (tracker and
 * token ruler) while a hold started through game.genesys.grapple stands, even with a status taken off by hand.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GenesysActorSheet } from "../../src/applications/sheets/actor-sheet.js";
import { AnimalSheet } from "../../src/applications/sheets/animal-sheet.js";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import { GenesysCombatTracker } from "../../src/combat/combat-tracker.js";
import { NARRATOR_CONTROL_TOOLS } from "../../src/applications/scene-controls.js";
import { onContestAction } from "../../src/contest/contest-flow.js";
import { contestState } from "../../src/contest/contest-plan.js";
import { rulerAllowance } from "../../src/canvas/token-ruler.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import { allowanceOf } from "../../src/documents/movement-allowance.js";
import { readGrapples } from "../../src/documents/grapple-state.js";
import { narratorMacros } from "../../src/macros/narrator-macros.js";
import { registerCombat } from "../../src/documents/register-combat.js";
import { createActor } from "../documents/helpers.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import type { ContextEntry } from "../foundry/combat.js";
import { diceDouble } from "../foundry/dice.js";
import type { User } from "../foundry/documents.js";
import { sharedScene, placeToken, type Scene } from "../foundry/scenes.js";
import { ElementDouble } from "../foundry/sheets.js";
import { HUMAN, dice, lastWarning, playerId, skill, useCardWorld } from "../attack/helpers.js";
import { renderAnimal, renderPerson, translations } from "../applications/sheet-fixtures.js";
import { press } from "../applications/press-action.js";

useCardWorld();
beforeAll(() => {
  registerCombat();
});

const gm = (): User => foundryDouble().users.find((u) => u.isGM)!;
const player = (): User => foundryDouble().users.find((u) => u.id === playerId())!;
const asPlayer = <T>(fn: () => Promise<T>): Promise<T> => onClient(player(), fn);
const asGm = <T>(fn: () => Promise<T>): Promise<T> => onClient(gm(), fn);
const card = () => game.messages.contents.at(-1)!;
const board = () => globalThis as unknown as { canvas: { tokens?: { controlled: { document: unknown }[] } } };

type Token = ReturnType<typeof placeToken>;
/** Targets these tokens for `user` (v13 User#targets holds Tokens; startGrapple reads each one's document). */
const targetFor = (user: User, ...tokens: Token[]): void => {
  (user as unknown as { targets: Set<{ document: Token }> }).targets = new Set(tokens.map((document) => ({ document })));
};
/** Selects these tokens (v13 TokenLayer#controlled, as dnd5e reads it): each a placeable with its document. */
const select = (...tokens: Token[]): void => {
  board().canvas.tokens = { controlled: tokens.map((document) => ({ document })) };
};

afterEach(() => {
  delete board().canvas.tokens;
  for (const u of foundryDouble().users) (u as unknown as { targets: Set<unknown> }).targets = new Set();
  diceDouble().dialogAnswers.length = 0;
});

/** Jack (the player's, linked token, unarmed 12), a brute (the Narrator's, unlinked), a wolf (unlinked) and a guard (the Narrator's, linked). */
async function world() {
  const scene = sharedScene("Vicolo");
  const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Combattimento disarmato", 12)], ownership: { default: 0, [playerId()]: 3 } });
  const base = await createActor({ name: "Bruto", type: "npc", system: { characteristics: HUMAN }, items: [skill("Lotta", 10)], ownership: { default: 2 } });
  const guard = await createActor({ name: "Guardia", type: "npc", system: { characteristics: HUMAN }, ownership: { default: 2 } });
  const wolfBase = await createActor({
    name: "Lupo", type: "animal",
    system: { characteristics: { strength: 5, dexterity: 7, perception: 10, charm: null, experience: null }, resistance: 20, reflexes: 8, speeds: [{ mode: "run", metres: 6 }], attack: { grade: 13, defence: 10, damage: { dice: 1, faces: 6, strength: false, flat: 0, type: "wounding" }, natural: "zanne" } },
  });
  const jackToken = placeToken(scene, jack, { actorLink: true });
  const bruteToken = placeToken(scene, base, { x: 100 });
  const wolfToken = placeToken(scene, wolfBase, { x: 200 });
  const guardToken = placeToken(scene, guard, { actorLink: true, x: 300 });
  // The unlinked tokens' synthetic actors are of the system's class.
  const brute = bruteToken.actor as unknown as GenesysActor;
  const wolf = wolfToken.actor as unknown as GenesysActor;
  return { scene, jack, brute, wolf, guard, jackToken, bruteToken, wolfToken, guardToken };
}

const holds = (scene: Scene) => readGrapples(scene);
const skillId = (actor: GenesysActor, name: string): string => actor.items.find((i) => i.name === name)?.id ?? "";

/** Rolls both sides of the newest contest card: side a on `aClient`, side b on the GM's. */
async function rollContest(aClient: <T>(fn: () => Promise<T>) => Promise<T>, a: [number, number], b: [number, number]): Promise<void> {
  const message = card();
  dice(...a);
  expect(await aClient(() => onContestAction(message as never, "roll", "a"))).toBe(true);
  dice(...b);
  expect(await asGm(() => onContestAction(message as never, "roll", "b"))).toBe(true);
}

describe("§2.3.7 the sheet's Grapple button", () => {
  it("shows on the combat tab of a person and an animal to whoever may edit the sheet, not to an observer", async () => {
    const w = await world();
    const it_ = translations("it");
    const owner = renderPerson(w.jack, it_, { isGM: false }, "combat");
    expect(owner).toMatch(/data-action="grapple"[^>]*data-tooltip="Dal token di questo personaggio[^"]*"><i class="fa-solid fa-hand-fist" inert><\/i> Presa<\/button>/);
    expect(renderPerson(w.guard, it_, { isGM: false, editable: false }, "combat")).not.toContain('data-action="grapple"');
    expect(renderAnimal(w.wolf, it_, { isGM: true }, "combat")).toContain('data-action="grapple"');
    expect(renderAnimal(w.wolf, it_, { isGM: false, editable: false }, "combat")).not.toContain('data-action="grapple"');
  });

  it("a player's Protagonista grapples the targeted unlinked token from his token, with the skill the dialog picks", async () => {
    const w = await world();
    targetFor(player(), w.bruteToken);
    diceDouble().dialogAnswers.push({ choice: skillId(w.jack, "Combattimento disarmato") });
    const before = game.messages.size;
    await asPlayer(() => press(new PersonSheet({ document: w.jack }), GenesysActorSheet, "grapple", new ElementDouble({ action: "grapple" })));
    expect(game.messages.size).toBe(before + 1);
    expect(diceDouble().dialogs.at(-1)?.content).toContain("Jack");
    expect(contestState(card())).toMatchObject({ a: { name: "Jack", label: "Combattimento disarmato" }, b: { name: "Bruto", actorUuid: w.brute.uuid } });
    await rollContest(asPlayer, [6, 6], [3, 3]);
    expect(holds(w.scene)[0]).toMatchObject({ attacker: { tokenId: w.jackToken.id }, defender: { tokenId: w.bruteToken.id }, state: { status: "held" } });

    // Pressed again while in the hold: the contest of his side, not a second hold.
    diceDouble().dialogAnswers.push({ choice: skillId(w.jack, "Combattimento disarmato") });
    await asPlayer(() => press(new PersonSheet({ document: w.jack }), GenesysActorSheet, "grapple", new ElementDouble({ action: "grapple" })));
    expect(contestState(card())?.a).toMatchObject({ name: "Jack" });
    expect(diceDouble().dialogs.at(-1)?.content).toContain("GENESYS.Grapple.Flavor.attacker");
    expect(holds(w.scene)).toHaveLength(1);
  });

  it("an unlinked animal's sheet (the token's own actor) grapples from that token; the Narrator presses it", async () => {
    const w = await world();
    targetFor(gm(), w.guardToken);
    diceDouble().dialogAnswers.push({ choice: "dexterity" });
    await asGm(() => press(new AnimalSheet({ document: w.wolf }), GenesysActorSheet, "grapple", new ElementDouble({ action: "grapple" })));
    const state = contestState(card());
    expect(state?.a).toMatchObject({ name: "Lupo", actorUuid: w.wolf.uuid });
    expect(w.wolf.uuid).toContain(`.Token.${w.wolfToken.id}.`);
    expect(state?.b).toMatchObject({ name: "Guardia" });
  });

  it("warns and posts nothing: no target, two targets, a closed dialog, a sheet he only observes", async () => {
    const w = await world();
    const sheet = new PersonSheet({ document: w.jack });
    const pressAsPlayer = (s: PersonSheet) => asPlayer(() => press(s, GenesysActorSheet, "grapple", new ElementDouble({ action: "grapple" })));
    const before = game.messages.size;
    await pressAsPlayer(sheet);
    expect(lastWarning()).toContain("GENESYS.Grapple.Warn.OneTarget");
    targetFor(player(), w.bruteToken, w.guardToken);
    await pressAsPlayer(sheet);
    expect(lastWarning()).toContain("GENESYS.Grapple.Warn.OneTarget");
    targetFor(player(), w.bruteToken);
    await pressAsPlayer(sheet); // no scripted answer: the dialog is closed
    // Hostile: the guard's sheet, which the player may only observe, pressed from the console.
    const notes = foundryDouble().notifications.length;
    await pressAsPlayer(new PersonSheet({ document: w.guard }));
    expect(foundryDouble().notifications.length).toBe(notes + 1);
    expect(lastWarning()).toContain("GENESYS.Grapple.Warn.NotYours");
    expect(game.messages.size).toBe(before);
    expect(holds(w.scene)).toEqual([]);
  });

  it("a world actor with two tokens on view and none selected asks which one; the selected one is used", async () => {
    const w = await world();
    const second = placeToken(w.scene, w.jack, { actorLink: true, x: 400 });
    targetFor(player(), w.bruteToken);
    const sheet = new PersonSheet({ document: w.jack });
    await asPlayer(() => press(sheet, GenesysActorSheet, "grapple", new ElementDouble({ action: "grapple" })));
    expect(lastWarning()).toContain("GENESYS.Grapple.Warn.WhichToken");
    select(second);
    diceDouble().dialogAnswers.push({ choice: "dexterity" });
    await asPlayer(() => press(sheet, GenesysActorSheet, "grapple", new ElementDouble({ action: "grapple" })));
    await rollContest(asPlayer, [6, 6], [1, 1]);
    expect(holds(w.scene)[0]?.attacker.tokenId).toBe(second.id);
  });
});

describe("§2.3.7 the tracker row's menu", () => {
  async function combatOf(w: Awaited<ReturnType<typeof world>>): Promise<GenesysCombat> {
    // CONFIG.Combat.documentClass is GenesysCombat over the double's Combat; its create() takes plain data.
    const combat = await (CONFIG.Combat.documentClass as unknown as { create(): Promise<GenesysCombat> }).create();
    await combat.createEmbeddedDocuments("Combatant", [w.jackToken, w.bruteToken].map((t) => ({ sceneId: w.scene.id, tokenId: t.id })));
    return combat;
  }
  function menu(combat: GenesysCombat): ContextEntry {
    const tracker = new GenesysCombatTracker();
    // The double's tab lets a test choose the combat it shows and exposes the protected builder Foundry calls.
    const open = tracker as unknown as { viewed: GenesysCombat | null; _getEntryContextOptions(): ContextEntry[] };
    open.viewed = combat;
    const entry = open._getEntryContextOptions().find((e) => e.name === "GENESYS.Grapple.Button.Label");
    if (!entry?.condition) throw new Error("no Grapple entry");
    return entry;
  }
  const row = (id: string | null): HTMLElement => {
    const li = { dataset: { combatantId: id ?? "" }, closest: () => li };
    // Only dataset and closest are read from the row element.
    return li as unknown as HTMLElement;
  };
  const idOf = (combat: GenesysCombat, token: Token): string | null => combat.combatants.contents.find((c) => c.token?.id === token.id)?.id ?? null;

  it("is offered to the row's owner only, and starts from the row's token", async () => {
    const w = await world();
    const combat = await combatOf(w);
    const entry = menu(combat);
    const jackRow = row(idOf(combat, w.jackToken));
    const bruteRow = row(idOf(combat, w.bruteToken));
    expect(await asPlayer(() => Promise.resolve([entry.condition?.(jackRow), entry.condition?.(bruteRow)]))).toEqual([true, false]);
    expect(await asGm(() => Promise.resolve(entry.condition?.(bruteRow)))).toBe(true);
    targetFor(player(), w.bruteToken);
    diceDouble().dialogAnswers.push({ choice: "dexterity" });
    const before = game.messages.size;
    // The entry's callback returns nothing to await: the card is waited for, however slow the machine.
    await asPlayer(async () => {
      entry.callback(jackRow);
      await vi.waitFor(() => { expect(game.messages.size).toBe(before + 1); }, { timeout: 5_000 });
    });
    expect(contestState(card())).toMatchObject({ a: { name: "Jack" }, b: { name: "Bruto" } });
    // Hostile: the brute's row chosen from the console by the player posts nothing.
    targetFor(player(), w.jackToken);
    await asPlayer(async () => {
      entry.callback(bruteRow);
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(game.messages.size).toBe(before + 1);
  });
});

describe("§2.3.7 the Narrator's scene control and macro", () => {
  it("the control's Grapple: the selected token on the targeted one", async () => {
    const w = await world();
    const tool = NARRATOR_CONTROL_TOOLS.find((t) => t.name === "grapple");
    expect(tool).toMatchObject({ title: "GENESYS.Controls.Grapple", icon: "fa-solid fa-hand-fist" });
    select(w.bruteToken);
    targetFor(gm(), w.jackToken);
    diceDouble().dialogAnswers.push({ choice: skillId(w.brute, "Lotta") });
    await asGm(() => tool!.run());
    expect(contestState(card())).toMatchObject({ a: { name: "Bruto", label: "Lotta" }, b: { name: "Jack" } });
  });

  it("the macro: nothing selected or two selected warn; otherwise the contest card's id", async () => {
    const w = await world();
    expect(await asGm(() => narratorMacros.grappleForSelected())).toBeNull();
    expect(lastWarning()).toContain("GENESYS.Macro.Warn.NoSelection");
    select(w.bruteToken, w.wolfToken);
    expect(await asGm(() => narratorMacros.grappleForSelected())).toBeNull();
    expect(lastWarning()).toContain("GENESYS.Grapple.Warn.OneSelected");
    select(w.bruteToken);
    targetFor(gm(), w.jackToken);
    diceDouble().dialogAnswers.push({ choice: "dexterity" });
    expect(await asGm(() => narratorMacros.grappleForSelected())).toBe(card().id);
  });

  it("a player selecting the Narrator's token cannot start a hold from it", async () => {
    const w = await world();
    select(w.bruteToken);
    targetFor(player(), w.jackToken);
    const before = game.messages.size;
    expect(await asPlayer(() => narratorMacros.grappleForSelected())).toBeNull();
    expect(lastWarning()).toContain("GENESYS.Grapple.Warn.NotYours");
    expect(game.messages.size).toBe(before);
  });
});

describe("§2.3.7 movement while a hold stands (tracker line and token ruler read one rule)", () => {
  it("both contenders have no Movimento; a status taken off by hand does not free them; release does", async () => {
    const w = await world();
    const speed = allowanceOf(w.jack)?.metres ?? -1;
    expect(speed).toBeGreaterThan(0);
    select(w.jackToken);
    targetFor(player(), w.bruteToken);
    await asPlayer(() => game.genesys.grapple.start({ prompt: false }));
    await rollContest(asPlayer, [6, 6], [3, 3]);
    const [hold] = holds(w.scene);
    expect(hold?.state.status).toBe("held");
    for (const actor of [w.jack, w.brute]) expect(allowanceOf(actor)).toMatchObject({ metres: 0, reason: "grappled" });
    expect(rulerAllowance(w.bruteToken)).toMatchObject({ metres: 0, reason: "grappled" });
    expect(game.genesys.grapple.blocksMovement(w.bruteToken)).toBe(true);

    // The Narrator clears the brute's "grappled" status by hand: the hold on the scene still holds him.
    await asGm(() => w.brute.toggleStatusEffect("grappled", { active: false }));
    expect(w.brute.statuses.has("grappled")).toBe(false);
    expect(allowanceOf(w.brute)).toMatchObject({ metres: 0, reason: "grappled" });
    expect(rulerAllowance(w.bruteToken)?.metres).toBe(0);

    await asPlayer(() => game.genesys.grapple.release(w.jack.uuid));
    expect(holds(w.scene)).toEqual([]);
    expect(allowanceOf(w.jack)).toMatchObject({ metres: speed, reason: "flat" });
    expect(rulerAllowance(w.bruteToken)?.metres).toBeGreaterThan(0);
  });
});
