import { RulesError, int, nat, oneOf, real } from "./errors.js";
import { MANEUVERS } from "./types.js";
import type { ManeuverKey } from "./types.js";

/** §2.2 initiative value of each maneuver (A-02: Difesa 4, Attacco 2, the rest 0; there is no "Attesa"). */
export const MANEUVER_INITIATIVE: Readonly<Record<ManeuverKey, number>> = Object.freeze({
  defence: 4,
  attack: 2,
  execution: 0,
  focus: 0,
  movement: 0,
  preparation: 0,
});

/** §2.2 initiative value of a maneuver. */
export function maneuverInitiative(maneuver: ManeuverKey): number {
  return MANEUVER_INITIATIVE[oneOf("maneuver", maneuver, MANEUVERS)];
}

/** What a maneuver lets its user do, for the UI to list and for callers to check. */
export interface ManeuverInfo {
  key: ManeuverKey;
  initiative: number;
  /** Book section describing it. */
  section: string;
  /** Contains an attack roll (Attacco; also several in a multiple attack, §3.2.3). */
  attacks: boolean;
  /** +ceil(DES/2) to every defence roll until the start of the next turn (§2.2.1). */
  defenceBonus: boolean;
  /** May include a dive toward cover (§2.2.1). */
  dive: boolean;
  /** +ceil(PER/2) to next turn's attack on the chosen target (§2.2.4). */
  aims: boolean;
  /** Displacement, or standing up from prone without displacement (§2.2.5, §3.2.2). */
  moves: boolean;
  /** Counts toward a weapon's P (reload) or drawing it (A-08) (§2.2.6). */
  prepares: boolean;
  /** Starts or contests a grapple (§2.3.7: Esecuzione, explicitly not Attacco). */
  grapples: boolean;
}

function info(key: ManeuverKey, section: string, flags: Partial<Omit<ManeuverInfo, "key" | "initiative" | "section">>): Readonly<ManeuverInfo> {
  return Object.freeze({
    key,
    initiative: MANEUVER_INITIATIVE[key],
    section,
    attacks: false,
    defenceBonus: false,
    dive: false,
    aims: false,
    moves: false,
    prepares: false,
    grapples: false,
    ...flags,
  });
}

/** §2.2 the six maneuvers in the book's order, with their effects as flags. */
export const MANEUVERS_INFO: readonly Readonly<ManeuverInfo>[] = Object.freeze([
  info("defence", "§2.2.1", { defenceBonus: true, dive: true }),
  info("attack", "§2.2.2", { attacks: true }),
  info("execution", "§2.2.3", { grapples: true }),
  info("focus", "§2.2.4", { aims: true }),
  info("movement", "§2.2.5", { moves: true }),
  info("preparation", "§2.2.6", { prepares: true }),
]);

/** §2.2.4 the maneuver is declared on a target (Focalizzazione aims at "a specific target"). */
export function aimsAtTarget(maneuver: ManeuverKey): boolean {
  return MANEUVERS_INFO.some((info) => info.key === oneOf("maneuver", maneuver, MANEUVERS) && info.aims);
}

/** A declared maneuver; holding (§2.1.2, A-33) is a state of the declaration, not a maneuver of its own. */
export interface ManeuverDeclaration {
  maneuver: ManeuverKey;
  /** Waiting for a trigger event; persists across turns until executed, cancelled or broken by a distraction. */
  held: boolean;
  /** Token or actor id of the target, when the maneuver has one. */
  target?: string;
}

/** §2.1.2 cancelling a declared maneuver when its turn comes. */
export const CANCEL = "cancel";
export type ManeuverReplacement = ManeuverKey | typeof CANCEL;

/** §2.1.1 a fresh declaration. */
export function declareManeuver(maneuver: ManeuverKey, target?: string): ManeuverDeclaration {
  const m = oneOf("maneuver", maneuver, MANEUVERS);
  return target === undefined ? { maneuver: m, held: false } : { maneuver: m, held: false, target };
}

/** §2.1.2 put a declared maneuver on hold, waiting for an event. */
export function holdManeuver(declaration: ManeuverDeclaration): ManeuverDeclaration {
  oneOf("declaration.maneuver", declaration.maneuver, MANEUVERS);
  return { ...declaration, held: true };
}

/** §2.1.2 cancelling is always allowed; a replacement only with strictly higher initiative, in the same slot. */
export function canReplace(declared: ManeuverKey, replacement: ManeuverReplacement): boolean {
  const from = maneuverInitiative(declared);
  if (replacement === CANCEL) return true;
  return MANEUVER_INITIATIVE[oneOf("replacement", replacement, MANEUVERS)] > from;
}

/** §2.1.2 the declaration after a replacement (null when cancelled); rejects a replacement the book forbids. */
export function replaceManeuver(declaration: ManeuverDeclaration, replacement: ManeuverReplacement): ManeuverDeclaration | null {
  if (!canReplace(declaration.maneuver, replacement)) {
    throw new RulesError("replacement", replacement, `cancel or a maneuver with initiative above ${String(MANEUVER_INITIATIVE[declaration.maneuver])}`);
  }
  if (replacement === CANCEL) return null;
  return { ...declaration, maneuver: replacement, held: false };
}

/** §2.2.1 Difesa: bonus to every defence roll until the start of the next turn. */
export function defenceManeuverBonus(dexterity: number): number {
  return Math.ceil(nat("dexterity", dexterity) / 2);
}

/** §2.2.1 dive: extra bonus to defence rolls until the end of the turn. */
export const DIVE_DEFENCE_BONUS = 2;

/** §2.2.1 dive: added to the difficulty of the jump. */
export const DIVE_JUMP_PENALTY = 5;

/** §2.2.1 difficulty of the jump made while diving (EX-13: standing 2 m = 20 → 25). */
export function diveJumpDifficulty(baseDifficulty: number): number {
  return nat("baseDifficulty", baseDifficulty) + DIVE_JUMP_PENALTY;
}

/** §2.2.1 a dive needs a standing character who is neither immobilised nor involved in a grapple. */
export function canDive(state: { prone?: boolean; immobilised?: boolean; grappled?: boolean }): boolean {
  return state.prone !== true && state.immobilised !== true && state.grappled !== true;
}

/** §2.2.4 Focalizzazione: bonus to next turn's attack roll against the chosen target. */
export function focusBonus(perception: number): number {
  return Math.ceil(nat("perception", perception) / 2);
}

/** §2.2.5 share of Velocità a prone character may crawl (A-30: fractional metres kept). */
export const PRONE_SPEED_FRACTION = 1 / 4;

/** §2.2.5 a failed adverse-conditions check by less than this still moves half the distance. */
export const MOVEMENT_MISHAP_MARGIN = 5;

export type MovementOutcome = "full" | "half" | "mishap";

export interface MovementResult {
  metres: number;
  outcome: MovementOutcome;
}

/**
 * §2.2.5 Movimento: how far a character gets in one turn.
 * `checkMargin` = total − difficulty of the adverse-conditions check, when the Narrator asked for one
 * (> 0 success; 0…−4 half distance; ≤ −5 mishap: a fall or similar, no distance covered).
 */
export function movementDistance(input: { speed: number; prone?: boolean; checkMargin?: number }): MovementResult {
  const base = real("speed", input.speed, 0) * (input.prone === true ? PRONE_SPEED_FRACTION : 1);
  if (input.checkMargin === undefined) return { metres: base, outcome: "full" };
  const margin = int("checkMargin", input.checkMargin);
  if (margin > 0) return { metres: base, outcome: "full" };
  if (-margin < MOVEMENT_MISHAP_MARGIN) return { metres: base / 2, outcome: "half" };
  return { metres: 0, outcome: "mishap" };
}
