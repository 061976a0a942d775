import { describe, expect, it } from "vitest";
import { measuredDistance, tokenDocumentFrom } from "../../src/canvas/token-distance.js";
import { createScene, placeToken, type TokenDocument as DoubleToken } from "../foundry/scenes.js";

// placeToken needs only the base actor's id; the actor itself is looked up only when token.actor is read.
const BASE = { id: "actor00000000001" };
const GRIDLESS = 0;

// The double's token carries what the module reads of core's (parent.grid, getCenterPoint), not the whole class.
const core = (token: DoubleToken): TokenDocument => token as unknown as TokenDocument;
const distance = (from: DoubleToken, to: DoubleToken): number | null => measuredDistance(core(from), core(to));

describe("measuredDistance", () => {
  it("two 1×1 tokens five cells apart on a 100 px, 1.5 m grid are 7.5 m apart", () => {
    const scene = createScene("Radura", { size: 100, distance: 1.5 });
    const a = placeToken(scene, BASE, { x: 0, y: 0 });
    const b = placeToken(scene, BASE, { x: 500, y: 0 });
    const c = placeToken(scene, BASE, { x: 0, y: 500 });
    expect(distance(a, b)).toBe(7.5);
    expect(distance(b, a)).toBe(7.5);
    expect(distance(a, c)).toBe(7.5);
    expect(distance(a, a)).toBe(0);
  });

  it("measures from a 2×2 token's centre, not from its corner", () => {
    const scene = createScene("Pianura", { size: 100, distance: 1.5, type: GRIDLESS });
    const small = placeToken(scene, BASE, { x: 0, y: 0 }); // centre (50, 50)
    const large = placeToken(scene, BASE, { x: 250, y: 350, width: 2, height: 2 }); // centre (350, 450)
    // 300 by 400 px: 500 px, five cells. From the corners it would be hypot(250, 350) px, about 6.45 m.
    expect(distance(small, large)).toBeCloseTo(7.5, 10);
    expect(distance(large, small)).toBeCloseTo(7.5, 10);
  });

  it("is null for tokens on different scenes", () => {
    const a = placeToken(createScene("Bosco"), BASE);
    const b = placeToken(createScene("Sentiero"), BASE);
    expect(distance(a, b)).toBeNull();
    expect(distance(b, a)).toBeNull();
  });
});

describe("tokenDocumentFrom", () => {
  it("resolves a placed token's uuid to its document, which measures as placed", async () => {
    const scene = createScene("Radura", { size: 100, distance: 1.5 });
    const a = placeToken(scene, BASE);
    const b = placeToken(scene, BASE, { x: 300 });
    const from = await tokenDocumentFrom(a.uuid);
    const to = await tokenDocumentFrom(b.uuid);
    expect(from).toBe(a);
    expect(to).toBe(b);
    expect(from && to ? measuredDistance(from, to) : "unresolved").toBeCloseTo(4.5, 10);
  });

  it("is null for a deleted token and for a token of a deleted scene", async () => {
    const scene = createScene();
    const token = placeToken(scene, BASE);
    const other = placeToken(createScene(), BASE);
    expect(await tokenDocumentFrom(token.uuid)).toBe(token);
    scene.tokens.delete(token.id);
    expect(await tokenDocumentFrom(token.uuid)).toBeNull();
    game.scenes.delete(other.parent.id);
    expect(await tokenDocumentFrom(other.uuid)).toBeNull();
  });

  it("is null for what is not a token uuid", async () => {
    const scene = createScene();
    const token = placeToken(scene, BASE);
    const malformed: unknown[] = [
      undefined,
      null,
      42,
      { uuid: token.uuid },
      [token.uuid],
      "",
      scene.uuid,
      `Actor.${BASE.id}`,
      `${token.uuid}.Actor.${BASE.id}`,
      `Scene.${scene.id}.Token.`,
      `Scene.${scene.id}.Tile.${token.id}`,
      `Compendium.genesys.scenes.${token.uuid}`,
      ` ${token.uuid}`,
      `${token.uuid}\n`,
      `Scene.${scene.id}.Token.${"a".repeat(300)}`,
    ];
    for (const uuid of malformed) expect(await tokenDocumentFrom(uuid), String(uuid)).toBeNull();
  });
});
