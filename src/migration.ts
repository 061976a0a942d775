/** World data versions. Each document migrates in place on load (migrateData); this persists it once per world. */
import { approvalFor, approvalsOf, needsApproval, permits, type Approval } from "./effects/effect-approval.js";
import { isNarratorEffect } from "./effects/effect-authority.js";
import { formatCount } from "./format/plural.js";
import { SYSTEM_ID, unlinkedTokenActors } from "./settings/rules-settings.js";

/**
 * 2: Ferite/Fatica moved from bare numbers (ferite, fatica) to wounds.value / fatigue.value.
 * 3: effects count once approved (effects/effect-approval.ts): those already in the world are approved as they are.
 */
export const CURRENT_DATA_VERSION = 3;

/**
 * The approvals a holder needs for every effect it carries now to count as it did before version 3: its own, plus one
 * for each effect without a permit, approved as it is (those the Narrator's client marked as his are his still: a
 * permit by id, with their source to be put back from). An unlinked token's actor reads its base actor's approvals,
 * so only what the token alone carries is added to its own.
 */
function existingApprovals(holder: { effects: Iterable<ActiveEffect.Implementation> }): Approval[] {
  const allowed = permits(holder.effects, holder);
  const missing = [...holder.effects].filter((e) => needsApproval(e) && !allowed.has(e));
  return missing.map((e) => approvalFor(e, isNarratorEffect(e), e.toObject() as Record<string, unknown>)); // a document's source
}

/** Approves the effects an actor and its items carry now that have no approval yet; idempotent. */
async function approveExisting(actor: Actor.Implementation): Promise<void> {
  const own = existingApprovals(actor);
  if (own.length > 0) await actor.update({ "system.approvals": [...approvalsOf(actor), ...own] } as Actor.UpdateData); // a path of every actor type
  const items = actor.items.contents
    .map((item) => ({ item, list: existingApprovals(item) }))
    .filter(({ list }) => list.length > 0)
    .map(({ item, list }) => ({ _id: item.id, "system.approvals": [...approvalsOf(item), ...list] }));
  if (items.length > 0) await actor.updateEmbeddedDocuments("Item", items);
}

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
      if (stored < 2) {
        // Saving the migrated system data writes what migrateData produced on load; items and effects are untouched.
        // Not diffed: the client's copy is already migrated, so a diff against it would send nothing.
        const system: unknown = actor.toObject().system;
        await actor.update({ system } as Actor.UpdateData, { diff: false, recursive: false });
      }
      await approveExisting(actor);
      migrated++;
    } catch (err) {
      console.error(`GeneSys GdR | migration of actor ${actor.uuid} failed`, err);
      failed.push(label);
    }
  }
  for (const item of game.items.contents) {
    const list = existingApprovals(item);
    if (list.length === 0) continue;
    try {
      await item.update({ "system.approvals": [...approvalsOf(item), ...list] } as Item.UpdateData); // a path of every item type
    } catch (err) {
      console.error(`GeneSys GdR | migration of item ${item.uuid} failed`, err);
      failed.push(item.name);
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
