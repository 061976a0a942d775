import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INTENT_QUERY, clearStaleIntents, intentTimings, onIntentQuery, registerIntent, resetIntentMemory, sendIntent, type Requester } from "../../src/authority/intent-channel.js";
import { bootSystem, foundryDouble, users } from "../foundry/boot.js";
import { network, onClient, resetNetwork } from "../foundry/clients.js";
import type { User } from "../foundry/documents.js";

const seen: { requester: string; payload: unknown }[] = [];
let running = 0;
let maxRunning = 0;

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
    const answer = await onClient(player, () => gm.query(INTENT_QUERY, { key: "AAAAAAAAAAAAAAAA", userId: gm.id }, { timeout: 5_000 }));
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
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { CCCCCCCCCCCCCCCC: "not an intent" } } } }));
    expect(await onClient(users().gm, () => onIntentQuery({ userId: player.id, key: "CCCCCCCCCCCCCCCC" }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { DDDDDDDDDDDDDDDD: { kind: "nope", payload: 1, sentAt: Date.now() } } } } }));
    expect(await onClient(users().gm, () => onIntentQuery({ userId: player.id, key: "DDDDDDDDDDDDDDDD" }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Unknown" });
    expect(await onClient(users().gm, () => onIntentQuery({ userId: "../../../x", key: "DDDDDDDDDDDDDDDD" }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(seen).toEqual([]);
  });

  it("a query that only a non-GM client receives decides nothing", async () => {
    const { player } = users();
    expect(await onClient(player, () => onIntentQuery({ key: "EEEEEEEEEEEEEEEE" }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.NotNarrator" });
  });

  it("the same key asked twice (a retry) runs the handler once and gets the first answer", async () => {
    const { gm, player } = users();
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { FFFFFFFFFFFFFFFF: { kind: "test.echo", payload: 2, sentAt: Date.now() } } } } }));
    const [a, b] = await Promise.all([
      onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key: "FFFFFFFFFFFFFFFF" }, { timeout: 5_000 })),
      onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key: "FFFFFFFFFFFFFFFF" }, { timeout: 5_000 })),
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
      await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { JJJJJJJJJJJJJJJJ: { kind: "test.echo", payload: "mine", sentAt: Date.now() } } } } }));
      await onClient(thief, () => thief.update({ flags: { "genesys-gdr": { intents: { JJJJJJJJJJJJJJJJ: { kind: "test.echo", payload: "stolen", sentAt: Date.now() } } } } }));
      await onClient(thief, () => gm.query(INTENT_QUERY, { userId: thief.id, key: "JJJJJJJJJJJJJJJJ" }, { timeout: 5_000 }));
      await onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key: "JJJJJJJJJJJJJJJJ" }, { timeout: 5_000 }));
      expect(seen).toEqual([{ requester: thief.id, payload: "stolen" }, { requester: player.id, payload: "mine" }]);
      // Naming the victim while holding nothing there finds nothing to run.
      expect(await onClient(thief, () => gm.query(INTENT_QUERY, { userId: player.id, key: "JJJJJJJJJJJJJJJJ" }, { timeout: 5_000 }))).toEqual({ ok: true });
      expect(seen).toHaveLength(2);
    } finally {
      foundryDouble().users.delete(thief.id);
    }
  });

  it("an intent older than its time (a lost query, a replayed key) is refused and removed", async () => {
    const { gm, player } = users();
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { KKKKKKKKKKKKKKKK: { kind: "test.echo", payload: "old", sentAt: Date.now() - 120_000 } } } } }));
    expect(await onClient(player, () => gm.query(INTENT_QUERY, { userId: player.id, key: "KKKKKKKKKKKKKKKK" }, { timeout: 5_000 }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Expired" });
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
