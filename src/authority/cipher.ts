/**
 * ChaCha20 (RFC 8439 §2.3–2.4) for blind-roll results kept in chat-message data: every client downloads the message,
 * only the Narrator's browser holds the key. Pure TypeScript because Web Crypto's `crypto.subtle` is missing on
 * plain-HTTP Foundry servers (non-secure contexts), while `crypto.getRandomValues` exists everywhere. Confidentiality
 * only, no integrity: only Narrator-authored messages are trusted, so there is no MAC.
 */

/** "expand 32-byte k", little-endian. */
const SIGMA0 = 0x61707865;
const SIGMA1 = 0x3320646e;
const SIGMA2 = 0x79622d32;
const SIGMA3 = 0x6b206574;

const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const BLOCK_BYTES = 64;
/** getRandomValues refuses more than 65536 bytes per call. */
const RANDOM_CHUNK = 65536;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function word(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 3] ?? 0) << 24)) >>> 0;
}

function rotl(v: number, n: number): number {
  return ((v << n) | (v >>> (32 - n))) >>> 0;
}

/** Writes the 64-byte keystream block for `counter` into `out` (RFC 8439 §2.3: 20 rounds, then add the input state). */
function block(input: Uint32Array, counter: number, out: Uint8Array): void {
  const j0 = SIGMA0, j1 = SIGMA1, j2 = SIGMA2, j3 = SIGMA3;
  const j4 = input[0] ?? 0, j5 = input[1] ?? 0, j6 = input[2] ?? 0, j7 = input[3] ?? 0;
  const j8 = input[4] ?? 0, j9 = input[5] ?? 0, j10 = input[6] ?? 0, j11 = input[7] ?? 0;
  const j12 = counter >>> 0, j13 = input[8] ?? 0, j14 = input[9] ?? 0, j15 = input[10] ?? 0;
  let x0 = j0, x1 = j1, x2 = j2, x3 = j3, x4 = j4, x5 = j5, x6 = j6, x7 = j7;
  let x8 = j8, x9 = j9, x10 = j10, x11 = j11, x12 = j12, x13 = j13, x14 = j14, x15 = j15;
  for (let round = 0; round < 20; round += 2) {
    // Column rounds.
    x0 = (x0 + x4) >>> 0; x12 = rotl(x12 ^ x0, 16); x8 = (x8 + x12) >>> 0; x4 = rotl(x4 ^ x8, 12);
    x0 = (x0 + x4) >>> 0; x12 = rotl(x12 ^ x0, 8); x8 = (x8 + x12) >>> 0; x4 = rotl(x4 ^ x8, 7);
    x1 = (x1 + x5) >>> 0; x13 = rotl(x13 ^ x1, 16); x9 = (x9 + x13) >>> 0; x5 = rotl(x5 ^ x9, 12);
    x1 = (x1 + x5) >>> 0; x13 = rotl(x13 ^ x1, 8); x9 = (x9 + x13) >>> 0; x5 = rotl(x5 ^ x9, 7);
    x2 = (x2 + x6) >>> 0; x14 = rotl(x14 ^ x2, 16); x10 = (x10 + x14) >>> 0; x6 = rotl(x6 ^ x10, 12);
    x2 = (x2 + x6) >>> 0; x14 = rotl(x14 ^ x2, 8); x10 = (x10 + x14) >>> 0; x6 = rotl(x6 ^ x10, 7);
    x3 = (x3 + x7) >>> 0; x15 = rotl(x15 ^ x3, 16); x11 = (x11 + x15) >>> 0; x7 = rotl(x7 ^ x11, 12);
    x3 = (x3 + x7) >>> 0; x15 = rotl(x15 ^ x3, 8); x11 = (x11 + x15) >>> 0; x7 = rotl(x7 ^ x11, 7);
    // Diagonal rounds.
    x0 = (x0 + x5) >>> 0; x15 = rotl(x15 ^ x0, 16); x10 = (x10 + x15) >>> 0; x5 = rotl(x5 ^ x10, 12);
    x0 = (x0 + x5) >>> 0; x15 = rotl(x15 ^ x0, 8); x10 = (x10 + x15) >>> 0; x5 = rotl(x5 ^ x10, 7);
    x1 = (x1 + x6) >>> 0; x12 = rotl(x12 ^ x1, 16); x11 = (x11 + x12) >>> 0; x6 = rotl(x6 ^ x11, 12);
    x1 = (x1 + x6) >>> 0; x12 = rotl(x12 ^ x1, 8); x11 = (x11 + x12) >>> 0; x6 = rotl(x6 ^ x11, 7);
    x2 = (x2 + x7) >>> 0; x13 = rotl(x13 ^ x2, 16); x8 = (x8 + x13) >>> 0; x7 = rotl(x7 ^ x8, 12);
    x2 = (x2 + x7) >>> 0; x13 = rotl(x13 ^ x2, 8); x8 = (x8 + x13) >>> 0; x7 = rotl(x7 ^ x8, 7);
    x3 = (x3 + x4) >>> 0; x14 = rotl(x14 ^ x3, 16); x9 = (x9 + x14) >>> 0; x4 = rotl(x4 ^ x9, 12);
    x3 = (x3 + x4) >>> 0; x14 = rotl(x14 ^ x3, 8); x9 = (x9 + x14) >>> 0; x4 = rotl(x4 ^ x9, 7);
  }
  const words = [
    x0 + j0, x1 + j1, x2 + j2, x3 + j3, x4 + j4, x5 + j5, x6 + j6, x7 + j7,
    x8 + j8, x9 + j9, x10 + j10, x11 + j11, x12 + j12, x13 + j13, x14 + j14, x15 + j15,
  ];
  let at = 0;
  for (const w of words) {
    const v = w >>> 0;
    out[at++] = v & 0xff;
    out[at++] = (v >>> 8) & 0xff;
    out[at++] = (v >>> 16) & 0xff;
    out[at++] = v >>> 24;
  }
}

/** ChaCha20 (RFC 8439 §2.4): XORs `data` with the keystream from `counter` on; the same call encrypts and decrypts. */
export function chacha20(key: Uint8Array, nonce: Uint8Array, data: Uint8Array, counter = 1): Uint8Array {
  if (key.length !== KEY_BYTES) throw new RangeError(`ChaCha20 key must be ${KEY_BYTES} bytes, got ${key.length}`);
  if (nonce.length !== NONCE_BYTES) throw new RangeError(`ChaCha20 nonce must be ${NONCE_BYTES} bytes, got ${nonce.length}`);
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffffff) throw new RangeError(`ChaCha20 counter must be a 32-bit unsigned integer, got ${counter}`);
  // The 32-bit counter must not wrap: a wrapped counter would repeat keystream.
  if (Math.ceil(data.length / BLOCK_BYTES) > 0x100000000 - counter) throw new RangeError("ChaCha20 data too long for the block counter");
  const input = new Uint32Array(11);
  for (let i = 0; i < 8; i++) input[i] = word(key, i * 4);
  for (let i = 0; i < 3; i++) input[8 + i] = word(nonce, i * 4);
  const out = new Uint8Array(data.length);
  const stream = new Uint8Array(BLOCK_BYTES);
  for (let offset = 0, n = counter; offset < data.length; offset += BLOCK_BYTES, n++) {
    block(input, n, stream);
    const end = Math.min(BLOCK_BYTES, data.length - offset);
    for (let i = 0; i < end; i++) out[offset + i] = (data[offset + i] ?? 0) ^ (stream[i] ?? 0);
  }
  return out;
}

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

/** Encrypts UTF-8 `text` under `key` with a fresh random 12-byte nonce; both returned as base64. */
export function sealText(key: Uint8Array, text: string): { iv: string; data: string } {
  const iv = randomBytes(NONCE_BYTES);
  return { iv: toBase64(iv), data: toBase64(chacha20(key, iv, new TextEncoder().encode(text))) };
}

/** Decrypts what sealText made; null when iv/data are not base64, the iv is not 12 bytes, or the result is not UTF-8. */
export function openText(key: Uint8Array, sealed: { iv: string; data: string }): string | null {
  const iv = fromBase64(sealed.iv);
  const data = fromBase64(sealed.data);
  if (iv === null || data === null || iv.length !== NONCE_BYTES) return null;
  const plain = chacha20(key, iv, data);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}
