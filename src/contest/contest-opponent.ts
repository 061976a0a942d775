/**
 * What the opponent rolls in a contest unless whoever plays the opponent says otherwise (§1.7.5): the same skill (by
 * its language-free key), else that skill's characteristic; the same characteristic for a characteristic. The dialog
 * offers it by default and the Narrator's client holds a player to it for an opponent the player does not own.
 */
import { SkillModel, skillByKey } from "../data/item/skill.js";
import type { GenesysActor } from "../documents/actor.js";
import type { ContestSideRequest } from "./contest-plan.js";

/** What one side may roll: a skill by id or a characteristic. */
export type SideChoice = Pick<ContestSideRequest, "skillId" | "characteristic">;

export function defaultOpponentChoice(actor: GenesysActor, mine: SideChoice, opponent: GenesysActor): SideChoice {
  if (mine.characteristic !== null) return { skillId: null, characteristic: mine.characteristic };
  const system = mine.skillId === null ? undefined : actor.items.get(mine.skillId)?.system;
  if (!(system instanceof SkillModel)) return { skillId: null, characteristic: "dexterity" };
  const same = skillByKey(opponent.items, system.slug);
  return same?.id ? { skillId: same.id, characteristic: null } : { skillId: null, characteristic: system.characteristic };
}

/** Whether two choices name the same roll. */
export function sameChoice(x: SideChoice, y: SideChoice): boolean {
  return x.skillId === y.skillId && x.characteristic === y.characteristic;
}
