/** Protagonista (§1.1): a character under a player's control. */
import type { EmptyObject } from "fvtt-types/utils";
import { rulesOptions } from "../../settings/rules-settings.js";
import { personSchema, type PersonDerived, type PersonSchema } from "./person.js";
import { preparePerson } from "./prepare-person.js";

export class CharacterModel extends foundry.abstract.TypeDataModel<PersonSchema, Actor.Implementation, EmptyObject, PersonDerived> {
  static override LOCALIZATION_PREFIXES = ["GENESYS.Actor.Person"];

  static override defineSchema(): PersonSchema {
    return personSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return super.migrateData(migratePersonSource(source));
  }

  override prepareDerivedData(): void {
    preparePerson(this, this.parent, rulesOptions());
  }
}

/**
 * Data version 1 → 2: early worlds stored Ferite and Fatica as bare numbers named `ferite`/`fatica`.
 * Runs in place on every load, so old actors open without a manual migration.
 */
export function migratePersonSource(source: Record<string, unknown>): Record<string, unknown> {
  for (const [old, current] of [["ferite", "wounds"], ["fatica", "fatigue"]] as const) {
    const value = source[old];
    if (typeof value === "number" && !(current in source)) {
      source[current] = current === "fatigue" ? { value, deprivation: 0 } : { value };
    }
    Reflect.deleteProperty(source, old);
  }
  return source;
}
