/**
 * X25519 (RFC 7748) from the audited `@noble/curves` Montgomery ladder, set up with the curve's published constants:
 * `@noble/curves/ed25519.js` would bring the whole Edwards curve along (9 KB gzip against 3 KB). RFC 7748's test
 * vectors check this set-up (test/authority/x25519.test.ts).
 */
import { montgomery } from "@noble/curves/abstract/montgomery.js";
import { pow } from "@noble/curves/abstract/modular.js";

/** 2^255 − 19, the field of Curve25519 (RFC 7748 §4.1). */
const P = 2n ** 255n - 19n;

export const x25519 = montgomery({
  P,
  type: "x25519",
  // Fermat inversion: x^(p−2) mod p.
  powPminus2: (x: bigint) => pow(x, P - 2n, P),
  // RFC 7748 §5 decodeScalar25519: clear the three low bits and the top bit, set bit 254.
  adjustScalarBytes: (bytes: Uint8Array) => {
    const out = bytes.slice();
    out[0] = (out[0] ?? 0) & 248;
    out[31] = ((out[31] ?? 0) & 127) | 64;
    return out;
  },
});
