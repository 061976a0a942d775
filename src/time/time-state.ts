/**
 * An actor's data as time sees it (time-plan.ts TimeState), the update that writes a state back, and what Undo writes:
 * the present values moved back by exactly what one advance changed, so that whatever happened since stays.
 */
import { AnimalModel } from "../data/actor/animal.js";
import type { GenesysActor } from "../documents/actor.js";
import { deprivationTotal, NO_CARRY, type TimeActor, type TimeState } from "./time-plan.js";

/** The actor as the planner reads it; null for an actor type this system does not define. */
export function timeActorOf(actor: GenesysActor): TimeActor | null {
  const sys = actor.genesys;
  if (!sys) return null;
  const fever = { startsInHours: sys.poison.fever.startsInHours, hoursLeft: sys.poison.fever.hoursLeft };
  const c = sys.timeCarry;
  const carry = { rest: c.rest, activity: c.activity, sleep: c.sleep, food: c.food, water: c.water };
  const base = { wounds: sys.wounds.value, fatigue: sys.fatigue.value, doses: sys.poison.doses, fever, carry };
  if (sys instanceof AnimalModel) return { strength: sys.characteristics.strength, resistance: sys.derived.resistance, state: { ...base, deprivation: null } };
  const d = sys.deprivation;
  const points = { ...d.points };
  // The sheet may say less deprivation Fatica than the kinds account for (edited by hand, or cut by a recovery): the
  // kinds give way, the most recently accrued first; more, and the excess is nobody's.
  let excess = points.sleep + points.hunger + points.thirst - sys.fatigue.deprivation;
  for (const kind of ["thirst", "hunger", "sleep"] as const) {
    const cut = Math.min(points[kind], Math.max(0, excess));
    points[kind] -= cut;
    excess -= cut;
  }
  return {
    strength: sys.characteristics.strength,
    resistance: sys.derived.resistance,
    state: {
      ...base,
      deprivation: {
        unassigned: Math.max(0, -excess),
        points,
        hoursAwake: d.hoursAwake,
        hoursWithoutFood: d.daysWithoutFood * 24,
        hoursWithoutWater: d.hoursWithoutWater,
        deadline: { hunger: d.deadline.hunger, thirst: d.deadline.thirst },
      },
    },
  };
}

/** The `system` update that stores `state`. */
export function systemUpdateOf(state: TimeState): Record<string, unknown> {
  const system: Record<string, unknown> = {
    wounds: { value: state.wounds },
    fatigue: { value: state.fatigue, deprivation: Math.min(state.fatigue, deprivationTotal(state.deprivation)) },
    poison: { doses: state.doses, fever: { startsInHours: state.fever.startsInHours, hoursLeft: state.fever.hoursLeft } },
    timeCarry: { ...state.carry },
  };
  const d = state.deprivation;
  if (d) {
    system["deprivation"] = {
      hoursAwake: d.hoursAwake,
      daysWithoutFood: d.hoursWithoutFood / 24,
      hoursWithoutWater: d.hoursWithoutWater,
      points: { ...d.points },
      deadline: { ...d.deadline },
    };
  }
  return system;
}

const back = (now: number, before: number, after: number): number => Math.max(0, now - (after - before));
const backNullable = (now: number | null, before: number | null, after: number | null): number | null => (now === after ? before : now);

/**
 * The state after taking back one advance from `now`: each count and clock moved by the opposite of what the advance
 * changed (never below 0); a fever or deadline put back only if nothing touched it since.
 */
export function undoneState(now: TimeState, before: TimeState, after: TimeState): TimeState {
  const dn = now.deprivation;
  const db = before.deprivation;
  const da = after.deprivation;
  const deprivation = dn && db && da
    ? {
        unassigned: dn.unassigned,
        points: { sleep: back(dn.points.sleep, db.points.sleep, da.points.sleep), hunger: back(dn.points.hunger, db.points.hunger, da.points.hunger), thirst: back(dn.points.thirst, db.points.thirst, da.points.thirst) },
        hoursAwake: back(dn.hoursAwake, db.hoursAwake, da.hoursAwake),
        hoursWithoutFood: back(dn.hoursWithoutFood, db.hoursWithoutFood, da.hoursWithoutFood),
        hoursWithoutWater: back(dn.hoursWithoutWater, db.hoursWithoutWater, da.hoursWithoutWater),
        deadline: { hunger: backNullable(dn.deadline.hunger, db.deadline.hunger, da.deadline.hunger), thirst: backNullable(dn.deadline.thirst, db.deadline.thirst, da.deadline.thirst) },
      }
    : dn;
  const feverUntouched = now.fever.startsInHours === after.fever.startsInHours && now.fever.hoursLeft === after.fever.hoursLeft;
  // A carry is a remainder, not a count: put back only if nothing moved it since (a card from before carries had none).
  const carryUntouched = JSON.stringify(now.carry ?? NO_CARRY) === JSON.stringify(after.carry ?? NO_CARRY);
  return {
    wounds: back(now.wounds, before.wounds, after.wounds),
    fatigue: back(now.fatigue, before.fatigue, after.fatigue),
    doses: back(now.doses, before.doses, after.doses),
    fever: feverUntouched ? before.fever : now.fever,
    carry: carryUntouched ? { ...(before.carry ?? NO_CARRY) } : now.carry,
    deprivation,
  };
}
