/**
 * Sealed values: what only the Narrators may read, kept in world data every client downloads, encrypted with the
 * Narrators' key (seal-key.ts). Whoever lacks the key sees a box of random-looking text; a Narrator's client opens it.
 * No integrity is claimed here: a box is trusted only in a document a Narrator authored (the server vouches for that).
 */
import { openText, sealText } from "./cipher.js";
import { heldKey, heldKeys, sealingKey } from "./seal-key.js";

export interface SealedBox {
  v: 1;
  /** The id of the key it was sealed with. */
  kid: string;
  iv: string;
  data: string;
}

export function isSealedBox(value: unknown): value is SealedBox {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return v["v"] === 1 && typeof v["kid"] === "string" && typeof v["iv"] === "string" && typeof v["data"] === "string";
}

/**
 * A box is as long as what it holds, so every value is padded to a whole number of blocks before sealing: a hit and a
 * miss, a success and a failure (with or without an increment point) then seal to the same length.
 */
export const SEAL_BLOCK = 4096;

/** The value's JSON, padded with trailing spaces (which JSON.parse ignores) to a whole number of SEAL_BLOCK bytes. */
export function paddedJson(value: unknown): string {
  const json = JSON.stringify(value);
  const bytes = new TextEncoder().encode(json).length;
  const size = Math.max(1, Math.ceil(bytes / SEAL_BLOCK)) * SEAL_BLOCK;
  return json + " ".repeat(size - bytes);
}

/** Seals a JSON value on a Narrator's client; null where there is no key (a player's client, or storage refused). */
export async function sealValue(value: unknown): Promise<SealedBox | null> {
  const key = await sealingKey();
  if (!key) return null;
  return { v: 1, kid: key.id, ...sealText(key.bytes, paddedJson(value)) };
}

export type Opened = { ok: true; value: unknown } | { ok: false; reason: "noKey" | "otherKey" | "damaged" };

/** Opens a box with the key this browser holds: the value, or why it cannot be read here. */
export function openBox(box: SealedBox): Opened {
  const key = heldKey(box.kid);
  if (!key) return { ok: false, reason: heldKeys().length === 0 ? "noKey" : "otherKey" };
  const text = openText(key.bytes, box);
  if (text === null) return { ok: false, reason: "damaged" };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: "damaged" };
  }
}
