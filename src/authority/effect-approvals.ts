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
import { approvalFor, approvalsOf, effectDigest, idOf, needsApproval, withoutOne, type Approval } from "../effects/effect-approval.js";
import { isNarratorEffect } from "../effects/effect-authority.js";
import { gmQueue } from "./serial-queue.js";

type Effect = ActiveEffect.Implementation;
type Holder = Actor.Implementation | Item.Implementation;

/** Update options: the effect's digest before a Narrator's edit; an effect put back, not a new one of his. */
const BEFORE = "genesysDigestBefore";
const RESTORED = "genesysRestored";

const pending = new Set<Promise<unknown>>();

/** Resolves once every approval write this client started has landed (tests; the self-test). */
export async function approvalWritesSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

function queued(task: () => Promise<unknown>): void {
  const run = gmQueue.run(task).catch((error: unknown) => {
    console.error("GeneSys GdR | an effect's approval was not written", error);
  });
  pending.add(run);
  void run.finally(() => pending.delete(run));
}

function holderOf(effect: Effect): Holder | null {
  const parent: unknown = effect.parent;
  if (parent instanceof CONFIG.Actor.documentClass) return parent;
  return parent instanceof CONFIG.Item.documentClass ? parent : null;
}

function isGmUser(userId: string): boolean {
  // fvtt-types types get() as always finding the user; an id from the server may name one deleted since.
  const user = game.users.get(userId) as User.Stored | undefined;
  return user?.isGM === true;
}

/** The source of an effect, as stored: what a Narrator's effect is put back to. */
function sourceOf(effect: Effect): Record<string, unknown> {
  return effect.toObject();
}

async function writeApprovals(holder: Holder, next: readonly Approval[]): Promise<void> {
  if (JSON.stringify(next) === JSON.stringify(approvalsOf(holder))) return;
  // The approvals are a gmOnlyField: only a GM's write of them passes the server.
  await holder.update({ "system.approvals": next } as Actor.UpdateData & Item.UpdateData); // one path both document types share
}

/** A Narrator's new effect: his, named by its id (statuses the automation toggles are not marked, effect-authority.ts). */
async function approveCreated(effect: Effect): Promise<void> {
  const holder = holderOf(effect);
  if (!holder || !needsApproval(effect)) return;
  const list = withoutOne(approvalsOf(holder), idOf(effect), effectDigest(effect));
  await writeApprovals(holder, [...list, approvalFor(effect, isNarratorEffect(effect), sourceOf(effect))]);
}

/** A Narrator's edit: the effect approved as it is now, in place of what it was. */
async function approveEdited(effect: Effect, before: unknown): Promise<void> {
  const holder = holderOf(effect);
  if (!holder) return;
  const old = approvalsOf(holder);
  const own = old.find((a) => a.narrator && a.id === idOf(effect));
  const list = withoutOne(old, idOf(effect), typeof before === "string" ? before : "");
  const narrator = own !== undefined || isNarratorEffect(effect);
  await writeApprovals(holder, needsApproval(effect) ? [...list, approvalFor(effect, narrator, sourceOf(effect))] : list);
}

async function releaseDeleted(effect: Effect): Promise<void> {
  const holder = holderOf(effect);
  if (holder) await writeApprovals(holder, withoutOne(approvalsOf(holder), idOf(effect), effectDigest(effect)));
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
  const list = withoutOne(approvalsOf(holder), idOf(effect), effectDigest(effect));
  await writeApprovals(holder, [...list, approvalFor(effect, false)]);
  return true;
}

export function registerEffectApprovals(): void {
  Hooks.on("preUpdateActiveEffect", (effect, _changes, options) => {
    if (game.user.isGM) (options as Record<string, unknown>)[BEFORE] = effectDigest(effect); // options travel with the update
  });
  Hooks.on("createActiveEffect", (effect, options, userId) => {
    if ((options as Record<string, unknown>)[RESTORED] === true) return; // options travel with the creation
    if (userId === game.user.id && game.user.isGM) queued(() => approveCreated(effect));
  });
  Hooks.on("updateActiveEffect", (effect, _changes, options, userId) => {
    const opts = options as Record<string, unknown>; // options travel with the update
    if (opts[RESTORED] === true) return;
    if (userId === game.user.id && game.user.isGM) queued(() => approveEdited(effect, opts[BEFORE]));
    else if (!isGmUser(userId) && game.user.isActiveGM) {
      const holder = holderOf(effect);
      if (holder) queued(() => restoreNarratorEffects(holder));
    }
  });
  Hooks.on("deleteActiveEffect", (effect, _options, userId) => {
    const holder = holderOf(effect);
    if (!holder) return;
    if (userId === game.user.id && game.user.isGM) queued(() => releaseDeleted(effect));
    else if (!isGmUser(userId) && game.user.isActiveGM) queued(() => restoreNarratorEffects(holder));
  });
}
