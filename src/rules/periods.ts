import { pos, real } from "./errors.js";

/**
 * Every rate of §1.5.3 and §3.1.1 counts only completed periods (D-24). Time given in steps counts them over the whole
 * stretch: `carrySeconds` (what earlier steps left, under one period) plus `seconds` gives the periods completed now
 * and what is left toward the next one — so N small steps complete what one step of their sum does.
 */
export function completedPeriods(carrySeconds: number, seconds: number, periodSeconds: number): { periods: number; carrySeconds: number } {
  const period = pos("periodSeconds", periodSeconds);
  const total = real("carrySeconds", carrySeconds, 0) + real("seconds", seconds, 0);
  const periods = Math.floor(total / period);
  return { periods, carrySeconds: total - periods * period };
}
