/**
 * Sealed values: what only the Narrators may read, kept in world data every client downloads, encrypted with the
 * Narrators' key (seal-key.ts) by XChaCha20-Poly1305 (cipher.ts). Whoever lacks the key sees a box of random bytes; a
 * Narrator's client opens it. The box is bound (associated data) to its message, its kind and who asked for it, so a
 * box flipped, cut short or copied into another message is refused. Every box of a kind is one size whatever it holds:
 * - everything goes inside but the names a player chose (his character's, his items' and effects', wherever they
 *   appear), which a table beside the box holds in clear, each occurrence inside replaced by a mark of fixed width:
 *   what a player could lengthen at will never reaches the box, and the Narrator's words (a defence chosen, an NPC's
 *   effect, a band) never leave it;
 * - what goes inside is padded to the kind's fixed size before sealing, so a hit and a miss, a success and a failure,
 *   any names, skills and modifiers seal to boxes of one length;
 * - a value too big for its size is not sealed (the card is refused), never sealed in a bigger box.
 */
import type * as Cipher from "./cipher.js";
import { heldKey, heldKeys, sealingKey } from "./seal-key.js";

export interface SealedBox {
  v: 2;
  /** The id of the key it was sealed with. */
  kid: string;
  /** Nonce, ciphertext and tag, base64. */
  data: string;
  /** The names a player chose, in clear, in the order the marks inside refer to them. */
  strings: string[];
}

/** What a box is bound to: the message it lives in, the kind of card, and who asked for it. */
export interface SealContext {
  messageId: string;
  kind: string;
  requesterId: string;
}

export function isSealedBox(value: unknown): value is SealedBox {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return v["v"] === 2 && typeof v["kid"] === "string" && typeof v["data"] === "string" && Array.isArray(v["strings"]) && v["strings"].every((s) => typeof s === "string");
}

const aadOf = (context: SealContext): string => `genesys-gdr/seal/2|${context.kind}|${context.messageId}|${context.requesterId}`;

/** Where a name was (its place in the table), between two of these: a mark of fixed width. */
const MARK = "\u0001";
const MARKED = /\u0001(\d+)\u0001/g;

/**
 * The value made fit for a box: every string stays inside, but for the `names` a player may have chosen (his
 * character's, his items' and effects'), each occurrence replaced by a mark of fixed width; the names go in the table
 * beside the box. A name of one or two characters stays as it is: marking it in every word would only grow the box.
 */
export function splitStrings(value: unknown, names: readonly string[] = []): { inner: unknown; strings: string[] } {
  const strings = [...new Set(names.map((n) => n.replaceAll(MARK, "")).filter((n) => n.length > 2))].sort((a, b) => b.length - a.length);
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return strings.reduce((text, name, i) => text.split(name).join(`${MARK}${String(i).padStart(2, "0")}${MARK}`), v.replaceAll(MARK, ""));
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return { inner: walk(value), strings };
}

/** The value splitStrings took apart; null when a mark names no string of the table. */
export function joinStrings(inner: unknown, strings: readonly string[]): unknown {
  const state = { broken: false };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      return v.replace(MARKED, (_, at: string) => {
        const name = strings[Number(at)];
        if (name === undefined) state.broken = true;
        return name ?? "";
      });
    }
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(inner);
  return state.broken ? null : out;
}

/** The inner JSON as bytes, padded with spaces (which JSON.parse ignores) to exactly `size`; null when it does not fit. */
export function padded(inner: unknown, size: number): Uint8Array | null {
  const json = new TextEncoder().encode(JSON.stringify(inner));
  if (json.length > size) return null;
  const out = new Uint8Array(size).fill(0x20);
  out.set(json);
  return out;
}

export type Sealed = { ok: true; box: SealedBox } | { ok: false; reason: "noKey" | "tooBig" };

/**
 * Seals a JSON value on a Narrator's client into a box of `size` bytes (before sealing) bound to `context`, the
 * `names` a player chose beside it.
 */
export async function sealValue(value: unknown, context: SealContext, size: number, names: readonly string[] = []): Promise<Sealed> {
  const key = await sealingKey();
  if (!key) return { ok: false, reason: "noKey" };
  await loadCipher();
  const { inner, strings } = splitStrings(value, names);
  const plain = padded(inner, size);
  if (!plain) return { ok: false, reason: "tooBig" };
  return { ok: true, box: { v: 2, kid: key.id, data: loadedCipher().sealBytes(key.bytes, plain, aadOf(context)), strings } };
}

/** The i18n key of the warning for a value that could not be sealed. */
export function sealWarning(reason: Exclude<Sealed, { ok: true }>["reason"]): string {
  return reason === "tooBig" ? "GENESYS.Seal.Warn.TooBig" : "GENESYS.Seal.Warn.NoKey";
}

export type Opened = { ok: true; value: unknown } | { ok: false; reason: "noKey" | "otherKey" | "damaged" };

let cipher: typeof Cipher | null = null;

/**
 * Loads the cipher, a chunk of its own: only a Narrator's client opens or seals a box (a player holds no key, so his
 * openBox stops before it). The Narrator's side loads it before it answers or renders anything sealed.
 */
export async function loadCipher(): Promise<void> {
  cipher ??= await import("./cipher.js");
}

/** Whether this client has loaded the cipher (a Narrator's, once his side is up). */
export function cipherLoaded(): boolean {
  return cipher !== null;
}

function loadedCipher(): typeof Cipher {
  if (!cipher) throw new Error("GeneSys GdR | the cipher is not loaded yet (seal.ts loadCipher)");
  return cipher;
}

/** Opens a box with the key this browser holds, for the message and kind it must be bound to: the value, or why not. */
export function openBox(box: SealedBox, context: SealContext): Opened {
  const key = heldKey(box.kid);
  if (!key) return { ok: false, reason: heldKeys().length === 0 ? "noKey" : "otherKey" };
  const plain = loadedCipher().openBytes(key.bytes, box.data, aadOf(context));
  if (plain === null) return { ok: false, reason: "damaged" };
  try {
    const value = joinStrings(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(plain)) as unknown, box.strings);
    return value === null ? { ok: false, reason: "damaged" } : { ok: true, value };
  } catch {
    return { ok: false, reason: "damaged" };
  }
}
