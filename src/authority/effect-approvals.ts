/**
 * Who approves an effect, and what becomes of a Narrator's effect its owner touches (effects/effect-approval.ts).
 * Foundry tells every client who wrote an effect (the `userId` of the create/update/delete hooks, from the server):
 * - a Narrator's own write is approved by his client at once: an effect he creates is his (a permit named by its id,
 *   with its source kept), one he edits is approved again as it is now, one he deletes gives its permit back;
 * - a player's write of a Narrator's effect (deleted, disabled, its changes edited) is put back by the active
 *   Narrator's client from the kept source; a player's own new or edited effect waits for the Narrator's approval on
 *   the sheet (approveEffect), and counts for nothing meanwhile.
 * Writes go through this client's queue, one at a time, each re-reading the holder's approvals first.
 */
import { isGmUser } from "./hook-writer.js";
import { approvalFor, approvalsOf, effectDigest, idOf, needsApproval, permits, type Approval } from "../effects/effect-approval.js";
import { isNarratorEffect } from "../effects/effect-authority.js";
import { unlinkedTokenActors } from "../settings/rules-settings.js";
import { backgroundWrites, gmQueue } from "./serial-queue.js";

type Effect = ActiveEffect.Implementation;
type Holder = Actor.Implementation | Item.Implementation;

/**
 * Update and deletion options: what the effect had before a Narrator's write (its digest, and the permit it used:
 * "pending" when it waited for approval); an effect put back, not a new one of his.
 */
const BEFORE = "genesysApprovalBefore";
const RESTORED = "genesysRestored";

type Permit = "none" | "pending" | "plain" | "narrator";
interface Before {
  digest: string;
  permit: Permit;
}

/** The permit an effect uses on its holder now. */
function permitOf(effect: Effect): Permit {
  const holder = holderOf(effect);
  if (!holder || !needsApproval(effect)) return "none";
  // The holder's own instance of it (the one `permits` meets), found by id.
  const own = [...holder.effects].find((e) => e.id === effect.id) ?? effect;
  const used = permits(holder.effects, holder).get(own);
  return used === undefined ? "pending" : used?.narrator === true ? "narrator" : "plain";
}

function readBefore(raw: unknown): Before | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { digest, permit } = raw as Partial<Before>; // our own options, written by the hooks below
  return typeof digest === "string" && typeof permit === "string" ? { digest, permit } : null;
}

/** The approvals without the one a write took away: a Narrator's by its id, or one plain permit of its digest. */
function without(list: readonly Approval[], id: string, before: Before): Approval[] {
  if (before.permit === "narrator") return list.filter((a) => !(a.narrator && a.id === id));
  if (before.permit !== "plain") return [...list];
  const at = list.findIndex((a) => !a.narrator && a.digest === before.digest);
  return at < 0 ? [...list] : [...list.slice(0, at), ...list.slice(at + 1)];
}

const writes = backgroundWrites("an effect's approval was not written");
const queued = writes.queued;

/** Resolves once every approval write this client started has landed (tests; the self-test). */
export const approvalWritesSettled = writes.settled;

function holderOf(effect: Effect): Holder | null {
  const parent: unknown = effect.parent;
  if (parent instanceof CONFIG.Actor.documentClass) return parent;
  return parent instanceof CONFIG.Item.documentClass ? parent : null;
}


async function writeApprovals(holder: Holder, next: readonly Approval[]): Promise<void> {
  if (JSON.stringify(next) === JSON.stringify(approvalsOf(holder))) return;
  // The approvals are a gmOnlyField: only a GM's write of them passes the server.
  await holder.update({ "system.approvals": next } as Actor.UpdateData & Item.UpdateData); // one path both document types share
}

/**
 * A Narrator's new effect: his, named by its id (statuses the automation toggles are not marked, effect-authority.ts,
 * and get a plain permit). Nothing else's permit is touched.
 */
async function approveCreated(effect: Effect): Promise<void> {
  const holder = holderOf(effect);
  if (!holder || !needsApproval(effect)) return;
  const list = approvalsOf(holder).filter((a) => !(a.narrator && a.id === idOf(effect)));
  await writeApprovals(holder, [...list, approvalFor(effect, isNarratorEffect(effect), effect.toObject())]);
}

/**
 * A Narrator's edit: an effect that counted is approved as it is now, in place of the permit it used; one that waited
 * for approval waits still (switching it off, say, is no approval: only the sheet's Approve is); one that had no
 * GeneSys change and now has one is his to have written.
 */
async function approveEdited(effect: Effect, raw: unknown): Promise<void> {
  const holder = holderOf(effect);
  const before = readBefore(raw);
  if (!holder || !before || before.permit === "pending") return;
  const list = without(approvalsOf(holder), idOf(effect), before);
  const narrator = before.permit === "narrator" || (before.permit === "none" && isNarratorEffect(effect));
  await writeApprovals(holder, needsApproval(effect) ? [...list, approvalFor(effect, narrator, effect.toObject())] : list);
}

/** A Narrator's deletion gives back the permit the effect used, and no other. */
async function releaseDeleted(effect: Effect, raw: unknown): Promise<void> {
  const holder = holderOf(effect);
  const before = readBefore(raw);
  if (holder && before) await writeApprovals(holder, without(approvalsOf(holder), idOf(effect), before));
}

/**
 * Every Narrator's effect in the world as he left it (at ready, on the active Narrator's client): what a player
 * deleted, disabled or edited while no Narrator was connected is put back.
 */
export async function sweepNarratorEffects(): Promise<number> {
  if (!game.user.isActiveGM) return 0;
  let restored = 0;
  const actors = [...game.actors.contents, ...unlinkedTokenActors()];
  for (const actor of actors) {
    for (const holder of [actor, ...actor.items.contents]) {
      if (!approvalsOf(holder).some((a) => a.narrator)) continue;
      try {
        restored += await gmQueue.run(() => restoreNarratorEffects(holder));
      } catch (error) {
        console.error(`GeneSys GdR | the Narrator's effects on ${holder.uuid} were not put back`, error);
      }
    }
  }
  return restored;
}

/** An actor a player's own client created (v13 checks no creation data): the approvals it and its items came with go. */
async function clearPlayerApprovals(actor: Actor.Implementation): Promise<void> {
  if (approvalsOf(actor).length > 0) await writeApprovals(actor, []);
  const items = actor.items.contents.filter((i) => approvalsOf(i).length > 0).map((i) => ({ _id: i.id, "system.approvals": [] }));
  if (items.length > 0) await actor.updateEmbeddedDocuments("Item", items);
}

/** The kept source of a Narrator's effect, or null when it cannot be read. */
function snapshotOf(approval: Approval): Record<string, unknown> | null {
  try {
    const raw: unknown = JSON.parse(approval.snapshot);
    return typeof raw === "object" && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Every Narrator's effect of the holder as he left it: deleted ones made again, touched ones put back. */
export async function restoreNarratorEffects(holder: Holder): Promise<number> {
  let restored = 0;
  for (const approval of approvalsOf(holder).filter((a) => a.narrator)) {
    const snapshot = snapshotOf(approval);
    if (!snapshot) continue;
    const effect = [...holder.effects].find((e) => e.id === approval.id);
    const options = { [RESTORED]: true };
    if (!effect) {
      // Made again under its own id, so its approval names it still.
      const data = [{ ...snapshot, _id: approval.id } as ActiveEffect.CreateData]; // the kept source of an effect of this holder
      if (holder instanceof Actor) await holder.createEmbeddedDocuments("ActiveEffect", data, { keepId: true, ...options });
      else await holder.createEmbeddedDocuments("ActiveEffect", data, { keepId: true, ...options });
      restored++;
    } else if (effect.disabled !== (snapshot["disabled"] === true) || effectDigest(effect) !== approval.digest) {
      // The kept source of this very effect; the flag in the options is the system's own, read by the hook below.
      const back = { ...snapshot, disabled: snapshot["disabled"] === true };
      await effect.update(back, options as ActiveEffect.Database.UpdateOperation);
      restored++;
    }
  }
  return restored;
}

/** Approves a player's effect as it is now (the Narrator's button on the sheet); false when there is nothing to approve. */
export async function approveEffect(effect: Effect): Promise<boolean> {
  const holder = holderOf(effect);
  if (!game.user.isGM || !holder || !needsApproval(effect)) return false;
  if (permitOf(effect) !== "pending") return false;
  await writeApprovals(holder, [...approvalsOf(holder), approvalFor(effect, false)]);
  return true;
}

export function registerEffectApprovals(): void {
  // Options travel with the write to every client's hook.
  const stash = (effect: Effect, options: unknown): void => {
    if (game.user.isGM) (options as Record<string, unknown>)[BEFORE] = { digest: effectDigest(effect), permit: permitOf(effect) } satisfies Before;
  };
  Hooks.on("preUpdateActiveEffect", (effect, _changes, options) => { stash(effect, options); });
  Hooks.on("preDeleteActiveEffect", (effect, options) => { stash(effect, options); });
  Hooks.on("createActor", (actor, _options, userId) => {
    if (game.user.isActiveGM && !isGmUser(userId)) queued(() => clearPlayerApprovals(actor));
  });
  // A restore is the active Narrator's own write; the flag in a player's options (his console sets any) is ignored.
  const restoring = (options: unknown, userId: string): boolean => (options as Record<string, unknown>)[RESTORED] === true && isGmUser(userId);
  Hooks.on("createActiveEffect", (effect, options, userId) => {
    if (restoring(options, userId)) return;
    if (userId === game.user.id && game.user.isGM) queued(() => approveCreated(effect));
  });
  Hooks.on("updateActiveEffect", (effect, _changes, options, userId) => {
    const opts = options as Record<string, unknown>; // options travel with the update
    if (restoring(options, userId)) return;
    if (userId === game.user.id && game.user.isGM) queued(() => approveEdited(effect, opts[BEFORE]));
    else if (!isGmUser(userId) && game.user.isActiveGM) {
      const holder = holderOf(effect);
      if (holder) queued(() => restoreNarratorEffects(holder));
    }
  });
  Hooks.on("deleteActiveEffect", (effect, options, userId) => {
    const holder = holderOf(effect);
    if (!holder) return;
    if (userId === game.user.id && game.user.isGM) queued(() => releaseDeleted(effect, (options as Record<string, unknown>)[BEFORE])); // options travel with the deletion
    else if (!isGmUser(userId) && game.user.isActiveGM) queued(() => restoreNarratorEffects(holder));
  });
}
