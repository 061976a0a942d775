/** A skill's key is language-free: weapons name it by key, so a translated skill still serves its weapons. */
import { beforeAll, describe, expect, it } from "vitest";
import { SkillModel } from "../../src/data/item/skill.js";
import { bootSystem } from "../foundry/boot.js";
import { PISTOL, shooter } from "../attack/helpers.js";
import { createActor } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const skill = (name: string, key?: string) => ({ name, type: "skill", system: { characteristic: "dexterity", bought: 3, ...(key === undefined ? {} : { key }) } });
describe("skill key", () => {
  it("a stored key is the slug whatever the name; without one the name gives it", async () => {
    const actor = await createActor({ name: "Jack", type: "character", system: { characteristics: { dexterity: 7 } }, items: [skill("Handgun", "pistola"), skill("Movimento furtivo")] });
    const slugs = actor.items.contents.flatMap((i) => (i.system instanceof SkillModel ? [[i.name, i.system.slug]] : []));
    expect(slugs).toEqual([["Handgun", "pistola"], ["Movimento furtivo", "movimento_furtivo"]]);
    const rollSkills = actor.getRollData()["skills"] as Record<string, unknown>;
    expect(Object.keys(rollSkills).sort()).toEqual(["movimento_furtivo", "pistola"]);
  });

  it("a weapon finds its skill by key after the skill was renamed (a translated compendium skill)", async () => {
    // A loaded pistol naming its skill "pistola", beside the Pistola skill renamed as the English compendium names it.
    const actor = await shooter([skill("Handgun", "pistola"), PISTOL]);
    const { prepareAttack } = await import("../../src/attack/attack-roll.js");
    const weapon = actor.items.find((i) => i.type === "weapon");
    const plan = prepareAttack(actor, weapon?.id ?? null, [{ actor, tokenUuid: null, name: "x", distance: 4 }], (k) => k);
    if (!plan.ok) throw new Error(`${plan.refusal.warning} ${JSON.stringify(plan.refusal.data)}`);
    expect(plan.value.grade).toMatchObject({ label: "Handgun", value: 10 });
  });
});
