import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomBytes, toBase64 } from "../../src/authority/cipher.js";
import { INTENT_QUERY, clearStaleIntents, intentLimits, intentProof, intentTimings, onIntentQuery, registerIntent, resetIntentMemory, sendIntent, type IntentResult, type Requester } from "../../src/authority/intent-channel.js";
import { bootSystem, foundryDouble, users } from "../foundry/boot.js";
import { network, onClient, resetNetwork } from "../foundry/clients.js";
import type { User } from "../foundry/documents.js";

const seen: { requester: string; payload: unknown }[] = [];
let running = 0;
let maxRunning = 0;
/** The gated handler waits here until the test opens the gate, so intents pile up in flight on the GM's client. */
let gate: Promise<void> = Promise.resolve();
let openGate: () => void = () => undefined;
function closeGate(): void {
  gate = new Promise((resolve) => { openGate = resolve; });
}

/** A sender's secret and the intent proving it, as sendIntent writes it: the test queries with `secret`. */
function proven(kind: string, payload: unknown, sentAt = Date.now()): { secret: string; intent: { kind: string; payload: unknown; sentAt: number; proof: string } } {
  const secret = toBase64(randomBytes(32));
  const proof = intentProof(secret);
  if (proof === null) throw new Error("a fresh secret has no proof");
  return { secret, intent: { kind, payload, sentAt, proof } };
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
});

beforeEach(() => {
  seen.length = 0;
  running = 0;
  maxRunning = 0;
  resetNetwork();
  resetIntentMemory();
  intentTimings.arrivalWaitMs = 2_000;
});


describe("intent channel: the requester is whoever's User document holds the intent", () => {
  it("a player's intent reaches the GM's handler with the player as requester, and is removed once answered", async () => {
    const { player } = users();
    const result = await onClient(player, () => sendIntent("test.echo", { n: 1 }));
    expect(result).toEqual({ ok: true });
    expect(seen).toEqual([{ requester: player.id, payload: { n: 1 } }]);
    expect(player.getFlag("genesys-gdr", "intents")).toEqual({});
  });

  it("an identity put in the query payload is ignored: a bare query with a made-up key is refused", async () => {
    const { gm, player } = users();
    intentTimings.arrivalWaitMs = 100;
    const answer = await onClient(player, () => gm.query(INTENT_QUERY, { key: "AAAAAAAAAAAAAAAA", userId: gm.id, secret: proven("test.echo", 0).secret }, { timeout: 5_000 }));
    expect(answer).toMatchObject({ ok: false, warning: "GENESYS.Authority.Expired" });
    expect(seen).toEqual([]);
  });

  it("a player cannot plant an intent in another user's document", async () => {
    const { gm, player } = users();
    await expect(onClient(player, () => gm.update({ flags: { "genesys-gdr": { intents: { BBBBBBBBBBBBBBBB: { kind: "test.echo", payload: 1 } } } } }))).rejects.toThrow(/lacks permission/);
    expect(gm.getFlag("genesys-gdr", "intents")).toBeUndefined();
  });

  it("malformed keys and intents are refused without running a handler", async () => {
    const { player } = users();
    expect(await onClient(users().gm, () => onIntentQuery({ key: "../../x" }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(await onClient(users().gm, () => onIntentQuery(null))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    const { secret, intent } = proven("nope", 1);
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { CCCCCCCCCCCCCCCC: "not an intent", ZZZZZZZZZZZZZZZZ: { kind: "test.echo", payload: 1, sentAt: Date.now() } } } } }));
    expect(await onClient(users().gm, () => onIntentQuery({ userId: player.id, key: "CCCCCCCCCCCCCCCC", secret }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    // An intent without a proof (as written before proofs existed) is malformed too, and removed as its owner's garbage.
    expect(await onClient(users().gm, () => onIntentQuery({ userId: player.id, key: "ZZZZZZZZZZZZZZZZ", secret }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(pendingIntents(player)).toEqual([]);
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { DDDDDDDDDDDDDDDD: intent } } } }));
    // The query without its secret, or with one too long to be any, is refused before anything is looked up.
    expect(await onClient(users().gm, () => onIntentQuery({ userId: player.id, key: "DDDDDDDDDDDDDDDD" }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(await onClient(users().gm, () => onIntentQuery({ userId: player.id, key: "DDDDDDDDDDDDDDDD", secret: "A".repeat(101) }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(await onClient(users().gm, () => onIntentQuery({ userId: player.id, key: "DDDDDDDDDDDDDDDD", secret }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Unknown" });
    expect(await onClient(users().gm, () => onIntentQuery({ userId: "../../../x", key: "DDDDDDDDDDDDDDDD", secret }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(seen).toEqual([]);
  });

  it("a query that only a non-GM client receives decides nothing", async () => {
    const { player } = users();
    expect(await onClient(player, () => onIntentQuery({ key: "EEEEEEEEEEEEEEEE" }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.NotNarrator" });
  });

  it("the same key asked twice (a retry) runs the handler once and gets the first answer", async () => {
    const { gm, player } = users();
    const { secret, intent } = proven("test.echo", 2);
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { FFFFFFFFFFFFFFFF: intent } } } }));
    const [a, b] = await Promise.all([
      onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key: "FFFFFFFFFFFFFFFF", secret }, { timeout: 5_000 })),
      onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key: "FFFFFFFFFFFFFFFF", secret }, { timeout: 5_000 })),
    ]);
    expect(a).toEqual({ ok: true });
    expect(b).toEqual({ ok: true });
    expect(seen).toHaveLength(1);
  });

  it("two clients' intents in flight at once run one at a time on the GM's client", async () => {
    const { gm, player } = users();
    network.latency = 3;
    await Promise.all([onClient(player, () => sendIntent("test.echo", "a")), onClient(gm, () => sendIntent("test.echo", "b")), onClient(player, () => sendIntent("test.echo", "c"))]);
    expect(seen.map((s) => s.payload).sort()).toEqual(["a", "b", "c"]);
    expect(maxRunning).toBe(1);
  });

  it("a GM that answers after the timeout: the player is told, and the intent still runs exactly once", async () => {
    const { player } = users();
    network.queryDelay = 40;
    intentTimings.timeoutMs = 10;
    try {
      const result = await onClient(player, () => sendIntent("test.echo", "late"));
      expect(result).toMatchObject({ ok: false, warning: "GENESYS.Authority.NoAnswer" });
    } finally {
      intentTimings.timeoutMs = 10_000;
    }
    await new Promise((r) => setTimeout(r, 80));
    expect(seen.map((s) => s.payload)).toEqual(["late"]);
  });

  it("at ready the Narrator's client clears intents nobody waits for; a player's client clears nothing", async () => {
    const { gm, player } = users();
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { HHHHHHHHHHHHHHHH: { kind: "test.echo", payload: 0 } } } } }));
    expect(await onClient(player, () => clearStaleIntents())).toBe(0);
    expect(Object.keys(player.getFlag("genesys-gdr", "intents") as object)).toEqual(["HHHHHHHHHHHHHHHH"]);
    expect(await onClient(gm, () => clearStaleIntents())).toBe(1);
    expect(player.getFlag("genesys-gdr", "intents")).toEqual({});
    expect(seen).toEqual([]);
  });

  it("copying another user's pending key into one's own document runs one's own copy, as oneself; the victim's still runs", async () => {
    const { gm, player } = users();
    const thief = new (player.constructor as new (id: string, name: string) => User)("th00000000000001", "Ladro");
    foundryDouble().users.set(thief.id, thief);
    try {
      const mine = proven("test.echo", "mine");
      const stolen = proven("test.echo", "stolen");
      await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { JJJJJJJJJJJJJJJJ: mine.intent } } } }));
      await onClient(thief, () => thief.update({ flags: { "genesys-gdr": { intents: { JJJJJJJJJJJJJJJJ: stolen.intent } } } }));
      await onClient(thief, () => gm.query(INTENT_QUERY, { userId: thief.id, key: "JJJJJJJJJJJJJJJJ", secret: stolen.secret }, { timeout: 5_000 }));
      await onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key: "JJJJJJJJJJJJJJJJ", secret: mine.secret }, { timeout: 5_000 }));
      expect(seen).toEqual([{ requester: thief.id, payload: "stolen" }, { requester: player.id, payload: "mine" }]);
      // Naming the victim with one's own secret runs nothing and gets none of the victim's answer.
      expect(await onClient(thief, () => gm.query(INTENT_QUERY, { userId: player.id, key: "JJJJJJJJJJJJJJJJ", secret: stolen.secret }, { timeout: 5_000 }))).toEqual({ ok: false, warning: "GENESYS.Authority.Invalid" });
      expect(seen).toHaveLength(2);
    } finally {
      foundryDouble().users.delete(thief.id);
    }
  });

  it("an intent older than its time (a lost query, a replayed key) is refused and removed", async () => {
    const { gm, player } = users();
    const { secret, intent } = proven("test.echo", "old", Date.now() - 120_000);
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { KKKKKKKKKKKKKKKK: intent } } } }));
    expect(await onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key: "KKKKKKKKKKKKKKKK", secret }, { timeout: 5_000 }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Expired" });
    expect(seen).toEqual([]);
    expect(player.getFlag("genesys-gdr", "intents")).not.toHaveProperty("KKKKKKKKKKKKKKKK");
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
  });
});

const defaultLimits = { ...intentLimits };
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until(what: string, condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
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

function pendingIntents(user: User): string[] {
  return Object.keys((user.getFlag("genesys-gdr", "intents") as object | undefined) ?? {});
}

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

  it("queries for made-up keys cannot keep the Narrator's client polling: a few wait, the rest are answered at once", async () => {
    const { gm, player } = users();
    intentTimings.arrivalWaitMs = 1_000;
    intentLimits.waiting = 3;
    let settled = 0;
    const made = Array.from({ length: 10 }, (_, n) => onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key: `ZZZZZZZZZZZZZZ${String(n).padStart(2, "0")}`, secret: "x" }, { timeout: 5_000 })).finally(() => settled++));
    // Seven are answered without waiting while three still wait for an intent that never comes.
    await until("seven answered", () => settled >= 7);
    expect(settled).toBe(7);
    // An honest intent sent meanwhile is found at once (its User update precedes its query) and runs.
    expect(await onClient(player, () => sendIntent("test.echo", { n: 1 }))).toEqual({ ok: true });
    const answers = await Promise.all(made);
    expect(answers.every((a) => (a as { warning?: string }).warning === "GENESYS.Authority.Expired")).toBe(true);
    intentTimings.arrivalWaitMs = 2_000;
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

  it("refused intents are removed from the flooding player's User document at once; the accepted ones once answered", async () => {
    const { player } = users();
    const { all } = await flood(player, 20, 8);
    // Only the eight accepted intents are still there, waiting for their answer.
    expect(pendingIntents(player)).toHaveLength(8);
    openGate();
    await all;
    expect(pendingIntents(player)).toEqual([]);
  });

  it("once the accepted intents have finished, the player can send again", async () => {
    const { player } = users();
    const { all } = await flood(player, 20, 8);
    openGate();
    await all;
    seen.length = 0;
    const again = await Promise.all(Array.from({ length: 8 }, (_, n) => onClient(player, () => sendIntent("test.echo", n))));
    expect(again.every((r) => r.ok)).toBe(true);
    expect(seen).toHaveLength(8);
  });

  it("beyond perWindow intents in the window are refused as Flood, and accepted again once the window has passed", async () => {
    const { player } = users();
    intentLimits.perWindow = 3;
    intentLimits.windowMs = 200;
    for (const n of [1, 2, 3]) expect(await onClient(player, () => sendIntent("test.echo", n))).toEqual({ ok: true });
    expect(await onClient(player, () => sendIntent("test.echo", 4))).toEqual({ ok: false, warning: "GENESYS.Authority.Flood", data: { name: player.name } });
    expect(seen.map((s) => s.payload)).toEqual([1, 2, 3]);
    expect(pendingIntents(player)).toEqual([]);
    await sleep(230);
    // A refused intent did not count: a whole new window is available.
    for (const n of [5, 6, 7]) expect(await onClient(player, () => sendIntent("test.echo", n))).toEqual({ ok: true });
    expect(await onClient(player, () => sendIntent("test.echo", 8))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Flood" });
    expect(seen.map((s) => s.payload)).toEqual([1, 2, 3, 5, 6, 7]);
  });

  it("a retried key gets its earlier answer and does not count again", async () => {
    const { gm, player } = users();
    intentLimits.perWindow = 2;
    const secrets = new Map<string, string>();
    const ask = (key: string): Promise<unknown> => onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key, secret: secrets.get(key) ?? "" }, { timeout: 5_000 }));
    const write = (key: string): Promise<unknown> => {
      const { secret, intent } = proven("test.echo", key);
      secrets.set(key, secret);
      return onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { [key]: intent } } } }));
    };
    await write("LLLLLLLLLLLLLLLL");
    for (let n = 0; n < 5; n++) expect(await ask("LLLLLLLLLLLLLLLL")).toEqual({ ok: true });
    await write("MMMMMMMMMMMMMMMM");
    expect(await ask("MMMMMMMMMMMMMMMM")).toEqual({ ok: true });
    await write("NNNNNNNNNNNNNNNN");
    expect(await ask("NNNNNNNNNNNNNNNN")).toMatchObject({ ok: false, warning: "GENESYS.Authority.Flood" });
    // The refusal is remembered too: asking again neither runs it nor counts.
    expect(await ask("NNNNNNNNNNNNNNNN")).toMatchObject({ ok: false, warning: "GENESYS.Authority.Flood" });
    expect(seen.map((s) => s.payload)).toEqual(["LLLLLLLLLLLLLLLL", "MMMMMMMMMMMMMMMM"]);
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
      expect(pendingIntents(assistant)).toEqual([]);
    });
    // The Narrator's own intents through the query path too (as another GM's client would send them).
    const keys = ["PPPPPPPPPPPPPPPP", "QQQQQQQQQQQQQQQQ", "RRRRRRRRRRRRRRRR", "SSSSSSSSSSSSSSSS"];
    const written = new Map(keys.map((k) => [k, proven("test.slow", k)]));
    await onClient(gm, () => gm.update({ flags: { "genesys-gdr": { intents: Object.fromEntries(keys.map((k) => [k, written.get(k)?.intent])) } } }));
    const direct = await Promise.all(keys.map((key) => onClient(gm, () => onIntentQuery({ userId: gm.id, key, secret: written.get(key)?.secret }))));
    expect(direct.every((r) => r.ok)).toBe(true);
    expect(seen).toHaveLength(16);
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

describe("an onlooker who sees an intent appear cannot use it", () => {
  const SECRET_ANSWER = { ok: true, data: { secret: "s3cr3t" } } as const;
  /** Every other player's client sees this, as every User document reaches every client. */
  const storedProof = (user: User, key: string): string => {
    const stored = (user.getFlag("genesys-gdr", "intents") as Record<string, { proof?: unknown }> | undefined)?.[key]?.proof;
    if (typeof stored !== "string") throw new Error(`no proof stored for ${key}`);
    return stored;
  };

  beforeAll(() => {
    // Like seal.key, whose answer hands the Narrators' key to the asker.
    registerIntent("test.secretive", async (requester: Requester, payload: unknown) => {
      seen.push({ requester: requester.id, payload });
      await gate;
      return SECRET_ANSWER;
    });
  });
  beforeEach(() => {
    Object.assign(intentLimits, defaultLimits);
  });
  afterEach(() => {
    openGate();
    Object.assign(intentLimits, defaultLimits);
  });

  it("copying the victim's key and naming the victim, with no or a wrong secret, is refused; the victim's own query still runs it", async () => {
    const { gm, player } = users();
    await withUser("pl00000000000003", "Curiosa", false, async (onlooker) => {
      const { secret, intent } = proven("test.echo", "victim's");
      await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { TTTTTTTTTTTTTTTT: intent } } } }));
      const asOnlooker = (data: Record<string, unknown>): Promise<unknown> => onClient(onlooker, () => gm.query(INTENT_QUERY, data, { timeout: 5_000 }));
      const invalid = { ok: false, warning: "GENESYS.Authority.Invalid" };
      expect(await asOnlooker({ userId: player.id, key: "TTTTTTTTTTTTTTTT" })).toEqual(invalid);
      expect(await asOnlooker({ userId: player.id, key: "TTTTTTTTTTTTTTTT", secret: "" })).toEqual(invalid);
      expect(await asOnlooker({ userId: player.id, key: "TTTTTTTTTTTTTTTT", secret: proven("test.echo", 0).secret })).toEqual(invalid);
      // The proof is in plain sight, and is no secret.
      expect(await asOnlooker({ userId: player.id, key: "TTTTTTTTTTTTTTTT", secret: storedProof(player, "TTTTTTTTTTTTTTTT") })).toEqual(invalid);
      expect(seen).toEqual([]);
      expect(pendingIntents(player)).toEqual(["TTTTTTTTTTTTTTTT"]);

      const answer = await onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key: "TTTTTTTTTTTTTTTT", secret }, { timeout: 5_000 }));
      expect(answer).toEqual({ ok: true });
      expect(seen).toEqual([{ requester: player.id, payload: "victim's" }]);
      expect(pendingIntents(player)).toEqual([]);
    });
  });

  it("an onlooker's query while the victim's intent runs, or after it was answered, gets a refusal, never the victim's answer", async () => {
    const { gm, player } = users();
    await withUser("pl00000000000003", "Curiosa", false, async (onlooker) => {
      closeGate();
      const victims = onClient(player, () => sendIntent("test.secretive", "key please"));
      await until("the victim's intent to be running", () => seen.length === 1);
      const [key] = pendingIntents(player);
      if (key === undefined) throw new Error("the victim's intent is not in its document");
      const snoop = (secret?: string): Promise<unknown> => onClient(onlooker, () => gm.query(INTENT_QUERY, { userId: player.id, key, ...(secret === undefined ? {} : { secret }) }, { timeout: 5_000 }));
      const proof = storedProof(player, key);
      const guesses = (): Promise<unknown[]> => Promise.all([snoop(), snoop(proven("test.echo", 0).secret), snoop(proof)]);

      const during = await guesses();
      openGate();
      expect(await victims).toEqual(SECRET_ANSWER);
      const after = await guesses();
      for (const result of [...during, ...after]) expect(result).toEqual({ ok: false, warning: "GENESYS.Authority.Invalid" });
      expect(JSON.stringify([during, after])).not.toContain("s3cr3t");
      expect(seen).toEqual([{ requester: player.id, payload: "key please" }]);
    });
  });

  it("an onlooker's wrong-secret queries do not use up the victim's flood budget", async () => {
    const { gm, player } = users();
    intentLimits.perWindow = 1;
    intentLimits.inFlight = 1;
    await withUser("pl00000000000003", "Curiosa", false, async (onlooker) => {
      const { secret, intent } = proven("test.echo", "still mine");
      await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { UUUUUUUUUUUUUUUU: intent } } } }));
      const attempts = await Promise.all(Array.from({ length: 10 }, () => onClient(onlooker, () => gm.query(INTENT_QUERY, { userId: player.id, key: "UUUUUUUUUUUUUUUU", secret: proven("test.echo", 0).secret }, { timeout: 5_000 }))));
      // Not Busy nor Flood: none of them was counted against the victim.
      for (const result of attempts) expect(result).toEqual({ ok: false, warning: "GENESYS.Authority.Invalid" });
      expect(await onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key: "UUUUUUUUUUUUUUUU", secret }, { timeout: 5_000 }))).toEqual({ ok: true });
      expect(seen).toEqual([{ requester: player.id, payload: "still mine" }]);
    });
  });

  it("intentProof: null for anything but base64 of 32 bytes; otherwise stable, and nothing like the secret", () => {
    for (const bad of ["", "not base64!", toBase64(randomBytes(31)), toBase64(randomBytes(33)), "A".repeat(44), ` ${toBase64(randomBytes(32))}`]) expect(intentProof(bad)).toBeNull();
    const secret = toBase64(randomBytes(32));
    const proof = intentProof(secret);
    expect(proof).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(proof).not.toBe(secret);
    expect(intentProof(secret)).toBe(proof);
    expect(intentProof(toBase64(randomBytes(32)))).not.toBe(proof);
    // The proof is the secret's SHA-256: of 32 zero bytes, 66687aad…0d5f2925 (as Python's hashlib computes it).
    expect(intentProof(toBase64(new Uint8Array(32)))).toBe("Zmh6rfhivXdsj8GLjp+OIAiXFIVu4jOzkCpZHQ1fKSU=");
  });
});
