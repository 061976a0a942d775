import { RulesError, int, nat, oneOf, pos, real } from "./errors.js";
import { resolveOptions } from "./options.js";
import type { RulesOptions } from "./options.js";
import { DAMAGE_TYPES } from "./types.js";
import type { DamageType } from "./types.js";

// ───────────────────────── §2.4.1 damage notation (Dn) ─────────────────────────

/**
 * §2.4.1 a weapon's Dn. A-07: `1D6+[FOR−2]` reads 1D6 + the attacker's FOR − 2, i.e. `strengthBonus: −2`;
 * `strengthBonus: null` means Forza is not added (`4D6`, the book's `4D6±0`). `flat` is a constant outside the brackets (`1D6+1`).
 */
export interface DamageSpec {
  dice: number;
  /** D6 for weapons; D3 (§0.2, a halved D6) and D10 appear in animals and setting modules. */
  faces: DamageFaces;
  strengthBonus: number | null;
  flat: number;
  type: DamageType;
}

export const DAMAGE_FACES = [3, 6, 10] as const;
export type DamageFaces = (typeof DAMAGE_FACES)[number];

/** §2.3.6 the letter after the slash: F ferimento, T trauma, S shock. */
export const DAMAGE_TYPE_LETTER: Readonly<Record<DamageType, "F" | "T" | "S">> = Object.freeze({ wounding: "F", trauma: "T", shock: "S" });

const LETTER_TYPE: Readonly<Record<string, DamageType>> = Object.freeze({ F: "wounding", T: "trauma", S: "shock" });

/** §2.4.1 a checked, frozen Dn from its parts. */
export function damageSpec(dice: number, strengthBonus: number | null, flat: number, type: DamageType, faces: DamageFaces = 6): Readonly<DamageSpec> {
  return Object.freeze({
    dice: pos("dice", dice),
    faces: oneOfFaces(faces),
    strengthBonus: strengthBonus === null ? null : int("strengthBonus", strengthBonus),
    flat: int("flat", flat),
    type: oneOf("type", type, DAMAGE_TYPES),
  });
}

function oneOfFaces(faces: unknown): DamageFaces {
  if (!(DAMAGE_FACES as readonly unknown[]).includes(faces)) throw new RulesError("faces", faces, "3, 6 or 10");
  return faces as DamageFaces;
}

function checkSpec(spec: DamageSpec): DamageSpec {
  // Widened on purpose: untyped data (packs, flags) can carry any number here.
  const faces: unknown = spec.faces;
  if (!(DAMAGE_FACES as readonly unknown[]).includes(faces)) throw new RulesError("spec.faces", faces, "3, 6 or 10");
  pos("spec.dice", spec.dice);
  if (spec.strengthBonus !== null) int("spec.strengthBonus", spec.strengthBonus);
  int("spec.flat", spec.flat);
  oneOf("spec.type", spec.type, DAMAGE_TYPES);
  return spec;
}

const SIGNED = String.raw`([+\-−±])\s*(\d+)`;
const DAMAGE_PATTERN = new RegExp(
  String.raw`^(\d+)\s*D\s*6` +
    String.raw`(?:\s*\+\s*\[\s*(?:FOR|Forza)\s*(?:${SIGNED})?\s*\])?` +
    String.raw`(?:\s*${SIGNED})?` +
    String.raw`(?:\s*\/\s*([FTS]))?$`,
  "i",
);

function signed(sign: string | undefined, digits: string | undefined, text: string): number {
  if (sign === undefined || digits === undefined) return 0;
  const n = Number(digits);
  if (sign === "±" && n !== 0) throw new RulesError("text", text, "± only before 0 (±0)");
  return sign === "-" || sign === "−" ? -n : n;
}

/**
 * §2.4.1 parse the book's notation: `1D6+[FOR−2] / F`, `2D6+[FOR±0]/T`, `4D6±0 / F`, `1D6+1/F`.
 * The type letter may be left out when `type` is given.
 */
export function parseDamage(text: string, type?: DamageType): Readonly<DamageSpec> {
  if (typeof text !== "string") throw new RulesError("text", text, "damage notation such as 1D6+[FOR−2] / F");
  const match = DAMAGE_PATTERN.exec(text.trim());
  if (match === null) throw new RulesError("text", text, "damage notation such as 1D6+[FOR−2] / F");
  const [, dice, strengthSign, strengthDigits, flatSign, flatDigits, letter] = match;
  const hasStrength = /\[/.test(text);
  const letterType = letter === undefined ? undefined : LETTER_TYPE[letter.toUpperCase()];
  const resolved = letterType ?? type;
  if (resolved === undefined) throw new RulesError("type", type, "given when the notation has no /F, /T or /S");
  if (letterType !== undefined && type !== undefined && letterType !== type) {
    throw new RulesError("type", type, `${letterType} as the notation says`);
  }
  return damageSpec(
    Number(dice),
    hasStrength ? signed(strengthSign, strengthDigits, text) : null,
    signed(flatSign, flatDigits, text),
    resolved,
  );
}

function signedTerm(n: number): string {
  if (n === 0) return "";
  return n > 0 ? `+${String(n)}` : `−${String(-n)}`;
}

export interface FormattedDamage {
  /** The book's notation, e.g. `1D6+[FOR−2] / F`. */
  book: string;
  /** A Foundry roll formula, e.g. `1d6 + @strength - 2`. */
  foundry: string;
}

/**
 * §2.4.1 write a damage spec in the book's notation and as a Foundry formula (Forza read from `strengthRef`; Foundry
 * rolls a D3 as 1d3, the same odds as a halved D6). A zero modifier is left out (`4D6 / F`, `1D6+[FOR] / F`), where the
 * book sometimes prints `±0`; parseDamage reads either.
 */
export function formatDamage(spec: DamageSpec, strengthRef = "@strength"): FormattedDamage {
  const s = checkSpec(spec);
  const dice = `${String(s.dice)}D${String(s.faces)}`;
  const letter = DAMAGE_TYPE_LETTER[s.type];
  const strengthPart = s.strengthBonus === null ? "" : `+[FOR${signedTerm(s.strengthBonus)}]`;
  const flatPart = signedTerm(s.flat);
  const constant = (s.strengthBonus ?? 0) + s.flat;
  const foundryConstant = constant === 0 ? "" : ` ${constant > 0 ? "+" : "-"} ${String(Math.abs(constant))}`;
  return {
    book: `${dice}${strengthPart}${flatPart} / ${letter}`,
    foundry: `${String(s.dice)}d${String(s.faces)}${s.strengthBonus === null ? "" : ` + ${strengthRef}`}${foundryConstant}`,
  };
}

/** §2.4.1 fixed part added to the dice: Forza (when the weapon uses it) + its modifier + flat. */
function damageConstant(spec: DamageSpec, strength: number): number {
  return (spec.strengthBonus === null ? 0 : nat("strength", strength) + spec.strengthBonus) + spec.flat;
}

/** §2.4.1 a wielder's damage in the book's notation with its Forza counted in: 1D6+[FOR−2] at Forza 5 is 1D6+3. */
export function wieldedDamageNotation(spec: DamageSpec, strength: number): string {
  const s = checkSpec(spec);
  return `${String(s.dice)}D${String(s.faces)}${signedTerm(damageConstant(s, nat("strength", strength)))}`;
}

/** §2.4.1/§2.3.6 lowest and highest damage before armour for a wielder's Forza (never below 0). */
export function damageRange(spec: DamageSpec, strength: number): { min: number; max: number } {
  const s = checkSpec(spec);
  const constant = damageConstant(s, nat("strength", strength));
  return { min: Math.max(0, s.dice + constant), max: Math.max(0, s.dice * s.faces + constant) };
}

/** §2.4.1 damage of one hit from the dice rolled (one result per die), before armour, never below 0. */
export function rollDamage(spec: DamageSpec, strength: number, dice: readonly number[]): number {
  const s = checkSpec(spec);
  if (dice.length !== s.dice) throw new RulesError("dice", dice.length, `${String(s.dice)} results`);
  const sum = dice.reduce((total, r, i) => total + int(`dice[${String(i)}]`, r, 1, s.faces), 0);
  return Math.max(0, sum + damageConstant(s, nat("strength", strength)));
}

// ───────────────────────── §2.4.1 range (Gittata) ─────────────────────────

/** §2.4.1 Gt: fixed metres (firearms), or a multiple of the attacker's Forza (thrown and non-mechanical weapons). */
export type RangeSpec = { metres: number } | { strengthMultiple: number };

/** §2.4.1 Gittata in metres for a wielder's Forza. */
export function weaponRange(range: RangeSpec, strength: number): number {
  if ("metres" in range) return real("range.metres", range.metres, 0);
  return pos("range.strengthMultiple", range.strengthMultiple) * nat("strength", strength);
}

/** §2.4.1 the share of Gt beyond which damage is halved. */
export const HALF_DAMAGE_RANGE_FRACTION = 2 / 3;

/** §2.4.1 distance past which a (non-explosive) weapon does half damage: 2/3 Gt (D-10: 14 m → 9.33 m). */
export function halfDamageDistance(rangeMetres: number): number {
  return (real("rangeMetres", rangeMetres, 0) * 2) / 3;
}

/** §2.4.1 (A-05) beyond 2/3 Gt, compared exactly (3d > 2Gt) so 9.33… m at Gt 14 is not rounded. */
export function isBeyondHalfDamage(distanceMetres: number, rangeMetres: number): boolean {
  return 3 * real("distanceMetres", distanceMetres, 0) > 2 * real("rangeMetres", rangeMetres, 0);
}

/** §2.3.1/§2.4.1 a ranged weapon cannot hit beyond its Gt. */
export function canReach(distanceMetres: number, rangeMetres: number): boolean {
  return real("distanceMetres", distanceMetres, 0) <= real("rangeMetres", rangeMetres, 0);
}

// ───────────────────────── §2.4.2 weapon table ─────────────────────────

/** §2.4.2 one key per row of the weapon table, in the book's order. */
export const WEAPON_KEYS = [
  "hatchetMelee",
  "hatchetThrown",
  "staffOneHanded",
  "staffTwoHanded",
  "knifeMelee",
  "knifeThrown",
  "clubOneHanded",
  "clubTwoHanded",
  "spearOneHanded",
  "spearTwoHanded",
  "spearThrown",
  "pistolOneHanded",
  "pistolTwoHanded",
] as const;
export type WeaponKey = (typeof WEAPON_KEYS)[number];

/** §2.4.2 how a weapon of the table is used. */
export const WEAPON_MODES = ["melee", "thrown", "oneHanded", "twoHanded"] as const;
export type WeaponMode = (typeof WEAPON_MODES)[number];

/** One row of the §2.4.2 table. */
export interface WeaponRow {
  key: WeaponKey;
  /** The book's name (a game term). */
  name: "Accetta" | "Bastone" | "Coltello" | "Clava" | "Lancia" | "Pistola";
  mode: WeaponMode;
  /** Dn */
  damage: Readonly<DamageSpec>;
  /** FM */
  minStrength: number;
  /** C: null = no magazine ("—"). */
  shots: number | null;
  /** P */
  preparation: number;
  /** Gt as printed: null = "—" (melee, and the thrown spear, A-06). */
  range: Readonly<RangeSpec> | null;
  /** Thrown by hand: used for A-06 and for grenade-style landing (§3.2.6). */
  thrown: boolean;
}

function row(r: Omit<WeaponRow, "thrown" | "range"> & { range?: RangeSpec }): Readonly<WeaponRow> {
  return Object.freeze({ ...r, range: r.range === undefined ? null : Object.freeze(r.range), thrown: r.mode === "thrown" });
}

const byStrength2: RangeSpec = { strengthMultiple: 2 };

/** §2.4.2 Armi: every row of the book's weapon table (Dn, FM, C, P, Gt exactly as printed). */
export const WEAPON_TABLE: Readonly<Record<WeaponKey, Readonly<WeaponRow>>> = Object.freeze({
  hatchetMelee: row({ key: "hatchetMelee", name: "Accetta", mode: "melee", damage: damageSpec(1, 0, 0, "wounding"), minStrength: 6, shots: null, preparation: 0 }),
  hatchetThrown: row({ key: "hatchetThrown", name: "Accetta", mode: "thrown", damage: damageSpec(1, -2, 0, "wounding"), minStrength: 6, shots: null, preparation: 0, range: byStrength2 }),
  staffOneHanded: row({ key: "staffOneHanded", name: "Bastone", mode: "oneHanded", damage: damageSpec(1, 0, 0, "trauma"), minStrength: 7, shots: null, preparation: 0 }),
  staffTwoHanded: row({ key: "staffTwoHanded", name: "Bastone", mode: "twoHanded", damage: damageSpec(1, 2, 0, "trauma"), minStrength: 5, shots: null, preparation: 0 }),
  knifeMelee: row({ key: "knifeMelee", name: "Coltello", mode: "melee", damage: damageSpec(1, -2, 0, "wounding"), minStrength: 4, shots: null, preparation: 0 }),
  knifeThrown: row({ key: "knifeThrown", name: "Coltello", mode: "thrown", damage: damageSpec(1, -3, 0, "wounding"), minStrength: 4, shots: null, preparation: 0, range: byStrength2 }),
  clubOneHanded: row({ key: "clubOneHanded", name: "Clava", mode: "oneHanded", damage: damageSpec(1, 2, 0, "trauma"), minStrength: 9, shots: null, preparation: 0 }),
  clubTwoHanded: row({ key: "clubTwoHanded", name: "Clava", mode: "twoHanded", damage: damageSpec(2, 0, 0, "trauma"), minStrength: 7, shots: null, preparation: 0 }),
  spearOneHanded: row({ key: "spearOneHanded", name: "Lancia", mode: "oneHanded", damage: damageSpec(1, 0, 0, "wounding"), minStrength: 7, shots: null, preparation: 0 }),
  spearTwoHanded: row({ key: "spearTwoHanded", name: "Lancia", mode: "twoHanded", damage: damageSpec(1, 2, 0, "wounding"), minStrength: 5, shots: null, preparation: 0 }),
  spearThrown: row({ key: "spearThrown", name: "Lancia", mode: "thrown", damage: damageSpec(1, 0, 0, "wounding"), minStrength: 7, shots: null, preparation: 0 }),
  pistolOneHanded: row({ key: "pistolOneHanded", name: "Pistola", mode: "oneHanded", damage: damageSpec(4, null, 0, "wounding"), minStrength: 7, shots: 12, preparation: 3, range: { metres: 600 } }),
  pistolTwoHanded: row({ key: "pistolTwoHanded", name: "Pistola", mode: "twoHanded", damage: damageSpec(4, null, 0, "wounding"), minStrength: 5, shots: 12, preparation: 3, range: { metres: 600 } }),
});

/** §2.4.2 (A-06) range of thrown weapons printed without Gt (the spear): FOR × 2 like the others. */
export const DEFAULT_THROWN_RANGE: Readonly<RangeSpec> = Object.freeze({ strengthMultiple: 2 });

/**
 * §2.4.1 Gt of a table row for a wielder's Forza: null for melee weapons, and for the thrown spear
 * when `thrownSpearRangeFromStrength` is off (A-06; then the Narrator sets it).
 */
export function weaponRowRange(weapon: Pick<WeaponRow, "range" | "thrown">, strength: number, options: Partial<RulesOptions> = {}): number | null {
  if (weapon.range !== null) return weaponRange(weapon.range, strength);
  if (weapon.thrown && resolveOptions(options).thrownSpearRangeFromStrength) return weaponRange(DEFAULT_THROWN_RANGE, strength);
  return null;
}

// ───────────────────────── §2.4.3 armour table ─────────────────────────

/** §2.4.3 one key per row of the armour table. */
export const ARMOUR_KEYS = ["bulletproofVest", "knightArmour"] as const;
export type ArmourKey = (typeof ARMOUR_KEYS)[number];

export interface ArmourRow {
  key: ArmourKey;
  name: "Corpetto Antiproiettile" | "Armatura da Cavaliere";
  /** Df */
  defence: number;
  /** FM */
  minStrength: number;
  /** Which areas it protects (§3.2.5: a shot aimed elsewhere ignores it). */
  coverage: "torso" | "wholeBody";
}

/** §2.4.3 Armature: the book's armour table. */
export const ARMOUR_TABLE: Readonly<Record<ArmourKey, Readonly<ArmourRow>>> = Object.freeze({
  bulletproofVest: Object.freeze({ key: "bulletproofVest", name: "Corpetto Antiproiettile", defence: 15, minStrength: 6, coverage: "torso" }),
  knightArmour: Object.freeze({ key: "knightArmour", name: "Armatura da Cavaliere", defence: 12, minStrength: 9, coverage: "wholeBody" }),
});

// ───────────────────────── §2.3.7 unarmed ─────────────────────────

/** §2.3.7 Colpi a Mani Nude: FOR − 1D6 trauma per blow, never below 0 (see `unarmedDamage` in damage.ts). */
export const UNARMED: Readonly<{ dice: number; faces: number; type: DamageType; minimum: number; book: string; foundry: string }> = Object.freeze({
  dice: 1,
  faces: 6,
  type: "trauma",
  minimum: 0,
  book: "FOR−1D6 / T",
  foundry: "max(@strength - 1d6, 0)",
});

/** §2.3.7 lowest and highest unarmed damage for a Forza (EX-11: FOR 7 → 1–6, FOR 5 → 0–4). */
export function unarmedDamageRange(strength: number): { min: number; max: number } {
  const s = nat("strength", strength);
  return { min: Math.max(UNARMED.minimum, s - UNARMED.faces), max: Math.max(UNARMED.minimum, s - 1) };
}
