/** game.genesys: the public API for macros, modules and the console. */
import * as rules from "./rules/index.js";
import { CURRENT_DATA_VERSION, migrateWorld } from "./migration.js";
import { rulesOptions } from "./settings/rules-settings.js";

export function createApi() {
  return { rules, rulesOptions, migrateWorld, dataVersion: CURRENT_DATA_VERSION };
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
