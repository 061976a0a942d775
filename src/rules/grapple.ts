import { RulesError, nat, oneOf } from "./errors.js";
import { resolveOptions } from "./options.js";
import type { RulesOptions } from "./options.js";
import { ADVANTAGE_POSITIONS } from "./attack.js";
import type { AdvantageKey } from "./attack.js";

/** §2.3.7 no hold, a hold in progress, the defender fully immobilised. */
export const GRAPPLE_STATUSES = ["free", "held", "immobilised"] as const;
export type GrappleStatus = (typeof GRAPPLE_STATUSES)[number];

/** §2.3.7 a grapple between one attacker (who started it) and one defender. */
export interface GrappleState {
  status: GrappleStatus;
  /** Consecutive wins of contests the attacker declared (A-19a); two immobilise. */
  attackerStreak: number;
}

export type GrappleSide = "attacker" | "defender";
export type ContestWinner = GrappleSide | "tie";
const SIDES: readonly GrappleSide[] = ["attacker", "defender"];
const WINNERS: readonly ContestWinner[] = ["attacker", "defender", "tie"];
const DECLARERS: readonly (GrappleSide | "none")[] = ["attacker", "defender", "none"];

/** §2.3.7 attacker-declared wins in a row that immobilise the defender. */
export const IMMOBILISING_STREAK = 2;

/** §2.3.7 no grapple in progress. */
export const FREE: Readonly<GrappleState> = Object.freeze({ status: "free", attackerStreak: 0 });

function checkState(state: GrappleState): GrappleState {
  oneOf("state.status", state.status, GRAPPLE_STATUSES);
  nat("state.attackerStreak", state.attackerStreak);
  return state;
}

/**
 * §2.3.7 the opening contest (an Esecuzione maneuver, unarmed-combat contrast roll): the hold begins when the
 * attacker wins. A tie starts nothing; the Narrator may have it rerolled (§1.7.5).
 */
export function startGrapple(winner: ContestWinner): GrappleState {
  return oneOf("winner", winner, WINNERS) === "attacker" ? { status: "held", attackerStreak: 0 } : { ...FREE };
}

/**
 * §2.3.7 one turn of a grapple in progress. The defender escapes by winning one contest he declared;
 * the attacker immobilises by winning two in a row of the contests he declared. A contest won by the side that
 * did not declare it does nothing; a lost or tied attacker contest breaks his streak, and so does a turn with
 * no contest when `grappleStreakBrokenByIdleTurn`. If both declare, call once per declaration (A-19c).
 */
export function grappleContest(
  state: GrappleState,
  turn: { declaredBy: GrappleSide | "none"; winner?: ContestWinner },
  options: Partial<RulesOptions> = {},
): GrappleState {
  const current = checkState(state);
  if (current.status === "free") throw new RulesError("state.status", current.status, "held or immobilised (no grapple in progress)");
  const declaredBy = oneOf("declaredBy", turn.declaredBy, DECLARERS);
  if (declaredBy === "none") {
    if (turn.winner !== undefined) throw new RulesError("winner", turn.winner, "omitted when no contest was declared");
    return resolveOptions(options).grappleStreakBrokenByIdleTurn ? { ...current, attackerStreak: 0 } : { ...current };
  }
  const winner = oneOf("winner", turn.winner, WINNERS);
  if (declaredBy === "defender") return winner === "defender" ? { ...FREE } : { ...current };
  if (winner !== "attacker") return { ...current, attackerStreak: 0 };
  const attackerStreak = current.attackerStreak + 1;
  return { status: attackerStreak >= IMMOBILISING_STREAK ? "immobilised" : current.status, attackerStreak };
}

/** §2.3.7 the attacker lets go. */
export function releaseGrapple(): GrappleState {
  return { ...FREE };
}

/** §2.3.4 advantage position third parties enjoy against one of the grapplers, or null. */
export function grappleAdvantagePosition(state: GrappleState, side: GrappleSide): AdvantageKey | null {
  const { status } = checkState(state);
  const s = oneOf("side", side, SIDES);
  if (status === "free") return null;
  return status === "immobilised" && s === "defender" ? "opponentImmobilised" : "opponentGrappling";
}

/** §2.3.7 bonus to anyone attacking one of the grapplers: +4 while involved, +6 against the immobilised defender. */
export function grappleAdvantage(state: GrappleState, side: GrappleSide): number {
  const position = grappleAdvantagePosition(state, side);
  return position === null ? 0 : ADVANTAGE_POSITIONS[position].bonus;
}

/** §2.3.7 neither contender can move while involved in a grapple. */
export function canMove(state: GrappleState): boolean {
  return checkState(state).status === "free";
}

/**
 * §2.3.4/§2.3.7 the advantage rows an attack on a grappler counts: what the attacker ticked, with the grapple's own row
 * (from the grapple's state) in place of any grapple row ticked by hand, so +4 and +6 are never both counted.
 */
export function withGrappleAdvantage(ticked: readonly AdvantageKey[], position: AdvantageKey | null): AdvantageKey[] {
  if (position === null) return [...ticked];
  if (position !== "opponentGrappling" && position !== "opponentImmobilised") throw new RulesError("position", position, "a grapple advantage row");
  return [...ticked.filter((k) => k !== "opponentGrappling" && k !== "opponentImmobilised"), position];
}

/**
 * §2.3.7 (A-19d) what a grappler may still add to a defence roll: neither can move, so neither the Difesa maneuver's
 * bonus nor a dive counts (§2.2.1 both need a character free to move); he still defends, with the grade he has.
 */
export function grappleDefenceLimits(state: GrappleState): { defenceManeuver: boolean; dive: boolean } {
  const free = canMove(state);
  return { defenceManeuver: free, dive: free };
}

/**
 * §2.3.7 (A-19a) the end of a turn of the attacker's in which he declared no contest: his streak stands or, with
 * `grappleStreakBrokenByIdleTurn`, starts again.
 */
export function grappleIdleTurn(state: GrappleState, options: Partial<RulesOptions> = {}): GrappleState {
  return grappleContest(state, { declaredBy: "none" }, options);
}
