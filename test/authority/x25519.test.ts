import { describe, expect, it } from "vitest";
import { x25519 as nobleX25519 } from "@noble/curves/ed25519.js";
import { x25519 } from "../../src/authority/x25519.js";

const hex = (text: string): Uint8Array => Uint8Array.from(text.match(/../g) ?? [], (b) => parseInt(b, 16));
const toHex = (bytes: Uint8Array): string => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

describe("X25519 set up from the Montgomery ladder (RFC 7748)", () => {
  // The expected values are RFC 7748's, as other projects' test suites quote them.
  it("§5.2 test vectors", () => {
    expect(toHex(x25519.scalarMult(hex("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"), hex("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c"))))
      .toBe("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    expect(toHex(x25519.scalarMult(hex("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d"), hex("e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493"))))
      .toBe("95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957");
  });

  it("§6.1 Diffie-Hellman: both public keys and the shared secret", () => {
    const alice = hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    const bob = hex("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
    expect(toHex(x25519.getPublicKey(alice))).toBe("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
    expect(toHex(x25519.getPublicKey(bob))).toBe("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    const shared = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";
    expect(toHex(x25519.getSharedSecret(alice, x25519.getPublicKey(bob)))).toBe(shared);
    expect(toHex(x25519.getSharedSecret(bob, x25519.getPublicKey(alice)))).toBe(shared);
  });

  it("agrees with the library's own x25519 on random keys", () => {
    for (let n = 0; n < 20; n++) {
      const a = x25519.utils.randomSecretKey();
      const b = x25519.utils.randomSecretKey();
      expect(x25519.getPublicKey(a)).toEqual(nobleX25519.getPublicKey(a));
      expect(x25519.getSharedSecret(a, x25519.getPublicKey(b))).toEqual(nobleX25519.getSharedSecret(a, nobleX25519.getPublicKey(b)));
    }
  });

  it("refuses a low-order point (an all-zero shared secret)", () => {
    expect(() => x25519.getSharedSecret(x25519.utils.randomSecretKey(), new Uint8Array(32))).toThrow();
  });
});
