import { actorModifiers } from "../../effects/actor-effects.js";
import { aimedAt, applyModifiers } from "../../effects/effect-math.js";
import { bulkyGearHinders } from "../../effects/bulky-gear-setting.js";
import type { RulesOptions } from "../../rules/options.js";
import { ArmorModel } from "../item/armor.js";
import { GearModel } from "../item/gear.js";
import { SkillModel } from "../item/skill.js";
import { WeaponModel } from "../item/weapon.js";
import { rememberedPerson } from "./person-memo.js";
import type { PersonDerived, PersonSource, WornArmour } from "./person.js";

/**
 * Derives a person's data and hands the results to its skills and weapons, which depend on them. Armour worn hinders
 * through its FM (§2.4.1); with the world setting on, so does carried gear the Narrator marked with a FOR minima (§3.1.5).
 */
export function preparePerson(system: PersonSource & Partial<PersonDerived>, actor: Actor.Implementation, options: RulesOptions): void {
  const worn: WornArmour[] = [];
  const bulky = bulkyGearHinders();
  let carriedKg = 0;
  // The skills and weapons, in item order, which take the results: sorted out in the one walk over the items.
  const dependants: ({ item: Item.Implementation; skill: SkillModel; weapon?: never } | { weapon: WeaponModel })[] = [];
  for (const item of actor.items) {
    const sys = item.system;
    // The models are unrelated classes, so the order of the tests is free: skills, the most numerous, first.
    if (sys instanceof SkillModel) {
      dependants.push({ item, skill: sys });
    } else if (sys instanceof WeaponModel) {
      carriedKg += sys.weight;
      dependants.push({ weapon: sys });
    } else if (sys instanceof ArmorModel) {
      carriedKg += sys.weight;
      if (sys.worn) worn.push({ name: item.name, defence: sys.defence, minStrength: sys.minStrength, coversTrunk: sys.covers("torso") });
    } else if (sys instanceof GearModel) {
      carriedKg += sys.totalWeight;
      if (bulky && sys.minStrength > 0 && sys.quantity > 0) worn.push({ name: item.name, defence: 0, minStrength: sys.minStrength, coversTrunk: false });
    }
  }
  const modifiers = actorModifiers(actor);
  const derived = rememberedPerson(actor, system, worn, options, modifiers, carriedKg);
  Object.assign(system, derived);
  // One pass for the skill changes of the whole actor; each skill then looks only among those (usually none).
  const skillChanges = aimedAt(modifiers, "skill");
  for (const d of dependants) {
    if (d.weapon) {
      d.weapon.applyActor(derived.modified.strength, options);
      continue;
    }
    const { item, skill } = d;
    const grade = skill.applyActor(derived.modified, derived.armour.shortfall);
    const mine = skillChanges.length === 0 ? skillChanges : aimedAt(skillChanges, "skill", (t) => t.ref === skill.slug || t.ref === item.id);
    const applied = applyModifiers(grade, mine);
    skill.applyEffects(applied.value, applied.parts);
    // Skills are prepared after the person: their left-out changes join the count the sheet reports.
    derived.sources.ignored += applied.ignored.length;
  }
}
