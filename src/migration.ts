/** World data versions. Each document migrates in place on load (migrateData); this persists it once per world. */
import { SYSTEM_ID } from "./settings/rules-settings.js";

/** 2: Ferite/Fatica moved from bare numbers (ferite, fatica) to wounds.value / fatigue.value. */
export const CURRENT_DATA_VERSION = 2;

export function registerMigrationSetting(): void {
  game.settings.register(SYSTEM_ID, "dataVersion", { scope: "world", config: false, type: Number, default: 0 });
}

/** Saves every world actor in its migrated shape, then records the version. Only the active GM runs it. */
export async function migrateWorld(): Promise<number> {
  if (!game.user.isActiveGM) return 0;
  const stored = game.settings.get(SYSTEM_ID, "dataVersion");
  if (stored >= CURRENT_DATA_VERSION) return 0;
  let migrated = 0;
  for (const actor of game.actors) {
    try {
      // Saving the migrated system data writes what migrateData produced on load; items and effects are untouched.
      const system: unknown = actor.toObject().system;
      await actor.update({ system } as Actor.UpdateData, { diff: false, recursive: false });
      migrated++;
    } catch (err) {
      console.error(`GeneSys GdR | migration of actor ${actor.name} (${actor.id}) failed`, err);
    }
  }
  await game.settings.set(SYSTEM_ID, "dataVersion", CURRENT_DATA_VERSION);
  if (migrated > 0) ui.notifications.info(game.i18n.format("GENESYS.Migration.Done", { count: String(migrated), version: String(CURRENT_DATA_VERSION) }));
  return migrated;
}
