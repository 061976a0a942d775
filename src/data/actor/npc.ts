/** Comparsa (§1.1): a character the Narrator plays; adds notes only the Narrator sees. */
import type { EmptyObject } from "fvtt-types/utils";
import { rulesOptions } from "../../settings/rules-settings.js";
import { gmNotesField } from "../fields.js";
import { migratePersonSource } from "./character.js";
import { personSchema, type PersonDerived } from "./person.js";
import { preparePerson } from "./prepare-person.js";

export function npcSchema() {
  return { ...personSchema(), gmNotes: gmNotesField() };
}
export type NpcSchema = ReturnType<typeof npcSchema>;

export class NpcModel extends foundry.abstract.TypeDataModel<NpcSchema, Actor.Implementation, EmptyObject, PersonDerived> {
  static override LOCALIZATION_PREFIXES = ["GENESYS.Actor.Person", "GENESYS.Actor.Npc"];

  static override defineSchema(): NpcSchema {
    return npcSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return super.migrateData(migratePersonSource(source));
  }

  override prepareDerivedData(): void {
    preparePerson(this, this.parent, rulesOptions());
  }
}
