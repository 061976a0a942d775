/** §2.3.3 what a target may defend with, read from its actor: the same on the defender's client and on the GM's. */
import type { DefencePlan } from "../applications/attack-dialog.js";
import { AnimalModel } from "../data/actor/animal.js";
import { SkillModel } from "../data/item/skill.js";
import { DODGE_SKILL_SLUG } from "../dice/attack-roll.js";
import type { GenesysActor } from "../documents/actor.js";
import type { AttackRow } from "./attack-card.js";

/** Its skills (dodge first) and Destrezza for a person; an animal's printed grade. Null when it cannot defend. */
export function defencePlan(target: GenesysActor, row: AttackRow, hidden: boolean, localize: (key: string) => string): DefencePlan | null {
  const sys = target.genesys;
  if (!sys || sys.condition.penalty === null || !sys.condition.canDefend) return null;
  const common = { targetName: row.target.name, attackTotal: hidden ? null : row.attack.total, conditionPenalty: sys.condition.penalty, surprised: target.statuses.has("surprised") };
  if (sys instanceof AnimalModel) {
    return { ...common, dexterity: sys.characteristics.dexterity, choices: [{ value: "animal", label: localize("GENESYS.Attack.AnimalDefence"), grade: sys.gradesIn(null).defence }] };
  }
  const skills = target.items.contents
    .flatMap((item) => (item.system instanceof SkillModel && item.system.grade !== null ? [{ value: item.system.slug, label: item.name, grade: item.system.grade }] : []))
    .sort((a, b) => Number(b.value === DODGE_SKILL_SLUG) - Number(a.value === DODGE_SKILL_SLUG) || a.label.localeCompare(b.label));
  const dexterity = { value: "dexterity", label: localize("GENESYS.Characteristic.dexterity"), grade: sys.effective.dexterity };
  const choices = skills.some((s) => s.value === DODGE_SKILL_SLUG) ? [...skills, dexterity] : [dexterity, ...skills];
  return { ...common, dexterity: sys.effective.dexterity, choices };
}
