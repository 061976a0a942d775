/**
 * Players send intents, the active GM's client decides.
 *
 * A v13 query handler is told only the query data, not who sent it (foundryvtt/foundryvtt#13418: "the only way for a
 * User-query handler to learn who queried is to include the sender's ID in query data … not quite trustworthy"). So the
 * intent itself travels in the sender's own User document, which the server lets only that user (or a GM) write:
 * the requester is the user whose document holds the intent, vouched for by the server. The query then only says
 * "look at intent K". The GM's client runs every intent through one queue, re-reading the world first, remembers
 * each key it answered (a retried request gets the first answer, never a second application), and removes the intent
 * from the user's document once answered. A player may not flood that queue: the GM's client caps how many intents
 * of one player are in flight at once and how many it accepts per rolling window; GMs are not limited.
 * Every client sees the intent appear, so the sender stores in it only the one-way proof of a random secret and sends
 * the secret itself in the query, which reaches the GM's client alone. An onlooker querying the sender's key lacks the
 * secret: it is refused, never gets the sender's answer, and neither removes the intent nor uses up the sender's limits.
 */
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { fromBase64, randomBytes, toBase64 } from "./cipher.js";
import { gmQueue } from "./serial-queue.js";

export const INTENT_QUERY = "genesys-gdr.intent";
export const intentTimings = {
  /** How long a player waits for the Narrator's client. */
  timeoutMs: 10_000,
  /** How long the GM's client waits for the sender's User update to arrive before the query (normally already there). */
  arrivalWaitMs: 2_000,
  /** An intent older than this is refused: nobody waits for its answer any more (a lost query, a replayed key). */
  maxAgeMs: 60_000,
};

/**
 * Per-player flood limits on the GM's client. One player's intents could otherwise fill the single queue (each may post
 * chat messages or update actors) and starve everyone else. Mutable so tests can lower them.
 */
export const intentLimits = {
  /** Intents of one player queued or running at once; more are refused (GENESYS.Authority.Busy). */
  inFlight: 8,
  /** Intents of one player accepted per rolling window; more are refused (GENESYS.Authority.Flood). */
  perWindow: 30,
  windowMs: 10_000,
  /** Queries waiting at once, all senders together, for an intent that has not arrived (locateSoon). */
  waiting: 16,
};

/** How many answers the GM's client remembers for retries; the oldest are forgotten first. */
const ANSWERS_KEPT = 500;

/** What the GM's client answers. `warning` is an i18n key shown to the requester; `info` one shown on success. */
export type IntentResult =
  | { ok: true; info?: string; data?: Record<string, string> }
  | { ok: false; warning: string; data?: Record<string, string> };

/** The user an intent came from, as the server vouches for it. */
export interface Requester {
  id: string;
  name: string;
  isGM: boolean;
  /** The User document, for permission tests (testUserPermission). */
  user: User.Stored;
}

export type IntentHandler = (requester: Requester, payload: unknown) => Promise<IntentResult>;

interface StoredIntent {
  kind: string;
  payload: unknown;
  /** When the sender wrote it (its own clock, ms): only used to refuse stale intents. */
  sentAt: number;
  /** intentProof of the secret that only the sender's query carries. */
  proof: string;
}

declare global {
  namespace CONFIG {
    interface Queries {
      "genesys-gdr.intent": (data: { userId: string; key: string; secret: string }) => Promise<IntentResult>;
    }
  }
}

const handlers = new Map<string, IntentHandler>();
/** Per `${userId}.${key}.${secret}`: queries this client has answered (or is answering), with their answer. */
const answered = new Map<string, Promise<IntentResult>>();
/** Per `${userId}.${key}`: intents answered (or being answered) for their proven sender, with the proof that won. */
const claimed = new Map<string, string>();

/** Per requester (the document owner's id): intents accepted and not yet answered. */
const inFlight = new Map<string, number>();
/** Per requester: when each intent of the current window was accepted (ms, oldest first). */
const acceptedAt = new Map<string, number[]>();

/**
 * Takes a slot for one more intent of `user`: a refusal, or the function that gives the slot back once answered.
 * Synchronous from check to count, so intents arriving together cannot all pass the same check. Only accepted intents
 * count: a refused one costs the queue nothing.
 */
function admit(user: User.Stored): IntentResult | (() => void) {
  if (user.isGM) return () => undefined;
  const id = user.id;
  if ((inFlight.get(id) ?? 0) >= intentLimits.inFlight) return refuse("GENESYS.Authority.Busy", { name: user.name });
  const now = Date.now();
  const recent = (acceptedAt.get(id) ?? []).filter((at) => now - at < intentLimits.windowMs);
  acceptedAt.set(id, recent);
  if (recent.length >= intentLimits.perWindow) return refuse("GENESYS.Authority.Flood", { name: user.name });
  recent.push(now);
  inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
  return () => {
    const left = (inFlight.get(id) ?? 0) - 1;
    if (left > 0) inFlight.set(id, left);
    else inFlight.delete(id);
  };
}

/** Registers what the GM's client does with one kind of intent. */
export function registerIntent(kind: string, handler: IntentHandler): void {
  handlers.set(kind, handler);
}

const refuse = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });

function requesterOf(user: User.Stored): Requester {
  return { id: user.id, name: user.name, isGM: user.isGM, user };
}

function isKey(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9]{16}$/.test(value);
}

function isStoredIntent(value: unknown): value is StoredIntent {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { kind?: unknown; sentAt?: unknown; proof?: unknown };
  return typeof v.kind === "string" && typeof v.sentAt === "number" && typeof v.proof === "string" && "payload" in value;
}

function intentsOf(user: User.Stored): Record<string, unknown> {
  // The flag is written by our own client code, but whoever owns the document may have put anything there.
  const raw: unknown = user.getFlag(SYSTEM_ID, "intents");
  return typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
}

/**
 * Intent `key` in the document of user `userId`. The id only says where to look: what is found there was written by
 * that user (or a GM), so copying someone else's key into one's own document runs one's own copy, as oneself.
 */
function locate(userId: string, key: string): { user: User.Stored; intent: unknown } | null {
  // fvtt-types types get() as always finding the user; an id from another client may name none.
  const user = game.users.get(userId) as User.Stored | undefined;
  if (!user) return null;
  const intents = intentsOf(user);
  return Object.hasOwn(intents, key) ? { user, intent: intents[key] } : null;
}

/** How many queries are waiting for their intent to arrive; a sender's own update normally arrives first. */
let waiting = 0;

/**
 * The intent, waiting a little for the sender's User update when the query overtook it. Only a few queries wait at
 * once: queries for keys nobody wrote (made up from the console, and so counted against no one's limits) would
 * otherwise keep the Narrator's client polling; beyond that a query is answered at once with what is there.
 */
async function locateSoon(userId: string, key: string): Promise<{ user: User.Stored; intent: unknown } | null> {
  const first = locate(userId, key);
  if (first || waiting >= intentLimits.waiting) return first;
  waiting++;
  try {
    const start = Date.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const found = locate(userId, key);
      if (found || Date.now() - start >= intentTimings.arrivalWaitMs) return found;
    }
  } finally {
    waiting--;
  }
}

/** The public proof of an intent's secret: null unless the secret is base64 of 32 bytes. */
export function intentProof(secret: string): string | null {
  const bytes = fromBase64(secret);
  return bytes?.length === 32 ? proofOf(bytes) : null;
}

function proofOf(secret: Uint8Array): string {
  // SHA-256 (audited @noble/hashes) is one-way: the proof cannot be turned back into the secret.
  return toBase64(sha256(secret));
}

/** Keeps a bounded map bounded; a Map iterates in insertion order, so the first key is the oldest. */
function trim(map: Map<string, unknown>): void {
  for (const oldest of map.keys()) {
    if (map.size <= ANSWERS_KEPT) return;
    map.delete(oldest);
  }
}

/** Runs one intent of a known requester through the queue. */
function dispatch(requester: Requester, intent: Pick<StoredIntent, "kind" | "payload">): Promise<IntentResult> {
  const handler = handlers.get(intent.kind);
  if (!handler) return Promise.resolve(refuse("GENESYS.Authority.Unknown", { kind: intent.kind }));
  return gmQueue.run(async () => {
    try {
      return await handler(requester, intent.payload);
    } catch (error) {
      console.error(`GeneSys GdR | intent ${intent.kind} failed`, error);
      return refuse("GENESYS.Authority.Failed", { message: error instanceof Error ? error.message : String(error) });
    }
  });
}

/** The query handler, on the active GM's client. */
export async function onIntentQuery(data: unknown): Promise<IntentResult> {
  if (!game.user.isActiveGM) return refuse("GENESYS.Authority.NotNarrator");
  const { key, userId, secret } = typeof data === "object" && data !== null ? (data as { key?: unknown; userId?: unknown; secret?: unknown }) : {};
  if (!isKey(key) || typeof userId !== "string" || !/^[A-Za-z0-9]{16}$/.test(userId)) return refuse("GENESYS.Authority.Invalid");
  if (typeof secret !== "string" || secret.length > 100) return refuse("GENESYS.Authority.Invalid");
  const slot = `${userId}.${key}`;
  // Keyed with the secret, so an onlooker's guess never shares (or spoils) the sender's remembered answer.
  const memo = `${slot}.${secret}`;
  const earlier = answered.get(memo);
  if (earlier) return earlier;
  const proof = intentProof(secret);
  // Already answered for its sender, perhaps removed since: another secret is an onlooker's, whatever happens next.
  const winner = claimed.get(slot);
  if (winner !== undefined && winner !== proof) return refuse("GENESYS.Authority.Invalid");
  const answer = (async (): Promise<IntentResult> => {
    const found = await locateSoon(userId, key);
    if (!found) return refuse("GENESYS.Authority.Expired");
    const intent = found.intent;
    if (isStoredIntent(intent) && proof !== intent.proof) {
      // An onlooker's query: the intent stays for its sender and costs them nothing; nor is this refusal remembered,
      // so guesses cannot push real answers out of the memory (at worst a concurrent identical guess is re-checked).
      answered.delete(memo);
      return refuse("GENESYS.Authority.Invalid");
    }
    if (isStoredIntent(intent)) {
      claimed.set(slot, intent.proof);
      trim(claimed);
    }
    // Counted only once located, per the document's owner (vouched for by the server), not per the query's claim.
    // Malformed or stale intents count too: each still costs the GM's client a write to remove it.
    let release: (() => void) | undefined;
    try {
      const admitted = admit(found.user);
      if (typeof admitted !== "function") return admitted;
      release = admitted;
      // Malformed: its owner's own garbage (our code never writes one), removed below like any answered intent.
      if (!isStoredIntent(intent)) return refuse("GENESYS.Authority.Invalid");
      if (Math.abs(Date.now() - intent.sentAt) > intentTimings.maxAgeMs) return refuse("GENESYS.Authority.Expired");
      return await dispatch(requesterOf(found.user), intent);
    } finally {
      // Answered or refused, the intent is done: nobody should find it again.
      try {
        await found.user.update({ [`flags.${SYSTEM_ID}.intents.-=${key}`]: null });
      } catch (error) {
        console.warn("GeneSys GdR | could not remove an answered intent", error);
      }
      release?.();
    }
  })();
  answered.set(memo, answer);
  trim(answered);
  return answer;
}

/** Shows a result to the user who asked; returns whether it went through. */
export function notifyResult(result: IntentResult): boolean {
  if (result.ok) {
    if (result.info) ui.notifications.info(game.i18n.format(result.info, result.data ?? {}));
    return true;
  }
  ui.notifications.warn(game.i18n.format(result.warning, result.data ?? {}));
  return false;
}

/**
 * Asks the active GM's client to carry out an intent and tells the user the answer. On the active GM's own client
 * the intent runs at once, through the same queue and the same checks, with the GM as requester.
 */
export async function sendIntent(kind: string, payload: unknown): Promise<IntentResult> {
  const gm = game.users.activeGM;
  if (!gm) return refuse("GENESYS.Authority.NoGm");
  if (gm.isSelf) return dispatch(requesterOf(game.user), { kind, payload });
  const key = foundry.utils.randomID(16);
  const secretBytes = randomBytes(32);
  const secret = toBase64(secretBytes);
  // Typed as what the GM's client checks for (fvtt-config's flag type predates `proof`; the flag is read as unknown).
  const intent: StoredIntent = { kind, payload, sentAt: Date.now(), proof: proofOf(secretBytes) };
  try {
    await game.user.update({ flags: { [SYSTEM_ID]: { intents: { [key]: intent } } } });
  } catch (error) {
    return refuse("GENESYS.Authority.Failed", { message: error instanceof Error ? error.message : String(error) });
  }
  try {
    const answer: unknown = await gm.query(INTENT_QUERY, { userId: game.user.id, key, secret }, { timeout: intentTimings.timeoutMs });
    return isResult(answer) ? answer : refuse("GENESYS.Authority.OldClient");
  } catch (error) {
    // Too late or no handler: the GM's client may still carry it out, once (the key is remembered there).
    return refuse("GENESYS.Authority.NoAnswer", { message: error instanceof Error ? error.message : String(error) });
  }
}

/** Sends an intent and shows its answer; the boolean is whether it went through. */
export async function requestIntent(kind: string, payload: unknown): Promise<boolean> {
  return notifyResult(await sendIntent(kind, payload));
}

function isResult(value: unknown): value is IntentResult {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { ok?: unknown; warning?: unknown };
  return v.ok === true || (v.ok === false && typeof v.warning === "string");
}

/**
 * At ready, the active GM's client drops intents left in users' documents (a Narrator's client that closed before
 * answering): whoever sent them was told that no answer came, and nobody waits for them any more.
 */
export async function clearStaleIntents(): Promise<number> {
  if (!game.user.isActiveGM) return 0;
  let cleared = 0;
  for (const user of game.users.contents) {
    const keys = Object.keys(intentsOf(user)).filter((key) => !claimed.has(`${user.id}.${key}`));
    if (keys.length === 0) continue;
    try {
      await user.update(Object.fromEntries(keys.map((key) => [`flags.${SYSTEM_ID}.intents.-=${key}`, null])));
      cleared += keys.length;
    } catch (error) {
      console.warn(`GeneSys GdR | could not clear the stale intents of ${user.name}`, error);
    }
  }
  return cleared;
}

export function registerIntentChannel(): void {
  CONFIG.queries[INTENT_QUERY] = onIntentQuery;
}

/** Tests: forget answered keys and flood counters between scenarios. */
export function resetIntentMemory(): void {
  answered.clear();
  claimed.clear();
  inFlight.clear();
  acceptedAt.clear();
}
