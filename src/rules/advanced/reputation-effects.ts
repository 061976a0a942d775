import { RulesError, diceSum, int, oneOf } from "../errors.js";

/** §3.1.4 Effetti della Reputazione: situations that change the recognition roll. */
export const RECOGNITION_MODIFIER_KEYS = ["abroad", "farFromHomeTown", "frequentedArea"] as const;
export type RecognitionModifierKey = (typeof RECOGNITION_MODIFIER_KEYS)[number];

/** §3.1.4 modifiers to the 2D6 recognition roll (a higher roll makes recognition harder). */
export const RECOGNITION_MODIFIERS: Readonly<Record<RecognitionModifierKey, number>> = Object.freeze({
  abroad: 5,
  farFromHomeTown: 2,
  frequentedArea: -2,
});

/** §3.1.4 observers who never recognise a Protagonist, whatever his Fame. */
export const NEVER_RECOGNISING_OBSERVERS = Object.freeze(["animal", "unknownPeople", "alienRace"] as const);
export type NeverRecognisingObserver = (typeof NEVER_RECOGNISING_OBSERVERS)[number];

/** §3.1.4 who may recognise the Protagonist: an ordinary person of a known people, or one who never does. */
export const RECOGNITION_OBSERVERS = Object.freeze(["person", ...NEVER_RECOGNISING_OBSERVERS] as const);
export type RecognitionObserver = (typeof RECOGNITION_OBSERVERS)[number];

/** §3.1.4 whether this observer can never recognise the Protagonist (animals, unknown peoples, alien races). */
export function neverRecognises(observer: RecognitionObserver): boolean {
  return oneOf("observer", observer, RECOGNITION_OBSERVERS) !== "person";
}

/** Outcome of a recognition roll; `total` is null when no roll was possible. */
export interface RecognitionCheck {
  recognised: boolean;
  total: number | null;
  modifier: number;
}

/** §3.1.4 recognition: 2D6 + modifiers must not exceed Fama; some observers never recognise (then no roll is needed). */
export function recognitionCheck(input: {
  fame: number;
  roll2d6?: number;
  modifiers?: readonly RecognitionModifierKey[];
  otherModifier?: number;
  neverRecognises?: boolean;
}): RecognitionCheck {
  const fame = int("fame", input.fame, 0, 12);
  const modifier =
    (input.modifiers ?? []).reduce(
      (sum, key, i) => sum + RECOGNITION_MODIFIERS[oneOf(`modifiers[${String(i)}]`, key, RECOGNITION_MODIFIER_KEYS)],
      0,
    ) + int("otherModifier", input.otherModifier ?? 0);
  if (input.neverRecognises === true) {
    if (input.roll2d6 !== undefined) diceSum("roll2d6", input.roll2d6, 2, 6);
    return { recognised: false, total: null, modifier };
  }
  if (input.roll2d6 === undefined) throw new RulesError("roll2d6", undefined, "a 2D6 result (2–12)");
  const total = diceSum("roll2d6", input.roll2d6, 2, 6) + modifier;
  return { recognised: total <= fame, total, modifier };
}

/** §3.1.4 whether the Protagonist is recognised (see recognitionCheck). */
export function isRecognised(input: Parameters<typeof recognitionCheck>[0]): boolean {
  return recognitionCheck(input).recognised;
}

/** §3.1.4 reaction modifier of a recognised Protagonist: Reputazione / 5 truncated toward zero (−4…+4). */
export function reputationReactionModifier(reputation: number): number {
  // `+ 0` turns the −0 of trunc(−4/5) into a plain 0.
  return Math.trunc(int("reputation", reputation, -20, 20) / 5) + 0;
}
