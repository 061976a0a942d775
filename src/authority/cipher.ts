/**
 * Authenticated encryption for what only the Narrators may read, and the bytes around it. XChaCha20-Poly1305 from the
 * audited `@noble/ciphers`, with a random 24-byte nonce per box (managedNonce prepends it): a box whose bytes were
 * flipped, cut short or sealed for other associated data (another message, another kind of card) does not open. Pure
 * JavaScript because Web Crypto's `crypto.subtle` is missing on plain-HTTP Foundry servers (non-secure contexts), while
 * `crypto.getRandomValues`, which noble's nonces and this file's keys come from, exists everywhere.
 */
import { xchacha20poly1305 } from "@noble/ciphers/chacha.js";
import { managedNonce } from "@noble/ciphers/utils.js";

const KEY_BYTES = 32;
/** getRandomValues refuses more than 65536 bytes per call. */
const RANDOM_CHUNK = 65536;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const sealer = managedNonce(xchacha20poly1305);

/** `n` cryptographically random bytes from `crypto.getRandomValues`, which works in non-secure contexts too. */
export function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  for (let at = 0; at < n; at += RANDOM_CHUNK) globalThis.crypto.getRandomValues(bytes.subarray(at, Math.min(n, at + RANDOM_CHUNK)));
  return bytes;
}

/** Standard padded base64 via btoa, so it runs in browsers and Node without Buffer. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let at = 0; at < bytes.length; at += chunk) binary += String.fromCharCode(...bytes.subarray(at, at + chunk));
  return btoa(binary);
}

/** Decodes standard padded base64 via atob; null for anything else (atob alone would accept whitespace and missing padding). */
export function fromBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Seals `plain` under `key`, bound to `aad`: nonce, ciphertext and tag, as base64. */
export function sealBytes(key: Uint8Array, plain: Uint8Array, aad: string): string {
  if (key.length !== KEY_BYTES) throw new RangeError(`a sealing key must be ${KEY_BYTES} bytes, got ${key.length}`);
  return toBase64(sealer(key, utf8(aad)).encrypt(plain));
}

/** Opens what sealBytes made with the same key and associated data; null when it is not base64, damaged or not bound to `aad`. */
export function openBytes(key: Uint8Array, sealed: string, aad: string): Uint8Array | null {
  const bytes = fromBase64(sealed);
  if (bytes === null || key.length !== KEY_BYTES) return null;
  try {
    return sealer(key, utf8(aad)).decrypt(bytes);
  } catch {
    return null;
  }
}
