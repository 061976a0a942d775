/**
 * An intent's answer sealed to its requester. Answers travel in the requester's User document, which every client
 * receives, so each intent carries a fresh X25519 public key of its sender's; the Narrator's client answers with its
 * own fresh key and a box only the two can open (XChaCha20-Poly1305 under an HKDF-SHA-256 of the shared secret,
 * bound to the user and the intent's key). Boxes are padded to whole kilobytes: an onlooker learns neither a handed
 * Narrator key nor whether the answer was a yes or a no.
 */
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { fromBase64, toBase64 } from "./bytes.js";
import { openBytes, sealBytes } from "./cipher.js";
import { x25519 } from "./x25519.js";

/** The padding unit of an answer, in bytes. */
const ANSWER_BLOCK = 1024;
const INFO = new TextEncoder().encode("genesys-gdr intent answer v1");

/** What the Narrator's client stores as the answer: its public key and the box. */
export interface StoredAnswer {
  from: string;
  box: string;
}

/** A key pair for one intent's answer; the secret stays in the sender's memory. */
export interface ReplyKeys {
  secret: Uint8Array;
  publicKey: string;
}

export function replyKeys(): ReplyKeys {
  const { secretKey, publicKey } = x25519.keygen();
  return { secret: secretKey, publicKey: toBase64(publicKey) };
}

function boxKey(secret: Uint8Array, theirs: Uint8Array): Uint8Array | null {
  try {
    return hkdf(sha256, x25519.getSharedSecret(secret, theirs), undefined, INFO, 32);
  } catch {
    // A low-order point (all-zero shared secret) or a key of the wrong length: noble refuses it.
    return null;
  }
}

const aadOf = (userId: string, key: string, from: string): string => `answer|${userId}|${key}|${from}`;

/** Seals `answer` for the holder of `replyTo`; null when `replyTo` is no X25519 public key. */
export function sealAnswer(answer: unknown, replyTo: string, userId: string, key: string): StoredAnswer | null {
  const theirs = fromBase64(replyTo);
  if (theirs?.length !== 32) return null;
  const mine = replyKeys();
  const shared = boxKey(mine.secret, theirs);
  if (!shared) return null;
  const json = new TextEncoder().encode(JSON.stringify(answer));
  const plain = new Uint8Array(Math.max(1, Math.ceil(json.length / ANSWER_BLOCK)) * ANSWER_BLOCK).fill(0x20);
  plain.set(json);
  return { from: mine.publicKey, box: sealBytes(shared, plain, aadOf(userId, key, mine.publicKey)) };
}

export function isStoredAnswer(value: unknown): value is StoredAnswer {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { from?: unknown; box?: unknown };
  return typeof v.from === "string" && typeof v.box === "string";
}

/** Opens an answer sealed for `keys`; undefined when it is damaged, moved or not for them. */
export function openAnswer(stored: StoredAnswer, keys: ReplyKeys, userId: string, key: string): unknown {
  const theirs = fromBase64(stored.from);
  if (theirs?.length !== 32) return undefined;
  const shared = boxKey(keys.secret, theirs);
  const plain = shared ? openBytes(shared, stored.box, aadOf(userId, key, stored.from)) : null;
  if (!plain) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(plain)) as unknown;
  } catch {
    return undefined;
  }
}
