/**
 * Issue 19, sealed secrets: a box holds everything but the names a player chose (marks of fixed width in their place),
 * padded to its kind's one size, so nothing a player names or rolls changes its length; it is XChaCha20-Poly1305 bound to its message, kind and requester, so a flipped,
 * truncated or moved box does not open.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "../../src/authority/bytes.js";
import { joinStrings, openBox, padded, sealValue, splitStrings, type SealContext, type SealedBox } from "../../src/authority/seal.js";
import { SEAL_BYTES } from "../../src/chat/sealed-card.js";
import { REQUEST_SEAL_BYTES } from "../../src/request/request-card.js";
import { bootSystem } from "../foundry/boot.js";

beforeAll(async () => {
  await bootSystem();
});

const CONTEXT: SealContext = { messageId: "msg0000000000001", kind: "check", requesterId: "pl00000000000001" };

async function sealed(value: unknown, context: SealContext = CONTEXT, size = SEAL_BYTES.check, names: string[] = []): Promise<SealedBox> {
  const result = await sealValue(value, context, size, names);
  if (!result.ok) throw new Error(`not sealed: ${result.reason}`);
  return result.box;
}

const lengthOf = (box: SealedBox): number => fromBase64(box.data)?.length ?? -1;

describe("what goes inside a box", () => {
  it("everything stays inside but the names a player chose, each occurrence a mark of fixed width; opening puts them back", () => {
    const value = { outcome: "hardSuccess", label: "Jack Quade: Corsa", parts: [{ label: "Anello\u200b\u200b di Jack Quade", value: 2 }], npc: "Segreto del Narratore", total: 27, formula: "2d10 + 12", ok: true, none: null };
    const { inner, strings } = splitStrings(value, ["Jack Quade", "Anello\u200b\u200b", "Bo"]);
    // Longest first; a two-letter name stays where it is.
    expect(strings).toEqual(["Jack Quade", "Anello\u200b\u200b"]);
    const json = JSON.stringify(inner);
    expect(json).not.toMatch(/Jack|Anello/);
    for (const kept of ["hardSuccess", "2d10 + 12", "Segreto del Narratore", ": Corsa"]) expect(json).toContain(kept);
    expect(joinStrings(inner, strings)).toEqual(value);
    expect(joinStrings(inner, strings.slice(0, 1))).toBeNull();
    // A name carrying the mark itself cannot forge one.
    const tricky = splitStrings({ a: "x\u000100\u0001y" }, ["\u000100\u0001abc"]);
    expect(joinStrings(tricky.inner, tricky.strings)).toEqual({ a: "x00y" });
  });

  it("pads to exactly the size, and refuses what does not fit", () => {
    expect(padded({ a: 1 }, 64)).toHaveLength(64);
    expect(new TextDecoder().decode(padded({ a: 1 }, 16) ?? new Uint8Array()).trimEnd()).toBe('{"a":1}');
    expect(padded({ a: "x".repeat(100) }, 64)).toBeNull();
  });
});

describe("one length for every box of a kind", () => {
  it("whatever the names (zero-width characters included), skills, numbers and outcomes", async () => {
    const check = (name: string, skill: string, dice: number[], outcome: string, increment: object | null) => ({
      class: "GenesysCheckRoll",
      formula: "2d10 + 12",
      terms: [{ class: "Die", number: 2, faces: 10, results: dice.map((result) => ({ result, active: true })) }],
      total: dice.reduce((a, b) => a + b, 12),
      options: { label: `${name}: ${skill}`, actorUuid: "Actor.abcdefabcdef0001", outcome, increment, parts: [{ label: `${name}'s ring`, value: 2 }] },
    });
    const values = [
      check("Jack", "Corsa", [1, 1], "failure", null),
      check(`Jack${"\u200b".repeat(4000)}`, "Corsa", [10, 10], "hardSuccess", { reason: "over13", status: "blind", points: 4, grade: null }),
      check("J", `Arrampicata${"\u200b".repeat(900)}`, [9, 8], "success", { reason: "over13", status: "blind", points: 12, grade: 14 }),
    ];
    const names = ["Jack", `Jack${"\u200b".repeat(4000)}`, "J", `Arrampicata${"\u200b".repeat(900)}`];
    const lengths = await Promise.all(values.map(async (v) => lengthOf(await sealed(v, CONTEXT, SEAL_BYTES.check, names))));
    expect(new Set(lengths).size).toBe(1);
    // 24-byte nonce + the kind's size + 16-byte tag.
    expect(lengths[0]).toBe(24 + SEAL_BYTES.check + 16);
  });

  it("each kind has its own size: attack, check and request", async () => {
    for (const [kind, size] of [["attack", SEAL_BYTES.attack], ["check", SEAL_BYTES.check], ["request", REQUEST_SEAL_BYTES]] as const) {
      const box = await sealed({ difficulty: 25 }, { ...CONTEXT, kind }, size);
      expect(lengthOf(box)).toBe(24 + size + 16);
    }
  });

  it("a value too big for its kind is refused, never sealed bigger", async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ value: i, code: "abcdefghijklmnop" }));
    expect(await sealValue({ many }, CONTEXT, SEAL_BYTES.check)).toEqual({ ok: false, reason: "tooBig" });
  });
});

describe("a box opens only as sealed, where it was sealed", () => {
  it("flipped, truncated, moved to another message, kind or requester: refused as damaged", async () => {
    const box = await sealed({ total: 27, outcome: "success", label: "Jack: Corsa" });
    expect(openBox(box, CONTEXT)).toEqual({ ok: true, value: { total: 27, outcome: "success", label: "Jack: Corsa" } });
    const bytes = fromBase64(box.data) ?? new Uint8Array();
    const flipped = bytes.slice();
    flipped[100] = (flipped[100] ?? 0) ^ 0x20;
    expect(openBox({ ...box, data: toBase64(flipped) }, CONTEXT)).toEqual({ ok: false, reason: "damaged" });
    expect(openBox({ ...box, data: toBase64(bytes.subarray(0, bytes.length - 64)) }, CONTEXT)).toEqual({ ok: false, reason: "damaged" });
    expect(openBox(box, { ...CONTEXT, messageId: "msg0000000000002" })).toEqual({ ok: false, reason: "damaged" });
    expect(openBox(box, { ...CONTEXT, kind: "attack" })).toEqual({ ok: false, reason: "damaged" });
    expect(openBox(box, { ...CONTEXT, requesterId: "pl00000000000002" })).toEqual({ ok: false, reason: "damaged" });
    // The table beside it is in clear, but a mark it lacks is refused too.
    const named = await sealed({ label: "Jack Quade: Corsa" }, CONTEXT, SEAL_BYTES.check, ["Jack Quade"]);
    expect(openBox(named, CONTEXT)).toEqual({ ok: true, value: { label: "Jack Quade: Corsa" } });
    expect(openBox({ ...named, strings: [] }, CONTEXT)).toEqual({ ok: false, reason: "damaged" });
  });
});
