import { RulesError, int, nat, oneOf, real } from "./errors.js";
import { resolveOptions } from "./options.js";
import type { RulesOptions } from "./options.js";
import { DIVE_DEFENCE_BONUS, defenceManeuverBonus, focusBonus } from "./maneuvers.js";
import { SURPRISE_DEFENCE_PENALTY } from "./advanced/surprise.js";
import { LOSING_CONTROL_EFFECTS } from "./advanced/losing-control.js";

/** A labelled modifier, so chat cards can show where a total comes from. */
export interface ModifierPart {
  key: string;
  value: number;
}

/** A sum of labelled modifiers; `parts` lists only the non-zero ones. */
export interface ModifierBreakdown {
  total: number;
  parts: ModifierPart[];
}

function breakdown(parts: readonly ModifierPart[]): ModifierBreakdown {
  const nonZero = parts.filter((p) => p.value !== 0);
  return { total: nonZero.reduce((sum, p) => sum + p.value, 0), parts: nonZero };
}

// ───────────────────────── §2.3.2 range ─────────────────────────

/** §2.3.2 the printed range columns (metres) and their penalties. */
export const RANGE_TABLE: readonly Readonly<{ metres: number; penalty: number }>[] = Object.freeze(
  [5, 10, 20, 30, 40, 50, 60, 80, 100].map((metres, i) => Object.freeze({ metres, penalty: -(i + 1) })),
);

/** §2.3.2 past the last column, one more point per this many metres. */
export const RANGE_STEP_BEYOND_100 = 50;

/**
 * §2.3.2 Fattore Distanza. Exclusive (default): a column "X m" means "more than X m", so ≤ 5 m → 0,
 * (100, 150] → −9. Inclusive: "at least X m", so 5 m → −1, [100, 150) → −9, 150 → −10.
 */
export function rangePenalty(distanceMetres: number, options: Partial<RulesOptions> = {}): number {
  const d = real("distanceMetres", distanceMetres, 0);
  const inclusive = resolveOptions(options).rangeBoundary === "inclusive";
  const reached = (metres: number): boolean => (inclusive ? d >= metres : d > metres);
  const last = 100;
  if (reached(last)) {
    const steps = inclusive ? Math.floor((d - last) / RANGE_STEP_BEYOND_100) : Math.ceil((d - last) / RANGE_STEP_BEYOND_100);
    return -(RANGE_TABLE.length - (inclusive ? 0 : 1) + steps);
  }
  // Counting columns reached keeps the result +0 (not −0) within 5 m.
  return 0 - RANGE_TABLE.filter((column) => reached(column.metres)).length;
}

// ───────────────────────── §2.3.4 advantage positions ─────────────────────────

/** §2.3.4 the rows of the advantage table. */
export const ADVANTAGE_KEYS = [
  "opponentBlinded",
  "opponentImmobilised",
  "opponentGrappling",
  "coverThreeQuarters",
  "coverHalf",
  "partiallyVisible",
  "behindOpponent",
] as const;
export type AdvantageKey = (typeof ADVANTAGE_KEYS)[number];

export interface AdvantagePosition {
  bonus: number;
  /** Cover only helps defence rolls. */
  appliesTo: "both" | "defence";
  /** Rows of the same group are alternatives: only the best counts. */
  group: "cover" | null;
}

/** §2.3.4 Posizioni di Vantaggio: bonus to the advantaged combatant's attack and/or defence rolls. */
export const ADVANTAGE_POSITIONS: Readonly<Record<AdvantageKey, Readonly<AdvantagePosition>>> = Object.freeze({
  opponentBlinded: Object.freeze({ bonus: 6, appliesTo: "both", group: null }),
  opponentImmobilised: Object.freeze({ bonus: 6, appliesTo: "both", group: null }),
  opponentGrappling: Object.freeze({ bonus: 4, appliesTo: "both", group: null }),
  coverThreeQuarters: Object.freeze({ bonus: 4, appliesTo: "defence", group: "cover" }),
  coverHalf: Object.freeze({ bonus: 2, appliesTo: "defence", group: "cover" }),
  partiallyVisible: Object.freeze({ bonus: 2, appliesTo: "both", group: null }),
  behindOpponent: Object.freeze({ bonus: 1, appliesTo: "both", group: null }),
});

export type RollKind = "attack" | "defence";
const ROLL_KINDS: readonly RollKind[] = ["attack", "defence"];

/** §2.3.4/§2.3.7 the rows a grapple decides: the hold in progress gives them, never a player's word. */
export const GRAPPLE_ADVANTAGES: readonly AdvantageKey[] = Object.freeze(["opponentImmobilised", "opponentGrappling"]);

/** §2.3.4 whether a player may name this row on their own word (every row but a grapple's). */
export function playerMayClaim(position: AdvantageKey): boolean {
  return !GRAPPLE_ADVANTAGES.includes(oneOf("position", position, ADVANTAGE_KEYS));
}

/**
 * §2.3.4 what a player may claim himself of the table: the book leaves advantage positions to the Narrator ("may
 * raise"), so a player's word counts for one row at most; summing rows (IMPL: at the Narrator's discretion) and the
 * rows a grapple decides (the hold in progress adds them, grapple-derived) are the Narrator's. Null when the claim fits.
 */
export function playerAdvantageRefusal(positions: readonly AdvantageKey[]): "tooMany" | "grapple" | null {
  const keys = new Set(positions.map((p, i) => oneOf(`positions[${String(i)}]`, p, ADVANTAGE_KEYS)));
  if ([...keys].some((k) => !playerMayClaim(k))) return "grapple";
  return keys.size > 1 ? "tooMany" : null;
}

/** §2.3.4 total advantage for one roll: cover rows are alternatives (best only), the other rows add up once each. */
export function advantageBonus(positions: readonly AdvantageKey[], roll: RollKind): number {
  const kind = oneOf("roll", roll, ROLL_KINDS);
  const keys = new Set(positions.map((p, i) => oneOf(`positions[${String(i)}]`, p, ADVANTAGE_KEYS)));
  let cover = 0;
  let others = 0;
  for (const key of keys) {
    const row = ADVANTAGE_POSITIONS[key];
    if (row.appliesTo === "defence" && kind !== "defence") continue;
    if (row.group === "cover") cover = Math.max(cover, row.bonus);
    else others += row.bonus;
  }
  return cover + others;
}

// ───────────────────────── §2.3.5 static targets ─────────────────────────

/** §2.3.5 the rows of the static-target table, easiest first. */
export const STATIC_TARGET_KEYS = ["large", "medium", "small", "tiny", "minute"] as const;
export type StaticTargetKey = (typeof STATIC_TARGET_KEYS)[number];

/**
 * §2.3.5 Bersagli Statici, by the book's examples: large (parked car, door, big window) 10; medium (moving car,
 * range target, chair, small window) 15; small (beer bottle, bag of flour) 20; tiny or fast (tyre or passenger of a
 * moving car, bottle thrown in the air, coin) 25; minute in flight (coin thrown in the air, small insect) 30.
 */
export const STATIC_TARGETS: Readonly<Record<StaticTargetKey, number>> = Object.freeze({
  large: 10,
  medium: 15,
  small: 20,
  tiny: 25,
  minute: 30,
});

/** §2.3.5 difficulty of a static target. */
export function staticTargetDifficulty(target: StaticTargetKey): number {
  return STATIC_TARGETS[oneOf("target", target, STATIC_TARGET_KEYS)];
}

// ───────────────────────── §2.4.1 / §3.2.x single modifiers ─────────────────────────

/** §2.4.1 FM of a weapon: −2 to attack rolls per point of Forza missing. */
export const WEAPON_SHORTFALL_PENALTY_PER_POINT = -2;

/** §2.4.1 attack penalty for wielding a weapon heavier than one's Forza (D-11: FOR 5, FM 9 → −8). */
export function weaponShortfallPenalty(strength: number, weaponMinStrength: number): number {
  const missing = Math.max(0, nat("weaponMinStrength", weaponMinStrength) - nat("strength", strength));
  return missing === 0 ? 0 : WEAPON_SHORTFALL_PENALTY_PER_POINT * missing;
}

/** §3.2.5 where an attack can be aimed; "trunk" is the undeclared default. A limb is an arm or a leg: it decides what a crippling hit disables. */
export const AIMED_AREAS = ["trunk", "arm", "leg", "vital", "weapon"] as const;
export type AimedArea = (typeof AIMED_AREAS)[number];

/** §3.2.5 the limbs an aimed shot may cripple. */
export const LIMBS = ["arm", "leg"] as const;
export type Limb = (typeof LIMBS)[number];

/** §3.2.5 an aimed shot at a limb (halved after armour, and it may cripple the limb). */
export function isLimb(area: AimedArea): area is Limb {
  return area === "arm" || area === "leg";
}

/** §3.2.5 sizes of a weapon aimed at to disarm. */
export const WEAPON_SIZES = ["small", "medium", "large"] as const;
export type WeaponSize = (typeof WEAPON_SIZES)[number];

/** §3.2.5 Colpi Mirati: attack penalty by area (the trunk is the default target). */
export const AIMED_AREA_PENALTY: Readonly<Record<Exclude<AimedArea, "weapon">, number>> = Object.freeze({
  trunk: 0,
  arm: -3,
  leg: -3,
  vital: -5,
});

/** §3.2.5 penalty to hit a weapon by its size: smaller is harder (default), or the printed order read literally. */
export const AIMED_WEAPON_PENALTY: Readonly<Record<RulesOptions["aimedWeaponPenaltyOrder"], Readonly<Record<WeaponSize, number>>>> =
  Object.freeze({
    smallerIsHarder: Object.freeze({ small: -4, medium: -3, large: -2 }),
    literal: Object.freeze({ small: -2, medium: -3, large: -4 }),
  });

/** §3.2.5 attack penalty of an aimed shot; aiming at a weapon needs its size. */
export function aimedAreaPenalty(area: AimedArea, weaponSize?: WeaponSize, options: Partial<RulesOptions> = {}): number {
  const a = oneOf("area", area, AIMED_AREAS);
  if (a !== "weapon") return AIMED_AREA_PENALTY[a];
  const size = oneOf("weaponSize", weaponSize, WEAPON_SIZES);
  return AIMED_WEAPON_PENALTY[resolveOptions(options).aimedWeaponPenaltyOrder][size];
}

/** §3.2.5 the mildest and harshest penalty for aiming at a gap in the armour (set by the armour's description). */
export const ARMOUR_BYPASS_PENALTY_RANGE = Object.freeze({ mildest: -2, harshest: -6 });

/** §3.2.5 validate an armour-bypass penalty (−2 … −6), added to the area penalty. */
export function armourBypassPenalty(penalty: number): number {
  return int("bypassArmour", penalty, ARMOUR_BYPASS_PENALTY_RANGE.harshest, ARMOUR_BYPASS_PENALTY_RANGE.mildest);
}

/** §3.2.4 Combattere con due Armi: penalty to every attack roll. */
export const TWO_WEAPONS_PENALTY = -4;

/** §3.2.3 degrees of arc per point of scattered-target penalty. */
export const ARC_DEGREES_PER_POINT = 30;

/**
 * §3.2.3 the arc the attacker sweeps to cover scattered targets, from the directions in which they lie (degrees, any
 * turn): the whole circle less the widest gap between two neighbouring directions, in whole degrees (rounded, as the
 * arc of an answer is a whole number). One target, or none, is no arc.
 */
export function coveringArc(bearings: readonly number[]): number {
  const turns = bearings.map((b, i) => ((real(`bearings[${String(i)}]`, b, -3600, 3600) % 360) + 360) % 360).sort((a, b) => a - b);
  if (turns.length < 2) return 0;
  let widestGap = 0;
  for (const [i, b] of turns.entries()) {
    const next = i + 1 < turns.length ? (turns[i + 1] ?? b) : (turns[0] ?? b) + 360;
    widestGap = Math.max(widestGap, next - b);
  }
  return Math.round(360 - widestGap);
}

/**
 * §3.2.3 scattered targets: −1 per full 30° of arc (EX-14: 180° → −6), doubled only for multiple attacks made
 * with both of two weapons (§3.2.4); one roll per weapon at different targets pays the plain arc.
 */
export function arcPenalty(degrees: number, flags: { multipleWithBothWeapons?: boolean } = {}): number {
  const points = Math.floor(real("degrees", degrees, 0, 360) / ARC_DEGREES_PER_POINT);
  if (points === 0) return 0;
  return -points * (flags.multipleWithBothWeapons === true ? 2 : 1);
}

/** §3.2.4 the two-weapon parts of a roll: −4 with two weapons, and the arc doubled only for multiple attacks with both. */
function twoWeaponParts(input: { twoWeapons?: boolean; multipleWithBothWeapons?: boolean; arcDegrees?: number }): ModifierPart[] {
  const both = input.multipleWithBothWeapons === true;
  if (both && input.twoWeapons !== true) throw new RulesError("multipleWithBothWeapons", both, "given only with twoWeapons");
  const parts: ModifierPart[] = [];
  if (input.twoWeapons === true) parts.push({ key: "twoWeapons", value: TWO_WEAPONS_PENALTY });
  if (input.arcDegrees !== undefined) parts.push({ key: "arc", value: arcPenalty(input.arcDegrees, { multipleWithBothWeapons: both }) });
  return parts;
}

export type AttackKind = "melee" | "ranged";
const ATTACK_KINDS: readonly AttackKind[] = ["melee", "ranged"];

/** §3.2.2 prone target: melee attackers +1 to attack (and defence) rolls; ranged attackers −2 to attack only. */
export const PRONE_TARGET_MODIFIER: Readonly<Record<AttackKind, Readonly<{ attack: number; defence: number }>>> = Object.freeze({
  melee: Object.freeze({ attack: 1, defence: 1 }),
  ranged: Object.freeze({ attack: -2, defence: 0 }),
});

const desperateAggression = LOSING_CONTROL_EFFECTS.slight.find((o) => o.key === "desperateAggression");
if (desperateAggression === undefined) throw new Error("§3.1.6 desperate aggression missing from LOSING_CONTROL_EFFECTS");

/** §3.1.6 desperate self-defence aggression: attack-roll modifier (−2); its +1 melee damage goes to the damage roll. */
export const DESPERATE_AGGRESSION_ATTACK_MODIFIER = desperateAggression.attackModifier;
/** §3.1.6 desperate self-defence aggression: added to melee damage rolls. */
export const DESPERATE_AGGRESSION_MELEE_DAMAGE = desperateAggression.meleeDamageModifier;

/** A condition penalty as produced by condition.ts: 0, −2 or −5 (A-39: it applies to attack and defence rolls). */
function checkConditionPenalty(value: number | undefined): number {
  return value === undefined ? 0 : int("conditionPenalty", value, -5, 0);
}

// ───────────────────────── §2.3.1 attack roll ─────────────────────────

/** Everything that can modify an attack roll (§2.3.1); omit what does not apply. */
export interface AttackModifierInput {
  kind: AttackKind;
  /** Distance to the target in metres (§2.3.2); also for static targets. */
  distanceMetres?: number;
  advantages?: readonly AdvantageKey[];
  /** −2 Weak, −5 Exhausted (from condition.ts). */
  conditionPenalty?: number;
  /** Percezione of an attacker who spent last turn's Focalizzazione on this target (§2.2.4). */
  focusPerception?: number;
  /** Attacker's Forza and the weapon's FM (§2.4.1); both or neither. */
  strength?: number;
  weaponMinStrength?: number;
  aimedArea?: AimedArea;
  weaponSize?: WeaponSize;
  /** Armour-gap penalty, −2 … −6 (§3.2.5). */
  bypassArmour?: number;
  twoWeapons?: boolean;
  /** Multiple attacks with both of the two weapons (§3.2.4): the arc penalty doubles. */
  multipleWithBothWeapons?: boolean;
  /** Arc covering scattered targets: of a multiple attack (§3.2.3), or of the two weapons' targets (§3.2.4). */
  arcDegrees?: number;
  targetProne?: boolean;
  /** Losing Control, desperate aggression (§3.1.6). */
  desperateAggression?: boolean;
}

/** §2.3.1 modifiers of an attack roll, itemised. */
export function attackModifiers(input: AttackModifierInput, options: Partial<RulesOptions> = {}): ModifierBreakdown {
  const kind = oneOf("kind", input.kind, ATTACK_KINDS);
  const parts: ModifierPart[] = [];
  if (input.distanceMetres !== undefined) parts.push({ key: "range", value: rangePenalty(input.distanceMetres, options) });
  if (input.advantages !== undefined) parts.push({ key: "advantage", value: advantageBonus(input.advantages, "attack") });
  parts.push({ key: "condition", value: checkConditionPenalty(input.conditionPenalty) });
  if (input.focusPerception !== undefined) parts.push({ key: "focus", value: focusBonus(input.focusPerception) });
  if ((input.strength === undefined) !== (input.weaponMinStrength === undefined)) {
    const missing = input.strength === undefined ? "strength" : "weaponMinStrength";
    throw new RulesError(missing, undefined, "given together with the other of strength / weaponMinStrength");
  }
  if (input.strength !== undefined && input.weaponMinStrength !== undefined) {
    parts.push({ key: "weaponStrength", value: weaponShortfallPenalty(input.strength, input.weaponMinStrength) });
  }
  if (input.aimedArea !== undefined) parts.push({ key: "aimedArea", value: aimedAreaPenalty(input.aimedArea, input.weaponSize, options) });
  if (input.bypassArmour !== undefined) {
    // Aiming at a weapon already ignores armour (§3.2.5): paying for a gap there is a caller error.
    if (input.aimedArea === "weapon") throw new RulesError("bypassArmour", input.bypassArmour, "omitted when aiming at a weapon");
    parts.push({ key: "bypassArmour", value: armourBypassPenalty(input.bypassArmour) });
  }
  parts.push(...twoWeaponParts(input));
  if (input.targetProne === true) parts.push({ key: "proneTarget", value: PRONE_TARGET_MODIFIER[kind].attack });
  if (input.desperateAggression === true) parts.push({ key: "desperateAggression", value: DESPERATE_AGGRESSION_ATTACK_MODIFIER });
  return breakdown(parts);
}

// ───────────────────────── §2.3.3 defence roll ─────────────────────────

/** Everything that can modify a defence roll (§2.3.3); omit what does not apply. */
export interface DefenceModifierInput {
  /** Destrezza of a defender whose Difesa maneuver is in effect (§2.2.1). */
  defenceManeuverDexterity?: number;
  /** Dived this turn (§2.2.1). */
  dive?: boolean;
  advantages?: readonly AdvantageKey[];
  /** −2 Weak, −5 Exhausted (from condition.ts). */
  conditionPenalty?: number;
  /** Surprised, first turn (§3.2.1). */
  surprised?: boolean;
  /** The defender is himself attacking a prone opponent in melee (§3.2.2). */
  opponentProneInMelee?: boolean;
}

/** §2.3.3 modifiers of a defence roll, itemised. */
export function defenceModifiers(input: DefenceModifierInput): ModifierBreakdown {
  const parts: ModifierPart[] = [];
  if (input.defenceManeuverDexterity !== undefined) {
    parts.push({ key: "defenceManeuver", value: defenceManeuverBonus(input.defenceManeuverDexterity) });
  }
  if (input.dive === true) parts.push({ key: "dive", value: DIVE_DEFENCE_BONUS });
  if (input.advantages !== undefined) parts.push({ key: "advantage", value: advantageBonus(input.advantages, "defence") });
  parts.push({ key: "condition", value: checkConditionPenalty(input.conditionPenalty) });
  if (input.surprised === true) parts.push({ key: "surprise", value: SURPRISE_DEFENCE_PENALTY });
  if (input.opponentProneInMelee === true) parts.push({ key: "proneTarget", value: PRONE_TARGET_MODIFIER.melee.defence });
  return breakdown(parts);
}

// ───────────────────────── §2.3.1 / §2.3.5 / §3.2.7 resolution ─────────────────────────

export type AttackOutcome = "hit" | "grazing" | "miss";

/**
 * §2.3.1 an attack hits unless the defence is strictly higher; a tie is a grazing hit with the optional rule (§3.2.7).
 * §2.3.5 against a static target (no defence roll) it hits when the total beats the difficulty.
 */
export function resolveAttack(
  rolls: { attackTotal: number; defenceTotal?: number; staticDifficulty?: number },
  options: Partial<RulesOptions> = {},
): AttackOutcome {
  const attack = int("attackTotal", rolls.attackTotal);
  if ((rolls.defenceTotal === undefined) === (rolls.staticDifficulty === undefined)) {
    throw new RulesError("defenceTotal", rolls.defenceTotal, "given, or staticDifficulty given, but not both");
  }
  if (rolls.staticDifficulty !== undefined) return attack > nat("staticDifficulty", rolls.staticDifficulty) ? "hit" : "miss";
  const defence = int("defenceTotal", rolls.defenceTotal);
  if (defence > attack) return "miss";
  return defence === attack && resolveOptions(options).grazingHits ? "grazing" : "hit";
}

// ───────────────────────── §3.2.3 multiple attacks ─────────────────────────

/** §2.4.1/§3.2.3 rounds left after `rolls` attack rolls, each consuming one; fails when the magazine is short. */
export function shotsAfter(magazine: number, rolls: number): number {
  const m = nat("magazine", magazine);
  const r = nat("rolls", rolls);
  if (r > m) throw new RulesError("rolls", r, `at most ${String(m)}, the rounds left in the magazine`);
  return m - r;
}

export interface MultipleAttackPlan {
  rolls: number;
  /** null for weapons without a magazine (C "—"). */
  shotsLeft: number | null;
  /** Modifier shared by every attack roll of the maneuver: two weapons and scattered targets. */
  perRoll: ModifierBreakdown;
}

/**
 * §3.2.3 a multiple attack: up to the weapon's maximum rolls in one Attack maneuver, each spending a shot;
 * scattered targets cost −1 per 30° of arc; with two weapons −4 on every roll, and the arc doubled when both weapons
 * make multiple attacks (§3.2.4).
 */
export function multipleAttacks(input: {
  maxAttacks: number;
  rolls: number;
  magazine: number | null;
  arcDegrees?: number;
  twoWeapons?: boolean;
  multipleWithBothWeapons?: boolean;
}): MultipleAttackPlan {
  const max = int("maxAttacks", input.maxAttacks, 1);
  const rolls = int("rolls", input.rolls, 1, max);
  const shotsLeft = input.magazine === null ? null : shotsAfter(input.magazine, rolls);
  return { rolls, shotsLeft, perRoll: breakdown(twoWeaponParts(input)) };
}
