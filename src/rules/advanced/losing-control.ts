import { diceSum, int, oneOf } from "../errors.js";
import { SECONDS_PER_TURN } from "../initiative.js";
import { SURPRISE_DEFENCE_PENALTY } from "./surprise.js";

/** §3.1.6 Perdere il Controllo: what can trigger the Esperienza check (terrifying, disgusting, very strong events). */
export const LOSING_CONTROL_CAUSES = ["fear", "disgust", "shock"] as const;
export type LosingControlCause = (typeof LOSING_CONTROL_CAUSES)[number];

/** §1.4/§3.1.6: a trait immunity to a cause (e.g. fear, EX-15a) removes the check for that cause only. */
export function requiresLosingControlCheck(cause: LosingControlCause, immunities: readonly LosingControlCause[] = []): boolean {
  const c = oneOf("cause", cause, LOSING_CONTROL_CAUSES);
  immunities.forEach((im, i) => oneOf(`immunities[${String(i)}]`, im, LOSING_CONTROL_CAUSES));
  return !immunities.includes(c);
}

/** §3.1.6 outcome rows: "none" = check passed (or not required), then by growing difference. */
export const LOSING_CONTROL_BANDS = ["none", "minor", "slight", "disabling", "strong"] as const;
export type LosingControlBand = (typeof LOSING_CONTROL_BANDS)[number];

/** §3.1.6 row of a failed check from difference = difficulty − total (≥ 0): 0–2, 3–5, 6–10, > 10. */
export function losingControlBand(difference: number): Exclude<LosingControlBand, "none"> {
  const d = int("difference", difference, 0);
  if (d <= 2) return "minor";
  if (d <= 5) return "slight";
  if (d <= 10) return "disabling";
  return "strong";
}

/** Result of a Losing Control check. */
export interface LosingControlOutcome {
  /** False when an immunity skipped the check. */
  checked: boolean;
  failed: boolean;
  /** difficulty − total (negative on a success); null when no check was made. */
  difference: number | null;
  band: LosingControlBand;
}

/** §3.1.6 Esperienza check: a total not above the difficulty fails (a tie is a failure with difference 0, A-36). */
export function losingControlOutcome(input: { total: number; difficulty: number; immune?: boolean }): LosingControlOutcome {
  if (input.immune === true) return { checked: false, failed: false, difference: null, band: "none" };
  const difference = int("difficulty", input.difficulty) - int("total", input.total);
  const failed = difference >= 0;
  return { checked: true, failed, difference, band: failed ? losingControlBand(difference) : "none" };
}

/** A duration of `dice`D`faces` + `flat` units, e.g. 1D6 turns (flat 0) or exactly 1 turn (no dice, flat 1). */
export interface EffectDuration {
  dice: number;
  faces: number;
  flat: number;
  unit: "turn" | "minute";
}

/**
 * One of the behaviours the Narrator picks from for a failed check; modifiers apply for the duration.
 * `checkModifier` is on "all check rolls", which (as for conditions, A-39) includes attack and defence rolls.
 */
export interface LosingControlOption {
  key: "surprised" | "shaken" | "frozen" | "flee" | "desperateAggression" | "vomit" | "desperateFlight" | "faint" | "paralysed";
  /** null: the book gives no duration (the GM decides). */
  duration: Readonly<EffectDuration> | null;
  canAct: boolean;
  checkModifier: number;
  attackModifier: number;
  defenceModifier: number;
  meleeDamageModifier: number;
  /** Only where escape is impossible or stress is extreme (replaces flight). */
  requiresNoEscape: boolean;
  /** A further state once the duration ends (after vomiting). */
  aftermath: Readonly<{ duration: Readonly<EffectDuration>; checkModifier: number }> | null;
}

function option(o: Pick<LosingControlOption, "key" | "duration" | "canAct"> & Partial<LosingControlOption>): Readonly<LosingControlOption> {
  return Object.freeze({
    checkModifier: 0,
    attackModifier: 0,
    defenceModifier: 0,
    meleeDamageModifier: 0,
    requiresNoEscape: false,
    aftermath: null,
    ...o,
  });
}

const turns = (dice: number, faces: number, flat = 0): Readonly<EffectDuration> => Object.freeze({ dice, faces, flat, unit: "turn" });
const minutes = (dice: number, faces: number): Readonly<EffectDuration> => Object.freeze({ dice, faces, flat: 0, unit: "minute" });

/** §3.1.6 the Narrator's options for each failure row, as mechanics (A-43: 3D6 turns for fainting as well). */
export const LOSING_CONTROL_EFFECTS: Readonly<Record<Exclude<LosingControlBand, "none">, readonly Readonly<LosingControlOption>[]>> =
  Object.freeze({
    minor: Object.freeze([
      // Treated as surprised by the event (§3.2.1): one turn lost, defence −2 meanwhile.
      option({ key: "surprised", duration: turns(0, 6, 1), canAct: false, defenceModifier: SURPRISE_DEFENCE_PENALTY }),
      option({ key: "shaken", duration: turns(1, 6), canAct: true, checkModifier: -2 }),
    ]),
    slight: Object.freeze([
      option({ key: "frozen", duration: turns(1, 3), canAct: false }),
      option({ key: "flee", duration: turns(2, 6), canAct: true }),
      option({ key: "desperateAggression", duration: null, canAct: true, attackModifier: -2, meleeDamageModifier: 1, requiresNoEscape: true }),
    ]),
    disabling: Object.freeze([
      option({ key: "vomit", duration: turns(1, 6), canAct: false, aftermath: Object.freeze({ duration: minutes(3, 6), checkModifier: -5 }) }),
      option({ key: "desperateFlight", duration: minutes(1, 6), canAct: true }),
    ]),
    strong: Object.freeze([
      option({ key: "faint", duration: turns(3, 6), canAct: false }),
      option({ key: "paralysed", duration: turns(3, 6), canAct: false }),
    ]),
  });

/** §3.1.6 a rolled duration (the sum of its dice) in seconds of world time: turns of 1 s, minutes of 60 s. */
export function effectDurationSeconds(duration: Readonly<EffectDuration>, rolled: number): number {
  const total = (duration.dice > 0 ? diceSum("rolled", rolled, duration.dice, duration.faces) : int("rolled", rolled, 0, 0)) + duration.flat;
  return total * (duration.unit === "turn" ? SECONDS_PER_TURN : 60);
}

/**
 * §3.1.6 the behaviours whose effects last a rolled time and can be applied as timed effects: not "surprised" (the
 * combat tracker marks surprise, §3.2.1) nor the desperate aggression, whose duration the book leaves to the Narrator.
 */
export function timedOption(key: string): Readonly<LosingControlOption> | null {
  const found = Object.values(LOSING_CONTROL_EFFECTS).flat().find((o) => o.key === key);
  return found && found.key !== "surprised" && found.duration !== null ? found : null;
}
