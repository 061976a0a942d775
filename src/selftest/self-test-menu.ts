/** "Run the GeneSys self-test" in the system's settings; its dialog (self-test-dialog.ts) loads when a Narrator opens it. */
import { lazyMenu } from "../applications/lazy-menu.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";

/** The settings menu entry, for Narrators only. Call at init. */
export function registerSelfTestMenu(): void {
  game.settings.registerMenu(SYSTEM_ID, "selfTest", {
    name: "GENESYS.SelfTest.Title",
    label: "GENESYS.SelfTest.Label",
    hint: "GENESYS.SelfTest.MenuHint",
    icon: "fa-solid fa-vial-circle-check",
    type: lazyMenu(async () => (await import("./self-test-dialog.js")).SelfTestDialog),
    restricted: true,
  });
}
