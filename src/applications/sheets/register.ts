/** Registers the GeneSys sheets as the default sheets of every actor and item type (call at init). */
import { AnimalSheet } from "./animal-sheet.js";
import { GenesysItemSheet } from "./item-sheet.js";
import { PersonSheet } from "./person-sheet.js";
import { SYSTEM_ID } from "../../settings/rules-settings.js";

export function registerSheets(): void {
  const { Actors, Items } = foundry.documents.collections;
  Actors.registerSheet(SYSTEM_ID, PersonSheet, { types: ["character", "npc"], makeDefault: true, label: "GENESYS.Sheet.Label.Person" });
  Actors.registerSheet(SYSTEM_ID, AnimalSheet, { types: ["animal"], makeDefault: true, label: "GENESYS.Sheet.Label.Animal" });
  Items.registerSheet(SYSTEM_ID, GenesysItemSheet, { types: ["skill", "trait", "weapon", "armor", "gear"], makeDefault: true, label: "GENESYS.Sheet.Label.Item" });
}
