/**
 * The Narrator's one queue: tasks run one at a time in order, and a task that fails is reported to its own caller only;
 * every later task still runs (a failed hook write must not leave every player's click unanswered).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { intentTimings, registerIntent, sendIntent } from "../../src/authority/intent-channel.js";
import { SerialQueue, backgroundWrites, gmQueue } from "../../src/authority/serial-queue.js";
import { bootSystem, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { expectConsole } from "../console-guard.js";

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

beforeAll(async () => {
  await bootSystem();
  registerIntent("test.queueEcho", () => Promise.resolve({ ok: true, info: "echoed" }));
});

describe("SerialQueue", () => {
  it("runs tasks one after the other, in the order given", async () => {
    const queue = new SerialQueue();
    const order: string[] = [];
    const task = (name: string) => async () => {
      order.push(`${name} start`);
      await tick();
      order.push(`${name} end`);
      return name;
    };
    expect(await Promise.all([queue.run(task("a")), queue.run(task("b"))])).toEqual(["a", "b"]);
    expect(order).toEqual(["a start", "a end", "b start", "b end"]);
  });

  it("a failing task rejects its own caller; the tasks after it still run", async () => {
    const queue = new SerialQueue();
    const failing = queue.run(async () => {
      await tick();
      throw new Error("the server refused");
    });
    const after = queue.run(() => Promise.resolve("still runs"));
    const later = queue.run(() => Promise.resolve("and so does this"));
    await expect(failing).rejects.toThrow("the server refused");
    expect(await after).toBe("still runs");
    expect(await later).toBe("and so does this");
  });

  it("on the Narrator's client: a background write that fails does not block a player's next intent", async () => {
    const writes = backgroundWrites("a test write failed");
    writes.queued(() => Promise.reject(new Error("write refused")));
    await writes.settled();
    expectConsole("error", /a test write failed.*write refused/);
    // A direct task on the same queue after it runs too.
    expect(await gmQueue.run(() => Promise.resolve(1))).toBe(1);
    const timeout = intentTimings.timeoutMs;
    intentTimings.timeoutMs = 1_000;
    try {
      const { player } = users();
      expect(await onClient(player, () => sendIntent("test.queueEcho", {}))).toEqual({ ok: true, info: "echoed" });
    } finally {
      intentTimings.timeoutMs = timeout;
    }
  });
});
