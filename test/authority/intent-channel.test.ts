import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INTENT_QUERY, clearStaleIntents, intentTimings, onIntentQuery, registerIntent, resetIntentMemory, sendIntent, type Requester } from "../../src/authority/intent-channel.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
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

const users = (): { gm: User; player: User } => {
  const all = foundryDouble().users.contents;
  const gm = all.find((u) => u.isGM);
  const player = all.find((u) => !u.isGM);
  if (!gm || !player) throw new Error("users missing");
  return { gm, player };
};

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
    expect(await onClient(users().gm, () => onIntentQuery({ key: "CCCCCCCCCCCCCCCC" }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { DDDDDDDDDDDDDDDD: { kind: "nope", payload: 1 } } } } }));
    expect(await onClient(users().gm, () => onIntentQuery({ key: "DDDDDDDDDDDDDDDD" }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Unknown" });
    expect(seen).toEqual([]);
  });

  it("a query that only a non-GM client receives decides nothing", async () => {
    const { player } = users();
    expect(await onClient(player, () => onIntentQuery({ key: "EEEEEEEEEEEEEEEE" }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.NotNarrator" });
  });

  it("the same key asked twice (a retry) runs the handler once and gets the first answer", async () => {
    const { gm, player } = users();
    await onClient(player, () => player.update({ flags: { "genesys-gdr": { intents: { FFFFFFFFFFFFFFFF: { kind: "test.echo", payload: 2 } } } } }));
    const [a, b] = await Promise.all([
      onClient(player, () => gm.query(INTENT_QUERY, { key: "FFFFFFFFFFFFFFFF" }, { timeout: 5_000 })),
      onClient(player, () => gm.query(INTENT_QUERY, { key: "FFFFFFFFFFFFFFFF" }, { timeout: 5_000 })),
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
