import { RulesError, diceSum, int, oneOf } from "../errors.js";
import { resolveOptions } from "../options.js";
import type { RulesOptions } from "../options.js";
import type { DamageType, ManeuverKey } from "../types.js";

/** §3.3.3 the eleven animals of the core book, in printed order. */
export const ANIMAL_KEYS = ["dog", "crocodile", "horse", "elephant", "hawk", "shark", "tiger", "cat", "viper", "wolf", "bear"] as const;
export type AnimalKey = (typeof ANIMAL_KEYS)[number];

/** §3.3.3 speed modes (corsa, nuoto, volo); the viper's "corsa" is its ground rate. */
export const SPEED_MODES = ["run", "swim", "fly"] as const;
export type SpeedMode = (typeof SPEED_MODES)[number];

/** §3.3 where an animal fights: airborne, on the ground (= "land", out of water), or in water. */
export const ANIMAL_ENVIRONMENTS = ["flight", "ground", "water", "land"] as const;
export type AnimalEnvironment = (typeof ANIMAL_ENVIRONMENTS)[number];

/** §3.3.3 Capacità: the checks an animal's senses or habits make easier. */
export const ANIMAL_CAPABILITY_KEYS = ["tracking", "hide", "ambush", "moveSilently", "spotting"] as const;
export type AnimalCapabilityKey = (typeof ANIMAL_CAPABILITY_KEYS)[number];

/** §3.3.3 the situation a capability bonus is limited to, if any. */
export const ANIMAL_CAPABILITY_CONDITIONS = ["inWater", "naturalEnvironment"] as const;
export type AnimalCapabilityCondition = (typeof ANIMAL_CAPABILITY_CONDITIONS)[number];

/** §3.3.3 capabilities without a number: holding breath an hour, no penalty in dim light, no penalty in darkness (heat sense). */
export const ANIMAL_TRAIT_KEYS = ["holdsBreathOneHour", "ignoresDimLight", "ignoresDarkness"] as const;
export type AnimalTraitKey = (typeof ANIMAL_TRAIT_KEYS)[number];

export interface AnimalSpeed {
  readonly mode: SpeedMode;
  readonly metres: number;
}

export interface AnimalCapability {
  readonly key: AnimalCapabilityKey;
  /** Added to the check roll. */
  readonly bonus: number;
  readonly condition: AnimalCapabilityCondition | null;
}

/** `dice`D`faces` + `flat`; faces 3 means D3 (a halved D6, §0.2). */
export interface AnimalDamage {
  readonly dice: number;
  readonly faces: number;
  readonly flat: number;
  readonly type: DamageType;
}

/** A dice-rolled span of time. */
export interface VenomDuration {
  readonly dice: number;
  readonly faces: number;
  readonly unit: "hour" | "day";
}

/** §3.3.3 Vipera: venom injected by a hit that armour did not stop. */
export interface AnimalVenom {
  readonly dosesDice: number;
  readonly dosesFaces: number;
  readonly maxDosesPerDay: number;
  /** Doses > RES: death within a few minutes. */
  readonly fullEffect: "deathWithinMinutes";
  /** Doses > RES/3: fever after `onset`, `checkModifier` until healed, gone after `untreatedDuration` without antidote. */
  readonly mildEffect: {
    readonly onset: VenomDuration;
    readonly checkModifier: number;
    readonly untreatedDuration: VenomDuration;
  };
}

export interface CombatGrades {
  readonly attack: number;
  /** null where the source lost the value (crocodile, cat, wolf — A-31): the Narrator must supply it. */
  readonly defence: number | null;
}

/** §3.3.3 one printed animal stat block (Fascino and Esperienza are not given for animals). */
export interface AnimalStatBlock {
  readonly key: AnimalKey;
  readonly italianName: string;
  readonly strength: number;
  readonly dexterity: number;
  readonly perception: number;
  /** As printed, even where it disagrees with 4 × FOR. */
  readonly resistance: number;
  /** As printed, even where it disagrees with the human formula. */
  readonly reflexes: number;
  readonly speeds: readonly AnimalSpeed[];
  /** Attack and defence grades in the animal's usual environment. */
  readonly attack: number;
  readonly defence: number | null;
  readonly damage: AnimalDamage;
  readonly attacksPerTurn: number;
  readonly capabilities: readonly AnimalCapability[];
  readonly traits: readonly AnimalTraitKey[];
  /** Grades replacing `attack`/`defence` in another environment (the hawk on the ground). */
  readonly environmentGrades: Readonly<Partial<Record<"flight" | "ground" | "water", CombatGrades>>>;
  /** The only environment where the animal can act (the shark), or null. */
  readonly actsOnlyIn: "flight" | "ground" | "water" | null;
  readonly venom: AnimalVenom | null;
  /** Printed derived values the spec flags ⚑ as differing from the human formulas. */
  readonly printedDeviations: readonly ("resistance" | "reflexes")[];
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const run = (metres: number): AnimalSpeed => ({ mode: "run", metres });
const cap = (key: AnimalCapabilityKey, bonus: number, condition: AnimalCapabilityCondition | null = null): AnimalCapability => ({ key, bonus, condition });
const dmg = (dice: number, faces: number, flat: number, type: DamageType): AnimalDamage => ({ dice, faces, flat, type });

type BlockInput = Omit<AnimalStatBlock, "key" | "attacksPerTurn" | "capabilities" | "traits" | "environmentGrades" | "actsOnlyIn" | "venom" | "printedDeviations"> &
  Partial<Pick<AnimalStatBlock, "capabilities" | "traits" | "environmentGrades" | "actsOnlyIn" | "venom" | "printedDeviations">>;

function block(key: AnimalKey, b: BlockInput): AnimalStatBlock {
  return {
    key,
    attacksPerTurn: 1,
    capabilities: [],
    traits: [],
    environmentGrades: {},
    actsOnlyIn: null,
    venom: null,
    printedDeviations: [],
    ...b,
  };
}

/** §3.3.3 Vipera: 2D6 doses per unblocked bite, at most 12 a day; mild poisoning brings fever. */
export const VIPER_VENOM: AnimalVenom = deepFreeze({
  dosesDice: 2,
  dosesFaces: 6,
  maxDosesPerDay: 12,
  fullEffect: "deathWithinMinutes",
  mildEffect: {
    onset: { dice: 1, faces: 6, unit: "hour" },
    checkModifier: -5,
    untreatedDuration: { dice: 1, faces: 3, unit: "day" },
  },
});

/** §3.3.3 the printed stat blocks (reconstruction of §3.3.2; printed values kept, lost DEF left null). */
export const ANIMALS: Readonly<Record<AnimalKey, AnimalStatBlock>> = deepFreeze({
  dog: block("dog", {
    italianName: "Cane", strength: 4, dexterity: 8, perception: 10, resistance: 24, reflexes: 9,
    speeds: [run(5)], attack: 12, defence: 10, damage: dmg(1, 6, -1, "trauma"),
    capabilities: [cap("tracking", 2)], printedDeviations: ["resistance"],
  }),
  crocodile: block("crocodile", {
    italianName: "Coccodrillo", strength: 10, dexterity: 7, perception: 7, resistance: 40, reflexes: 7,
    speeds: [run(3), { mode: "swim", metres: 2 }], attack: 10, defence: null, damage: dmg(2, 6, 0, "wounding"),
    capabilities: [cap("hide", 4, "inWater")], traits: ["holdsBreathOneHour"],
  }),
  horse: block("horse", {
    italianName: "Cavallo", strength: 12, dexterity: 6, perception: 8, resistance: 48, reflexes: 7,
    speeds: [run(12)], attack: 8, defence: 5, damage: dmg(2, 6, 0, "trauma"),
  }),
  elephant: block("elephant", {
    italianName: "Elefante", strength: 30, dexterity: 4, perception: 8, resistance: 120, reflexes: 5,
    speeds: [run(4)], attack: 5, defence: 0, damage: dmg(4, 6, 0, "trauma"), printedDeviations: ["reflexes"],
  }),
  hawk: block("hawk", {
    italianName: "Falco", strength: 2, dexterity: 7, perception: 8, resistance: 8, reflexes: 9,
    speeds: [{ mode: "fly", metres: 12 }, run(2)], attack: 15, defence: 15, damage: dmg(1, 3, 0, "trauma"),
    capabilities: [cap("spotting", 4)], printedDeviations: ["reflexes"],
    environmentGrades: { flight: { attack: 15, defence: 15 }, ground: { attack: 5, defence: 5 } },
  }),
  shark: block("shark", {
    italianName: "Squalo", strength: 9, dexterity: 7, perception: 8, resistance: 36, reflexes: 8,
    speeds: [{ mode: "swim", metres: 5 }], attack: 10, defence: 10, damage: dmg(3, 6, 0, "wounding"), actsOnlyIn: "water",
  }),
  tiger: block("tiger", {
    italianName: "Tigre", strength: 18, dexterity: 8, perception: 10, resistance: 72, reflexes: 8,
    speeds: [run(7)], attack: 12, defence: 12, damage: dmg(3, 6, 2, "wounding"),
    capabilities: [cap("hide", 2, "naturalEnvironment"), cap("ambush", 2, "naturalEnvironment")], printedDeviations: ["reflexes"],
  }),
  cat: block("cat", {
    italianName: "Gatto", strength: 2, dexterity: 10, perception: 10, resistance: 8, reflexes: 10,
    speeds: [run(6)], attack: 10, defence: null, damage: dmg(1, 3, 0, "trauma"),
    capabilities: [cap("hide", 4), cap("moveSilently", 4)], traits: ["ignoresDimLight"],
  }),
  viper: block("viper", {
    italianName: "Vipera", strength: 2, dexterity: 12, perception: 8, resistance: 8, reflexes: 9,
    speeds: [run(3)], attack: 15, defence: 15, damage: dmg(1, 3, 0, "trauma"),
    capabilities: [cap("hide", 4)], traits: ["ignoresDarkness"], venom: VIPER_VENOM, printedDeviations: ["reflexes"],
  }),
  wolf: block("wolf", {
    italianName: "Lupo", strength: 7, dexterity: 7, perception: 10, resistance: 18, reflexes: 8,
    speeds: [run(6)], attack: 14, defence: null, damage: dmg(1, 6, 1, "wounding"),
    capabilities: [cap("tracking", 2)], printedDeviations: ["resistance"],
  }),
  bear: block("bear", {
    italianName: "Orso", strength: 16, dexterity: 6, perception: 10, resistance: 64, reflexes: 6,
    speeds: [run(4)], attack: 10, defence: 5, damage: dmg(3, 6, 0, "wounding"), printedDeviations: ["reflexes"],
  }),
});

function resolveAnimal(animal: AnimalKey | AnimalStatBlock): AnimalStatBlock {
  return typeof animal === "string" ? ANIMALS[oneOf("animal", animal, ANIMAL_KEYS)] : animal;
}

/** An animal's fighting grades in an environment; `canAct` false where it is helpless (a shark on land). */
export interface AnimalCombatGrades {
  canAct: boolean;
  attack: number | null;
  defence: number | null;
}

/** §3.3.3 attack/defence grades by environment (D-38: hawk 15 in flight, 5 on the ground; shark acts only in water). */
export function animalCombatGrades(animal: AnimalKey | AnimalStatBlock, environment: AnimalEnvironment): AnimalCombatGrades {
  const a = resolveAnimal(animal);
  const env = oneOf("environment", environment, ANIMAL_ENVIRONMENTS);
  const place = env === "land" ? "ground" : env;
  if (place === "flight" && !a.speeds.some((s) => s.mode === "fly")) {
    throw new RulesError("environment", environment, `an environment a ${a.key} can fight in`);
  }
  // The book only says the shark is almost helpless out of water; the Narrator rules on the details.
  if (a.actsOnlyIn !== null && a.actsOnlyIn !== place) return { canAct: false, attack: null, defence: null };
  const grades = a.environmentGrades[place] ?? { attack: a.attack, defence: a.defence };
  return { canAct: true, attack: grades.attack, defence: grades.defence };
}

/** §3.3.1 the maneuver an animal attacks with: Attack by default, Execution on the literal reading. */
export function animalAttackManeuver(options: Partial<RulesOptions> = {}): ManeuverKey {
  return resolveOptions(options).animalAttackManeuver;
}

/** §3.3.1 one damage roll covers all natural weapons: dice total + flat, never below 0 (dog 1D6−1). */
export function animalDamage(animal: AnimalKey | AnimalStatBlock, diceTotal: number): number {
  const { dice, faces, flat } = resolveAnimal(animal).damage;
  return Math.max(0, diceSum("diceTotal", diceTotal, dice, faces) + flat);
}

/** Doses injected by one bite. */
export interface VenomInjection {
  doses: number;
  /** Doses injected today including this bite. */
  dosesInjectedToday: number;
  /** True when the daily limit cut the roll short. */
  limited: boolean;
}

/** §3.3.3 Vipera: 2D6 doses when damage got past armour (> 0), within the 12-a-day limit. */
export function venomDoses(
  input: { damageAfterArmour: number; roll2d6: number; dosesInjectedToday: number },
  venom: AnimalVenom = VIPER_VENOM,
): VenomInjection {
  const damage = int("damageAfterArmour", input.damageAfterArmour, 0);
  const roll = diceSum("roll2d6", input.roll2d6, venom.dosesDice, venom.dosesFaces);
  const today = int("dosesInjectedToday", input.dosesInjectedToday, 0, venom.maxDosesPerDay);
  const wanted = damage > 0 ? roll : 0;
  const doses = Math.min(wanted, venom.maxDosesPerDay - today);
  return { doses, dosesInjectedToday: today + doses, limited: doses < wanted };
}
