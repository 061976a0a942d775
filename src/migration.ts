/** World data versions. Each document migrates in place on load (migrateData); this persists it once per world. */
import { formatCount } from "./format/plural.js";
import { SYSTEM_ID, unlinkedTokenActors } from "./settings/rules-settings.js";

/** 2: Ferite/Fatica moved from bare numbers (ferite, fatica) to wounds.value / fatigue.value. */
export const CURRENT_DATA_VERSION = 2;

export function registerMigrationSetting(): void {
  game.settings.register(SYSTEM_ID, "dataVersion", { scope: "world", config: false, type: Number, default: 0 });
}

/**
 * Saves every world actor and every unlinked token's actor in its migrated shape (a token actor's update lands in its
 * delta, as dnd5e migrates them), then records the version. Only the active GM runs it. When a save fails the version
 * stays behind, so the next load tries again, and the GM is told which actors failed.
 */
export async function migrateWorld(): Promise<number> {
  if (!game.user.isActiveGM) return 0;
  const stored = game.settings.get(SYSTEM_ID, "dataVersion");
  if (stored >= CURRENT_DATA_VERSION) return 0;
  const actors = [
    ...game.actors.contents.map((actor) => ({ actor, label: actor.name })),
    ...unlinkedTokenActors().map((actor) => ({ actor, label: `${actor.name} (${actor.token?.parent?.name ?? "?"})` })),
  ];
  let migrated = 0;
  const failed: string[] = [];
  for (const { actor, label } of actors) {
    try {
      // Saving the migrated system data writes what migrateData produced on load; items and effects are untouched.
      // Not diffed: the client's copy is already migrated, so a diff against it would send nothing.
      const system: unknown = actor.toObject().system;
      await actor.update({ system } as Actor.UpdateData, { diff: false, recursive: false });
      migrated++;
    } catch (err) {
      console.error(`GeneSys GdR | migration of actor ${actor.uuid} failed`, err);
      failed.push(label);
    }
  }
  const version = String(CURRENT_DATA_VERSION);
  if (failed.length > 0) {
    ui.notifications.error(game.i18n.format("GENESYS.Migration.Failed", { names: failed.join(", "), version }), { permanent: true });
    return migrated;
  }
  await game.settings.set(SYSTEM_ID, "dataVersion", CURRENT_DATA_VERSION);
  if (migrated > 0) ui.notifications.info(game.i18n.format("GENESYS.Migration.Done", { actors: formatCount(game.i18n, "GENESYS.Count.Actors", migrated), version }));
  return migrated;
}
