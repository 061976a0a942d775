import type { RulesOptions } from "../../rules/options.js";
import { ArmorModel } from "../item/armor.js";
import { SkillModel } from "../item/skill.js";
import { WeaponModel } from "../item/weapon.js";
import { derivePerson, type PersonDerived, type PersonSource, type WornArmour } from "./person.js";

/** Derives a person's data and hands the results to its skills and weapons, which depend on them. */
export function preparePerson(system: PersonSource & Partial<PersonDerived>, actor: Actor.Implementation, options: RulesOptions): void {
  const worn: WornArmour[] = [];
  for (const item of actor.items) {
    if (item.system instanceof ArmorModel && item.system.worn) {
      worn.push({ name: item.name, defence: item.system.defence, minStrength: item.system.minStrength, coversTrunk: item.system.covers("torso") });
    }
  }
  const derived = derivePerson(system, worn, options);
  Object.assign(system, derived);
  for (const item of actor.items) {
    if (item.system instanceof SkillModel) item.system.applyActor(system.characteristics, derived.armour.shortfall);
    else if (item.system instanceof WeaponModel) item.system.applyActor(system.characteristics.strength, options);
  }
}
