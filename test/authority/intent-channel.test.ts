import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { isStoredAnswer, replyKeys } from "../../src/authority/answer-box.js";
import { answerWhile, clearStaleIntents, intentLimits, intentTimings, onIntentWritten, registerIntent, resetIntentMemory, sendIntent, type IntentResult, type Requester } from "../../src/authority/intent-channel.js";
import { bootSystem, foundryDouble, users } from "../foundry/boot.js";
import { network, onClient, resetNetwork } from "../foundry/clients.js";
import type { User } from "../foundry/documents.js";
import { tripsWaited } from "../foundry/trip-clock.js";
import { expectConsole } from "../console-guard.js";

const seen: { requester: string; payload: unknown }[] = [];
let running = 0;
let maxRunning = 0;
/** The gated handler waits here until the test opens the gate, so intents pile up in flight on the GM's client. */
let gate: Promise<void> = Promise.resolve();
let openGate: () => void = () => undefined;
function closeGate(): void {
  gate = new Promise((resolve) => { openGate = resolve; });
}

/** An intent as sendIntent writes it, with a fresh answer key. */
function intentOf(kind: string, payload: unknown, sentAt = Date.now()): { kind: string; payload: unknown; sentAt: number; reply: string } {
  return { kind, payload, sentAt, reply: replyKeys().publicKey };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until(what: string, condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** Writes intents into `user`'s own document, as that user's console could. */
function plant(user: User, intents: Record<string, unknown>): Promise<unknown> {
  return onClient(user, () => user.update({ flags: { "genesys-gdr": { intents } } }));
}

function pendingIntents(user: User): string[] {
  return Object.keys((user.getFlag("genesys-gdr", "intents") as object | undefined) ?? {});
}

function storedAnswers(user: User): Record<string, unknown> {
  return (user.getFlag("genesys-gdr", "answers") as Record<string, unknown> | undefined) ?? {};
}

/** A user the double does not have by default, present for the duration of `fn`. */
async function withUser<T>(id: string, name: string, isGM: boolean, fn: (user: User) => Promise<T>): Promise<T> {
  const { player } = users();
  const user = new (player.constructor as new (id: string, name: string, isGM: boolean) => User)(id, name, isGM);
  foundryDouble().users.set(user.id, user);
  try {
    return await fn(user);
  } finally {
    foundryDouble().users.delete(user.id);
  }
}

beforeAll(async () => {
  await bootSystem();
  registerIntent("test.echo", async (requester: Requester, payload: unknown) => {
    running++;
    maxRunning = Math.max(maxRunning, running);
    seen.push({ requester: requester.id, payload });
    await new Promise((r) => setTimeout(r, 5));
    running--;
    return { ok: true };
  });
  registerIntent("test.gated", async (requester: Requester, payload: unknown) => {
    seen.push({ requester: requester.id, payload });
    await gate;
    return { ok: true };
  });
  registerIntent("test.slow", async (requester: Requester, payload: unknown) => {
    seen.push({ requester: requester.id, payload });
    await new Promise((r) => setTimeout(r, 25));
    return { ok: true };
  });
  // Like seal.key, whose answer hands the Narrators' key to the asker.
  registerIntent("test.secretive", async (requester: Requester, payload: unknown) => {
    seen.push({ requester: requester.id, payload });
    await Promise.resolve();
    return { ok: true, data: { secret: "s3cr3t" } };
  });
  // One write of the Narrator's (here the requester's own User flag), answered while it lands or after it.
  const write = (requester: Requester, payload: unknown): Promise<unknown> => onClient(users().gm, () => users().gm.update({ flags: { "genesys-gdr": { mark: payload } } }));
  registerIntent("test.writeThenAnswer", async (requester: Requester, payload: unknown) => {
    await write(requester, payload);
    return { ok: true };
  });
  registerIntent("test.answerWhileWriting", async (requester: Requester, payload: unknown) => Promise.resolve(answerWhile(write(requester, payload))));
  registerIntent("test.writesFailLate", async () => Promise.resolve(answerWhile(Promise.reject(new Error("the server refused")))));
});

beforeEach(() => {
  seen.length = 0;
  running = 0;
  maxRunning = 0;
  resetNetwork();
  resetIntentMemory();
  // Each test starts from users without intents or answers (what earlier tests planted or left).
  for (const user of foundryDouble().users.contents) user.flags = {};
});

describe("intent channel: the requester is the writer the server names", () => {
  it("a player's intent reaches the GM's handler with the player as requester; the intent is removed, its answer sealed", async () => {
    const { player } = users();
    const result = await onClient(player, () => sendIntent("test.echo", { n: 1 }));
    expect(result).toEqual({ ok: true });
    expect(seen).toEqual([{ requester: player.id, payload: { n: 1 } }]);
    expect(pendingIntents(player)).toEqual([]);
    const answers = Object.values(storedAnswers(player));
    expect(answers).toHaveLength(1);
    expect(answers.every(isStoredAnswer)).toBe(true);
    // The next intent's own write takes the answers already read away: no write of their own.
    await onClient(player, () => sendIntent("test.echo", { n: 2 }));
    expect(Object.keys(storedAnswers(player))).toHaveLength(1);
  });

  it("an answer every client receives is sealed: an onlooker reads no secret in it", async () => {
    const { player } = users();
    const result = await onClient(player, () => sendIntent("test.secretive", "key please"));
    expect(result).toEqual({ ok: true, data: { secret: "s3cr3t" } });
    expect(JSON.stringify(player.flags)).not.toContain("s3cr3t");
  });

  it("an intent a GM writes into a player's document is not the player's: nothing runs", async () => {
    const { gm, player } = users();
    await onClient(gm, () => player.update({ flags: { "genesys-gdr": { intents: { BBBBBBBBBBBBBBBB: intentOf("test.echo", "planted") } } } }));
    await sleep(20);
    expect(seen).toEqual([]);
    // The double's User stands in for core's stored user.
    expect(await onClient(gm, () => Promise.resolve(onIntentWritten(player as unknown as User.Stored, "BBBBBBBBBBBBBBBB", gm.id)))).toBeNull();
  });

  it("a player cannot plant an intent in another user's document", async () => {
    const { gm, player } = users();
    await expect(onClient(player, () => gm.update({ flags: { "genesys-gdr": { intents: { BBBBBBBBBBBBBBBB: intentOf("test.echo", 1) } } } }))).rejects.toThrow(/lacks permission/);
    expect(gm.getFlag("genesys-gdr", "intents")).toBeUndefined();
  });

  it("malformed intents are refused and removed without running a handler; malformed keys are ignored", async () => {
    const { player } = users();
    await plant(player, {
      CCCCCCCCCCCCCCCC: "not an intent",
      DDDDDDDDDDDDDDDD: { kind: "test.echo", payload: 1, sentAt: Date.now() },
      EEEEEEEEEEEEEEEE: { kind: "test.echo", payload: 1, sentAt: Date.now(), reply: "not a key" },
      FFFFFFFFFFFFFFFF: intentOf("nope", 1),
      "short!": intentOf("test.echo", 1),
    });
    await until("four answers", () => Object.keys(storedAnswers(player)).length === 4);
    const answers = storedAnswers(player);
    // Without a key to seal to, a refusal goes out plain: it says nothing the intent did not.
    for (const key of ["CCCCCCCCCCCCCCCC", "DDDDDDDDDDDDDDDD", "EEEEEEEEEEEEEEEE"]) expect(answers[key]).toEqual({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(isStoredAnswer(answers["FFFFFFFFFFFFFFFF"])).toBe(true);
    expect(pendingIntents(player)).toEqual(["short!"]);
    expect(seen).toEqual([]);
  });

  it("only the active GM's client answers: on a player's client nothing runs", async () => {
    const { player } = users();
    await plant(player, { GGGGGGGGGGGGGGGG: intentOf("test.echo", 1) });
    // The double's User stands in for core's stored user.
    expect(await onClient(player, () => Promise.resolve(onIntentWritten(player as unknown as User.Stored, "GGGGGGGGGGGGGGGG", player.id)))).toBeNull();
  });

  it("the same key seen twice (a hook fired again, the key written again) runs the handler once", async () => {
    const { gm, player } = users();
    const intent = intentOf("test.echo", 2);
    await plant(player, { HHHHHHHHHHHHHHHH: intent });
    const again = onClient(gm, () => onIntentWritten(player as unknown as User.Stored, "HHHHHHHHHHHHHHHH", player.id) ?? Promise.resolve(null));
    expect(await again).toEqual({ ok: true });
    await until("the intent answered", () => pendingIntents(player).length === 0);
    await plant(player, { HHHHHHHHHHHHHHHH: intent });
    await until("the rewritten key answered", () => pendingIntents(player).length === 0);
    expect(seen).toHaveLength(1);
  });

  it("two clients' intents in flight at once run one at a time on the GM's client", async () => {
    const { gm, player } = users();
    network.latency = 3;
    await Promise.all([onClient(player, () => sendIntent("test.echo", "a")), onClient(gm, () => sendIntent("test.echo", "b")), onClient(player, () => sendIntent("test.echo", "c"))]);
    expect(seen.map((s) => s.payload).sort()).toEqual(["a", "b", "c"]);
    expect(maxRunning).toBe(1);
  });

  it("an answer later than the player's wait: the player is told, and the intent still runs exactly once", async () => {
    const { player } = users();
    network.latency = 40;
    intentTimings.timeoutMs = 10;
    try {
      const result = await onClient(player, () => sendIntent("test.echo", "late"));
      expect(result).toMatchObject({ ok: false, warning: "GENESYS.Authority.NoAnswer" });
    } finally {
      intentTimings.timeoutMs = 10_000;
    }
    await until("the late intent to run", () => seen.length === 1);
    await sleep(150);
    expect(seen.map((s) => s.payload)).toEqual(["late"]);
  });

  it("at ready the Narrator's client clears intents and answers nobody waits for; a player's client clears nothing", async () => {
    const { gm, player } = users();
    gm.active = false;
    try {
      await plant(player, { JJJJJJJJJJJJJJJJ: intentOf("test.echo", 0) });
      await onClient(player, () => player.update({ flags: { "genesys-gdr": { answers: { KKKKKKKKKKKKKKKK: { ok: true } } } } }));
    } finally {
      gm.active = true;
    }
    expect(await onClient(player, () => clearStaleIntents())).toBe(0);
    expect(pendingIntents(player)).toEqual(["JJJJJJJJJJJJJJJJ"]);
    expect(await onClient(gm, () => clearStaleIntents())).toBe(1);
    expect(player.getFlag("genesys-gdr", "intents")).toEqual({});
    expect(storedAnswers(player)).toEqual({});
    expect(seen).toEqual([]);
  });

  it("copying another user's intent into one's own document runs one's own copy, as oneself; the victim's still runs", async () => {
    const { player } = users();
    await withUser("th00000000000001", "Ladro", false, async (thief) => {
      closeGate();
      const victims = onClient(player, () => sendIntent("test.gated", "mine"));
      await until("the victim's intent to run", () => seen.length === 1);
      const [key] = pendingIntents(player);
      if (key === undefined) throw new Error("no pending intent");
      const copy = (player.getFlag("genesys-gdr", "intents") as Record<string, unknown>)[key];
      await plant(thief, { [key]: copy });
      openGate();
      expect(await victims).toEqual({ ok: true });
      await until("the thief's copy to run", () => seen.length === 2);
      expect(seen).toEqual([{ requester: player.id, payload: "mine" }, { requester: thief.id, payload: "mine" }]);
    });
  });

  it("an intent older than its time (a replayed key) is refused and removed", async () => {
    const { player } = users();
    await plant(player, { LLLLLLLLLLLLLLLL: intentOf("test.echo", "old", Date.now() - 120_000) });
    await until("the stale intent removed", () => pendingIntents(player).length === 0);
    expect(seen).toEqual([]);
    expect(isStoredAnswer(storedAnswers(player)["LLLLLLLLLLLLLLLL"])).toBe(true);
  });

  it("a player's own fake answer is no answer: only one a GM writes settles the wait", async () => {
    const { player } = users();
    closeGate();
    const waiting = onClient(player, () => sendIntent("test.gated", "real"));
    await until("the intent to run", () => seen.length === 1);
    const [key] = pendingIntents(player);
    if (key === undefined) throw new Error("no pending intent");
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { answers: { [key]: { ok: false, warning: "forged" } } } } }));
    let settled = false;
    void waiting.then(() => { settled = true; });
    await sleep(20);
    expect(settled).toBe(false);
    openGate();
    expect(await waiting).toEqual({ ok: true });
  });

  it("writes that fail after their answer: the requester is told afterwards", async () => {
    const { player } = users();
    const notes = foundryDouble().notifications.length;
    expect(await onClient(player, () => sendIntent("test.writesFailLate", 0))).toEqual({ ok: true });
    await until("the late failure shown", () => foundryDouble().notifications.length > notes);
    expect(foundryDouble().notifications.at(-1)?.message).toContain("GENESYS.Authority.Failed");
    expectConsole("error", /writes of intent test\.writesFailLate failed after its answer/);
  });

  it("no Narrator connected: a clear refusal, nothing sent", async () => {
    const { gm, player } = users();
    gm.active = false;
    try {
      const result = await onClient(player, () => sendIntent("test.echo", 1));
      expect(result).toMatchObject({ ok: false, warning: "GENESYS.Authority.NoGm" });
    } finally {
      gm.active = true;
    }
    expect(seen).toEqual([]);
    expect(pendingIntents(player)).toEqual([]);
  });
});

describe("intent channel: round trips a player waits for (counted on the double's clock)", () => {
  it("a refusal: the player's write, then the answer", async () => {
    const { player } = users();
    expect(await tripsWaited(() => onClient(player, () => sendIntent("test.unknown", 0)))).toEqual({ value: { ok: false, warning: "GENESYS.Authority.Unknown", data: { kind: "test.unknown" } }, trips: 2 });
  });

  it("an answer sent beside the Narrator's write costs one round of writes; after it, one more", async () => {
    const { player } = users();
    expect((await tripsWaited(() => onClient(player, () => sendIntent("test.answerWhileWriting", 1)))).trips).toBe(2);
    expect((await tripsWaited(() => onClient(player, () => sendIntent("test.writeThenAnswer", 2)))).trips).toBe(3);
  });

  it("the Narrator's own intent waits for its writes alone", async () => {
    const { gm } = users();
    expect((await tripsWaited(() => onClient(gm, () => sendIntent("test.answerWhileWriting", 3)))).trips).toBe(1);
  });
});

const defaultLimits = { ...intentLimits };

/**
 * `user` fires `count` gated intents at once; resolves when every one beyond `expectAccepted` has been refused, with
 * the gate still closed (the accepted ones queued or running), and gives the means to let them finish.
 */
async function flood(user: User, count: number, expectAccepted: number): Promise<{ all: Promise<IntentResult[]>; refused: IntentResult[] }> {
  closeGate();
  const refused: IntentResult[] = [];
  const answers = Array.from({ length: count }, (_, n) => onClient(user, () => sendIntent("test.gated", n)).then((result) => {
    if (!result.ok) refused.push(result);
    return result;
  }));
  try {
    await until(`${String(count - expectAccepted)} refusals (got ${String(refused.length)})`, () => refused.length >= count - expectAccepted);
  } catch (error) {
    openGate();
    await Promise.all(answers);
    throw error;
  }
  return { all: Promise.all(answers), refused };
}

describe("intent channel: one player cannot flood the Narrator's queue", () => {
  beforeEach(() => {
    Object.assign(intentLimits, defaultLimits);
  });
  afterEach(() => {
    openGate();
    Object.assign(intentLimits, defaultLimits);
  });

  it("20 intents fired at once: at most 8 are in flight, the rest are refused as Busy, only the accepted ones run", async () => {
    const { player } = users();
    expect(intentLimits.inFlight).toBe(8);
    const { all, refused } = await flood(player, 20, 8);
    // The queue runs one at a time: the first accepted intent is running, seven wait behind it.
    expect(seen).toHaveLength(1);
    expect(refused).toHaveLength(12);
    for (const r of refused) expect(r).toEqual({ ok: false, warning: "GENESYS.Authority.Busy", data: { name: player.name } });
    openGate();
    const results = await all;
    const accepted = results.flatMap((r, n) => (r.ok ? [n] : []));
    expect(accepted).toHaveLength(8);
    expect(seen.map((s) => s.payload).sort((a, b) => Number(a) - Number(b))).toEqual(accepted);
    expect(seen.every((s) => s.requester === player.id)).toBe(true);
  });

  it("one write naming many intents: only as many as may be in flight are looked at, the rest cost the Narrator nothing", async () => {
    const { player } = users();
    const trips = network.trips;
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, n) => [`Q${String(n).padStart(15, "0")}`, intentOf("test.echo", n)]));
    await plant(player, many);
    await until("the first eight answered", () => Object.keys(storedAnswers(player)).length === 8);
    await sleep(30);
    expect(seen).toHaveLength(8);
    // The player's one write, and one answer for each of the eight.
    expect(network.trips - trips).toBe(9);
    expect(pendingIntents(player)).toHaveLength(32);
  });

  it("refused intents are removed from the flooding player's User document at once; the accepted ones once answered", async () => {
    const { player } = users();
    const { all } = await flood(player, 20, 8);
    // Only the eight accepted intents are still there, waiting for their answer.
    expect(pendingIntents(player)).toHaveLength(8);
    openGate();
    await all;
    await until("all removed", () => pendingIntents(player).length === 0);
  });

  it("once the accepted intents have finished, the player can send again", async () => {
    const { player } = users();
    const { all } = await flood(player, 20, 8);
    openGate();
    await all;
    await sleep(10);
    seen.length = 0;
    const again = await Promise.all(Array.from({ length: 8 }, (_, n) => onClient(player, () => sendIntent("test.echo", n))));
    expect(again.every((r) => r.ok)).toBe(true);
    expect(seen).toHaveLength(8);
  });

  it("beyond perWindow intents in the window are refused as Flood, and accepted again once the window has passed", async () => {
    const { player } = users();
    intentLimits.perWindow = 3;
    intentLimits.windowMs = 200;
    // The window is read from Date.now: the test moves that clock itself, so a slow machine cannot close the window
    // early (only Date is faked; the double's network still runs on real macrotasks).
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      for (const n of [1, 2, 3]) expect(await onClient(player, () => sendIntent("test.echo", n))).toEqual({ ok: true });
      expect(await onClient(player, () => sendIntent("test.echo", 4))).toEqual({ ok: false, warning: "GENESYS.Authority.Flood", data: { name: player.name } });
      expect(seen.map((s) => s.payload)).toEqual([1, 2, 3]);
      await until("all removed", () => pendingIntents(player).length === 0);
      vi.setSystemTime(Date.now() + 199);
      expect(await onClient(player, () => sendIntent("test.echo", 4.5))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Flood" });
      vi.setSystemTime(Date.now() + 31);
      // A refused intent did not count: a whole new window is available.
      for (const n of [5, 6, 7]) expect(await onClient(player, () => sendIntent("test.echo", n))).toEqual({ ok: true });
      expect(await onClient(player, () => sendIntent("test.echo", 8))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Flood" });
      expect(seen.map((s) => s.payload)).toEqual([1, 2, 3, 5, 6, 7]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a key written again gets its earlier answer and does not count again", async () => {
    const { player } = users();
    intentLimits.perWindow = 2;
    const intent = intentOf("test.echo", "M");
    await plant(player, { MMMMMMMMMMMMMMMM: intent });
    await until("answered", () => pendingIntents(player).length === 0);
    for (let n = 0; n < 4; n++) {
      await plant(player, { MMMMMMMMMMMMMMMM: intent });
      await until("answered again", () => pendingIntents(player).length === 0);
    }
    expect(await onClient(player, () => sendIntent("test.echo", "N"))).toEqual({ ok: true });
    expect(await onClient(player, () => sendIntent("test.echo", "O"))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Flood" });
    expect(seen.map((s) => s.payload)).toEqual(["M", "N"]);
  });

  it("a GM is never limited: neither the Narrator's own intents nor another GM's", async () => {
    const { gm } = users();
    intentLimits.inFlight = 2;
    intentLimits.perWindow = 2;
    // Sorts after the Narrator's id, so the Narrator stays the active GM.
    await withUser("gm00000000000002", "Aiuto Narratore", true, async (assistant) => {
      const results = await Promise.all([
        ...Array.from({ length: 6 }, (_, n) => onClient(assistant, () => sendIntent("test.slow", `assistant ${String(n)}`))),
        ...Array.from({ length: 6 }, (_, n) => onClient(gm, () => sendIntent("test.slow", `gm ${String(n)}`))),
      ]);
      expect(results.every((r) => r.ok)).toBe(true);
      expect(seen).toHaveLength(12);
      await until("all removed", () => pendingIntents(assistant).length === 0);
    });
  });

  it("one player's flood does not stop another player's intent, in flight or over the window", async () => {
    const { player } = users();
    await withUser("pl00000000000002", "Altra Giocatrice", false, async (other) => {
      const { all } = await flood(player, 20, 8);
      const theirs = onClient(other, () => sendIntent("test.gated", "other"));
      openGate();
      expect(await theirs).toEqual({ ok: true });
      await all;
      expect(seen.filter((s) => s.requester === other.id)).toHaveLength(1);

      // The player's eight accepted intents fill a window of eight; the other player's one is in a window of its own.
      intentLimits.perWindow = 8;
      expect(await onClient(player, () => sendIntent("test.echo", "one too many"))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Flood" });
      expect(await onClient(other, () => sendIntent("test.echo", "still fine"))).toEqual({ ok: true });
    });
  });
});
