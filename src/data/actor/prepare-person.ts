import { actorModifiers } from "../../effects/actor-effects.js";
import { aimedAt, applyModifiers } from "../../effects/effect-math.js";
import { bulkyGearHinders } from "../../effects/bulky-gear-setting.js";
import type { RulesOptions } from "../../rules/options.js";
import { ArmorModel } from "../item/armor.js";
import { GearModel } from "../item/gear.js";
import { SkillModel } from "../item/skill.js";
import { WeaponModel } from "../item/weapon.js";
import { derivePerson, type PersonDerived, type PersonSource, type WornArmour } from "./person.js";

/**
 * Derives a person's data and hands the results to its skills and weapons, which depend on them. Armour worn hinders
 * through its FM (§2.4.1); with the world setting on, so does carried gear the Narrator marked with a FOR minima (§3.1.5).
 */
export function preparePerson(system: PersonSource & Partial<PersonDerived>, actor: Actor.Implementation, options: RulesOptions): void {
  const worn: WornArmour[] = [];
  const bulky = bulkyGearHinders();
  let carriedKg = 0;
  for (const item of actor.items) {
    const sys = item.system;
    if (sys instanceof ArmorModel) {
      carriedKg += sys.weight;
      if (sys.worn) worn.push({ name: item.name, defence: sys.defence, minStrength: sys.minStrength, coversTrunk: sys.covers("torso") });
    } else if (sys instanceof WeaponModel) {
      carriedKg += sys.weight;
    } else if (sys instanceof GearModel) {
      carriedKg += sys.totalWeight;
      if (bulky && sys.minStrength > 0 && sys.quantity > 0) worn.push({ name: item.name, defence: 0, minStrength: sys.minStrength, coversTrunk: false });
    }
  }
  const modifiers = actorModifiers(actor);
  const derived = derivePerson(system, worn, options, { modifiers, carriedKg });
  Object.assign(system, derived);
  for (const item of actor.items) {
    if (item.system instanceof SkillModel) {
      const skill = item.system;
      const grade = skill.applyActor(derived.modified, derived.armour.shortfall);
      const applied = applyModifiers(grade, aimedAt(modifiers, "skill", (t) => t.ref === skill.slug || t.ref === item.id));
      skill.applyEffects(applied.value, applied.parts);
      // Skills are prepared after the person: their left-out changes join the count the sheet reports.
      derived.sources.ignored += applied.ignored.length;
    } else if (item.system instanceof WeaponModel) item.system.applyActor(derived.modified.strength, options);
  }
}
