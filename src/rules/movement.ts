/**
 * How far one Movimento takes a character (§2.2.5), with what holds him back: lying on the ground (§3.2.2), a grapple
 * (§2.3.7), an adverse-conditions check. The distance arithmetic itself is movementDistance's (maneuvers.ts); this
 * file decides which case applies and says why, for the tracker and the token's ruler to show.
 */
import { int, real } from "./errors.js";
import { movementDistance } from "./maneuvers.js";

/**
 * Why the allowance is what it is: flat ground (Speed), prone (a quarter, A-30), standing up (no displacement),
 * half or mishap after a failed adverse-conditions check, no displacement while grappled or immobilised.
 */
export type MovementAllowanceReason = "flat" | "prone" | "standUp" | "half" | "mishap" | "grappled" | "immobilised";

export interface MovementAllowance {
  /** Metres the maneuver may cover; fractions kept. */
  metres: number;
  reason: MovementAllowanceReason;
  /** The character is on the ground (the half and mishap cases may be prone too). */
  prone: boolean;
  /** total − difficulty of the adverse-conditions check behind a half or mishap allowance (always ≤ 0 there). */
  checkMargin?: number;
}

export interface MovementSituation {
  /** Velocità as derived (armour shortfall and loads already in it). */
  speed: number;
  prone?: boolean;
  /** A prone character spends this Movimento getting up (§3.2.2). */
  standingUp?: boolean;
  /** Involved in a grapple, either side (§2.3.7). */
  grappled?: boolean;
  immobilised?: boolean;
  /** total − difficulty of the adverse-conditions check, when the Narrator asked for one. */
  checkMargin?: number;
}

/**
 * §2.2.5 the distance one Movimento allows. §2.3.7 a grappler or an immobilised character does not move at all;
 * §3.2.2 a prone one who stands up stays on the spot; otherwise Speed (a quarter when prone, A-30), halved after a
 * check failed by less than 5, nothing after a worse failure (a fall or similar mishap).
 */
export function movementAllowance(situation: MovementSituation): MovementAllowance {
  const speed = real("speed", situation.speed, 0);
  const prone = situation.prone === true;
  if (situation.checkMargin !== undefined) int("checkMargin", situation.checkMargin);
  if (situation.immobilised === true) return { metres: 0, reason: "immobilised", prone };
  if (situation.grappled === true) return { metres: 0, reason: "grappled", prone };
  if (prone && situation.standingUp === true) return { metres: 0, reason: "standUp", prone };
  const { metres, outcome } = movementDistance({ speed, prone, ...(situation.checkMargin === undefined ? {} : { checkMargin: situation.checkMargin }) });
  if (outcome === "half" || outcome === "mishap") return { metres, reason: outcome, prone, checkMargin: situation.checkMargin ?? 0 };
  return { metres, reason: prone ? "prone" : "flat", prone };
}

/** Measured paths in floating point: a path this close to the allowance counts as within it. */
const MEASURE_TOLERANCE = 1e-6;

/** §2.2.5 "up to" the allowance: may a path of `metres` be covered in one Movimento? */
export function withinAllowance(metres: number, allowance: MovementAllowance): boolean {
  return real("metres", metres, 0) <= allowance.metres + MEASURE_TOLERANCE;
}
