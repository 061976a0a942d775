/**
 * Authenticated encryption for what only the Narrators may read, and the bytes around it. XChaCha20-Poly1305 from the
 * audited `@noble/ciphers`, with a random 24-byte nonce per box (managedNonce prepends it): a box whose bytes were
 * flipped, cut short or sealed for other associated data (another message, another kind of card) does not open. Pure
 * JavaScript because Web Crypto's `crypto.subtle` is missing on plain-HTTP Foundry servers (non-secure contexts), while
 * `crypto.getRandomValues`, which noble's nonces come from, exists everywhere. A chunk of its own, with noble: a
 * player's client loads it with its first intent (answer-box.ts), a Narrator's with his side (seal.ts loadCipher).
 */
import { xchacha20poly1305 } from "@noble/ciphers/chacha.js";
import { managedNonce } from "@noble/ciphers/utils.js";
import { fromBase64, toBase64 } from "./bytes.js";

const KEY_BYTES = 32;

const sealer = managedNonce(xchacha20poly1305);

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
