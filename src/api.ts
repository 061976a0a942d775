/** game.genesys: the public API for macros, modules and the console. */
import * as rules from "./rules/index.js";
import { CURRENT_DATA_VERSION, migrateWorld } from "./migration.js";
import { rulesOptions } from "./settings/rules-settings.js";
import { narratorMacros } from "./macros/narrator-macros.js";

export function createApi() {
  // macros: what the "macros" compendium's macros call (blind checks, attack, reveal), usable from any macro.
  return { rules, rulesOptions, migrateWorld, dataVersion: CURRENT_DATA_VERSION, macros: narratorMacros };
}
export type GenesysApi = ReturnType<typeof createApi>;

declare global {
  interface Game {
    genesys: GenesysApi;
  }
  interface ReadyGame {
    genesys: GenesysApi;
  }
}
