/**
 * What the maneuvers executed in a fight do to later rolls (§2.2.1 Difesa and its dive, §2.2.4 Focalizzazione,
 * §3.2.2 prone): who gets which bonus, and when. The combat tracker records each maneuver as its slot comes
 * (ExecutedManeuver); these functions read that record. The amounts themselves are in maneuvers.ts and attack.ts.
 */
import { RulesError, oneOf, pos } from "./errors.js";
import { ATTACK_REACHES, type AttackReach } from "./advanced/stun.js";
import { MANEUVERS, type ManeuverKey } from "./types.js";

/** A maneuver whose slot came in the execution phase of `round` (§2.1.1), with the target its declaration named (a token, actor or combatant id). */
export interface ExecutedManeuver {
  round: number;
  maneuver: ManeuverKey;
  target: string | null;
}

/** What keeps a character from moving (§2.3.7: immobilised, or involved in a grapple). */
export interface Mobility {
  immobilised?: boolean;
  grappled?: boolean;
}

function checked(executed: readonly ExecutedManeuver[]): readonly ExecutedManeuver[] {
  // Read as unknown, so that the check does not widen the typed list to any[].
  const list: unknown = executed;
  if (!Array.isArray(list)) throw new RulesError("executed", executed, "a list of executed maneuvers");
  for (const e of executed) {
    pos("executed.round", e.round);
    oneOf("executed.maneuver", e.maneuver, MANEUVERS);
    if (e.target !== null && typeof e.target !== "string") throw new RulesError("executed.target", e.target, "a string or null");
  }
  return executed;
}

function executedIn(executed: readonly ExecutedManeuver[], round: number, maneuver: ManeuverKey): ExecutedManeuver | null {
  const r = pos("round", round);
  return checked(executed).findLast((e) => e.round === r && e.maneuver === maneuver) ?? null;
}

/**
 * §2.2.1/§2.2.4 the record after a slot of `round` executes `now` (null: cancelled, §2.1.2). Nothing older than the
 * round before is kept: Difesa counts in its own round, Focalizzazione in the next one, and no effect lasts longer.
 */
export function recordExecution(executed: readonly ExecutedManeuver[], round: number, now: { maneuver: ManeuverKey; target: string | null } | null): ExecutedManeuver[] {
  const r = pos("round", round);
  const kept = checked(executed).filter((e) => e.round === r - 1);
  if (now === null) return kept;
  const target = now.target;
  if (target !== null && typeof target !== "string") throw new RulesError("target", target, "a string or null");
  return [...kept, { round: r, maneuver: oneOf("maneuver", now.maneuver, MANEUVERS), target }];
}

/**
 * §2.2.1 Difesa's +⌈DES/2⌉ counts for a defence rolled in `round` once the defender's Difesa has executed in
 * that round, until the next round starts: an attack resolved before it executes gets nothing. Only while the
 * defender can move (§2.2.1 "not in a condition preventing movement"; §2.3.7, A-19: not immobilised nor grappled).
 */
export function defenceManeuverInForce(executed: readonly ExecutedManeuver[], round: number, mobility: Mobility = {}): boolean {
  if (mobility.immobilised === true || mobility.grappled === true) return false;
  return executedIn(executed, round, "defence") !== null;
}

/**
 * §2.2.1 the dive is made during a Difesa: its +2 counts for the defence rolls of the round that Difesa executed (to
 * the end of the turn), for a defender who chose to dive and who could (standing then; never immobilised nor grappled).
 * The combat does not record the dive itself: it stays the defender's choice.
 */
export function diveInForce(executed: readonly ExecutedManeuver[], round: number, dived: boolean, mobility: Mobility = {}): boolean {
  return dived && defenceManeuverInForce(executed, round, mobility);
}

/**
 * §3.2.2 a knocked-down combatant stands up with an ordinary Movimento maneuver, not moving from the spot: in a started
 * combat, once a Movimento of his has executed this round.
 */
export function mayStandUp(executed: readonly ExecutedManeuver[], round: number): boolean {
  return executedIn(executed, pos("round", round), "movement") !== null;
}

/** §2.2.4 the Focalizzazione that aims this round's attacks: one executed in the round before ("for the next turn only"). */
export function focusForRound(executed: readonly ExecutedManeuver[], round: number): ExecutedManeuver | null {
  const r = pos("round", round);
  return r === 1 ? null : executedIn(executed, r - 1, "focus");
}

/**
 * §2.2.4 which targets of an attack get +⌈PER/2⌉: those the Focalizzazione aimed at (each target known by its ids).
 * When the tracker did not record its target, the attacker names it: the first target claimed, never more than one
 * (the maneuver aims at "a specific target"). Without a Focalizzazione, none.
 */
export function focusedTargets(focus: ExecutedManeuver | null, targets: readonly { ids: readonly string[]; claimed: boolean }[]): boolean[] {
  if (focus === null) return targets.map(() => false);
  checked([focus]);
  if (focus.maneuver !== "focus") throw new RulesError("focus.maneuver", focus.maneuver, '"focus"');
  const aimed = focus.target;
  if (aimed !== null) return targets.map((t) => t.ids.includes(aimed));
  const first = targets.findIndex((t) => t.claimed);
  return targets.map((_, i) => i === first);
}

/**
 * §3.2.2 whoever attacks a prone character in melee gets +1 to his defence rolls too: the defender of a melee attack
 * made by someone lying on the ground is, on this reading (IMPL), in melee with him.
 */
export function defendsAgainstProneInMelee(attackerProne: boolean, reach: AttackReach): boolean {
  return attackerProne && oneOf("reach", reach, ATTACK_REACHES) === "melee";
}

