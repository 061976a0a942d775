/**
 * §2.3.3 with §1.5.2 (A-39): the attack dialog's hit chance expects the defender to roll with their condition penalty,
 * as the Narrator's client will make them roll: a Weak target (−2) defends like a healthy one with 2 less Destrezza.
 */
import { describe, expect, it } from "vitest";
import { attackPreview } from "../../src/attack/attack-dialog.js";
import { defaultAnswer, defenceEstimate, defenceEstimateBonus, prepareAttack, type AttackPlan } from "../../src/attack/attack-roll.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { HUMAN, itemId, npc, shooter, useCardWorld } from "./helpers.js";

useCardWorld();

const id = (k: string): string => k;
const i18n = { localize: id, format: (k: string, d: Record<string, string> = {}) => `${k}${Object.values(d).length ? `[${Object.values(d).join("|")}]` : ""}` };

/** The dialog's hit chance (a percentage) of the default attack with the Pistola at this target, 4 m away. */
function hitChance(attacker: GenesysActor, target: GenesysActor): number {
  const planned = prepareAttack(attacker, itemId(attacker, "Pistola"), [{ actor: target, tokenUuid: null, name: target.name, distance: 4 }], id);
  if (!planned.ok) throw new Error(planned.refusal.warning);
  const plan: AttackPlan = planned.value;
  const preview = attackPreview(plan, { ...defaultAnswer(plan), targets: [{ distance: 4, prone: false, chosen: true }] }, {}, false, i18n);
  return Number.parseInt(preview.chances[0]?.hit ?? "", 10);
}

/** A person made Weak: half their Resistenza and one more in Ferite (2S > R). */
async function weakened(target: GenesysActor): Promise<GenesysActor> {
  const resistance = target.genesys?.derived.resistance ?? Number.NaN;
  await target.update({ system: { wounds: { value: Math.floor(resistance / 2) + 1 } } });
  expect(target.genesys?.condition.penalty).toBe(-2);
  return target;
}

describe("the attack dialog's defence estimate", () => {
  it("counts the target's condition penalty: a Weak Destrezza 7 is as easy to hit as a healthy Destrezza 5", async () => {
    const jack = await shooter();
    const healthy = await npc("Sano");
    const weak = await weakened(await npc("Ferito"));
    const clumsy = await npc("Goffo", { system: { characteristics: { ...HUMAN, dexterity: 5 } } });
    expect(clumsy.genesys?.condition.penalty).toBe(0);

    const estimate = defenceEstimate(weak, id);
    expect(estimate).toMatchObject({ grade: 7, conditionPenalty: -2 });
    expect(estimate && defenceEstimateBonus(estimate)).toBe(5);

    expect(hitChance(jack, weak)).toBeGreaterThan(hitChance(jack, healthy));
    expect(hitChance(jack, weak)).toBe(hitChance(jack, clumsy));
  });
});
