/**
 * The Narrators' key for sealed results (seal.ts).
 *
 * Every world document reaches every client, whispered chat messages included (a player reads them from the console),
 * so a blind roll's numbers are kept in its message only encrypted, under a key that lives in the Narrators' browsers
 * and nowhere in the world. The active Narrator's client makes the key the first time it seals something; another
 * Narrator's client asks for it through an intent, which the active Narrator answers for Narrators only (the answer
 * travels back to the asker alone). A Narrator can copy the key to another browser from the system's settings.
 */
import { randomBytes, toBase64, fromBase64 } from "./cipher.js";
import { registerIntent, sendIntent, type IntentResult, type Requester } from "./intent-channel.js";

export interface SealKey {
  /** Names the key in every box it sealed, so a box sealed with another key is told apart from a damaged one. */
  id: string;
  bytes: Uint8Array;
}

export const SEAL_INTENTS = { key: "seal.key" } as const;

/** What the browser keeps: window.localStorage, or (outside a browser) memory. */
interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const memory = new Map<string, string>();
const memoryStorage: KeyStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
};

function storage(): KeyStorage {
  try {
    // Absent outside browsers; reading it throws where the browser forbids storage.
    const local = (globalThis as { localStorage?: KeyStorage }).localStorage;
    return local ?? memoryStorage;
  } catch {
    return memoryStorage;
  }
}

/** Per world and per Narrator: two Narrators sharing a browser each keep their own copy. */
function slot(): string {
  return `genesys-gdr.seal-key.${game.world.id}.${game.user.id}`;
}

const PREFIX = "genesys-seal-1";

/** The key as text, to copy between browsers: "genesys-seal-1:<id>:<base64 key>". */
export function keyText(key: SealKey): string {
  return `${PREFIX}:${key.id}:${toBase64(key.bytes)}`;
}

/** A key from its text, or null when the text is not one. */
export function parseKeyText(text: string): SealKey | null {
  const [prefix, id, data, ...rest] = text.trim().split(":");
  if (prefix !== PREFIX || rest.length > 0 || id === undefined || data === undefined || !/^[A-Za-z0-9]{8,32}$/.test(id)) return null;
  const bytes = fromBase64(data);
  return bytes?.length === 32 ? { id, bytes } : null;
}

/** The key this browser holds for this world, or null. */
export function heldKey(): SealKey | null {
  if (!game.user.isGM) return null;
  try {
    const text = storage().getItem(slot());
    return text === null ? null : parseKeyText(text);
  } catch {
    return null;
  }
}

/** Keeps a key in this browser (a Narrator's only); false when the browser refused to store it. */
export function keepKey(key: SealKey): boolean {
  if (!game.user.isGM) return false;
  try {
    storage().setItem(slot(), keyText(key));
    return true;
  } catch (error) {
    console.error("GeneSys GdR | the blind-roll key could not be stored in this browser", error);
    return false;
  }
}

function freshKey(): SealKey {
  return { id: foundry.utils.randomID(12), bytes: randomBytes(32) };
}

/**
 * The key to seal with, on a Narrator's client: the one this browser holds, else the active Narrator's (asked), else,
 * on the active Narrator's client, a new one. Null for players, and when no key can be had or kept.
 */
export async function narratorKey(): Promise<SealKey | null> {
  if (!game.user.isGM) return null;
  const held = heldKey();
  if (held) return held;
  if (game.user.isActiveGM) {
    const key = freshKey();
    return keepKey(key) ? key : null;
  }
  const answer = await sendIntent(SEAL_INTENTS.key, {});
  const text = answer.ok ? answer.data?.["key"] : undefined;
  const key = text === undefined ? null : parseKeyText(text);
  if (!key || !keepKey(key)) return null;
  return key;
}

/** On the active Narrator's client: hands the key to another Narrator, never to a player. */
async function onKeyIntent(requester: Requester): Promise<IntentResult> {
  if (!requester.isGM) return { ok: false, warning: "GENESYS.Seal.Warn.NarratorsOnly" };
  const key = await narratorKey();
  return key ? { ok: true, data: { key: keyText(key) } } : { ok: false, warning: "GENESYS.Seal.Warn.NoKey" };
}

export function registerSealKey(): void {
  registerIntent(SEAL_INTENTS.key, (requester) => onKeyIntent(requester));
}

/** Tests: forget every key held in memory (the stand-in for each browser's storage). */
export function forgetKeysInMemory(): void {
  memory.clear();
}
