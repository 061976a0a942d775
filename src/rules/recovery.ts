import { nat, RulesError } from "./errors.js";
import type { DamageCounters } from "./types.js";

/** §1.5.3 minutes of rest that recover 1 Fatica. */
export const REST_MINUTES_PER_FATIGUE = 5;
/** §1.5.3 minutes of rest (one day) that recover 1 Ferita. */
export const REST_MINUTES_PER_WOUND = 24 * 60;

/** A stretch of rest; minutes and days add up to one duration. */
export interface RestPeriod {
  minutes?: number;
  days?: number;
}

/** Counters after resting and how much each one actually went down. */
export interface RestRecovery {
  counters: DamageCounters;
  recovered: DamageCounters;
}

/**
 * §1.5.3 recovery by simple rest: each 5 minutes −1 Fatica, each day −1 Ferita, never below 0.
 * The period is one duration (a day of rest also recovers Fatica); partial units recover nothing, so callers
 * resting in small steps should add up the time first. `protectedFatigue` is the part of Fatica due to
 * deprivation (sleep, hunger, thirst), which rest does not touch (§3.1.1).
 */
export function recoverByRest(counters: DamageCounters, rest: RestPeriod, protectedFatigue = 0): RestRecovery {
  const wounds = nat("wounds", counters.wounds);
  const fatigue = nat("fatigue", counters.fatigue);
  const minutes = nat("minutes", rest.minutes ?? 0) + nat("days", rest.days ?? 0) * REST_MINUTES_PER_WOUND;
  const locked = nat("protectedFatigue", protectedFatigue);
  // Deprivation fatigue is a part of Fatica (§3.1.1 IMPL), so it cannot exceed it.
  if (locked > fatigue) throw new RulesError("protectedFatigue", locked, `at most the Fatica (${String(fatigue)})`);
  const fatigueLost = Math.min(fatigue - locked, Math.floor(minutes / REST_MINUTES_PER_FATIGUE));
  const woundsLost = Math.min(wounds, Math.floor(minutes / REST_MINUTES_PER_WOUND));
  return {
    counters: { wounds: wounds - woundsLost, fatigue: fatigue - fatigueLost },
    recovered: { wounds: woundsLost, fatigue: fatigueLost },
  };
}
