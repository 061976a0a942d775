/** Protagonista (§1.1): a character under a player's control, with notes only the Narrator sees (a ready character's
 * notes say which values come from the book and which were chosen). */
import type { EmptyObject } from "fvtt-types/utils";
import { rulesOptions } from "../../settings/rules-settings.js";
import { gmNotesField } from "../fields.js";
import { personSchema, type PersonDerived } from "./person.js";
import { preparePerson } from "./prepare-person.js";

export function characterSchema() {
  return { ...personSchema(), gmNotes: gmNotesField() };
}
export type CharacterSchema = ReturnType<typeof characterSchema>;

export class CharacterModel extends foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation, EmptyObject, PersonDerived> {
  static override LOCALIZATION_PREFIXES = ["GENESYS.Actor.Person"];

  static override defineSchema(): CharacterSchema {
    return characterSchema();
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
