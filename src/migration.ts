/** World data versions (data-version.ts): each document migrates in place on load (migrateData); this persists it once per world, on the active Narrator's client (his side loads it). */
import { CURRENT_DATA_VERSION } from "./data-version.js";
import { knockedDownBy } from "./documents/stun-prone.js";
import { approvalFor, approvalsOf, needsApproval, permits, type Approval } from "./effects/effect-approval.js";
import { isNarratorEffect } from "./effects/effect-authority.js";
import { formatCount } from "./format/plural.js";
import { SYSTEM_ID, unlinkedTokenActors } from "./settings/rules-settings.js";


const LEGACY_COUNTERS = { ferite: "wounds", fatica: "fatigue" } as const;

/** The system data an unlinked token's delta stores (its own changes only), or null for a world actor. */
function storedDeltaSystem(actor: Actor.Implementation): Record<string, unknown> | null {
  const token = actor.isToken ? actor.token : null;
  if (!token) return null;
  const delta: unknown = token.toObject().delta;
  const system = typeof delta === "object" && delta !== null ? (delta as { system?: unknown }).system : undefined;
  return typeof system === "object" && system !== null ? (system as Record<string, unknown>) : {};
}

/**
 * Version 2's save. A world actor saves its whole migrated system. An unlinked token saves only the counters its delta
 * stored under the old names: writing the whole system into the delta would stop the token following later edits of
 * its base actor. The old keys the delta keeps are dropped again by migrateData on every load.
 */
async function saveCounters(actor: Actor.Implementation): Promise<void> {
  const stored = storedDeltaSystem(actor);
  if (stored === null) {
    // Not diffed: the client's copy is already migrated, so a diff against it would send nothing.
    const system: unknown = actor.toObject().system;
    await actor.update({ system } as Actor.UpdateData, { diff: false, recursive: false });
    return;
  }
  const update: Record<string, number> = {};
  for (const [old, current] of Object.entries(LEGACY_COUNTERS)) {
    const value = stored[old];
    if (typeof value === "number") update[`system.${current}.value`] = value;
  }
  if (Object.keys(update).length > 0) await actor.update(update, { diff: false }); // paths of every person type
}

/** Version 4: a prone effect's `stunHits` flag joins `system.knockedDown`; idempotent (the record is a set). */
async function moveStunHits(actor: Actor.Implementation): Promise<void> {
  const flagged = [...actor.effects].flatMap((effect) => {
    // A flag of an older version, not among the declared ones: read from the raw flags.
    const scope: unknown = effect.statuses.has("prone") ? (effect.flags as Record<string, unknown>)[SYSTEM_ID] : undefined; // flags is an object of scopes
    const hits: unknown = typeof scope === "object" && scope !== null ? (scope as { stunHits?: unknown }).stunHits : undefined;
    return Array.isArray(hits) ? hits.filter((h): h is string => typeof h === "string") : [];
  });
  if (flagged.length === 0) return;
  const before = knockedDownBy(actor);
  if (flagged.every((hit) => before.includes(hit))) return;
  await actor.update({ "system.knockedDown": [...new Set([...before, ...flagged])] } as Actor.UpdateData); // a gmOnlyField of every actor type
}

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
      if (stored < 2) await saveCounters(actor);
      if (stored < 3) await approveExisting(actor);
      if (stored < 4) await moveStunHits(actor);
      migrated++;
    } catch (err) {
      console.error(`GeneSys GdR | migration of actor ${actor.uuid} failed`, err);
      failed.push(label);
    }
  }
  for (const item of stored < 3 ? game.items.contents : []) {
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
