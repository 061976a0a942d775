/**
 * §3.2.4 fighting with two weapons, as the attack dialog answers it: −4 on the roll, and the arc between the targets
 * of the two weapons at its plain −1 per 30°; doubled only when both weapons make multiple attacks. A single target on
 * this card still pays the arc with two weapons (the other weapon's target is on another card).
 */
import { describe, expect, it } from "vitest";
import { ATTACK_DIALOG_TEMPLATE, attackDialogContext, parseAttackForm } from "../../src/attack/attack-dialog.js";
import { defaultAnswer, prepareAttack, readAttackAnswer, specifyAttack, type AttackAnswer, type AttackPlan } from "../../src/attack/attack-roll.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { itemId, npc, shooter, useCardWorld } from "./helpers.js";

useCardWorld();

async function pistolAt(targets: GenesysActor[]): Promise<AttackPlan> {
  const attacker = await shooter();
  const plan = prepareAttack(attacker, itemId(attacker, "Pistola"), targets.map((t) => ({ actor: t, tokenUuid: null, name: t.name, distance: 4 })), (k) => k);
  if (!plan.ok) throw new Error(plan.refusal.warning);
  return plan.value;
}

function partsOf(plan: AttackPlan, answer: AttackAnswer): Record<string, number> {
  const spec = specifyAttack(plan, answer, {}, false);
  if (!spec.ok) throw new Error(spec.refusal.warning);
  const row = spec.value.rows[0];
  return Object.fromEntries((row?.parts ?? []).map((p) => [p.key, p.value]));
}

describe("§3.2.4 two weapons in the attack dialog", () => {
  it("one roll per weapon, targets 60° apart: −4 and −2, not a doubled arc (−6 in all)", async () => {
    const plan = await pistolAt([await npc("Scagnozzo")]);
    const parts = partsOf(plan, { ...defaultAnswer(plan), twoWeapons: true, arcDegrees: 60 });
    expect(parts).toMatchObject({ twoWeapons: -4, arc: -2 });
  });

  it("multiple attacks with both weapons: the arc doubles (−4 and −4)", async () => {
    const plan = await pistolAt([await npc("Scagnozzo")]);
    expect(partsOf(plan, { ...defaultAnswer(plan), twoWeapons: true, bothWeaponsMultiple: true, arcDegrees: 60 })).toMatchObject({ twoWeapons: -4, arc: -4 });
  });

  it("without two weapons one target pays no arc, and 'both weapons' alone changes nothing", async () => {
    const plan = await pistolAt([await npc("Scagnozzo")]);
    const parts = partsOf(plan, { ...defaultAnswer(plan), bothWeaponsMultiple: true, arcDegrees: 60 });
    expect(parts).not.toHaveProperty("arc");
    expect(parts).not.toHaveProperty("twoWeapons");
  });

  it("the form: 'both weapons' counts only with two weapons ticked; the answer survives the Narrator's reading", async () => {
    const plan = await pistolAt([await npc("Scagnozzo")]);
    expect(parseAttackForm({ bothWeaponsMultiple: true, arcDegrees: "60" }, plan).bothWeaponsMultiple).toBe(false);
    const answer = parseAttackForm({ twoWeapons: true, bothWeaponsMultiple: true, arcDegrees: "60" }, plan);
    expect(answer).toMatchObject({ twoWeapons: true, bothWeaponsMultiple: true, arcDegrees: 60 });
    expect(readAttackAnswer(JSON.parse(JSON.stringify(answer)), plan)).toMatchObject({ bothWeaponsMultiple: true });
    // An answer from before this choice existed still reads; a malformed one does not.
    const { bothWeaponsMultiple: _, ...older } = answer;
    expect(readAttackAnswer(older, plan)).not.toHaveProperty("bothWeaponsMultiple");
    expect(readAttackAnswer({ ...answer, bothWeaponsMultiple: "yes" }, plan)).toBeNull();
  });

  it("the dialog renders the arc (hidden with one target) and the 'both weapons' box (hidden until two weapons)", async () => {
    const plan = await pistolAt([await npc("Scagnozzo")]);
    const html = await foundry.applications.handlebars.renderTemplate(ATTACK_DIALOG_TEMPLATE, attackDialogContext(plan, {}, false, game.i18n));
    expect(html).toMatch(/<div class="form-group" data-arc hidden>/);
    expect(html).toMatch(/<label class="checkbox" data-both-weapons hidden><input type="checkbox" name="bothWeaponsMultiple">/);
    const two = await pistolAt([await npc("Primo"), await npc("Secondo")]);
    const shown = await foundry.applications.handlebars.renderTemplate(ATTACK_DIALOG_TEMPLATE, attackDialogContext(two, {}, false, game.i18n));
    expect(shown).toMatch(/<div class="form-group" data-arc>/);
  });
});
