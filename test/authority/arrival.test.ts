/**
 * An answer may name an item before the item's create reaches this client (authority/arrival.ts): the reader waits for
 * the create hook, and gives up after a bound instead of hanging.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { arrivalTimings, itemArrival } from "../../src/authority/arrival.js";
import { bootSystem } from "../foundry/boot.js";
import { createActor } from "../documents/helpers.js";

beforeAll(async () => {
  await bootSystem();
});

afterEach(() => {
  vi.useRealTimers();
});

/** A create of some item on this client; itemArrival reads only whether its own item is here yet. */
async function createHook(): Promise<void> {
  const actor = await createActor({ name: "Altro", type: "character" });
  await actor.createEmbeddedDocuments("Item", [{ name: "Corda", type: "gear" }]);
}

describe("itemArrival", () => {
  it("answers at once what is already here", async () => {
    expect(await itemArrival(() => "sword")).toBe("sword");
  });

  it("waits for the create that brings the item, past creates of other items", async () => {
    const shelf: { item?: string } = {};
    const waiting = itemArrival(() => shelf.item);
    let settled = false;
    void waiting.then(() => { settled = true; });
    await createHook();
    expect(settled).toBe(false);
    shelf.item = "sword";
    await createHook();
    expect(await waiting).toBe("sword");
  });

  it("gives up after the bound, and stops listening", async () => {
    vi.useFakeTimers();
    let looked = 0;
    const waiting = itemArrival(() => { looked += 1; return undefined; });
    await vi.advanceTimersByTimeAsync(arrivalTimings.timeoutMs);
    expect(await waiting).toBeNull();
    vi.useRealTimers();
    const before = looked;
    await createHook();
    expect(looked).toBe(before);
  });
});
