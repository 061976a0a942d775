/** The world's data version: what every client reads and registers; the migration itself is the Narrator's (migration.ts). */
import { SYSTEM_ID } from "./settings/rules-settings.js";

/**
 * 2: Ferite/Fatica moved from bare numbers (ferite, fatica) to wounds.value / fatigue.value.
 * 3: effects count once approved (effects/effect-approval.ts): those already in the world are approved as they are.
 * 4: the hits holding a stunned victim down moved from the prone effect's flag (`stunHits`, its owner could write it)
 *    to `system.knockedDown` (a gmOnlyField, documents/stun-prone.ts).
 */
export const CURRENT_DATA_VERSION = 4;

export function registerMigrationSetting(): void {
  game.settings.register(SYSTEM_ID, "dataVersion", { scope: "world", config: false, type: Number, default: 0 });
}
