/**
 * §2.3.7 which skill a contender grapples with unless told: the unarmed-combat skill. The compendium's is keyed
 * "combattimento_disarmato"; a hand-made one is found by its name (lotta, mani nude, disarmato, and English words),
 * the best-graded of those when several match; without one, Destrezza (the compendium skill's characteristic).
 */
import { SkillModel } from "../data/item/skill.js";

export const UNARMED_SKILL_KEY = "combattimento_disarmato";
const NAME_HINTS = [/disarmat/i, /mani\s*nude/i, /lott/i, /unarmed/i, /grappl/i, /wrestl/i, /brawl/i, /pugilat/i];

export type GrappleRoll = { skillId: string; characteristic: null } | { skillId: null; characteristic: "dexterity" };

interface SkillItem {
  id: string | null;
  name: string;
  system: unknown;
}

/** The skills of an actor that look like unarmed combat, best first (the compendium key, then grade). */
export function unarmedSkills(items: Iterable<SkillItem>): { id: string; name: string; grade: number | null }[] {
  const found: { id: string; name: string; grade: number | null; keyed: boolean }[] = [];
  for (const item of items) {
    const system = item.system;
    if (!(system instanceof SkillModel) || !item.id) continue;
    const keyed = system.slug === UNARMED_SKILL_KEY;
    if (keyed || NAME_HINTS.some((re) => re.test(item.name))) found.push({ id: item.id, name: item.name, grade: system.grade, keyed });
  }
  found.sort((a, b) => Number(b.keyed) - Number(a.keyed) || (b.grade ?? -1) - (a.grade ?? -1));
  return found.map(({ id, name, grade }) => ({ id, name, grade }));
}

/** What a contender rolls by default: the best unarmed skill, else Destrezza. */
export function defaultGrappleRoll(items: Iterable<SkillItem>): GrappleRoll {
  const best = unarmedSkills(items)[0];
  return best ? { skillId: best.id, characteristic: null } : { skillId: null, characteristic: "dexterity" };
}

/** §2.3.7 whether a contender may grapple with a skill: the Narrator with any, a player only with an unarmed one. */
export function mayGrappleWith(items: Iterable<SkillItem>, skillId: string, narrator: boolean): boolean {
  return narrator || unarmedSkills(items).some((s) => s.id === skillId);
}
