import { describe, expect, it } from "vitest";
import { openAnswer, replyKeys, sealAnswer } from "../../src/authority/answer-box.js";
import { fromBase64, toBase64 } from "../../src/authority/bytes.js";

describe("an intent's answer, sealed to its requester", () => {
  it("opens for the requester's keys, bound to the user and the key it answers", () => {
    const keys = replyKeys();
    const answer = { ok: true, data: { key: "the Narrators' key" } };
    const stored = sealAnswer(answer, keys.publicKey, "user000000000001", "KKKKKKKKKKKKKKKK");
    if (!stored) throw new Error("not sealed");
    expect(JSON.stringify(stored)).not.toContain("Narrators");
    expect(openAnswer(stored, keys, "user000000000001", "KKKKKKKKKKKKKKKK")).toEqual(answer);
    // Another user's, another intent's, or another requester's keys: it does not open.
    expect(openAnswer(stored, keys, "user000000000002", "KKKKKKKKKKKKKKKK")).toBeUndefined();
    expect(openAnswer(stored, keys, "user000000000001", "LLLLLLLLLLLLLLLL")).toBeUndefined();
    expect(openAnswer(stored, replyKeys(), "user000000000001", "KKKKKKKKKKKKKKKK")).toBeUndefined();
  });

  it("a flipped, truncated or re-signed box is refused", () => {
    const keys = replyKeys();
    const stored = sealAnswer({ ok: true }, keys.publicKey, "u", "k");
    if (!stored) throw new Error("not sealed");
    const bytes = fromBase64(stored.box);
    if (!bytes) throw new Error("not base64");
    const flipped = bytes.slice();
    flipped[40] = (flipped[40] ?? 0) ^ 1;
    expect(openAnswer({ ...stored, box: toBase64(flipped) }, keys, "u", "k")).toBeUndefined();
    expect(openAnswer({ ...stored, box: toBase64(bytes.slice(0, bytes.length - 1)) }, keys, "u", "k")).toBeUndefined();
    // The sender's public key swapped for another: the associated data no longer matches, nor the shared secret.
    expect(openAnswer({ ...stored, from: replyKeys().publicKey }, keys, "u", "k")).toBeUndefined();
  });

  it("a yes, a no and a handed key seal to one length: an onlooker learns nothing from it", () => {
    const keys = replyKeys();
    const lengths = [
      { ok: true },
      { ok: false, warning: "GENESYS.Attack.Warn.BonusGmOnly" },
      { ok: true, data: { key: "x".repeat(300) } },
      { ok: true, info: "GENESYS.Study.Started", data: { name: "\u200b".repeat(100), skill: "Corsa" } },
    ].map((answer) => sealAnswer(answer, keys.publicKey, "u", "k")?.box.length);
    expect(new Set(lengths).size).toBe(1);
  });

  it("no box for something that is no public key", () => {
    expect(sealAnswer({ ok: true }, "not base64!", "u", "k")).toBeNull();
    expect(sealAnswer({ ok: true }, toBase64(new Uint8Array(31)), "u", "k")).toBeNull();
    // A low-order point would make the shared secret zero: refused.
    expect(sealAnswer({ ok: true }, toBase64(new Uint8Array(32)), "u", "k")).toBeNull();
  });
});
