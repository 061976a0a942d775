/**
 * The answer boxes are a chunk a player's client fetches with its first intent (authority/intent-channel.ts). When the
 * fetch fails (a dropped connection, a system updated under an open browser) the click is told so, like any failure:
 * never an unhandled rejection, and nothing is written.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.doMock("../../src/authority/answer-box.js", () => {
  throw new Error("chunk offline");
});

const { sendIntent } = await import("../../src/authority/intent-channel.js");
const { asPlayer, bootSystem, foundryDouble } = await import("../foundry/boot.js");

beforeAll(async () => {
  await bootSystem();
});

describe("a player's intent without its answer boxes", () => {
  it("answers a failure naming why, and writes no intent", async () => {
    const player = foundryDouble().users.find((u) => !u.isGM);
    const before = JSON.stringify(player?.flags ?? {});
    const result = await asPlayer(() => sendIntent("test.offline", {}));
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.warning).toBe("GENESYS.Authority.Failed");
    // The loader's own words (vitest wraps the thrown "chunk offline"); a browser gives its fetch error.
    expect(result.data?.["message"]?.length).toBeGreaterThan(0);
    expect(JSON.stringify(player?.flags ?? {})).toBe(before);
  });
});
