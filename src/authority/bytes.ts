/** Random bytes and base64, without the cipher: what keys and boxes are written in, on every client. */

/** getRandomValues refuses more than 65536 bytes per call. */
const RANDOM_CHUNK = 65536;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

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

