/**
 * The attack dialog never opens in a state it cannot leave: with more targets than the weapon's rolls (three targeted
 * tokens and a single-shot pistol) the attacker ticks which ones, no more than the rolls, and only those are attacked,
 * on the attacker's client and on the Narrator's alike.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ATTACK_DIALOG_TEMPLATE, attackDialogContext, chooserLimit, limitChoices, parseAttackForm } from "../../src/attack/attack-dialog.js";
import { readForm, type FormValues } from "../../src/ui/read-form.js";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import { attack } from "../../src/attack/attack-flow.js";
import { availableRolls, defaultAnswer, prepareAttack, readAttackAnswer, specifyAttack, type AttackPlan } from "../../src/attack/attack-roll.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import type { CountLocalizer } from "../../src/format/plural.js";
import { onClient } from "../foundry/clients.js";
import { diceDouble, Roll, type DialogConfig } from "../foundry/dice.js";
import { foundryDouble } from "../foundry/boot.js";
import type { User } from "../foundry/documents.js";
import { dice, itemId, npc, playerId, rowOf, shooter, skill, stateOf, targetActors, useCardWorld, weapon } from "./helpers.js";

useCardWorld();

const playerUser = (): User => foundryDouble().users.find((u) => !u.isGM)!;
const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(playerUser(), fn);

/** A localizer over one of the real lang files, with its plural rules: what a player of that language reads. */
function realI18n(lang: "it" | "en"): CountLocalizer {
  const tree = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../lang/${lang}.json`), "utf8")) as Record<string, unknown>;
  const localize = (key: string): string => {
    let node: unknown = tree;
    for (const part of key.split(".")) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    return typeof node === "string" ? node : key;
  };
  return { lang, localize, format: (key, data = {}) => localize(key).replace(/\{(\w+)\}/g, (m, k: string) => data[k] ?? m) };
}

function planOf(attacker: GenesysActor, weaponName: string, targets: GenesysActor[]): AttackPlan {
  const plan = prepareAttack(attacker, itemId(attacker, weaponName), targets.map((t) => ({ actor: t, tokenUuid: null, name: t.name, distance: 4 })), (k) => k);
  if (!plan.ok) throw new Error(`no plan: ${plan.refusal.warning}`);
  return plan.value;
}

async function threeThugs(): Promise<GenesysActor[]> {
  return [await npc("Primo"), await npc("Secondo"), await npc("Terzo")];
}

/** A form standing in for the rendered dialog (no DOM here): inputs as readForm and limitChoices read them. */
function fakeForm(controls: { name: string; type: "checkbox" | "number"; value?: string; checked?: boolean }[]) {
  const inputs = controls.map((c) => ({ nodeType: 1, tagName: "INPUT", closest: () => null, type: c.type, name: c.name, value: c.value ?? "", checked: c.checked === true, disabled: false, required: false }));
  const form = {
    elements: inputs,
    querySelector: (selector: string) => inputs.find((i) => selector === `input[name="${i.name}"]`) ?? null,
  };
  return { form: form as unknown as HTMLFormElement, input: (name: string) => inputs.find((i) => i.name === name)! };
}

/** The dialog's form for a plan: distance, prone, focus and chosen per target; `chosen` lists the ticked ones. */
function dialogForm(plan: AttackPlan, chosen: number[], rolls?: number) {
  return fakeForm([
    ...plan.targets.flatMap((_, i) => [
      { name: `chosen.${String(i)}`, type: "checkbox" as const, checked: chosen.includes(i) },
      { name: `distance.${String(i)}`, type: "number" as const, value: "4" },
      { name: `prone.${String(i)}`, type: "checkbox" as const },
      { name: `focus.${String(i)}`, type: "checkbox" as const },
    ]),
    ...(rolls === undefined ? [] : [{ name: "rolls", type: "number" as const, value: String(rolls) }]),
  ]);
}

describe("three targets and a single-shot pistol", () => {
  it("the dialog opens rollable: the first target ticked, the chooser limited to one roll, no error", async () => {
    const plan = planOf(await shooter(), "Pistola", await threeThugs());
    expect(availableRolls(plan)).toBe(1);
    const answer = defaultAnswer(plan);
    expect(answer.targets.map((t) => t.chosen)).toEqual([true, false, false]);
    expect(specifyAttack(plan, answer, {}, false).ok).toBe(true);
    const context = attackDialogContext(plan, {}, false, game.i18n);
    expect(context.error).toBeNull();
    expect(context.chooser?.limit).toBe(1);
    const html = await foundry.applications.handlebars.renderTemplate(ATTACK_DIALOG_TEMPLATE, context);
    expect(html.match(/name="chosen\.\d"/g)).toHaveLength(3);
    expect(html).toMatch(/name="chosen\.0" checked/);
    expect(html).toMatch(/name="chosen\.1">/);
    // An unchosen target needs no distance.
    expect(html).toMatch(/name="distance\.0"[^>]* required/);
    expect(html).not.toMatch(/name="distance\.1"[^>]* required/);
  });

  it("the hit chance reads as one unbroken percentage, with what it is made of on a line of its own", async () => {
    const plan = planOf(await shooter(), "Pistola", await threeThugs());
    const context = attackDialogContext(plan, {}, false, realI18n("it"));
    const first = context.targets[0]?.chance;
    expect(first?.hit).toMatch(/^\d+%$/);
    // The attack's modifiers against this target, named (issue 21: no bare "mod.").
    expect(first?.detail).toMatch(/^modificatori [+−]?\d+$/);
    // An unchosen target has no chance to show.
    expect(context.targets[1]?.chance).toEqual({ hit: "—", detail: "" });
    const html = await foundry.applications.handlebars.renderTemplate(ATTACK_DIALOG_TEMPLATE, context);
    expect(html).toContain(`<td class="chance" data-chance="0"><strong data-hit>${first?.hit ?? ""}</strong><small class="hint" data-detail>${first?.detail ?? ""}</small></td>`);
  });

  it("Italian and English plurals in the chooser: 1 lancio, 2 lanci; 1 roll, 2 rolls", async () => {
    const one = planOf(await shooter(), "Pistola", await threeThugs());
    const twoShots = weapon("Mitraglietta", "pistola", { magazine: 30, multiAttack: 2 }, { rounds: 30 });
    const two = planOf(await shooter([skill("Pistola", 12), twoShots]), "Mitraglietta", await threeThugs());
    const hint = (plan: AttackPlan, lang: "it" | "en") => attackDialogContext(plan, {}, false, realI18n(lang)).chooser?.hint ?? "";
    expect(hint(one, "it")).toContain("consente 1 lancio in questa manovra");
    expect(hint(two, "it")).toContain("consente 2 lanci in questa manovra");
    expect(hint(one, "en")).toContain("allows 1 roll in this maneuver");
    expect(hint(two, "en")).toContain("allows 2 rolls in this maneuver");
  });

  it("ticking one closes the others; unticking opens them again (limitChoices)", async () => {
    const plan = planOf(await shooter(), "Pistola", await threeThugs());
    const { form, input } = dialogForm(plan, [0]);
    limitChoices(form, plan);
    expect([input("chosen.1").disabled, input("chosen.2").disabled]).toEqual([true, true]);
    expect(input("distance.0").required).toBe(true);
    expect(input("distance.1").required).toBe(false);
    input("chosen.0").checked = false;
    limitChoices(form, plan);
    expect([input("chosen.0").disabled, input("chosen.1").disabled, input("chosen.2").disabled]).toEqual([false, false, false]);
  });

  it("the third target chosen: one roll, at it, through the real flow", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thugs = await threeThugs();
    const card = await asP(async () => {
      targetActors(...thugs);
      diceDouble().dialogAnswers.push((config: DialogConfig) => {
        const plan = prepareAttack(jack, itemId(jack, "Pistola"), thugs.map((t) => ({ actor: t, tokenUuid: null, name: t.name, distance: 4 })), (k) => k);
        if (!plan.ok) throw new Error("no plan");
        return config.buttons.find((b) => b.action === "attack")?.callback?.(new Event("click"), { form: dialogForm(plan.value, [2]).form }, {});
      });
      dice(5, 5);
      const before = game.messages.size;
      expect(await attack(jack, itemId(jack, "Pistola"))).toBe(true);
      expect(game.messages.size).toBe(before + 1);
      return game.messages.contents.at(-1);
    });
    const state = stateOf(card);
    expect(state.order).toEqual(["r0"]);
    expect(rowOf(card, "r0").target.name).toBe("Terzo");
    expect(jack.items.get(itemId(jack, "Pistola"))?.system).toMatchObject({ rounds: 11 });
  });

  it("nothing ticked, or more ticked than rolls: refused with a warning the attacker can act on, nothing spent", async () => {
    const plan = planOf(await shooter(), "Pistola", await threeThugs());
    const none = parseAttackForm(readForm(dialogForm(plan, []).form), plan);
    expect(specifyAttack(plan, none, {}, false)).toMatchObject({ ok: false, refusal: { warning: "GENESYS.Attack.Warn.NoChosenTarget" } });
    const two = parseAttackForm(readForm(dialogForm(plan, [0, 1]).form), plan);
    expect(specifyAttack(plan, two, {}, false)).toMatchObject({ ok: false, refusal: { warning: "GENESYS.Attack.Warn.FewerRollsThanTargets", data: { rolls: "1", targets: "2" } } });
  });

  it("the Narrator's client attacks only the targets chosen, and refuses a forged answer choosing more than the rolls", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thugs = await threeThugs();
    const plan = planOf(jack, "Pistola", thugs);
    const base = { actorUuid: jack.uuid, tokenUuid: null, itemId: itemId(jack, "Pistola"), targets: thugs.map((t) => ({ actorUuid: t.uuid, tokenUuid: null, distance: 4 })), rollMode: "publicroll" };
    const answer = defaultAnswer(plan);
    const pick = (chosen: boolean[]) => ({ ...answer, targets: answer.targets.map((t, i) => ({ ...t, chosen: chosen[i] === true })) });
    dice(5, 5);
    const rolls = [(await new Roll("2d10").evaluate()).toJSON()];
    const before = game.messages.size;
    expect(await asP(() => sendIntent(CARD_INTENTS.attack, { ...base, answer: pick([true, true, true]), rolls }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.FewerRollsThanTargets" });
    expect(await asP(() => sendIntent(CARD_INTENTS.attack, { ...base, answer: { ...pick([false, true, false]), targets: [{ distance: 4, prone: false, chosen: "yes" }, ...answer.targets.slice(1)] }, rolls }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(game.messages.size).toBe(before);
    expect(await asP(() => sendIntent(CARD_INTENTS.attack, { ...base, answer: pick([false, true, false]), rolls }))).toEqual({ ok: true });
    expect(rowOf(game.messages.contents.at(-1), "r0").target.name).toBe("Secondo");
    expect(stateOf(game.messages.contents.at(-1)).order).toEqual(["r0"]);
  });

  it("an answer from before the chooser (no choice given) attacks every target, as before", async () => {
    const plan = planOf(await shooter([skill("Pistola", 12), weapon("Mitra", "pistola", { magazine: 30, multiAttack: 3 }, { rounds: 30 })]), "Mitra", await threeThugs());
    const old = readAttackAnswer({ ...defaultAnswer(plan), targets: plan.targets.map(() => ({ distance: 4, prone: false })) }, plan);
    expect(old).not.toBeNull();
    const spec = specifyAttack(plan, old!, {}, false);
    expect(spec.ok && spec.value.rows.map((r) => r.targetIndex)).toEqual([0, 1, 2]);
  });
});

describe("the chooser with a multiple-attack weapon (§3.2.3)", () => {
  it("five targets and three rolls: the first three ticked; fewer rolls asked, fewer targets let through", async () => {
    const burst = weapon("Mitra", "pistola", { magazine: 30, multiAttack: 3 }, { rounds: 30 });
    const plan = planOf(await shooter([skill("Pistola", 12), burst]), "Mitra", [...(await threeThugs()), await npc("Quarto"), await npc("Quinto")]);
    expect(defaultAnswer(plan)).toMatchObject({ rolls: 3 });
    expect(defaultAnswer(plan).targets.map((t) => t.chosen)).toEqual([true, true, true, false, false]);
    const values: FormValues = { rolls: "2" };
    expect(chooserLimit(values, plan)).toBe(2);
    expect(chooserLimit({ rolls: "9" }, plan)).toBe(3);
    expect(chooserLimit({ rolls: "" }, plan)).toBe(3);
    const { form, input } = dialogForm(plan, [0, 3], 2);
    limitChoices(form, plan);
    expect(plan.targets.map((_, i) => input(`chosen.${String(i)}`).disabled)).toEqual([false, true, true, false, true]);
    // Two rolls at targets 1 and 4, in order.
    const spec = specifyAttack(plan, parseAttackForm(readForm(form), plan), {}, false);
    expect(spec.ok && spec.value.rows.map((r) => r.targetIndex)).toEqual([0, 3]);
  });

  it("a magazine holding fewer rounds than the weapon's rolls: the dialog starts on what it holds", async () => {
    const burst = weapon("Mitra", "pistola", { magazine: 30, multiAttack: 3 }, { rounds: 1 });
    const plan = planOf(await shooter([skill("Pistola", 12), burst]), "Mitra", await threeThugs());
    expect(availableRolls(plan)).toBe(1);
    expect(defaultAnswer(plan)).toMatchObject({ rolls: 1 });
    expect(specifyAttack(plan, defaultAnswer(plan), {}, false).ok).toBe(true);
  });
});
