import { describe, expect, it } from "vitest";
import { chacha20, fromBase64, openText, randomBytes, sealText, toBase64 } from "../../src/authority/cipher.js";

function hex(text: string): Uint8Array {
  const clean = text.replace(/[\s:]/g, "");
  const bytes = new Uint8Array(clean.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Key 00:01:02:…:1f, used by RFC 8439 §2.3.2 and §2.4.2. */
const rfcKey = Uint8Array.from({ length: 32 }, (_, i) => i);

describe("chacha20 (RFC 8439 test vectors)", () => {
  it("§2.3.2: the block function for counter 1 gives the serialized block of the RFC", () => {
    const nonce = hex("00 00 00 09 00 00 00 4a 00 00 00 00");
    const block = chacha20(rfcKey, nonce, new Uint8Array(64), 1);
    expect(toHex(block)).toBe(toHex(hex(`
      10 f1 e7 e4 d1 3b 59 15 50 0f dd 1f a3 20 71 c4
      c7 d1 f4 c7 33 c0 68 03 04 22 aa 9a c3 d4 6c 4e
      d2 82 64 46 07 9f aa 09 14 c2 d7 05 d9 8b 02 a2
      b5 12 9c d1 de 16 4e b9 cb d0 83 e8 a2 50 3c 4e`)));
  });

  it("§2.4.2: encrypts the sunscreen plaintext to the RFC ciphertext, and decrypts it back", () => {
    const nonce = hex("00 00 00 00 00 00 00 4a 00 00 00 00");
    const plaintext = new TextEncoder().encode(
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.",
    );
    expect(plaintext.length).toBe(114);
    const expected = hex(`
      6e 2e 35 9a 25 68 f9 80 41 ba 07 28 dd 0d 69 81
      e9 7e 7a ec 1d 43 60 c2 0a 27 af cc fd 9f ae 0b
      f9 1b 65 c5 52 47 33 ab 8f 59 3d ab cd 62 b3 57
      16 39 d6 24 e6 51 52 ab 8f 53 0c 35 9f 08 61 d8
      07 ca 0d bf 50 0d 6a 61 56 a3 8e 08 8a 22 b6 5e
      52 bc 51 4d 16 cc f8 06 81 8c e9 1a b7 79 37 36
      5a f9 0b bf 74 a3 5b e6 b4 0b 8e ed f2 78 5e 42
      87 4d`);
    const ciphertext = chacha20(rfcKey, nonce, plaintext);
    expect(toHex(ciphertext)).toBe(toHex(expected));
    expect(toHex(chacha20(rfcKey, nonce, ciphertext))).toBe(toHex(plaintext));
  });

  it("A.2 #1: all-zero key and nonce, counter 0, 64 zero bytes", () => {
    const out = chacha20(new Uint8Array(32), new Uint8Array(12), new Uint8Array(64), 0);
    expect(toHex(out)).toBe(toHex(hex(`
      76 b8 e0 ad a0 f1 3d 90 40 5d 6a e5 53 86 bd 28
      bd d2 19 b8 a0 8d ed 1a a8 36 ef cc 8b 77 0d c7
      da 41 59 7c 51 57 48 8d 77 24 e0 3f b8 d8 4a 37
      6a 43 b8 f4 15 18 a1 1c c3 87 b6 69 b2 ee 65 86`)));
  });

  it("the counter defaults to 1 and advances per 64-byte block", () => {
    const nonce = hex("00 00 00 00 00 00 00 4a 00 00 00 00");
    const long = chacha20(rfcKey, nonce, new Uint8Array(130));
    expect(toHex(chacha20(rfcKey, nonce, new Uint8Array(130), 1))).toBe(toHex(long));
    expect(toHex(chacha20(rfcKey, nonce, new Uint8Array(66), 2))).toBe(toHex(long.subarray(64)));
    expect(chacha20(rfcKey, nonce, new Uint8Array(0))).toHaveLength(0);
  });

  it("throws RangeError for a key not 32 bytes, a nonce not 12 bytes, or a bad counter", () => {
    const data = new Uint8Array(4);
    expect(() => chacha20(new Uint8Array(31), new Uint8Array(12), data)).toThrow(RangeError);
    expect(() => chacha20(new Uint8Array(33), new Uint8Array(12), data)).toThrow(RangeError);
    expect(() => chacha20(new Uint8Array(32), new Uint8Array(8), data)).toThrow(RangeError);
    expect(() => chacha20(new Uint8Array(32), new Uint8Array(16), data)).toThrow(RangeError);
    expect(() => chacha20(new Uint8Array(32), new Uint8Array(12), data, -1)).toThrow(RangeError);
    expect(() => chacha20(new Uint8Array(32), new Uint8Array(12), data, 2 ** 32)).toThrow(RangeError);
    expect(() => chacha20(new Uint8Array(32), new Uint8Array(12), new Uint8Array(65), 0xffffffff)).toThrow(RangeError);
    expect(chacha20(new Uint8Array(32), new Uint8Array(12), new Uint8Array(64), 0xffffffff)).toHaveLength(64);
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

describe("sealText / openText", () => {
  const key = randomBytes(32);
  const text = "Schivare — città ✓";

  it("round-trips non-ASCII text", () => {
    const sealed = sealText(key, text);
    expect(fromBase64(sealed.iv)).toHaveLength(12);
    expect(sealed.data).not.toContain("Schivare");
    expect(openText(key, sealed)).toBe(text);
  });

  it("two seals of the same text differ (fresh nonce)", () => {
    const a = sealText(key, text);
    const b = sealText(key, text);
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
    expect(openText(key, a)).toBe(text);
    expect(openText(key, b)).toBe(text);
  });

  it("a wrong key does not give the text back", () => {
    const sealed = sealText(key, text);
    const other = Uint8Array.from(key, (b, i) => (i === 0 ? b ^ 1 : b));
    expect(openText(other, sealed)).not.toBe(text);
    expect(openText(randomBytes(32), sealed)).not.toBe(text);
  });

  it("gives null for malformed input", () => {
    const sealed = sealText(key, text);
    expect(openText(key, { iv: "not base64!", data: sealed.data })).toBeNull();
    expect(openText(key, { iv: sealed.iv, data: "%%%%" })).toBeNull();
    expect(openText(key, { iv: toBase64(new Uint8Array(8)), data: sealed.data })).toBeNull();
    expect(openText(key, { iv: toBase64(new Uint8Array(16)), data: sealed.data })).toBeNull();
    // A lone continuation byte is not UTF-8: decrypting to it must give null, not a replacement character.
    const iv = randomBytes(12);
    const notUtf8 = chacha20(key, iv, Uint8Array.of(0x80));
    expect(openText(key, { iv: toBase64(iv), data: toBase64(notUtf8) })).toBeNull();
  });

  it("seals the empty string", () => {
    expect(openText(key, sealText(key, ""))).toBe("");
  });
});
