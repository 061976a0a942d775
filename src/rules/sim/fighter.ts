/**
 * The plain description of a combatant the fight simulator reads: numbers a sheet or a stat block already shows,
 * checked and completed with defaults. Builders for the book's weapons, bare hands and animals are here too.
 */
import { RulesError, int, nat, oneOf, pos, real } from "../errors.js";
import type { AttackKind } from "../attack.js";
import { damageSpec, weaponRowRange, WEAPON_KEYS, WEAPON_TABLE } from "../weapons.js";
import type { DamageFaces, DamageSpec, WeaponKey, WeaponRow } from "../weapons.js";
import { ANIMALS, ANIMAL_KEYS, animalCombatGrades } from "../advanced/animals.js";
import type { AnimalEnvironment, AnimalKey, AnimalStatBlock } from "../advanced/animals.js";
import type { RulesOptions } from "../options.js";

/** One way a combatant can attack: a weapon of §2.4, bare hands (§2.3.7) or natural weapons (§3.3.1). */
export interface EncounterAttackInput {
  /** Shown in the results (a weapon's or attack's name). */
  name: string;
  /** Added to the attack roll: the grade in the weapon's skill, or an animal's printed attack value. */
  grade: number;
  /** The Dn (§2.4.1), or "unarmed": FOR − 1D6 trauma (§2.3.7). */
  damage: DamageSpec | "unarmed";
  /** Melee or ranged: reach (§2.3.1), range penalty (§2.3.2), prone target (§3.2.2). */
  kind: AttackKind;
  /** Gt in metres of a ranged attack; omitted or null: no limit given. */
  rangeMetres?: number | null;
  /** FM (§2.4.1); 0 or omitted for none. */
  minStrength?: number;
  /** C, the magazine (§2.4.1); omitted or null: no magazine. */
  shots?: number | null;
  /** P: Preparation maneuvers to reload the magazine; null: it cannot be reloaded during the fight (a thrown weapon). */
  reload?: number | null;
  /** Attack rolls one maneuver may make (§3.2.3); 1 when omitted. */
  maxAttacks?: number;
  /** An animal's natural weapons (§3.3.1): attacks through `animalAttackManeuver`. */
  natural?: boolean;
}

/** A combatant as the simulator takes it; the derived values are those in use (armour shortfall already counted). */
export interface EncounterFighterInput {
  /** Unique within the encounter. */
  id: string;
  name?: string;
  strength: number;
  /** Destrezza in use: gives the Difesa bonus (§2.2.1). */
  dexterity: number;
  reflexes: number;
  resistance: number;
  /** Damage already suffered (§1.5.1). */
  wounds?: number;
  fatigue?: number;
  /** Df of armour or natural protection (§2.3.6). */
  armour?: number;
  /** Grade of the best defence skill (an animal's printed defence value). */
  defenceGrade: number;
  /** May be empty: a combatant who cannot attack only defends. */
  attacks: readonly EncounterAttackInput[];
  /** Caught by surprise (§3.2.1): no action in turn 1, −2 to its defence rolls in it. */
  surprised?: boolean;
}

/** A checked attack, every field filled. */
export interface EncounterAttack {
  name: string;
  grade: number;
  damage: Readonly<DamageSpec> | "unarmed";
  kind: AttackKind;
  rangeMetres: number | null;
  minStrength: number;
  shots: number | null;
  reload: number | null;
  maxAttacks: number;
  natural: boolean;
}

/** A checked combatant, every field filled. */
export interface EncounterFighter {
  id: string;
  name: string;
  strength: number;
  dexterity: number;
  reflexes: number;
  resistance: number;
  wounds: number;
  fatigue: number;
  armour: number;
  defenceGrade: number;
  attacks: readonly EncounterAttack[];
  surprised: boolean;
}

const ATTACK_KINDS: readonly AttackKind[] = ["melee", "ranged"];

function checkAttack(a: EncounterAttackInput, at: string): EncounterAttack {
  if (typeof a.name !== "string") throw new RulesError(`${at}.name`, a.name, "a string");
  const damage = a.damage === "unarmed" ? "unarmed" : damageSpec(a.damage.dice, a.damage.strengthBonus, a.damage.flat, a.damage.type, a.damage.faces);
  const shots = a.shots ?? null;
  return {
    name: a.name,
    grade: int(`${at}.grade`, a.grade),
    damage,
    kind: oneOf(`${at}.kind`, a.kind, ATTACK_KINDS),
    rangeMetres: a.rangeMetres === undefined || a.rangeMetres === null ? null : real(`${at}.rangeMetres`, a.rangeMetres, 0),
    minStrength: nat(`${at}.minStrength`, a.minStrength ?? 0),
    shots: shots === null ? null : pos(`${at}.shots`, shots),
    reload: a.reload === undefined || a.reload === null ? null : nat(`${at}.reload`, a.reload),
    maxAttacks: pos(`${at}.maxAttacks`, a.maxAttacks ?? 1),
    natural: a.natural === true,
  };
}

/** Check a combatant and fill the defaults (no damage, no armour, not surprised). */
export function encounterFighter(input: EncounterFighterInput, at = "fighter"): EncounterFighter {
  if (typeof input.id !== "string" || input.id === "") throw new RulesError(`${at}.id`, input.id, "a non-empty id");
  const attacks: unknown = input.attacks; // JavaScript callers may pass anything
  if (!Array.isArray(attacks)) throw new RulesError(`${at}.attacks`, attacks, "a list of attacks (possibly empty)");
  return {
    id: input.id,
    name: typeof input.name === "string" && input.name !== "" ? input.name : input.id,
    strength: nat(`${at}.strength`, input.strength),
    dexterity: nat(`${at}.dexterity`, input.dexterity),
    reflexes: nat(`${at}.reflexes`, input.reflexes),
    resistance: pos(`${at}.resistance`, input.resistance),
    wounds: nat(`${at}.wounds`, input.wounds ?? 0),
    fatigue: nat(`${at}.fatigue`, input.fatigue ?? 0),
    armour: nat(`${at}.armour`, input.armour ?? 0),
    defenceGrade: int(`${at}.defenceGrade`, input.defenceGrade),
    attacks: input.attacks.map((a, i) => checkAttack(a, `${at}.attacks[${String(i)}]`)),
    surprised: input.surprised === true,
  };
}

// ───────────────────────── builders ─────────────────────────

/**
 * §2.4.2 an attack with a row of the weapon table, for a wielder's grade and Forza: Gt from the row (A-06 for the
 * thrown spear), the pistol's 12 rounds reloaded with P 3 Preparations, a thrown weapon usable once.
 */
export function weaponAttack(weapon: WeaponKey | WeaponRow, grade: number, strength: number, options: Partial<RulesOptions> = {}): EncounterAttackInput {
  const row = typeof weapon === "string" ? WEAPON_TABLE[oneOf("weapon", weapon, WEAPON_KEYS)] : weapon;
  const range = weaponRowRange(row, strength, options);
  const ranged = row.thrown || range !== null;
  return {
    name: row.name,
    grade,
    damage: row.damage,
    kind: ranged ? "ranged" : "melee",
    rangeMetres: range,
    minStrength: row.minStrength,
    shots: row.thrown ? 1 : row.shots,
    // A thrown weapon is gone once thrown; a magazine takes P Preparation maneuvers (§2.4.1).
    reload: row.thrown ? null : row.shots === null ? null : row.preparation,
  };
}

/** §2.3.7 Colpi a Mani Nude with the grade of the unarmed-fighting skill. */
export function unarmedAttack(grade: number, name = "unarmed"): EncounterAttackInput {
  return { name, grade, damage: "unarmed", kind: "melee" };
}

/** Where an animal fights by default: its first printed speed mode (the hawk flies, the shark swims). */
function usualEnvironment(animal: AnimalStatBlock): AnimalEnvironment {
  const mode = animal.speeds[0]?.mode ?? "run";
  return mode === "fly" ? "flight" : mode === "swim" ? "water" : "ground";
}

/** What the Narrator adds to a printed animal. */
export interface AnimalFighterOptions {
  name?: string;
  environment?: AnimalEnvironment;
  /** Needed for the crocodile, cat and wolf, whose defence the book lost; overrides the printed one. */
  defenceGrade?: number;
  wounds?: number;
  fatigue?: number;
  armour?: number;
  surprised?: boolean;
}

/**
 * §3.3 a printed animal as a combatant: its printed Riflessi and Resistenza, attack and defence for the
 * environment (the hawk on the ground, the shark only in water), one damage roll for all natural weapons.
 */
export function animalFighter(id: string, animal: AnimalKey | AnimalStatBlock, extra: AnimalFighterOptions = {}): EncounterFighterInput {
  const a = typeof animal === "string" ? ANIMALS[oneOf("animal", animal, ANIMAL_KEYS)] : animal;
  const environment = extra.environment ?? usualEnvironment(a);
  const grades = animalCombatGrades(a, environment);
  if (!grades.canAct || grades.attack === null) throw new RulesError("environment", environment, `a place where a ${a.key} can fight`);
  const defence = extra.defenceGrade ?? grades.defence;
  if (defence === null) throw new RulesError("defenceGrade", extra.defenceGrade, `given for the ${a.key}: the book lost its defence (A-31)`);
  // animalDamage is dice + flat, never below 0: the same as a Dn without Forza (checked in the tests).
  const faces = a.damage.faces as DamageFaces; // the stat blocks only use D3 and D6, both valid Dn faces
  const fighter: EncounterFighterInput = {
    id,
    name: extra.name ?? a.italianName,
    strength: a.strength,
    dexterity: a.dexterity,
    reflexes: a.reflexes,
    resistance: a.resistance,
    defenceGrade: defence,
    attacks: [
      {
        name: a.italianName,
        grade: grades.attack,
        damage: damageSpec(a.damage.dice, null, a.damage.flat, a.damage.type, faces),
        kind: "melee",
        maxAttacks: a.attacksPerTurn,
        natural: true,
      },
    ],
  };
  if (extra.wounds !== undefined) fighter.wounds = extra.wounds;
  if (extra.fatigue !== undefined) fighter.fatigue = extra.fatigue;
  if (extra.armour !== undefined) fighter.armour = extra.armour;
  if (extra.surprised !== undefined) fighter.surprised = extra.surprised;
  return fighter;
}
