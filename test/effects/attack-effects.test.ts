/**
 * Effects and the fever in attack and defence rolls (§2.3.1/§2.3.3 are checks, so §1.7.1's check modifiers apply), and
 * the check card listing its modifiers by source (issue 11). The Narrator's client recomputes every part from the
 * actors: what a payload says of effects is never read.
 */
import { describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { effectChangesData, type EffectChange } from "../../src/compat/effect-changes.js";
import { ATTACK_DIALOG_TEMPLATE, DEFENCE_DIALOG_TEMPLATE, attackDialogContext, attackPreview, bindDefenceEffects, defenceDialogContext } from "../../src/attack/attack-dialog.js";
import { defenceSetup } from "../../src/attack/defence-answer.js";
import { onCardAction } from "../../src/attack/attack-flow.js";
import type { AttackRow } from "../../src/attack/attack-card.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import { defencePlan } from "../../src/attack/defence-plan.js";
import { renderCard } from "../../src/attack/card-render.js";
import { NO_VIEWER } from "../../src/attack/attack-card.js";
import { defaultAnswer, prepareAttack, type AttackPlan } from "../../src/attack/attack-roll.js";
import { checkCardContext, GenesysCheckRoll, registerDice } from "../../src/check/genesys-roll.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { Roll } from "../foundry/dice.js";
import { TokenDouble, target } from "../foundry/chat.js";
import type { User } from "../foundry/documents.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { DODGE_WITH_DEXTERITY, HUMAN, PISTOL, answerFor, attackCard, dice, itemId, npc, playerId, rowOf, shooter, skill, stateOf, targetActors, useCardWorld } from "../attack/helpers.js";
import { createActor } from "../documents/helpers.js";

useCardWorld();

const playerUser = (): User => foundryDouble().users.find((u) => !u.isGM)!;
const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(playerUser(), fn);
const id = (k: string): string => k;
const i18n = { localize: id, format: (k: string, d: Record<string, string> = {}) => `${k}${Object.values(d).length ? `[${Object.values(d).join("|")}]` : ""}` };

const add = (key: string, value: string): EffectChange => ({ key, kind: "add", value });
/** A carried gear item whose effect changes one GeneSys key. */
const charm = (name: string, key: string, value: string) => ({ name, type: "gear", system: { weight: 0 }, effects: [{ name, ...effectChangesData([add(key, value)]) }] });
const LENS = charm("Lente", "genesys.check.perception", "2");
const FEVER = { poison: { doses: 0, fever: { startsInHours: null, hoursLeft: 30 } } };
const OWNED = { default: 0, [playerId()]: 3 };

const effectParts = (row: AttackRow) => row.parts.filter((p) => p.key === "effect");
const defenceParts = (row: AttackRow) => (row.defence?.kind === "roll" ? row.defence.parts : []);

function planOf(attacker: GenesysActor, targetActor: GenesysActor): AttackPlan {
  const plan = prepareAttack(attacker, itemId(attacker, "Pistola"), [{ actor: targetActor, tokenUuid: null, name: targetActor.name, distance: 4 }], id);
  if (!plan.ok) throw new Error(plan.refusal.warning);
  return plan.value;
}
const hitChance = (plan: AttackPlan): number => {
  const p = attackPreview(plan, { ...defaultAnswer(plan), targets: [{ distance: 4, prone: false, chosen: true }] }, {}, false, i18n);
  return Number.parseInt(p.chances[0]?.hit ?? "", 10);
};

describe("the attacker's effects and fever (Pistola rests on Percezione)", () => {
  it("a Percezione check bonus raises the dialog's odds and is listed by source; a Forza one does not apply", async () => {
    const thug = await npc("Scagnozzo");
    const plain = planOf(await shooter(), thug);
    const lens = planOf(await shooter([skill("Pistola", 12), PISTOL, LENS]), thug);
    const strong = planOf(await shooter([skill("Pistola", 12), PISTOL, charm("Cintura", "genesys.check.strength", "3")]), thug);
    expect(lens.effects).toEqual([{ label: "Lente", value: 2 }]);
    expect(strong.effects).toEqual([]);
    expect(hitChance(lens)).toBeGreaterThan(hitChance(plain));
    expect(hitChance(strong)).toBe(hitChance(plain));
    expect(attackDialogContext(lens, {}, false, i18n).effects).toEqual([{ label: "Lente", value: "+2" }]);
  });

  it("the fever's −5 lowers the odds and is named as the fever", async () => {
    const thug = await npc("Scagnozzo");
    const plain = planOf(await shooter(), thug);
    const feverish = planOf(await createActorWith([skill("Pistola", 12), PISTOL], FEVER), thug);
    expect(feverish.effects).toEqual([{ label: "", value: -5, i18n: "GENESYS.Effects.Source.Fever" }]);
    expect(hitChance(feverish)).toBeLessThan(hitChance(plain));
  });

  it("a skill-grade effect is in the weapon's grade already, not added again as a part", async () => {
    const thug = await npc("Scagnozzo");
    const plan = planOf(await shooter([skill("Pistola", 12), PISTOL, charm("Mirino", "genesys.skill.pistola", "1")]), thug);
    expect(plan.grade.value).toBe(13);
    expect(plan.effects).toEqual([]);
  });

  it("the player's card: the Narrator's client adds the effect and the fever from the actor, each with its source", async () => {
    const jack = await createActorWith([skill("Pistola", 12), PISTOL, LENS], FEVER, OWNED);
    const thug = await npc("Scagnozzo");
    const pistol = itemId(jack, "Pistola");
    const card = await asP(async () => {
      targetActors(thug);
      dice(5, 5);
      return attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
    });
    const row = rowOf(card, "r0");
    // Every-check parts (the fever) first, then those on Percezione, as checkEffectParts orders them.
    expect(effectParts(row)).toEqual([{ key: "effect", value: -5, label: "", i18n: "GENESYS.Effects.Source.Fever" }, { key: "effect", value: 2, label: "Lente" }]);
    expect(row.attack.total).toBe(10 + 12 + 2 - 5);
    const html = await renderCard({ ...stateOf(card), rows: { r0: row } }, NO_VIEWER);
    expect(html).toContain("Lente");
    expect(html).toContain("GENESYS.Effects.Source.Fever");
  });

  it("effects, parts or a bonus forged into the payload are ignored; the fever cannot be sent away", async () => {
    const jack = await createActorWith([skill("Pistola", 12), PISTOL], FEVER, OWNED);
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const pistol = itemId(jack, "Pistola");
    const answer = answerFor(jack, pistol, { distances: [4] });
    dice(5, 5);
    const rolls = [(await new Roll("2d10").evaluate()).toJSON()];
    const forged = { ...answer, effects: [{ label: "Benedizione", value: 9 }], parts: [{ key: "effect", value: 9, label: "Benedizione" }], bonus: 40 };
    const payload = { actorUuid: jack.uuid, tokenUuid: null, itemId: pistol, targets: [{ actorUuid: thug.uuid, tokenUuid: null, distance: 4 }], answer: forged, rollMode: "publicroll", rolls, effects: [] };
    expect(await asP(() => sendIntent(CARD_INTENTS.attack, payload))).toEqual({ ok: true });
    const row = rowOf(game.messages.contents.at(-1), "r0");
    expect(effectParts(row)).toEqual([{ key: "effect", value: -5, label: "", i18n: "GENESYS.Effects.Source.Fever" }]);
    expect(row.attack.total).toBe(10 + 12 - 5);
  });

  it("an unlinked token's actor attacks with its own item's effect", async () => {
    const base = await shooter([skill("Pistola", 12), PISTOL], OWNED);
    const scene = createScene("Vicolo");
    const token = placeToken(scene, base, { actorLink: false });
    const synthetic = token.actor as unknown as GenesysActor; // the double's synthetic actor is of the configured class
    await synthetic.createEmbeddedDocuments("Item", [LENS] as never); // plain item data, as the double takes it
    expect(planOf(base, await npc("X")).effects).toEqual([]); // the world actor is untouched
    const thug = await npc("Scagnozzo");
    const pistol = itemId(synthetic, "Pistola");
    const card = await asP(async () => {
      target(new TokenDouble(thug));
      dice(5, 5);
      return attackCard(synthetic, pistol, { answer: answerFor(synthetic, pistol, { distances: [4] }) });
    });
    const row = rowOf(card, "r0");
    expect(effectParts(row)).toEqual([{ key: "effect", value: 2, label: "Lente" }]);
    expect(row.attack.total).toBe(10 + 12 + 2);
  });
});

describe("the defender's effects and fever", () => {
  const QUICK = charm("Amuleto", "genesys.check.dexterity", "3");

  it("the attacker's odds count them; the defence dialog lists them for the grade chosen", async () => {
    const jack = await shooter();
    const plain = planOf(jack, await npc("Scagnozzo"));
    const warded = planOf(jack, await npc("Protetto", { items: [QUICK] }));
    expect(warded.targets[0]?.defence?.effects).toEqual([{ label: "Amuleto", value: 3 }]);
    expect(hitChance(warded)).toBeLessThan(hitChance(plain));
    const notes = attackDialogContext(warded, {}, false, i18n).targets[0]?.notes ?? [];
    expect(notes).toContain("GENESYS.Attack.Dialog.DefenceEffect[Amuleto|+3]");
  });

  it("defenceSetup adds a choice's effects as parts; a skill on another characteristic gets none", async () => {
    const hero = await npc("Eroe", { items: [QUICK, skill("Osservare", 9)], system: FEVER });
    const row = { target: { name: "Eroe" }, attack: { total: 20 } } as unknown as AttackRow; // only these fields are read
    const plan = defencePlan(hero, row, false, id);
    if (!plan) throw new Error("no defence plan");
    const setup = defenceSetup(plan, DODGE_WITH_DEXTERITY);
    expect(setup?.parts.filter((p) => p.key === "effect")).toEqual([
      { key: "effect", value: -5, label: "", i18n: "GENESYS.Effects.Source.Fever" },
      { key: "effect", value: 3, label: "Amuleto" },
    ]);
    const watch = defenceSetup(plan, { ...DODGE_WITH_DEXTERITY, choice: "osservare" });
    expect(watch?.parts.filter((p) => p.key === "effect").map((p) => p.value)).toEqual([-5]);
    const context = defenceDialogContext(plan, i18n);
    expect(context.effects).toEqual([
      { choice: "dexterity", lines: [{ label: "GENESYS.Effects.Source.Fever", value: "\u22125" }, { label: "Amuleto", value: "+3" }], selected: true },
      { choice: "osservare", lines: [{ label: "GENESYS.Effects.Source.Fever", value: "\u22125" }], selected: false },
    ]);
  });

  it("the dialogs' templates list the lines; only the chosen grade's effects show as the choice changes", async () => {
    const hero = await npc("Eroe", { items: [QUICK, skill("Osservare", 9)], system: FEVER });
    const plan = defencePlan(hero, { target: { name: "Eroe" }, attack: { total: 20 } } as unknown as AttackRow, false, id); // only these fields are read
    if (!plan) throw new Error("no defence plan");
    const render = (template: string, context: object) => foundry.applications.handlebars.renderTemplate(template, context as Record<string, unknown>);
    const html = await render(DEFENCE_DIALOG_TEMPLATE, defenceDialogContext(plan, i18n));
    expect(html).toMatch(/data-effects-for="dexterity">[\s\S]*Amuleto[\s\S]*\+3/);
    expect(html).toMatch(/data-effects-for="osservare" hidden>/);
    const attackHtml = await render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(planOf(await createActorWith([skill("Pistola", 12), PISTOL, LENS], {}), hero), {}, false, i18n));
    expect(attackHtml).toMatch(/genesys-attack-form__effects[\s\S]*Lente[\s\S]*\+2/);
    // No DOM here: a form standing in for the rendered dialog, with what bindDefenceEffects reads and toggles.
    const lists = ["dexterity", "osservare"].map((choice) => ({ dataset: { effectsFor: choice }, hidden: false, toggleAttribute(_n: string, on: boolean) { this.hidden = on; } }));
    let onChange = (): void => undefined;
    const select = { value: "dexterity", addEventListener: (_e: string, fn: () => void) => { onChange = fn; } };
    const form = { nodeType: 1, tagName: "FORM", closest: () => null, querySelector: () => select, querySelectorAll: () => lists };
    bindDefenceEffects(form as unknown as HTMLElement);
    expect(lists.map((l) => l.hidden)).toEqual([false, true]);
    select.value = "osservare";
    onChange();
    expect(lists.map((l) => l.hidden)).toEqual([true, false]);
  });

  it("the player's defence: the Narrator's client takes the effects from the defender's actor", async () => {
    const gunman = await shooter();
    const hero = await npc("Eroe", { items: [QUICK], ownership: OWNED });
    targetActors(hero);
    const pistol = itemId(gunman, "Pistola");
    dice(5, 5);
    const card = (await attackCard(gunman, pistol, { answer: answerFor(gunman, pistol, { distances: [4] }) }))!;
    dice(4, 4);
    expect(await asP(() => onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }))).toBe(true);
    const row = rowOf(card, "r0");
    expect(defenceParts(row)).toContainEqual({ key: "effect", value: 3, label: "Amuleto" });
    expect(row.defence?.kind === "roll" ? row.defence.roll.total : null).toBe(8 + HUMAN.dexterity + 3);
  });
});

describe("the check card lists its modifiers by source", () => {
  it("situational, each effect and the fever on their own lines; an older card keeps one total", () => {
    const base = { label: "Osservare", kind: "skill" as const, grade: 9, conditionPenalty: 0, condition: "normal" as const, difficulty: 20, blind: false, dice: [5, 5], total: 16, result: null, increment: null, isPrivate: false, rolled: true };
    const sourced = checkCardContext({ ...base, modifiers: 1 + 2 - 5, effects: [{ label: "Lente", value: 2 }, { label: "", value: -5, i18n: "GENESYS.Effects.Source.Fever" }] }, i18n);
    expect(sourced.lines.filter((l) => l.cssClass.startsWith("modifiers")).map((l) => [l.label, l.value])).toEqual([
      ["GENESYS.Check.Situational", "+1"],
      ["Lente", "+2"],
      ["GENESYS.Effects.Source.Fever", "\u22125"],
    ]);
    const older = checkCardContext({ ...base, modifiers: -2 }, i18n);
    expect(older.lines.filter((l) => l.cssClass.startsWith("modifiers")).map((l) => [l.label, l.value])).toEqual([["GENESYS.Check.Modifiers", "\u22122"]]);
  });

  it("a rolled check keeps its sources in the roll's JSON and its card shows them; malformed ones are dropped", async () => {
    registerDice();
    const hero = await createActorWith([LENS], FEVER);
    dice(5, 5);
    const message = await hero.rollCheck({ characteristic: "perception", difficulty: 20, modifiers: -1, prompt: false });
    const json = JSON.parse(JSON.stringify(message?.rolls[0])) as Parameters<typeof foundry.dice.Roll.fromData>[0];
    const copy = foundry.dice.Roll.fromData(json);
    if (!(copy instanceof GenesysCheckRoll)) throw new Error("not a check roll");
    expect(copy.options.effects).toEqual([{ label: "", value: -5, i18n: "GENESYS.Effects.Source.Fever" }, { label: "Lente", value: 2 }]);
    const html = await copy.render();
    expect(html).toContain("Lente");
    expect(html).toContain("GENESYS.Effects.Source.Fever");
    expect(html).toContain("GENESYS.Check.Situational");
    copy.options.effects = [{ label: "ok", value: 1 }, { label: 3, value: "x" }] as never; // a forged card's options as stored JSON
    expect(await copy.render()).toContain(">ok<");
  });
});

async function createActorWith(items: object[], system: object, ownership?: object): Promise<GenesysActor> {
  return createActor({ name: "Alven", type: "character", system: { characteristics: HUMAN, ...system }, items, ...(ownership ? { ownership } : {}) });
}
