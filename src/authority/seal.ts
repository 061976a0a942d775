/**
 * Sealed values: what only the Narrators may read, kept in world data every client downloads, encrypted with the
 * Narrators' key (seal-key.ts) by XChaCha20-Poly1305 (cipher.ts). Whoever lacks the key sees a box of random bytes; a
 * Narrator's client opens it. The box is bound (associated data) to its message, its kind and who asked for it, so a
 * box flipped, cut short or copied into another message is refused. Every box of a kind is one size whatever it holds:
 * - only numbers, short code words (ids, outcomes, statuses) and dice formulas go inside; every other string (a name,
 *   a label, a uuid: what the card's placeholder shows anyway, and what a player could lengthen at will) is moved to a
 *   table beside the box, in clear, and put back on opening;
 * - what goes inside is padded to the kind's fixed size before sealing, so a hit and a miss, a success and a failure,
 *   any names, skills and modifiers seal to boxes of one length;
 * - a value too big for its size is not sealed (the card is refused), never sealed in a bigger box.
 */
import { openBytes, sealBytes } from "./cipher.js";
import { heldKey, heldKeys, sealingKey } from "./seal-key.js";

export interface SealedBox {
  v: 2;
  /** The id of the key it was sealed with. */
  kid: string;
  /** Nonce, ciphertext and tag, base64. */
  data: string;
  /** The value's other strings, in clear, in the order the box refers to them. */
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

/** A code word stays inside the box: letters and digits, at most 24 (ids, outcomes, statuses, class names). */
const WORD = /^[A-Za-z][A-Za-z0-9]{0,23}$/;
/** So does a dice formula ("2d10 + 7"): its numbers are the roll's (a defender's grade), made of numbers, never named. */
const FORMULA = /^[0-9dD+\-*/(). ]{1,64}$/;
/** The key a moved string leaves in its place: no value of ours has it. */
const REF = "~s";

/** Where a name was in a string kept inside (`names` mode): its place in the table, between two of these. */
const MARK = "\u0001";
const MARKED = /\u0001(\d+)\u0001/g;

/**
 * The value made fit for a box. By default every string that is not a code word or a formula is replaced by its place
 * in `strings` (the value's free text is what the card shows anyway). With `names` (a card whose very words are the
 * secret: a Narrator's tool card), every string stays inside, and only the names a player may choose are taken out,
 * each occurrence replaced by a mark of fixed width.
 */
export function splitStrings(value: unknown, names?: readonly string[]): { inner: unknown; strings: string[] } {
  // A name of one or two characters stays as it is: marking it in every word would only grow the box.
  const strings: string[] = names ? [...new Set(names.filter((n) => n.length > 2))].sort((a, b) => b.length - a.length) : [];
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      if (names) return strings.reduce((text, name, i) => text.split(name).join(`${MARK}${String(i).padStart(2, "0")}${MARK}`), v.replaceAll(MARK, ""));
      if (WORD.test(v) || FORMULA.test(v)) return v;
      strings.push(v);
      return { [REF]: strings.length - 1 };
    }
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return { inner: walk(value), strings };
}

/** The value splitStrings took apart; null when a reference names no string. */
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
    if (typeof v === "object" && v !== null) {
      const entries: [string, unknown][] = Object.entries(v);
      const [first] = entries;
      if (entries.length === 1 && first?.[0] === REF) {
        const at = first[1];
        const s = typeof at === "number" ? strings[at] : undefined;
        if (s === undefined) state.broken = true;
        return s ?? "";
      }
      return Object.fromEntries(entries.map(([k, x]) => [k, walk(x)]));
    }
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
 * Seals a JSON value on a Narrator's client into a box of `size` bytes (before sealing) bound to `context`; `names`
 * chooses the mode of splitStrings.
 */
export async function sealValue(value: unknown, context: SealContext, size: number, names?: readonly string[]): Promise<Sealed> {
  const key = await sealingKey();
  if (!key) return { ok: false, reason: "noKey" };
  const { inner, strings } = splitStrings(value, names);
  const plain = padded(inner, size);
  if (!plain) return { ok: false, reason: "tooBig" };
  return { ok: true, box: { v: 2, kid: key.id, data: sealBytes(key.bytes, plain, aadOf(context)), strings } };
}

/** The i18n key of the warning for a value that could not be sealed. */
export function sealWarning(reason: Exclude<Sealed, { ok: true }>["reason"]): string {
  return reason === "tooBig" ? "GENESYS.Seal.Warn.TooBig" : "GENESYS.Seal.Warn.NoKey";
}

export type Opened = { ok: true; value: unknown } | { ok: false; reason: "noKey" | "otherKey" | "damaged" };

/** Opens a box with the key this browser holds, for the message and kind it must be bound to: the value, or why not. */
export function openBox(box: SealedBox, context: SealContext): Opened {
  const key = heldKey(box.kid);
  if (!key) return { ok: false, reason: heldKeys().length === 0 ? "noKey" : "otherKey" };
  const plain = openBytes(key.bytes, box.data, aadOf(context));
  if (plain === null) return { ok: false, reason: "damaged" };
  try {
    const value = joinStrings(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(plain)) as unknown, box.strings);
    return value === null ? { ok: false, reason: "damaged" } : { ok: true, value };
  } catch {
    return { ok: false, reason: "damaged" };
  }
}
