/** A defence as its owner answered it (§2.3.3), read and set up for the roll on any client: the dialog asks, the Narrator's client checks. */
import { defenceModifiers, type AdvantageKey } from "../rules/attack.js";
import type { SourcedPart } from "../effects/effect-math.js";
import { effectRollParts, type RollPart } from "../effects/roll-parts.js";
import { ADVANTAGE_KEYS, ADVANTAGE_POSITIONS } from "../rules/attack.js";

/** §2.3.4 the rows a defender may claim, cover included. */
export const DEFENCE_ADVANTAGES: readonly AdvantageKey[] = ADVANTAGE_KEYS.filter((k) => ADVANTAGE_POSITIONS[k].group === null);
export const COVER = ["none", "coverHalf", "coverThreeQuarters"] as const;

/** What the defender may choose from. */
export interface DefencePlan {
  targetName: string;
  attackTotal: number | null;
  /**
   * Grades to defend with: skills (Schivare first) and Destrezza for people; the printed grade for animals. `effects`:
   * the effects and fever on a defence with that choice, each with its source (absent: none).
   */
  choices: { value: string; label: string; grade: number | null; effects?: SourcedPart[] }[];
  dexterity: number;
  conditionPenalty: number;
  surprised: boolean;
  /** §3.2.1 where the surprise comes from: the Narrator's mark on the Combat, or the token's status. */
  surprisedBy?: "tracker" | "token" | null;
  /**
   * In a started GeneSys combat, what the tracker says: Difesa in force, a dive that may count (§2.2.1, A-29). Null
   * or absent outside one (theatre of the mind): the defender's word stands.
   */
  tracker?: { defenceManeuver: boolean; dive: boolean } | null;
  /** The attacker lies prone, as their token shows (§3.2.2). */
  attackerProne?: boolean;
  /** §3.2.2 the +1 against a prone opponent, pre-filled for a melee attack made from the ground. */
  opponentProne?: boolean;
}

export interface DefenceAnswer {
  choice: string;
  /** A grade typed in when the chosen one is unknown (an animal's lost defence). */
  grade: number | null;
  maneuver: boolean;
  dive: boolean;
  cover: (typeof COVER)[number];
  advantages: AdvantageKey[];
  surprised: boolean;
  opponentProne: boolean;
  modifier: number;
}

/** A defence answer as another client sent it, or null when a field has the wrong type or an unknown value. */
export function readDefenceAnswer(raw: unknown): DefenceAnswer | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { choice, grade, maneuver, dive, cover, advantages, surprised, opponentProne, modifier } = raw as Record<string, unknown>;
  const bool = (v: unknown): v is boolean => typeof v === "boolean";
  const int = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
  if (typeof choice !== "string" || !(grade === null || int(grade)) || !bool(maneuver) || !bool(dive) || !bool(surprised) || !bool(opponentProne) || !int(modifier)) return null;
  if (typeof cover !== "string" || !(COVER as readonly string[]).includes(cover) || !Array.isArray(advantages)) return null;
  if (!advantages.every((k): k is AdvantageKey => typeof k === "string" && (DEFENCE_ADVANTAGES as readonly string[]).includes(k))) return null;
  // cover was checked against COVER just above.
  return { choice, grade, maneuver, dive, cover: cover as DefenceAnswer["cover"], advantages, surprised, opponentProne, modifier };
}

/** §2.3.3 the defence roll's grade and modifiers (defenceModifiers only), or null when the answer is unusable. */
/** §2.3.4 the advantage rows a defence answer names: its cover among them. */
export function defenceAdvantages(answer: DefenceAnswer): AdvantageKey[] {
  return answer.cover === "none" ? answer.advantages : [...answer.advantages, answer.cover];
}

export function defenceSetup(plan: DefencePlan, answer: DefenceAnswer): { label: string; grade: number; parts: RollPart[] } | null {
  const choice = plan.choices.find((c) => c.value === answer.choice);
  if (!choice) return null;
  const grade = choice.grade ?? answer.grade;
  if (grade === null || !Number.isInteger(grade) || grade < 0 || !Number.isInteger(answer.modifier)) return null;
  const advantages = defenceAdvantages(answer);
  const parts = defenceModifiers({
    ...(answer.maneuver ? { defenceManeuverDexterity: plan.dexterity } : {}),
    dive: answer.dive,
    advantages,
    conditionPenalty: plan.conditionPenalty,
    surprised: answer.surprised,
    opponentProneInMelee: answer.opponentProne,
  }).parts;
  const sourced: RollPart[] = [...parts, ...effectRollParts(choice.effects ?? [])];
  return { label: choice.label, grade, parts: answer.modifier === 0 ? sourced : [...sourced, { key: "situational", value: answer.modifier }] };
}
