/**
 * The Narrators' keys for sealed results (seal.ts).
 *
 * Every world document reaches every client, whispered chat messages included (a player reads them from the console),
 * so a blind roll's numbers are kept in its message only encrypted, under a key that lives in the Narrators' browsers
 * and nowhere in the world. Each browser keeps a ring of keys, newest last: new cards are sealed with the newest, old
 * ones open with whichever key sealed them (named by its id in the box), and a key is only ever added, never replaced.
 * - The active Narrator's client makes a key the first time it seals something, and a new one when someone who was a
 *   Narrator when the newest was made is a Narrator no longer (a demoted assistant keeps what they saw, not what comes).
 * - Another Narrator's client asks the active one for the key a card names, through an intent answered for Narrators
 *   only; the answer travels back to the asker alone, bound to a secret only the asker's query carries.
 * - A Narrator can copy the ring to another browser from the system's settings.
 * - Every copy (fetched or pasted) carries the Narrators its key was made for, and rotates like the original: a key
 *   seals only while all of them are Narrators still; one whose Narrators are unknown only opens.
 * A browser that cannot store (storage turned off) holds no key: blind rolls are refused there rather than sealed with
 * a key lost at the next reload.
 */
import { randomBytes, toBase64, fromBase64 } from "./bytes.js";
import { registerIntent, sendIntent, type IntentResult, type Requester } from "./intent-channel.js";

export interface SealKey {
  /** Names the key in every box it sealed, so a box sealed with another key is told apart from a damaged one. */
  id: string;
  bytes: Uint8Array;
  /** The Narrators when it was made: if one of them is no longer one, new cards get a new key. */
  gms: string[];
}

export const SEAL_INTENTS = { key: "seal.key" } as const;

/** What the browser keeps: window.localStorage, or (outside a browser: the tests) memory. */
interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const memory = new Map<string, string>();
const memoryStorage: KeyStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
};

/** The browser's storage; null where it refuses (reading localStorage throws when the user turned storage off). */
function storage(): KeyStorage | null {
  try {
    const local = (globalThis as { localStorage?: KeyStorage }).localStorage;
    return local ?? memoryStorage;
  } catch {
    return null;
  }
}

/** Per world and per Narrator: two Narrators sharing a browser each keep their own ring. */
function slot(): string {
  return `genesys-gdr.seal-keys.${game.world.id}.${game.user.id}`;
}

const PREFIX = "genesys-seal-1";
const isUserId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{16}$/.test(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{8,32}$/.test(v);

/**
 * One key as text, to copy between browsers: "genesys-seal-1:<id>:<base64 key>:<Narrator ids, comma-separated>". The
 * Narrators it was made for travel with it, so that a copy rotates like the original when one of them is demoted.
 */
export function keyText(key: SealKey): string {
  return `${PREFIX}:${key.id}:${toBase64(key.bytes)}:${key.gms.join(",")}`;
}

/** A key from its text, or null when the text is not one; a text without its Narrators (older copies) has none. */
export function parseKeyText(text: string): SealKey | null {
  const [prefix, id, data, gmList, ...rest] = text.trim().split(":");
  if (prefix !== PREFIX || rest.length > 0 || !isId(id) || data === undefined) return null;
  const gms = gmList === undefined || gmList === "" ? [] : gmList.split(",");
  if (!gms.every(isUserId)) return null;
  const bytes = fromBase64(data);
  return bytes?.length === 32 ? { id, bytes, gms } : null;
}

/** The ring as text: one key per line, oldest first. */
export function ringText(ring: readonly SealKey[]): string {
  return ring.map(keyText).join("\n");
}

/** Every key in a text of one or more keys (one per line); null when any line is not a key. */
export function parseRingText(text: string): SealKey[] | null {
  const lines = text.split(/\s+/).filter((l) => l.length > 0);
  const keys = lines.map(parseKeyText);
  return keys.length > 0 && keys.every((k) => k !== null) ? keys : null;
}

function readRing(): SealKey[] {
  const store = storage();
  if (!store || !game.user.isGM) return [];
  try {
    const raw: unknown = JSON.parse(store.getItem(slot()) ?? "[]");
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((entry: unknown) => {
      if (typeof entry !== "object" || entry === null) return [];
      const { text, gms } = entry as { text?: unknown; gms?: unknown };
      const key = typeof text === "string" ? parseKeyText(text) : null;
      return key ? [{ ...key, gms: key.gms.length > 0 ? key.gms : Array.isArray(gms) ? gms.filter(isUserId) : [] }] : [];
    });
  } catch {
    return [];
  }
}

function writeRing(ring: readonly SealKey[]): boolean {
  const store = storage();
  if (!store || !game.user.isGM) return false;
  try {
    store.setItem(slot(), JSON.stringify(ring.map((k) => ({ text: keyText(k), gms: k.gms }))));
    return true;
  } catch (error) {
    console.error("GeneSys GdR | the blind-roll key could not be stored in this browser", error);
    return false;
  }
}

/** Every key this browser holds for this world, oldest first (none on a player's client). */
export function heldKeys(): SealKey[] {
  return readRing();
}

/** The key with this id, if this browser holds it. */
export function heldKey(id?: string): SealKey | null {
  const ring = readRing();
  return (id === undefined ? ring.at(-1) : ring.find((k) => k.id === id)) ?? null;
}

/** Adds keys to this browser's ring (those it already holds are left as they are); false when it could not store. */
export function keepKeys(keys: readonly SealKey[]): boolean {
  if (!game.user.isGM) return false;
  const ring = readRing();
  const known = new Set(ring.map((k) => k.id));
  const added = keys.filter((k) => !known.has(k.id));
  return added.length === 0 ? storage() !== null : writeRing([...ring, ...added]);
}

const narratorIds = (): string[] => game.users.contents.filter((u) => u.isGM).map((u) => u.id);

/**
 * Whether the key may no longer seal: someone who was a Narrator when it was made is no longer one (demoted or
 * deleted), or nobody knows for whom it was made (a copy pasted from an older text). It still opens what it sealed.
 */
function outlived(key: SealKey): boolean {
  const now = new Set(narratorIds());
  return key.gms.length === 0 || key.gms.some((id) => !now.has(id));
}

/** Makes and keeps a new key on this client, the newest of its ring; null when it cannot be kept. */
export function rotateKey(): SealKey | null {
  if (!game.user.isGM) return null;
  const key: SealKey = { id: foundry.utils.randomID(12), bytes: randomBytes(32), gms: narratorIds() };
  return keepKeys([key]) ? key : null;
}

/**
 * The key to seal with, on a Narrator's client: this browser's newest (a new one if the Narrators changed since it was
 * made), else, on another Narrator's client, the active Narrator's; on the active Narrator's client without any, a new
 * one. Null for players, and when no key can be had or kept.
 */
export async function sealingKey(): Promise<SealKey | null> {
  if (!game.user.isGM) return null;
  const newest = heldKey();
  if (newest && !outlived(newest)) return newest;
  if (game.user.isActiveGM) return rotateKey();
  // The active Narrator's newest, made anew there if it has outlived its Narrators too.
  const fetched = await fetchKey();
  return fetched && !outlived(fetched) ? fetched : null;
}

/** Asks the active Narrator's client for a key (the one with `id`, or its newest) and keeps it; null if none came. */
export async function fetchKey(id?: string): Promise<SealKey | null> {
  if (!game.user.isGM || game.user.isActiveGM) return null;
  const answer = await sendIntent(SEAL_INTENTS.key, id === undefined ? {} : { id });
  const text = answer.ok ? answer.data?.["key"] : undefined;
  const key = text === undefined ? null : parseKeyText(text);
  if (!key || (id !== undefined && key.id !== id) || !keepKeys([key])) return null;
  return key;
}

/** On the active Narrator's client: hands a key to another Narrator, never to a player. */
async function onKeyIntent(requester: Requester, raw: unknown): Promise<IntentResult> {
  if (!requester.isGM) return { ok: false, warning: "GENESYS.Seal.Warn.NarratorsOnly" };
  const id = typeof raw === "object" && raw !== null ? (raw as { id?: unknown }).id : undefined;
  if (id !== undefined && !isId(id)) return { ok: false, warning: "GENESYS.Authority.Invalid" };
  const key = id === undefined ? await sealingKey() : heldKey(id);
  return key ? { ok: true, data: { key: keyText(key) } } : { ok: false, warning: "GENESYS.Seal.Warn.NoKey" };
}

export function registerSealKey(): void {
  registerIntent(SEAL_INTENTS.key, onKeyIntent);
}

/** Tests: forget the keys held in memory (the stand-in for each browser's storage), every user's or one user's. */
export function forgetKeysInMemory(userId?: string): void {
  if (userId === undefined) memory.clear();
  else for (const slotKey of [...memory.keys()]) if (slotKey.endsWith(`.${userId}`)) memory.delete(slotKey);
}
