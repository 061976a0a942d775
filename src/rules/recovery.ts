import { nat, real, RulesError } from "./errors.js";
import { completedPeriods } from "./periods.js";
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
  return recoverRestPeriods({ wounds, fatigue }, { fatigue: Math.floor(minutes / REST_MINUTES_PER_FATIGUE), wounds: Math.floor(minutes / REST_MINUTES_PER_WOUND) }, locked);
}

/** §1.5.3 the counters after `periods` completed rest periods of each kind, Fatica from deprivation excepted. */
function recoverRestPeriods(counters: DamageCounters, periods: DamageCounters, locked: number): RestRecovery {
  const { wounds, fatigue } = counters;
  // Deprivation fatigue is a part of Fatica (§3.1.1 IMPL), so it cannot exceed it.
  if (locked > fatigue) throw new RulesError("protectedFatigue", locked, `at most the Fatica (${String(fatigue)})`);
  const fatigueLost = Math.min(fatigue - locked, periods.fatigue);
  const woundsLost = Math.min(wounds, periods.wounds);
  return {
    counters: { wounds: wounds - woundsLost, fatigue: fatigue - fatigueLost },
    recovered: { wounds: woundsLost, fatigue: fatigueLost },
  };
}

/**
 * §1.5.3 rest given in steps (a night, then another): `carrySeconds` is the rest earlier steps left toward the next day
 * (under one day). The 5-minute periods and the day are counted over the whole stretch, so three nights of 8 hours
 * heal the Ferita one day of rest heals. Answers the recovery and the rest left toward the next day.
 */
export function recoverByRestInSteps(counters: DamageCounters, carrySeconds: number, seconds: number, protectedFatigue = 0): RestRecovery & { carrySeconds: number } {
  const carry = real("carrySeconds", carrySeconds, 0);
  const day = completedPeriods(carry, seconds, REST_MINUTES_PER_WOUND * 60);
  const fatigue = completedPeriods(carry % (REST_MINUTES_PER_FATIGUE * 60), seconds, REST_MINUTES_PER_FATIGUE * 60).periods;
  const rest = recoverRestPeriods({ wounds: nat("wounds", counters.wounds), fatigue: nat("fatigue", counters.fatigue) }, { fatigue, wounds: day.periods }, nat("protectedFatigue", protectedFatigue));
  return { ...rest, carrySeconds: day.carrySeconds };
}
