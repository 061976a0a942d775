import { describe, expect, it } from "vitest";
import { fromBase64, randomBytes, toBase64 } from "../../src/authority/bytes.js";
import { openBytes, sealBytes } from "../../src/authority/cipher.js";

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

describe("XChaCha20-Poly1305 (@noble/ciphers), nonce managed", () => {
  const key = randomBytes(32);
  const plain = new TextEncoder().encode("Schivare — città ✓");

  it("round-trips bytes bound to their associated data; each seal has a fresh 24-byte nonce and a 16-byte tag", () => {
    const a = sealBytes(key, plain, "m1|check");
    const b = sealBytes(key, plain, "m1|check");
    expect(a).not.toBe(b);
    expect(fromBase64(a)).toHaveLength(24 + plain.length + 16);
    expect(toHex(openBytes(key, a, "m1|check")!)).toBe(toHex(plain));
    expect(toHex(openBytes(key, b, "m1|check")!)).toBe(toHex(plain));
  });

  it("refuses a flipped bit anywhere, a truncated box, another message's or kind's data, and another key", () => {
    const sealed = sealBytes(key, plain, "m1|check");
    const bytes = fromBase64(sealed)!;
    for (const at of [0, 23, 24, bytes.length - 17, bytes.length - 1]) {
      const flipped = bytes.slice();
      flipped[at] = (flipped[at] ?? 0) ^ 1;
      expect(openBytes(key, toBase64(flipped), "m1|check")).toBeNull();
    }
    expect(openBytes(key, toBase64(bytes.subarray(0, bytes.length - 1)), "m1|check")).toBeNull();
    expect(openBytes(key, toBase64(bytes.subarray(0, 20)), "m1|check")).toBeNull();
    expect(openBytes(key, sealed, "m2|check")).toBeNull();
    expect(openBytes(key, sealed, "m1|attack")).toBeNull();
    expect(openBytes(randomBytes(32), sealed, "m1|check")).toBeNull();
    expect(openBytes(key, "not base64!", "m1|check")).toBeNull();
  });

  it("throws for a key that is not 32 bytes", () => {
    expect(() => sealBytes(new Uint8Array(16), plain, "x")).toThrow(RangeError);
    expect(openBytes(new Uint8Array(16), sealBytes(key, plain, "x"), "x")).toBeNull();
  });
});

describe("base64 and random bytes", () => {
  it("round-trips bytes through base64 and matches known encodings", () => {
    expect(toBase64(new Uint8Array(0))).toBe("");
    expect(toBase64(new TextEncoder().encode("foobar"))).toBe("Zm9vYmFy");
    expect(toBase64(new TextEncoder().encode("fo"))).toBe("Zm8=");
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(toHex(fromBase64(toBase64(bytes))!)).toBe(toHex(bytes));
  });

  it("gives null for invalid base64", () => {
    for (const bad of ["@@@@", "Zm8", "Zm9v YmFy", "Zm=8", "Z===", "Zm9vYmFy\n"]) expect(fromBase64(bad)).toBeNull();
  });

  it("randomBytes gives the requested length, and differs between calls", () => {
    expect(randomBytes(0)).toHaveLength(0);
    expect(randomBytes(70_000)).toHaveLength(70_000);
    expect(toHex(randomBytes(16))).not.toBe(toHex(randomBytes(16)));
  });
});
