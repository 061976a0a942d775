import { RulesError, diceSum, nat, real } from "../errors.js";
import { poisonEffect } from "./generic-damage.js";
import { VIPER_VENOM } from "./animals.js";

/**
 * §3.3.3 Vipera, mild poisoning: where the fever stands. `startsInHours` counts down to the onset (null once it began
 * or when none is due); `hoursLeft` is what is left of the fever once it runs (null when there is none).
 */
export interface FeverState {
  startsInHours: number | null;
  hoursLeft: number | null;
}

export const NO_FEVER: FeverState = Object.freeze({ startsInHours: null, hoursLeft: null });

/** §3.3.3 a fever is due or running. */
export function hasFever(state: FeverState): boolean {
  return state.startsInHours !== null || state.hoursLeft !== null;
}

/** §3.3.3 the fever is running (its −5 applies). */
export function feverActive(state: FeverState): boolean {
  return state.startsInHours === null && state.hoursLeft !== null;
}

/**
 * §3.3.3 a mild poisoning (doses > R/3, §3.1.2) with no fever yet on its way brings one. No doses, no poisoning,
 * whatever the Resistenza: so an actor with Resistenza 0 (Forza 0), which poisonEffect refuses, is asked nothing.
 */
export function poisoningBringsFever(doses: number, resistance: number, state: FeverState): boolean {
  return !hasFever(state) && doses !== 0 && poisonEffect(doses, resistance) !== "none";
}

/** §3.3.3 the fever to come: onset after the 1D6 hours rolled, lasting the 1D3 days rolled unless an antidote cures it. */
export function scheduleFever(onsetRoll: number, daysRoll: number): FeverState & { startsInHours: number; hoursLeft: number } {
  const onset = VIPER_VENOM.mildEffect.onset;
  const length = VIPER_VENOM.mildEffect.untreatedDuration;
  return { startsInHours: diceSum("onsetRoll", onsetRoll, onset.dice, onset.faces), hoursLeft: diceSum("daysRoll", daysRoll, length.dice, length.faces) * 24 };
}

/** How the fever moved over a stretch of time. */
export interface FeverStep {
  state: FeverState;
  started: boolean;
  ended: boolean;
}

/**
 * §3.3.3 the fever after `hours`: the onset counts down first, then the fever's own days; without an antidote it goes
 * by itself when they run out (doses falling meanwhile do not end it: the book says it outlasts them).
 */
export function feverAfterHours(state: FeverState, hours: number): FeverStep {
  const h = real("hours", hours, 0);
  if (state.startsInHours === null && state.hoursLeft === null) return { state: NO_FEVER, started: false, ended: false };
  if (state.hoursLeft === null) throw new RulesError("hoursLeft", null, "the fever's length once an onset is due");
  const left = real("hoursLeft", state.hoursLeft, 0);
  let started = false;
  let running = h;
  if (state.startsInHours !== null) {
    const onset = real("startsInHours", state.startsInHours, 0);
    if (h < onset) return { state: { startsInHours: onset - h, hoursLeft: left }, started: false, ended: false };
    started = true;
    running = h - onset;
  }
  const remaining = left - running;
  if (remaining <= 0) return { state: NO_FEVER, started, ended: true };
  return { state: { startsInHours: null, hoursLeft: remaining }, started, ended: false };
}

/** §3.3.3 the check modifier of a running fever (−5), 0 otherwise. */
export function feverCheckModifier(state: FeverState): number {
  return feverActive(state) ? VIPER_VENOM.mildEffect.checkModifier : 0;
}

/** §3.1.2 Veleno: full hours of world time crossed between two instants (seconds): doses fall on each one. */
export function hoursCrossed(fromSeconds: number, toSeconds: number): number {
  const from = real("fromSeconds", fromSeconds);
  const to = real("toSeconds", toSeconds, from);
  return nat("hoursCrossed", Math.floor(to / 3600) - Math.floor(from / 3600));
}
