/**
 * §2.2.4 Focalizzazione aims at "a specific target": the tracker's declaration dialog asks for it (among the other
 * combatants), the Narrator's client checks it names a combatant of this fight, and next round's attack dialog opens
 * with the focus ticked on that target.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GenesysCombatTracker } from "../../src/combat/combat-tracker.js";
import { MANEUVER_DIALOG_TEMPLATE, declarationChoices, focusTargetsOf, promptDeclaration } from "../../src/combat/maneuver-dialog.js";
import { defaultAnswer, prepareAttack } from "../../src/attack/attack-roll.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import type { GenesysCombatant } from "../../src/documents/combatant.js";
import { aimsAtTarget } from "../../src/rules/maneuvers.js";
import { TokenDouble, target } from "../foundry/chat.js";
import { foundryDouble } from "../foundry/boot.js";
import { diceDouble } from "../foundry/dice.js";
import { ElementDouble } from "../foundry/sheets.js";
import { press } from "../applications/press-action.js";
import { itemId, shooter } from "../attack/helpers.js";
import { asPlayer, bootCombat, fight, person, player, settle, warnings } from "./helpers.js";

beforeAll(async () => {
  await bootCombat();
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
  diceDouble().dialogAnswers.length = 0;
  target();
});

const i18n = { localize: (k: string) => k, format: (k: string, d: Record<string, string> = {}) => `${k} ${JSON.stringify(d)}` };

/** A player's gunman (Riflessi 9) and two of the Narrator's men; the men have declared, the gunman declares next. */
async function gunmanDeclaresNext() {
  const jack = await shooter(undefined, { default: 0, [player().id]: 3 });
  const thug = await person("Scagnozzo", 5);
  const lookout = await person("Palo", 3);
  const { combat, of } = await fight(jack, thug, lookout);
  await combat.startCombat();
  await settle();
  await combat.declare(of(lookout), "movement");
  await combat.declare(of(thug), "movement");
  await settle();
  return { jack, thug, lookout, combat, of };
}

/** Presses the tracker's Declare button on a combatant's row, as Foundry calls an action: `this` the tracker. */
async function pressDeclare(combat: GenesysCombat, combatant: GenesysCombatant): Promise<void> {
  const tracker = new GenesysCombatTracker();
  // The double's tab lets a test choose the combat it shows (v13's `viewed`).
  (tracker as unknown as { viewed: GenesysCombat }).viewed = combat;
  const button = new ElementDouble({ action: "genesysDeclare" });
  new ElementDouble({ combatantId: combatant.id ?? "" }, [button]);
  await press(tracker, GenesysCombatTracker, "genesysDeclare", button);
  await settle();
}

describe("§2.2.4 the declaration dialog asks whom the Focalizzazione aims at", () => {
  it("only Focalizzazione aims at a target", () => {
    expect(["defence", "attack", "execution", "focus", "movement", "preparation"].filter((m) => aimsAtTarget(m as "focus"))).toEqual(["focus"]);
  });

  it("offers the other combatants, the targeted one preselected; a hidden one only to the Narrator", async () => {
    const { jack, thug, combat, of } = await gunmanDeclaresNext();
    const ghost = await person("Ombra", 4);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ghost.id, hidden: true }]);
    await settle();
    target(new TokenDouble(thug));
    const gmList = focusTargetsOf(combat, of(jack), game.user);
    expect(gmList.map((t) => [t.name, t.selected])).toEqual([["Scagnozzo", true], ["Palo", false], ["Ombra", false]]);
    const playerList = await asPlayer(async () => {
      target(new TokenDouble(thug));
      return Promise.resolve(focusTargetsOf(combat, of(jack), game.user));
    });
    expect(playerList.map((t) => t.name)).toEqual(["Scagnozzo", "Palo"]);
    expect(playerList.map((t) => t.id)).toEqual([of(thug).id, combat.combatants.contents[2]?.id]);
  });

  it("renders a target field (real handlebars) with a blank choice, shown by the stylesheet only while Focalizzazione is chosen", async () => {
    const focus = { label: "TARGET", none: "NONE", hint: "HINT", targets: [{ id: "c1", name: "Scagnozzo", selected: true }, { id: "c2", name: "Palo", selected: false }] };
    const html = await foundry.applications.handlebars.renderTemplate(MANEUVER_DIALOG_TEMPLATE, { choices: declarationChoices(null, i18n), focus, hold: null, initiativeLabel: "INI" });
    expect(html).toMatch(/<label class="genesys-focus-target">[\s\S]*TARGET[\s\S]*<select name="target">\s*<option value="">NONE<\/option>\s*<option value="c1" selected>Scagnozzo<\/option><option value="c2">Palo<\/option>/);
    const without = await foundry.applications.handlebars.renderTemplate(MANEUVER_DIALOG_TEMPLATE, { choices: declarationChoices(null, i18n), focus: null, hold: null, initiativeLabel: "INI" });
    expect(without).not.toContain('name="target"');
    const fs = await import("node:fs");
    const scss = fs.readFileSync(new URL("../../styles/_combat.scss", import.meta.url), "utf8");
    expect(scss).toMatch(/\.genesys-focus-target \{\s*display: none;/);
    expect(scss).toContain('&:has(input[name="maneuver"][value="focus"]:checked) .genesys-focus-target');
  });

  it("the answer carries the target; a blank or stray one is dropped", async () => {
    const offered = [{ id: "c1", name: "Scagnozzo", selected: false }];
    diceDouble().dialogAnswers.push({ maneuver: "focus", held: false, target: "c1" }, { maneuver: "focus", held: false, target: "" }, { maneuver: "focus", held: false, target: 7 });
    expect(await promptDeclaration("Jack", null, offered)).toEqual({ maneuver: "focus", held: false, target: "c1" });
    expect(diceDouble().dialogs.at(-1)?.content).toContain('<option value="c1">Scagnozzo</option>');
    expect(await promptDeclaration("Jack", null, offered)).toEqual({ maneuver: "focus", held: false });
    expect(await promptDeclaration("Jack", null, offered)).toEqual({ maneuver: "focus", held: false });
  });
});

describe("§2.2.4 the tracker's Declare button records the focus target, and the attack next round reads it", () => {
  it("the player focuses on the thug from the tracker; round 2's attack dialog opens focused on him only", async () => {
    const { jack, thug, lookout, combat, of } = await gunmanDeclaresNext();
    diceDouble().dialogAnswers.push({ maneuver: "focus", held: false, target: of(thug).id });
    await asPlayer(() => pressDeclare(combat, of(jack)));
    const dialog = diceDouble().dialogs.at(-1);
    expect(dialog?.content).toContain(`<option value="${of(thug).id ?? ""}">Scagnozzo</option>`);
    expect(dialog?.content).not.toContain(">Jack Quade</option>");
    expect(warnings()).toEqual([]);
    expect(of(jack).declarationFor(1)).toMatchObject({ maneuver: "focus", target: of(thug).id });
    // Execution: each slot in turn, then round 2 declared and under way.
    for (let i = 0; i < 3; i++) {
      await combat.nextTurn();
      await settle();
    }
    await combat.declare(of(lookout), "movement");
    await combat.declare(of(thug), "movement");
    await combat.declare(of(jack), "attack");
    await settle();
    expect([combat.round, combat.phase]).toEqual([2, "execution"]);
    const plan = prepareAttack(jack, itemId(jack, "Pistola"), [thug, lookout].map((a: GenesysActor) => ({ actor: a, tokenUuid: null, name: a.name, distance: 4 })), (k) => k);
    if (!plan.ok) throw new Error(plan.refusal.warning);
    expect(plan.value.tracker?.focus).toEqual({ round: 1, maneuver: "focus", target: of(thug).id });
    expect(defaultAnswer(plan.value).targets.map((t) => t.focus)).toEqual([true, false]);
  });

  it("the Narrator's client refuses a target outside this fight, the focuser himself, or a target on another maneuver", async () => {
    const { jack, combat, of } = await gunmanDeclaresNext();
    const stranger = await person("Estraneo", 6);
    expect(await asPlayer(() => combat.declare(of(jack), "focus", { target: stranger.id }))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.FocusTargetNotInCombat");
    expect(await asPlayer(() => combat.declare(of(jack), "focus", { target: of(jack).id }))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.FocusOnSelf");
    expect(await asPlayer(() => combat.declare(of(jack), "attack", { target: combat.combatants.contents[1]?.id ?? "" }))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.TargetNotAimed");
    expect(of(jack).declarationFor(1)).toBeNull();
    // Without a target a Focalizzazione is still declared: the attacker names the target when attacking.
    expect(await asPlayer(() => combat.declare(of(jack), "focus"))).toBe(true);
    expect(of(jack).declarationFor(1)).toMatchObject({ maneuver: "focus", target: null });
    expect(player().isGM).toBe(false);
  });
});
