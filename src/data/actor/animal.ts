/** Animali (§3.3): printed Resistenza, Riflessi and Velocità beat the human formulas. */
import type { EmptyObject } from "fvtt-types/utils";
import { gmNotesField, healthFields, htmlField, narratorFields, intField, optionalIntField, realField, characteristicField, damageField } from "../fields.js";
import { ANIMAL_CAPABILITY_CONDITIONS, ANIMAL_ENVIRONMENTS, ANIMAL_TRAIT_KEYS, SPEED_MODES, type AnimalEnvironment } from "../../rules/advanced/animals.js";
import { damageRange, formatDamage } from "../../rules/weapons.js";
import { toDamageSpec } from "../item/wield.js";
import { deriveHealth, type HealthDerived } from "./health.js";

const fields = foundry.data.fields;

export function animalSchema() {
  return {
    characteristics: new fields.SchemaField({
      strength: characteristicField(),
      dexterity: characteristicField(),
      perception: characteristicField(),
      /** Often absent for beings without reason or language (§3.3.1): null. */
      charm: optionalIntField(0, 30),
      experience: optionalIntField(0, 30),
    }),
    resistance: intField(28, 1, 999),
    reflexes: intField(7, 0, 60),
    speeds: new fields.ArrayField(
      new fields.SchemaField({
        mode: new fields.StringField({ required: true, choices: [...SPEED_MODES], initial: "run" }),
        metres: realField(5, 1_000),
      }),
      { required: true, min: 1, initial: () => [{ mode: "run" as const, metres: 5 }] },
    ),
    attack: new fields.SchemaField({
      /** Grade used in attack rolls (2D10 + grade). */
      grade: intField(10, 0, 60),
      /** Grade used in defence rolls; null where the source lost it and no one supplied it. */
      defence: optionalIntField(0, 60),
      /** The defence grade is an estimate (the book's value is lost): shown to the Narrator. */
      defenceEstimated: new fields.BooleanField({ initial: false }),
      damage: damageField({ dice: 1, faces: 6, strength: false, flat: 0 }),
      attacksPerTurn: intField(1, 1, 20),
      /** Natural weapons in words (zanne e artigli). */
      natural: new fields.StringField({ required: true, blank: true, initial: "" }),
    }),
    /** Grades that change with the surroundings (hawk in flight or on the ground), or where it cannot act at all. */
    environments: new fields.ArrayField(
      new fields.SchemaField({
        environment: new fields.StringField({ required: true, choices: [...ANIMAL_ENVIRONMENTS], initial: "ground" }),
        attack: optionalIntField(0, 60),
        defence: optionalIntField(0, 60),
        canAct: new fields.BooleanField({ initial: true }),
      }),
    ),
    /** Capacità: situational check bonuses (+2 to follow tracks). */
    capabilities: new fields.ArrayField(
      new fields.SchemaField({
        key: new fields.StringField({ required: true, blank: false, initial: "custom" }),
        label: new fields.StringField({ required: true, blank: true, initial: "" }),
        bonus: intField(0, -20, 20),
        /** Only in that situation (in water, in its natural environment); blank = always. */
        condition: new fields.StringField({ required: true, blank: true, choices: [...ANIMAL_CAPABILITY_CONDITIONS], initial: "" }),
      }),
    ),
    /** Capabilities without a number (holds its breath an hour, no penalty in the dark). */
    traits: new fields.SetField(new fields.StringField({ required: true, choices: [...ANIMAL_TRAIT_KEYS] })),
    /** Natural protection (hide, scales): Df against every hit (§2.3.6). */
    naturalArmour: intField(0, 0, 50),
    /** Venom injected on a hit that armour does not stop (viper: 2D6 doses, at most 12 a day). */
    venom: new fields.SchemaField({
      dice: intField(0, 0, 10),
      maxPerDay: intField(0, 0, 1_000),
      injectedToday: intField(0, 0, 1_000),
    }),
    ...healthFields(),
    description: htmlField(),
    gmNotes: gmNotesField(),
    ...narratorFields(),
  };
}
export type AnimalSchema = ReturnType<typeof animalSchema>;

export type AnimalDerived = HealthDerived & {
  derived: { reflexes: number; resistance: number; speed: number };
  /** One roll for all natural weapons (§3.3.1), in the book's notation and as a Foundry formula. */
  damage: { book: string; formula: string; min: number; max: number };
  hasVenom: boolean;
};

export class AnimalModel extends foundry.abstract.TypeDataModel<AnimalSchema, Actor.Implementation, EmptyObject, AnimalDerived> {
  static override LOCALIZATION_PREFIXES = ["GENESYS.Actor.Animal"];

  static override defineSchema(): AnimalSchema {
    return animalSchema();
  }

  override prepareDerivedData(): void {
    const primary = this.speeds[0]?.metres ?? 0;
    const spec = toDamageSpec(this.attack.damage);
    const text = formatDamage(spec, "@strength");
    Object.assign(this, deriveHealth(this, this.resistance), {
      derived: { reflexes: this.reflexes, resistance: this.resistance, speed: primary },
      damage: { book: text.book, formula: text.foundry, ...damageRange(spec, this.characteristics.strength) },
      hasVenom: this.venom.dice > 0,
    });
  }

  /** Attack and defence grades in an environment (D-38: hawk 15 in flight, 5 on the ground). */
  gradesIn(environment: AnimalEnvironment | null): { attack: number; defence: number | null; canAct: boolean } {
    // "land" and "ground" both mean out of water and out of the air (as in the rules' animalCombatGrades).
    const same = (a: AnimalEnvironment, b: AnimalEnvironment) => a === b || (isGround(a) && isGround(b));
    const special = environment ? this.environments.find((e) => same(e.environment, environment)) : undefined;
    return {
      attack: special?.attack ?? this.attack.grade,
      defence: special?.defence ?? this.attack.defence,
      canAct: special?.canAct ?? true,
    };
  }
}

function isGround(e: AnimalEnvironment): boolean {
  return e === "ground" || e === "land";
}
