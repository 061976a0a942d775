/**
 * Players send intents, the active GM's client decides.
 *
 * An intent travels in the sender's own User document, which the server lets only that user (or a GM) write, and the
 * update hook on the GM's client is told by the server who wrote it (`userId`, V13-API §10): that writer is the
 * requester. So a click costs the player one write, and the Narrator's writes follow: the GM's client runs every
 * intent through one queue, re-reading the world first, and writes its answer into the same User document (removing
 * the intent) together with the writes the answer is about. Every client receives that document, so the answer is
 * sealed to the public key the intent carries (answer-box.ts). A handler that knows its answer before its writes land
 * returns it with `answerWhile`, so the answer travels beside them instead of after them. Each key is answered once
 * (a hook seen twice, or a key written again, gets the first answer). A player may not flood that queue: the GM's
 * client caps how many intents of one player are in flight at once and how many it accepts per rolling window; GMs
 * are not limited.
 *
 * A query (User#query) was used before: its handler is not told who asked (foundryvtt/foundryvtt#13418), which cost a
 * proof secret, a wait for the document to arrive and two more round trips.
 */
import { SYSTEM_ID } from "../settings/rules-settings.js";
import type { ReplyKeys } from "./answer-box.js";
import { gmQueue } from "./serial-queue.js";

export const intentTimings = {
  /** How long a player waits for the Narrator's client. */
  timeoutMs: 10_000,
  /** An intent older than this is refused: nobody waits for its answer any more (a replayed key, a stuck client). */
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
};

/**
 * The answer boxes (X25519, HKDF, XChaCha20-Poly1305) are a chunk of their own: a player's client loads it with its
 * first intent, a Narrator's with his side; a player who only watches never does.
 */
const answerBox = () => import("./answer-box.js");

/** How many answers the GM's client remembers for repeated keys; the oldest are forgotten first. */
const ANSWERS_KEPT = 500;

/** What the GM's client answers. `warning` is an i18n key shown to the requester; `info` one shown on success. */
export type IntentResult =
  | { ok: true; info?: string; data?: Record<string, string> }
  | { ok: false; warning: string; data?: Record<string, string> };

/** An answer known before the writes it is about have landed: sent beside them (see answerWhile). */
export interface AnswerWhile {
  result: IntentResult;
  writes: Promise<unknown>;
}

/** What a handler returns: its answer, or its answer with the writes still under way. */
export type IntentOutcome = IntentResult | AnswerWhile;

/**
 * The answer goes out while `writes` land, so the requester waits for one round of the Narrator's writes, not for them
 * and then the answer. The queue still waits for `writes` before the next intent; if they fail, the requester is told.
 */
export function answerWhile(writes: Promise<unknown>, result: IntentResult = { ok: true }): AnswerWhile {
  return { result, writes };
}

/** The user an intent came from, as the server vouches for it. */
export interface Requester {
  id: string;
  name: string;
  isGM: boolean;
  /** The User document, for permission tests (testUserPermission). */
  user: User.Stored;
}

export type IntentHandler = (requester: Requester, payload: unknown) => Promise<IntentOutcome>;

interface StoredIntent {
  kind: string;
  payload: unknown;
  /** When the sender wrote it (its own clock, ms): only used to refuse stale intents. */
  sentAt: number;
  /** The sender's X25519 public key for this intent's answer. */
  reply: string;
}

const handlers = new Map<string, IntentHandler>();
/** Per `${userId}.${key}`: intents this client has answered (or is answering), with their answer. */
const answered = new Map<string, Promise<IntentResult>>();
/** On a player's client: intents sent and not yet answered, by key. */
const pending = new Map<string, (result: IntentResult) => void>();
/** On a player's client: the answer keys of recent intents, answered or not (a failure may follow an answer). */
const replies = new Map<string, ReplyKeys>();
const REPLIES_KEPT = 50;
/** On a player's client: answers received, to be removed with the next intent's write. */
const received = new Set<string>();

/** Per requester: intents accepted and not yet answered. */
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

let loadHandlers: (() => Promise<unknown>) | null = null;
let handlersLoaded: Promise<unknown> | null = null;

/**
 * Where the Narrator's handlers come from: a chunk of their own (narrator.ts), which no player's browser loads. The
 * entry names it at init; a GM's client loads it at ready, and in any case before its first intent.
 */
export function setNarratorHandlers(load: () => Promise<unknown>): void {
  loadHandlers = load;
  handlersLoaded = null;
}

/** Resolves once the Narrator's handlers are registered on this client (loading them the first time). */
export function narratorHandlers(): Promise<unknown> {
  // A failed load (the chunk could not be fetched) is tried again by the next caller.
  handlersLoaded ??= (loadHandlers ? loadHandlers() : Promise.resolve()).catch((error: unknown) => {
    handlersLoaded = null;
    throw error;
  });
  return handlersLoaded;
}

/** Registers what the GM's client does with one kind of intent. */
export function registerIntent(kind: string, handler: IntentHandler): void {
  handlers.set(kind, handler);
}

const refuse = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });

function requesterOf(user: User.Stored): Requester {
  return { id: user.id, name: user.name, isGM: user.isGM, user };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isKey = (value: string): boolean => /^[A-Za-z0-9]{16}$/.test(value);
/** Base64 of 32 bytes: an X25519 public key. */
const REPLY_KEY = /^[A-Za-z0-9+/]{43}=$/;

function isStoredIntent(value: unknown): value is StoredIntent {
  if (!isObject(value)) return false;
  return typeof value["kind"] === "string" && typeof value["sentAt"] === "number" && typeof value["reply"] === "string" && REPLY_KEY.test(value["reply"]) && "payload" in value;
}

function isAnswerWhile(value: IntentOutcome): value is AnswerWhile {
  return "writes" in value && "result" in value;
}

/** Our scope of a User's flags, or of the changes an update hook was given. */
function scopeOf(flagsHolder: unknown): Record<string, unknown> {
  if (!isObject(flagsHolder)) return {};
  const flags = flagsHolder["flags"];
  if (!isObject(flags)) return {};
  const scope = flags[SYSTEM_ID];
  return isObject(scope) ? scope : {};
}

/** A record under our scope (`intents`, `answers`), whoever wrote it; anything else reads as empty. */
function recordOf(flagsHolder: unknown, name: "intents" | "answers"): Record<string, unknown> {
  const record = scopeOf(flagsHolder)[name];
  return isObject(record) ? record : {};
}

/** Keys written (not deleted) in an update's changes. */
function writtenKeys(changes: unknown, name: "intents" | "answers"): string[] {
  return Object.keys(recordOf(changes, name)).filter((key) => !key.startsWith("-=") && isKey(key));
}

/** Keeps a bounded map bounded; a Map iterates in insertion order, so the first key is the oldest. */
function trim(map: Map<string, unknown>): void {
  for (const oldest of map.keys()) {
    if (map.size <= ANSWERS_KEPT) return;
    map.delete(oldest);
  }
}

function failure(error: unknown): IntentResult {
  return refuse("GENESYS.Authority.Failed", { message: error instanceof Error ? error.message : String(error) });
}

/**
 * Runs one intent of a known requester through the queue. `answer` settles as soon as the handler knows its answer;
 * `done` once its writes have landed too (the queue waits for those before the next intent). A failure of writes
 * answered early becomes `late`.
 */
function dispatch(requester: Requester, intent: Pick<StoredIntent, "kind" | "payload">): { answer: Promise<IntentResult>; done: Promise<IntentResult | null> } {
  let answer: (result: IntentResult) => void = () => undefined;
  const early = new Promise<IntentResult>((resolve) => { answer = resolve; });
  const done = gmQueue.run(async (): Promise<IntentResult | null> => {
    let outcome: IntentOutcome;
    try {
      await narratorHandlers();
      const handler = handlers.get(intent.kind);
      outcome = handler ? await handler(requester, intent.payload) : refuse("GENESYS.Authority.Unknown", { kind: intent.kind });
    } catch (error) {
      console.error(`GeneSys GdR | intent ${intent.kind} failed`, error);
      answer(failure(error));
      return null;
    }
    if (!isAnswerWhile(outcome)) {
      answer(outcome);
      return null;
    }
    answer(outcome.result);
    try {
      await outcome.writes;
      return null;
    } catch (error) {
      console.error(`GeneSys GdR | the writes of intent ${intent.kind} failed after its answer`, error);
      return failure(error);
    }
  });
  return { answer: early, done };
}

/**
 * Writes an answer into the requester's User document, sealed to `reply`, and removes the intent it answers. Only a
 * refusal of a malformed intent (no key to seal to) goes out plain: it says nothing the intent did not.
 */
async function writeAnswer(user: User.Stored, key: string, result: IntentResult, reply: string | null): Promise<void> {
  try {
    // The answer boxes' chunk may fail to load (a dropped connection): the intent is still removed, unanswered.
    const sealed = reply === null ? null : (await answerBox()).sealAnswer(result, reply, user.id, key);
    const stored = sealed ?? (result.ok ? refuse("GENESYS.Authority.Invalid") : result);
    await user.update({ [`flags.${SYSTEM_ID}.intents.-=${key}`]: null, [`flags.${SYSTEM_ID}.answers.${key}`]: stored });
  } catch (error) {
    console.warn("GeneSys GdR | could not write an intent's answer", error);
  }
}

/**
 * On the active GM's client: intent `key` has appeared in `user`'s document, written by `writerId` (the server says).
 * Only an intent a user wrote into their own document is theirs; anything else is ignored.
 */
export function onIntentWritten(user: User.Stored, key: string, writerId: string): Promise<IntentResult> | null {
  if (!game.user.isActiveGM || writerId !== user.id || !isKey(key)) return null;
  const slot = `${user.id}.${key}`;
  const intent = recordOf(user, "intents")[key];
  const reply = isObject(intent) && typeof intent["reply"] === "string" ? intent["reply"] : null;
  const earlier = answered.get(slot);
  if (earlier) {
    void earlier.then((result) => writeAnswer(user, key, result, reply));
    return earlier;
  }
  // Counted per the document's writer (vouched for by the server). Malformed or stale intents count too: each still
  // costs the GM's client a write to remove it.
  const admitted = admit(user);
  let release: () => void = () => undefined;
  let answer: Promise<IntentResult>;
  let done: Promise<IntentResult | null> = Promise.resolve(null);
  if (typeof admitted !== "function") answer = Promise.resolve(admitted);
  // Malformed: its owner's own garbage (our code never writes one), removed like any answered intent.
  else if (!isStoredIntent(intent)) answer = Promise.resolve(refuse("GENESYS.Authority.Invalid"));
  else if (Math.abs(Date.now() - intent.sentAt) > intentTimings.maxAgeMs) answer = Promise.resolve(refuse("GENESYS.Authority.Expired"));
  else ({ answer, done } = dispatch(requesterOf(user), intent));
  if (typeof admitted === "function") release = admitted;
  answered.set(slot, answer);
  trim(answered);
  void (async () => {
    const result = await answer;
    // After a macrotask, so that the writes the handler started have left first (the answer is about them).
    await new Promise((resolve) => setTimeout(resolve, 0));
    await writeAnswer(user, key, result, reply);
    const late = await done;
    release();
    if (late) await writeAnswer(user, key, late, reply);
  })();
  return answer;
}

/** The update hook on every client: the GM's answers intents, the sender's reads its answers. */
function onUserUpdate(user: User.Stored, changes: unknown, writerId: string): void {
  // One write naming a thousand intents would cost the Narrator's client a thousand answers: beyond what may be in
  // flight at once, the rest of one write is not looked at (nor answered; the sweep at ready removes them).
  if (game.user.isActiveGM) for (const key of writtenKeys(changes, "intents").slice(0, intentLimits.inFlight)) void onIntentWritten(user, key, writerId);
  // fvtt-types types get() as always finding the user; a broadcast's id may name one deleted since.
  const writer = game.users.get(writerId) as User.Stored | undefined;
  if (!user.isSelf || !writer?.isGM) return;
  const answers = recordOf(changes, "answers");
  for (const key of writtenKeys(changes, "answers")) {
    const stored = answers[key];
    const keys = replies.get(key);
    if (!keys) continue;
    received.add(key);
    const settle = pending.get(key);
    if (settle) pending.delete(key);
    // Loaded already: this client sent the intent.
    void answerBox().then(({ isStoredAnswer, openAnswer }) => {
      const opened = isStoredAnswer(stored) ? openAnswer(stored, keys, user.id, key) : stored;
      const read = isResult(opened) ? opened : refuse("GENESYS.Authority.OldClient");
      if (settle) settle(read);
      // A failure after the answer (the writes it was about did not land), or an answer after the wait ran out.
      else if (!read.ok) notifyResult(read);
    }, (error: unknown) => {
      if (settle) settle(failure(error));
      else console.error("GeneSys GdR | an intent's answer could not be opened", error);
    });
  }
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
 * Asks the active GM's client to carry out an intent; resolves with its answer. On the active GM's own client the
 * intent runs at once, through the same queue and the same checks, with the GM as requester, and resolves once its
 * writes have landed.
 */
export async function sendIntent(kind: string, payload: unknown): Promise<IntentResult> {
  const gm = game.users.activeGM;
  if (!gm) return refuse("GENESYS.Authority.NoGm");
  if (gm.isSelf) {
    const { answer, done } = dispatch(requesterOf(game.user), { kind, payload });
    const late = await done;
    return late ?? answer;
  }
  const key = foundry.utils.randomID(16);
  let keys: ReplyKeys;
  try {
    keys = (await answerBox()).replyKeys();
  } catch (error) {
    // The answer boxes' chunk could not be fetched: told like any failure, never a rejection.
    return failure(error);
  }
  replies.set(key, keys);
  for (const oldest of replies.keys()) {
    if (replies.size <= REPLIES_KEPT) break;
    replies.delete(oldest);
  }
  const intent: StoredIntent = { kind, payload, sentAt: Date.now(), reply: keys.publicKey };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answer = new Promise<IntentResult>((resolve) => {
    pending.set(key, resolve);
    timer = setTimeout(() => {
      pending.delete(key);
      resolve(refuse("GENESYS.Authority.NoAnswer", { message: `${String(intentTimings.timeoutMs)} ms` }));
    }, intentTimings.timeoutMs);
  });
  // The answers already read leave with this write: no write of their own.
  const cleared = [...received].filter((k) => !pending.has(k));
  for (const k of cleared) received.delete(k);
  try {
    await game.user.update({
      [`flags.${SYSTEM_ID}.intents.${key}`]: intent,
      ...Object.fromEntries(cleared.map((k) => [`flags.${SYSTEM_ID}.answers.-=${k}`, null])),
    });
  } catch (error) {
    pending.delete(key);
    clearTimeout(timer);
    return failure(error);
  }
  try {
    return await answer;
  } finally {
    clearTimeout(timer);
  }
}

/** Sends an intent and shows its answer; the boolean is whether it went through. */
export async function requestIntent(kind: string, payload: unknown): Promise<boolean> {
  return notifyResult(await sendIntent(kind, payload));
}

function isResult(value: unknown): value is IntentResult {
  if (!isObject(value)) return false;
  return value["ok"] === true || (value["ok"] === false && typeof value["warning"] === "string");
}

/**
 * At ready, the active GM's client drops intents and answers left in users' documents (a Narrator's client that closed
 * before answering, a player who never sent again): nobody waits for them any more.
 */
export async function clearStaleIntents(): Promise<number> {
  if (!game.user.isActiveGM) return 0;
  let cleared = 0;
  for (const user of game.users.contents) {
    const intents = Object.keys(recordOf(user, "intents")).filter((key) => !answered.has(`${user.id}.${key}`));
    const answers = Object.keys(recordOf(user, "answers"));
    if (intents.length + answers.length === 0) continue;
    try {
      await user.update({
        ...Object.fromEntries(intents.map((key) => [`flags.${SYSTEM_ID}.intents.-=${key}`, null])),
        ...Object.fromEntries(answers.map((key) => [`flags.${SYSTEM_ID}.answers.-=${key}`, null])),
      });
      cleared += intents.length;
    } catch (error) {
      console.warn(`GeneSys GdR | could not clear the stale intents of ${user.name}`, error);
    }
  }
  return cleared;
}

export function registerIntentChannel(): void {
  // An updated user is a stored one; the hook's type leaves its id nullable.
  Hooks.on("updateUser", (user, changes, _options, userId) => { onUserUpdate(user as User.Stored, changes, userId); });
}

/** Tests: forget answered keys, pending waits and flood counters between scenarios. */
export function resetIntentMemory(): void {
  answered.clear();
  pending.clear();
  replies.clear();
  received.clear();
  inFlight.clear();
  acceptedAt.clear();
}
