/**
 * §2.2.6 Preparazione declared for a weapon (A-08: drawing takes one; §2.4.1: a magazine takes P to reload). The
 * tracker's Declare dialog names the weapon, the Narrator's client checks it and counts each completed slot, and the
 * weapon is drawn or its magazine full once the count is complete: the pistol (C 12, P 3) after three rounds, a knife
 * after one. In a started fight a player's sheet neither draws nor reloads at once. A linked character and an
 * unlinked token's own actor.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GenesysCombatTracker } from "../../src/combat/combat-tracker.js";
import { trackerView } from "../../src/combat/combat-view.js";
import { MANEUVER_DIALOG_TEMPLATE, declarationChoices, prepareOptionsOf, promptDeclaration } from "../../src/combat/maneuver-dialog.js";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import { WeaponModel } from "../../src/data/item/weapon.js";
import { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import type { GenesysCombatant } from "../../src/documents/combatant.js";
import { requestAddItem, requestReady, requestReload } from "../../src/authority/owner-requests.js";
import { prepareAttack } from "../../src/attack/attack-roll.js";
import { intentLimits, sendIntent } from "../../src/authority/intent-channel.js";
import { foundryDouble } from "../foundry/boot.js";
import { diceDouble } from "../foundry/dice.js";
import { ElementDouble } from "../foundry/sheets.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { press } from "../applications/press-action.js";
import { HUMAN, skill } from "../attack/helpers.js";
import { createActor } from "../documents/helpers.js";
import { asPlayer, bootCombat, fight, person, player, settle, warnings } from "./helpers.js";

// One player plays many rounds here, faster than a table ever would: the flood limit (30 intents in 10 s) is not
// what these tests are about (test/authority/intent-channel.test.ts is).
const LIMIT = intentLimits.perWindow;

beforeAll(async () => {
  await bootCombat();
  intentLimits.perWindow = 1_000;
});

afterAll(() => {
  intentLimits.perWindow = LIMIT;
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
  diceDouble().dialogAnswers.length = 0;
});

const i18n = { localize: (k: string) => k, format: (k: string, d: Record<string, string> = {}) => `${k} ${JSON.stringify(d)}` };

/** §2.4.2 the pistol as the book prints it: 4D6 / F, C 12, P 3, Gt 600 m; `rounds` left, drawn or not. */
function pistol(rounds: number, ready = true): object {
  return {
    name: "Pistola",
    type: "weapon",
    system: {
      skill: "pistola",
      modes: [{ key: "oneHanded", skill: "", damage: { dice: 4, faces: 6, strength: false, flat: 0, type: "wounding" }, minStrength: 7, magazine: 12, preparation: 3, range: { kind: "metres", value: 600 }, multiAttack: 1 }],
      mode: 0,
      ready,
      rounds,
    },
  };
}

/** §2.4.2 the knife in melee: no magazine, P 0. */
const KNIFE = {
  name: "Coltello",
  type: "weapon",
  system: { skill: "armi_bianche", modes: [{ key: "melee", skill: "", damage: { dice: 1, faces: 6, strength: true, flat: -2, type: "wounding" }, minStrength: 4, magazine: null, preparation: 0, range: { kind: "reach", value: 0 }, multiAttack: 1 }], mode: 0, ready: false, rounds: null },
};

const OWNED = (): object => ({ default: 0, [player().id]: 3 });

async function gunman(rounds: number, ready = true): Promise<GenesysActor> {
  return createActor({ name: "Jack Quade", type: "character", system: { characteristics: HUMAN }, items: [skill("Pistola", 12), skill("Armi bianche", 9), pistol(rounds, ready), KNIFE], ownership: OWNED() });
}

function weaponOf(actor: GenesysActor, name: string): { id: string; sys: WeaponModel } {
  const item = actor.items.find((i) => i.name === name && i.type === "weapon");
  if (!item?.id || !(item.system instanceof WeaponModel)) throw new Error(`no ${name} on ${actor.name}`);
  return { id: item.id, sys: item.system };
}

/** Presses the tracker's Declare button on a combatant's row, as Foundry calls an action: `this` the tracker. */
async function pressDeclare(combat: GenesysCombat, combatant: GenesysCombatant): Promise<void> {
  const tracker = new GenesysCombatTracker();
  (tracker as unknown as { viewed: GenesysCombat }).viewed = combat; // the double's tab lets a test choose the combat it shows (v13's `viewed`)
  const button = new ElementDouble({ action: "genesysDeclare" });
  new ElementDouble({ combatantId: combatant.id ?? "" }, [button]);
  await press(tracker, GenesysCombatTracker, "genesysDeclare", button);
  await settle();
}

/** Every slot of the round completed, as the Narrator's Next Turn does; the next round then begins. */
async function finishRound(combat: GenesysCombat): Promise<void> {
  const round = combat.round;
  for (let i = 0; i < 4 && combat.round === round; i++) {
    await combat.nextTurn();
    await settle();
  }
  expect(combat.round).toBe(round + 1);
}

/** The player declares through the tracker (the thug, slower, declares first); the round plays out. */
async function preparingRound(combat: GenesysCombat, jack: GenesysCombatant, thug: GenesysCombatant, prepare: object): Promise<void> {
  await combat.declare(thug, "defence");
  await settle();
  diceDouble().dialogAnswers.push({ maneuver: "preparation", held: false, prepare });
  await asPlayer(() => pressDeclare(combat, jack));
  expect(warnings()).toEqual([]);
  expect(combat.phase).toBe("execution");
}

describe("§2.4.1 reloading the pistol takes its P: three Preparations", () => {
  it("declared from the tracker, counted 1/3, 2/3, then the magazine is full again (0 → 12)", async () => {
    const jack = await gunman(0);
    const thug = await person("Scagnozzo", 5);
    const { combat, of } = await fight(jack, thug);
    await combat.startCombat();
    await settle();
    const pistolId = weaponOf(jack, "Pistola").id;
    const row = () => trackerView(combat, { isGM: true }, i18n).rows.find((r) => r.id === of(jack).id)?.prepare;
    for (const done of [0, 1, 2]) {
      await preparingRound(combat, of(jack), of(thug), { itemId: pistolId, purpose: "reload" });
      expect(of(jack).declarationFor(combat.round)).toMatchObject({ maneuver: "preparation", prepare: { itemId: pistolId, purpose: "reload" } });
      expect(row()).toBe(`GENESYS.Combat.Prepare.Row.reload ${JSON.stringify({ weapon: "Pistola", done: String(done), needed: "3" })}`);
      expect(weaponOf(jack, "Pistola").sys.rounds).toBe(0);
      await finishRound(combat);
      expect(of(jack).genesysFlags.preparing).toEqual({ itemId: pistolId, purpose: "reload", done: done + 1, round: done + 1, needed: 3 });
    }
    expect(weaponOf(jack, "Pistola").sys.rounds).toBe(12);
    // Full now: a fourth reload is refused at declaration, nothing is stored.
    await combat.declare(of(thug), "defence");
    expect(await asPlayer(() => combat.declare(of(jack), "preparation", { prepare: { itemId: pistolId, purpose: "reload" } }))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Prepare.Warn.AlreadyLoaded");
    expect(of(jack).declarationFor(combat.round)).toBeNull();
  });

  it("the dialog offers the reload with the count so far, and a draw for the knife; Preparazione alone asks for it", async () => {
    const jack = await gunman(4);
    // Two done in round 2: in round 3 the reload goes on from them.
    const options = prepareOptionsOf(jack, { itemId: weaponOf(jack, "Pistola").id, purpose: "reload", done: 2, round: 2, needed: 3 }, 3, i18n);
    expect(options.map((o) => o.label)).toEqual([
      `GENESYS.Combat.Prepare.Option.reload ${JSON.stringify({ weapon: "Pistola", done: "2", needed: "3", rounds: "4", magazine: "12" })}`,
      `GENESYS.Combat.Prepare.Option.draw ${JSON.stringify({ weapon: "Coltello", done: "0", needed: "1", rounds: "0", magazine: "0" })}`,
    ]);
    expect(options.map((o) => o.aim)).toEqual([{ itemId: weaponOf(jack, "Pistola").id, purpose: "reload" }, { itemId: weaponOf(jack, "Coltello").id, purpose: "draw" }]);
    // Real handlebars: a select named prepare, a blank first choice; the stylesheet shows it only with Preparazione chosen.
    const prepare = { label: "FOR", none: "NONE", options };
    const html = await foundry.applications.handlebars.renderTemplate(MANEUVER_DIALOG_TEMPLATE, { choices: declarationChoices(null, i18n), focus: null, prepare, hold: null, initiativeLabel: "INI" });
    expect(html).toMatch(/<label class="genesys-prepare-aim">[\s\S]*FOR[\s\S]*<select name="prepare">\s*<option value="">NONE<\/option>\s*<option value="reload:[A-Za-z0-9]+">/);
    const fs = await import("node:fs");
    const scss = fs.readFileSync(new URL("../../styles/_combat.scss", import.meta.url), "utf8");
    expect(scss).toMatch(/\.genesys-prepare-aim \{\s*display: none;/);
    expect(scss).toContain('&:has(input[name="maneuver"][value="preparation"]:checked) .genesys-prepare-aim');
    // The answer keeps the weapon with Preparazione only.
    const aim = { itemId: "abc", purpose: "reload" };
    diceDouble().dialogAnswers.push({ maneuver: "preparation", held: false, prepare: aim }, { maneuver: "attack", held: false, prepare: aim }, { maneuver: "preparation", held: false, prepare: { itemId: "abc", purpose: "polish" } });
    expect(await promptDeclaration("Jack", null, [], options)).toEqual({ maneuver: "preparation", held: false, prepare: aim });
    expect(await promptDeclaration("Jack", null, [], options)).toEqual({ maneuver: "attack", held: false });
    expect(await promptDeclaration("Jack", null, [], options)).toEqual({ maneuver: "preparation", held: false });
  });

  it("replaced at execution by a Difesa, the Preparazione counts nothing", async () => {
    const jack = await gunman(0);
    const thug = await person("Scagnozzo", 5);
    const { combat, of } = await fight(jack, thug);
    await combat.startCombat();
    await settle();
    await preparingRound(combat, of(jack), of(thug), { itemId: weaponOf(jack, "Pistola").id, purpose: "reload" });
    // The thug's Difesa (5 + 4) goes before Jack's Preparazione (7 + 0).
    expect(combat.combatant?.id).toBe(of(thug).id);
    await combat.nextTurn();
    await settle();
    expect(combat.combatant?.id).toBe(of(jack).id);
    expect(await asPlayer(() => combat.replace(of(jack), "defence"))).toBe(true);
    expect(of(jack).declarationFor(combat.round)).toMatchObject({ maneuver: "defence", prepare: null });
    await finishRound(combat);
    expect(of(jack).genesysFlags.preparing).toBeNull();
    expect(weaponOf(jack, "Pistola").sys.rounds).toBe(0);
  });
});

describe("A-08 the Preparations follow one another: an interrupted reload, another need, a second reload start again", () => {
  async function reloadingFight() {
    const jack = await gunman(0);
    const thug = await person("Scagnozzo", 5);
    const { combat, of } = await fight(jack, thug);
    await combat.startCombat();
    await settle();
    return { jack, thug, combat, of, pistolId: weaponOf(jack, "Pistola").id };
  }
  const row = (combat: GenesysCombat, c: GenesysCombatant) => trackerView(combat, { isGM: true }, i18n).rows.find((r) => r.id === c.id)?.prepare;
  const rowText = (done: number, needed = 3) => `GENESYS.Combat.Prepare.Row.reload ${JSON.stringify({ weapon: "Pistola", done: String(done), needed: String(needed) })}`;

  it("reload 1/3, a round of Difesa, reload again: the count starts over at 0", async () => {
    const { jack, thug, combat, of, pistolId } = await reloadingFight();
    await preparingRound(combat, of(jack), of(thug), { itemId: pistolId, purpose: "reload" });
    await finishRound(combat);
    await combat.declare(of(thug), "defence");
    await combat.declare(of(jack), "defence");
    await settle();
    await finishRound(combat);
    await preparingRound(combat, of(jack), of(thug), { itemId: pistolId, purpose: "reload" });
    expect(row(combat, of(jack))).toBe(rowText(0));
    await finishRound(combat);
    expect(of(jack).genesysFlags.preparing).toMatchObject({ done: 1, round: 3 });
    expect(weaponOf(jack, "Pistola").sys.rounds).toBe(0);
  });

  it("a mode that needs another P starts over: 2 of 3 done, then the mode of P 5 counts from 1", async () => {
    const { jack, thug, combat, of, pistolId } = await reloadingFight();
    const item = jack.items.get(pistolId)!;
    const modes = weaponOf(jack, "Pistola").sys.modes;
    await item.update({ system: { modes: [...modes, { ...modes[0], key: "twoHanded", preparation: 5 }] } });
    for (let i = 0; i < 2; i++) {
      await preparingRound(combat, of(jack), of(thug), { itemId: pistolId, purpose: "reload" });
      await finishRound(combat);
    }
    expect(of(jack).genesysFlags.preparing).toMatchObject({ done: 2, needed: 3 });
    // The owner's choice of mode is his (an open field): the count does not carry over to the other need.
    await asPlayer(() => item.update({ system: { mode: 1 } }));
    await preparingRound(combat, of(jack), of(thug), { itemId: pistolId, purpose: "reload" });
    expect(row(combat, of(jack))).toBe(rowText(0, 5));
    await finishRound(combat);
    expect(of(jack).genesysFlags.preparing).toMatchObject({ done: 1, needed: 5 });
    expect(weaponOf(jack, "Pistola").sys.rounds).toBe(0);
  });

  it("after a full reload and three shots, the next reload shows 0/3 and needs its three again", async () => {
    const { jack, thug, combat, of, pistolId } = await reloadingFight();
    for (let i = 0; i < 3; i++) {
      await preparingRound(combat, of(jack), of(thug), { itemId: pistolId, purpose: "reload" });
      await finishRound(combat);
    }
    expect(weaponOf(jack, "Pistola").sys.rounds).toBe(12);
    await jack.items.get(pistolId)!.update({ system: { rounds: 9 } });
    await preparingRound(combat, of(jack), of(thug), { itemId: pistolId, purpose: "reload" });
    expect(row(combat, of(jack))).toBe(rowText(0));
    await finishRound(combat);
    expect(of(jack).genesysFlags.preparing).toMatchObject({ done: 1 });
    expect(weaponOf(jack, "Pistola").sys.rounds).toBe(9);
  });
});

describe("A-08 drawing takes one Preparation", () => {
  it("the knife is drawn when the slot is over; before that the attack refuses it", async () => {
    const jack = await gunman(12);
    const thug = await person("Scagnozzo", 5);
    const { combat, of } = await fight(jack, thug);
    await combat.startCombat();
    await settle();
    const knife = weaponOf(jack, "Coltello").id;
    await preparingRound(combat, of(jack), of(thug), { itemId: knife, purpose: "draw" });
    expect(trackerView(combat, { isGM: false }, i18n).rows.find((r) => r.id === of(jack).id)?.prepare).toBe(`GENESYS.Combat.Prepare.Row.draw ${JSON.stringify({ weapon: "Coltello", done: "0", needed: "1" })}`);
    expect(weaponOf(jack, "Coltello").sys.ready).toBe(false);
    const attackWith = () => prepareAttack(jack, knife, [{ actor: thug, tokenUuid: null, name: thug.name, distance: 1 }], (k) => k);
    expect(attackWith()).toMatchObject({ ok: false, refusal: { warning: "GENESYS.Attack.Warn.NotReady" } });
    await finishRound(combat);
    expect(weaponOf(jack, "Coltello").sys.ready).toBe(true);
    expect(attackWith()).toMatchObject({ ok: true, value: { weaponName: "Coltello" } });
    // Already drawn: drawing it again is refused.
    await combat.declare(of(thug), "defence");
    expect(await asPlayer(() => combat.declare(of(jack), "preparation", { prepare: { itemId: knife, purpose: "draw" } }))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Prepare.Warn.AlreadyDrawn");
  });

  it("an unlinked token's own actor is drawn and reloaded; its base actor keeps its own weapons", async () => {
    const base = await createActor({ name: "Bandito", type: "npc", system: { characteristics: HUMAN }, items: [skill("Pistola", 10), pistol(0, false)] });
    const scene = createScene("Vicolo");
    const token = placeToken(scene, base);
    const found: unknown = token.actor;
    const bandit: GenesysActor | null = found instanceof GenesysActor ? found : null;
    if (!bandit) throw new Error("no token actor");
    const jack = await gunman(12);
    const { combat, of } = await fight(jack);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: base.id, sceneId: scene.id, tokenId: token.id }]);
    await settle();
    const combatant = combat.genesysCombatants.find((c) => c.actor === bandit);
    if (!combatant) throw new Error("no bandit combatant");
    await combat.startCombat();
    await settle();
    const gun = weaponOf(bandit, "Pistola").id;
    const play = async (purpose: "draw" | "reload"): Promise<void> => {
      // The bandit (Riflessi 7, as Jack) and Jack in the order the tie-break gives: the Narrator declares for both.
      for (const c of combat.pendingDeclarers()) {
        expect(await (c === combatant ? combat.declare(c, "preparation", { prepare: { itemId: gun, purpose } }) : combat.declare(c, "defence"))).toBe(true);
      }
      await settle();
      await finishRound(combat);
    };
    await play("draw");
    expect(weaponOf(bandit, "Pistola").sys.ready).toBe(true);
    for (let i = 0; i < 3; i++) await play("reload");
    expect(weaponOf(bandit, "Pistola").sys.rounds).toBe(12);
    expect([weaponOf(base, "Pistola").sys.ready, weaponOf(base, "Pistola").sys.rounds]).toEqual([false, 0]);
    expect(of(jack).genesysFlags.preparing).toBeNull();
  });
});

describe("what the Narrator's client refuses in a declared Preparazione", () => {
  it("a weapon with another maneuver, someone else's weapon, reloading a knife, a malformed aim: refused, nothing stored", async () => {
    const jack = await gunman(0);
    const thug = await createActor({ name: "Scagnozzo", type: "npc", system: { characteristics: { ...HUMAN, dexterity: 5, perception: 5 } }, items: [pistol(0)] });
    const { combat, of } = await fight(jack, thug);
    await combat.startCombat();
    await settle();
    await combat.declare(of(thug), "defence");
    await settle();
    const own = weaponOf(jack, "Pistola").id;
    const cases: [object, string][] = [
      [{ maneuver: "attack", prepare: { itemId: own, purpose: "reload" } }, "GENESYS.Combat.Prepare.Warn.NotPreparation"],
      [{ maneuver: "preparation", prepare: { itemId: weaponOf(thug, "Pistola").id, purpose: "reload" } }, "GENESYS.Combat.Prepare.Warn.NoWeapon"],
      [{ maneuver: "preparation", prepare: { itemId: weaponOf(jack, "Coltello").id, purpose: "reload" } }, "GENESYS.Sheet.Weapon.NoMagazine"],
      [{ maneuver: "preparation", prepare: { itemId: own, purpose: "polish" } }, "GENESYS.Authority.Invalid"],
      [{ maneuver: "preparation", prepare: { itemId: "../x", purpose: "reload" } }, "GENESYS.Authority.Invalid"],
      [{ maneuver: "preparation", prepare: [own, "reload"] }, "GENESYS.Authority.Invalid"],
    ];
    for (const [choice, warning] of cases) {
      // The console's way: the intent itself, with whatever payload a player writes.
      const result = await asPlayer(() => sendIntent("combat.declare", { combatId: combat.id, combatantId: of(jack).id, held: false, target: null, ...choice }));
      expect(result).toMatchObject({ ok: false, warning });
      expect(of(jack).declarationFor(combat.round)).toBeNull();
    }
    expect(weaponOf(thug, "Pistola").sys.rounds).toBe(0);
  });
});

describe("no way round the Preparations in a fight", () => {
  it("a weapon a player adds during the fight arrives put away and empty; out of a fight as it is", async () => {
    const jack = await gunman(0);
    const spare = await createActor({ name: "Deposito", type: "character", system: { characteristics: HUMAN }, items: [pistol(12, true)], ownership: OWNED() });
    const source = spare.items.find((i) => i.type === "weapon")!;
    const thug = await person("Scagnozzo", 5);
    const { combat } = await fight(jack, thug);
    await combat.startCombat();
    await settle();
    const added = await asPlayer(() => requestAddItem(jack, { source: source.uuid }));
    expect(added?.system instanceof WeaponModel ? [added.system.ready, added.system.rounds] : null).toEqual([false, 0]);
    const calm = await gunman(0);
    const kept = await asPlayer(() => requestAddItem(calm, { source: source.uuid }));
    expect(kept?.system instanceof WeaponModel ? [kept.system.ready, kept.system.rounds] : null).toEqual([true, 12]);
  });

  it("the world actor behind an unlinked token in the fight: its owner may not draw or reload there either", async () => {
    const base = await createActor({ name: "Bandito", type: "npc", system: { characteristics: HUMAN }, items: [skill("Pistola", 10), pistol(0, false)], ownership: OWNED() });
    const scene = createScene("Vicolo");
    const token = placeToken(scene, base);
    const jack = await gunman(12);
    const { combat } = await fight(jack);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: base.id, sceneId: scene.id, tokenId: token.id }]);
    await combat.startCombat();
    await settle();
    const gun = weaponOf(base, "Pistola").id;
    expect(await asPlayer(() => requestReady(base, gun, true))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Sheet.Weapon.DrawInCombat");
    expect(await asPlayer(() => requestReload(base, gun))).toBe(false);
    expect([weaponOf(base, "Pistola").sys.ready, weaponOf(base, "Pistola").sys.rounds]).toEqual([false, 0]);
  });
});

describe("the sheet draws and reloads out of a fight only; the Narrator always", () => {
  function button(action: string, itemId: string): ElementDouble {
    const b = new ElementDouble({ action });
    new ElementDouble({ itemId }, [b]);
    return b;
  }

  it("out of a fight the player's fist draws and puts away, the reload button fills the magazine", async () => {
    const jack = await gunman(3, false);
    const sheet = new PersonSheet({ document: jack });
    const gun = weaponOf(jack, "Pistola").id;
    await asPlayer(() => press(sheet, PersonSheet, "toggleReady", button("toggleReady", gun)));
    expect(weaponOf(jack, "Pistola").sys.ready).toBe(true);
    await asPlayer(() => press(sheet, PersonSheet, "reloadWeapon", button("reloadWeapon", gun)));
    expect(weaponOf(jack, "Pistola").sys.rounds).toBe(12);
    await asPlayer(() => press(sheet, PersonSheet, "toggleReady", button("toggleReady", gun)));
    expect(weaponOf(jack, "Pistola").sys.ready).toBe(false);
    expect(warnings()).toEqual([]);
  });

  it("in a started fight the player's sheet neither draws nor reloads (the tracker does); putting away stays free; the Narrator may", async () => {
    const jack = await gunman(3, false);
    const thug = await person("Scagnozzo", 5);
    const { combat } = await fight(jack, thug);
    await combat.startCombat();
    await settle();
    const gun = weaponOf(jack, "Pistola").id;
    expect(await asPlayer(() => requestReady(jack, gun, true))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Sheet.Weapon.DrawInCombat");
    expect(await asPlayer(() => requestReload(jack, gun))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Sheet.Weapon.ReloadInCombat");
    expect([weaponOf(jack, "Pistola").sys.ready, weaponOf(jack, "Pistola").sys.rounds]).toEqual([false, 3]);
    // The server refuses the player's own write of either field (gmOnlyFields), whatever his console sends.
    await asPlayer(async () => { await jack.items.get(gun)?.update({ system: { ready: true, rounds: 12 } }); }).catch(() => undefined);
    expect([weaponOf(jack, "Pistola").sys.ready, weaponOf(jack, "Pistola").sys.rounds]).toEqual([false, 3]);
    // The Narrator's word stands.
    expect(await requestReady(jack, gun, true)).toBe(true);
    expect(weaponOf(jack, "Pistola").sys.ready).toBe(true);
    // Putting it away costs nothing.
    expect(await asPlayer(() => requestReady(jack, gun, false))).toBe(true);
    expect(weaponOf(jack, "Pistola").sys.ready).toBe(false);
    expect(await requestReload(jack, gun)).toBe(true);
    expect(weaponOf(jack, "Pistola").sys.rounds).toBe(12);
  });
});
