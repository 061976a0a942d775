import { RulesError, nat } from "./errors.js";

/** What a Preparation maneuver may be declared for (§2.2.6): drawing a weapon or reloading its magazine (§2.4.1). */
export const PREPARE_PURPOSES = ["draw", "reload"] as const;
export type PreparePurpose = (typeof PREPARE_PURPOSES)[number];

/** The two numbers of a weapon mode that preparing reads: C (null without a magazine) and P. */
export interface PreparedMode {
  magazine: number | null;
  preparation: number;
}

/** §2.2.6 Preparation maneuvers to draw a weapon: one, plus its P when P is what it needs before attacking (no magazine). */
export function preparationsToDraw(mode: PreparedMode): number {
  const p = nat("preparation", mode.preparation);
  return mode.magazine === null ? 1 + p : 1;
}

/** §2.4.1 Preparation maneuvers to reload a magazine weapon: its P, and at least the one declared; null without a magazine. */
export function preparationsToReload(mode: PreparedMode): number | null {
  const p = nat("preparation", mode.preparation);
  return mode.magazine === null ? null : Math.max(1, p);
}

/** §2.2.6 the Preparation maneuvers a purpose needs with this mode; null when the purpose does not apply (reloading without a magazine). */
export function preparationsNeeded(mode: PreparedMode, purpose: PreparePurpose): number | null {
  return purpose === "draw" ? preparationsToDraw(mode) : preparationsToReload(mode);
}

/**
 * §2.2.6 one more Preparation toward a purpose ("usually repeated over several turns"): the count after it and
 * whether the weapon is now drawn or loaded. A count already complete starts again (a second reload).
 */
export function advancePreparation(done: number, needed: number): { done: number; complete: boolean } {
  const d = nat("done", done);
  const n = nat("needed", needed);
  if (n < 1) throw new RulesError("needed", n, "at least 1");
  const next = d >= n ? 1 : d + 1;
  return { done: next, complete: next >= n };
}
