/**
 * A GeneSys change counts once a Narrator approved it. Whoever owns an actor may add, edit or re-enable Active Effects
 * on it and on its items (Foundry checks only ownership for embedded effects), so an effect's changes are trusted only
 * when their holder's `system.approvals` (a gmOnlyField: only a GM writes it, data/protected-fields.ts) names the effect
 * with the digest of what it changes now. Editing the changes after approval makes a new digest: the approval no longer
 * matches and the effect stops counting until approved again.
 * - The Narrator's client approves at once what a Narrator created, changed or brought in (authority/effect-approvals.ts);
 *   a compendium item added through the Narrator's client is his creation.
 * - An actor the Narrator opened for free editing trusts its own effects and its items' (a trusting group).
 * - Only effects with a GeneSys change wait: core's other keys change nothing the book counts (effects/active-effect.ts
 *   refuses keys on protected values).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { readEffectChanges } from "../compat/effect-changes.js";
import { parseEffectKey } from "./effect-keys.js";

/** One approval on a holder: the digest of what an effect changes and, for a Narrator's effect, what to put back. */
export interface Approval {
  /** A Narrator's effect: its id (known once it exists), the one effect the approval is for; "" otherwise. */
  id: string;
  /** effectDigest of the effect when approved. */
  digest: string;
  /** Placed by a Narrator: its owner may not delete, disable or change it (authority/effect-approvals.ts puts it back). */
  narrator: boolean;
  /** For a Narrator's effect, its source as JSON when approved; "" otherwise. */
  snapshot: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * What an approval is bound to: the changes and, on an item, whether they reach the owner. Not the effect's id, which
 * the server gives only once the document exists, after the creation that approves it: an approval is a permit for one
 * effect with exactly these changes on this holder, so a copy of an approved effect finds no permit left.
 */
function content(effect: unknown): string {
  const e = isObject(effect) ? effect : {};
  return JSON.stringify([e["transfer"] !== false, readEffectChanges(effect).map((c) => [c.key, c.kind, c.value])]);
}

const digests = new Map<string, string>();
const DIGESTS_KEPT = 5000;

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Bytes (a multiple of 3) as base64url without padding. */
function base64url(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += (BASE64URL[(n >> 18) & 63] ?? "") + (BASE64URL[(n >> 12) & 63] ?? "") + (BASE64URL[(n >> 6) & 63] ?? "") + (BASE64URL[n & 63] ?? "");
  }
  return out;
}

/** The SHA-256 of what the effect changes, shortened to 144 bits (24 characters): what an approval is bound to. */
export function effectDigest(effect: unknown): string {
  const text = content(effect);
  const known = digests.get(text);
  if (known !== undefined) return known;
  const digest = base64url(sha256(new TextEncoder().encode(text)).subarray(0, 18));
  // Every preparation of every actor asks again for the same effects: a bounded memory of them.
  if (digests.size >= DIGESTS_KEPT) digests.clear();
  digests.set(text, digest);
  return digest;
}

/** Whether the effect carries a change the system counts (a GeneSys key), and so waits for approval. */
export function needsApproval(effect: unknown): boolean {
  return readEffectChanges(effect).some((c) => parseEffectKey(c.key) !== null);
}

function readApproval(raw: unknown): Approval | null {
  if (!isObject(raw) || typeof raw["digest"] !== "string") return null;
  const id = typeof raw["id"] === "string" ? raw["id"] : "";
  return { id, digest: raw["digest"], narrator: raw["narrator"] === true && id !== "", snapshot: typeof raw["snapshot"] === "string" ? raw["snapshot"] : "" };
}

function storedSystem(holder: unknown): Record<string, unknown> | null {
  const source = isObject(holder) ? holder["_source"] : undefined;
  const system = isObject(source) ? source["system"] : undefined;
  return isObject(system) ? system : null;
}

/** The approvals stored on an actor or item, read from its source (what the server guards, never a prepared value). */
export function approvalsOf(holder: unknown): Approval[] {
  const list = storedSystem(holder)?.["approvals"];
  return Array.isArray(list) ? list.flatMap((raw: unknown) => readApproval(raw) ?? []) : [];
}

/** Whether the holder's stored source opens it for free editing (only a GM writes `freeEdit`). */
export function trustsOwner(holder: unknown): boolean {
  return storedSystem(holder)?.["freeEdit"] === true;
}

/**
 * Which of `effects` (all those of one holder, in order) have a permit on `holder`, each approval serving one effect;
 * an effect with no GeneSys change needs none. The map gives each permitted effect the approval it used.
 */
export function permits(effects: Iterable<unknown>, holder: unknown): Map<unknown, Approval | null> {
  const approvals = approvalsOf(holder);
  const out = new Map<unknown, Approval | null>();
  const waiting: unknown[] = [];
  for (const effect of effects) {
    if (!needsApproval(effect)) out.set(effect, null);
    else waiting.push(effect);
  }
  // A Narrator's effect is named by its id; every other approval is a permit for any one effect with its changes.
  const left = approvals.filter((a) => !a.narrator);
  for (const effect of waiting) {
    const digest = effectDigest(effect);
    const id = idOf(effect);
    const own = approvals.find((a) => a.narrator && a.id === id && a.digest === digest);
    if (own) {
      out.set(effect, own);
      continue;
    }
    const at = left.findIndex((a) => a.digest === digest);
    if (at < 0) continue;
    out.set(effect, left[at] ?? null);
    left.splice(at, 1);
  }
  return out;
}

/** An effect's id (a document's `id`, a source's `_id`), "" when it has none yet. */
export function idOf(effect: unknown): string {
  if (!isObject(effect)) return "";
  const id = effect["id"] ?? effect["_id"];
  return typeof id === "string" ? id : "";
}

/** The fields of an effect's source that a Narrator's effect is put back to when its owner touched it. */
export const SNAPSHOT_FIELDS = ["name", "img", "disabled", "transfer", "changes", "system", "statuses", "duration", "flags"] as const;

/** One approval of an effect as it is now (`source`: its stored data, for a Narrator's effect to be put back from). */
export function approvalFor(effect: unknown, narrator: boolean, source: Record<string, unknown> = {}): Approval {
  const id = narrator ? idOf(effect) : "";
  const snapshot = id !== "" ? JSON.stringify(Object.fromEntries(SNAPSHOT_FIELDS.filter((k) => k in source).map((k) => [k, source[k]]))) : "";
  return { id, digest: effectDigest(effect), narrator: id !== "", snapshot };
}

/** Creation option: the approvals in the data are the source's own, carried over (authority/owner-actions.ts). */
export const KEEP_APPROVALS = "genesysKeepApprovals";

/** Every effect of the holder that needs one, approved as it is: what a Narrator creates or brings in counts at once. */
export function approveAll(holder: EffectHolderView): Approval[] {
  return [...holder.effects].filter(needsApproval).map((e) => approvalFor(e, false));
}

/** The approvals a copy of `holder` may carry: those its effects use now (a player's unapproved effect gets none). */
export function carriedApprovals(holder: EffectHolderView): Approval[] {
  return [...permits(holder.effects, holder).values()].filter((a): a is Approval => a !== null).map((a) => ({ ...a, id: "", narrator: false, snapshot: "" }));
}

interface EffectHolderView {
  effects: Iterable<unknown>;
}

/**
 * On a Narrator's client, a new actor or item (with its items) approved in its own creation, so that what he brings
 * in, a compendium's included, counts at once; `keep` leaves the approvals its data carried.
 */
export function approveOnCreation(doc: EffectHolderView & { updateSource(changes: Record<string, unknown>): unknown; items?: Iterable<EffectHolderView & { updateSource(changes: Record<string, unknown>): unknown }> }, keep: boolean): void {
  if (keep) return;
  const own = approveAll(doc);
  if (own.length > 0 || approvalsOf(doc).length > 0) doc.updateSource({ "system.approvals": own });
  // The embedded items of a new actor are its data, not creations of their own (their _preCreate is not run).
  for (const item of doc.items ?? []) {
    const list = approveAll(item);
    if (list.length > 0 || approvalsOf(item).length > 0) item.updateSource({ "system.approvals": list });
  }
}
