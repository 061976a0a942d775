/** The blind-roll key's entry in the system's settings; its window (seal-key-config.ts) loads when a Narrator opens it. */
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { lazyMenu } from "./lazy-menu.js";

/** The settings menu entry, for Narrators only. Call at init. */
export function registerSealKeyMenu(): void {
  game.settings.registerMenu(SYSTEM_ID, "sealKey", {
    name: "GENESYS.Seal.Config.Title",
    label: "GENESYS.Seal.Config.Label",
    hint: "GENESYS.Seal.Config.MenuHint",
    icon: "fa-solid fa-key",
    type: lazyMenu(async () => (await import("./seal-key-config.js")).SealKeyConfig),
    restricted: true,
  });
}
