/**
 * Every reading the spec marks configurable, or every optional rule of the book, as one field.
 * The Foundry layer maps each field to a world setting; the defaults are the spec's adopted readings.
 */
export interface RulesOptions {
  /** A-01 §1.2.2: Riflessi = (PER + DES) / 2 truncated, or rounded half up. */
  reflexesRounding: "floor" | "halfUp";
  /** A-04 §2.3.2: a range column "X m" means "more than X m" (exclusive) or "at least X m" (inclusive). */
  rangeBoundary: "exclusive" | "inclusive";
  /** A-06 §2.4.2: the thrown spear, printed with no Gittata, gets FOR × 2 like other thrown weapons. */
  thrownSpearRangeFromStrength: boolean;
  /** A-10 §2.4.1: the armour FM shortfall on Destrezza also lowers Riflessi (recomputed from the reduced DES). */
  armourShortfallLowersReflexes: boolean;
  /** A-12 §1.8.1: a grade rise caused by a characteristic increase also resets the skill's increment points. */
  resetIncrementOnCharacteristicRise: boolean;
  /** A-03 §3.2.3/§3.3: maneuver used by animals, multiple attacks and two-weapon attacks. */
  animalAttackManeuver: "attack" | "execution";
  /** A-19(a) §2.3.7: a turn where the grappler declares no contest breaks his winning streak. */
  grappleStreakBrokenByIdleTurn: boolean;
  /** A-20 §3.2.5: penalty for aiming at a weapon by size — small −4/medium −3/large −2, or the literal order. */
  aimedWeaponPenaltyOrder: "smallerIsHarder" | "literal";
  /** A-23 §3.2.6: blast distance in whole metres (floor) or exact. */
  blastDistance: "floorMetres" | "exact";
  /** §3.2.7 optional rule: a tie between attack and defence is a grazing hit (half damage). */
  grazingHits: boolean;
  /** §3.2.2 optional rule: every hit calls for a Forza check against the damage or the victim falls prone. */
  stunRule: boolean;
  /** A-27 §1.8.3: halved study times keep fractions, or round up to whole days. */
  studyDaysRounding: "exact" | "ceil";
}

export const DEFAULT_RULES_OPTIONS: Readonly<RulesOptions> = Object.freeze({
  reflexesRounding: "floor",
  rangeBoundary: "exclusive",
  thrownSpearRangeFromStrength: true,
  armourShortfallLowersReflexes: true,
  resetIncrementOnCharacteristicRise: false,
  animalAttackManeuver: "attack",
  grappleStreakBrokenByIdleTurn: false,
  aimedWeaponPenaltyOrder: "smallerIsHarder",
  blastDistance: "floorMetres",
  grazingHits: false,
  stunRule: false,
  studyDaysRounding: "exact",
});

/** Fill the options a caller left out with the spec's defaults. */
export function resolveOptions(options: Partial<RulesOptions> = {}): RulesOptions {
  return { ...DEFAULT_RULES_OPTIONS, ...options };
}

/**
 * One configurable reading (A-01 §1.2.2 … A-27 §1.8.3, each named in RulesOptions) as resolveOptions gives it, without
 * building the whole set: derivations ask for one or two of them on every preparation.
 */
export function resolveOption<K extends keyof RulesOptions>(options: Partial<RulesOptions>, key: K): RulesOptions[K] {
  // What an object spread copies: the caller's own enumerable keys, whatever their value (undefined included).
  if (!Object.prototype.propertyIsEnumerable.call(options, key)) return DEFAULT_RULES_OPTIONS[key];
  return options[key] as RulesOptions[K]; // an own key may hold undefined, which the spread would copy too
}
