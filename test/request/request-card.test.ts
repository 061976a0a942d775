/**
 * The Narrator's check request: a GM-authored card, one row per character; each player rolls their own row (their
 * dice, sent as an intent, judged on the Narrator's client); a hidden difficulty and the results of a blind request
 * never reach a player's client; refusals change nothing.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestIntent, resetIntentMemory } from "../../src/authority/intent-channel.js";
import { openRequestSecret, requestCardContext, requestStateOf, NO_REQUEST_VIEWER, type RequestState } from "../../src/request/request-card.js";
import { askForCheck, rollRequestRow } from "../../src/request/request-flow.js";
import { REQUEST_INTENTS, type RequestSpec } from "../../src/request/request-plan.js";
import type { GenesysRequestSpec } from "../../src/api-contract.js";
import type { CardMessage } from "../../src/chat/authored.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { GenesysCheckRoll } from "../../src/check/genesys-roll.js";
import { bootSystem, foundryDouble, users } from "../foundry/boot.js";
import { onClient, resetNetwork } from "../foundry/clients.js";
import { diceDouble, type ChatMessage as RollMessage } from "../foundry/dice.js";
import { User } from "../foundry/documents.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { createActor } from "../documents/helpers.js";
import { HUMAN, dice, rollOf, sealedRollOf, skill, skillData } from "../check/helpers.js";
import { expectTypeOf } from "vitest";

const SECOND = new User("pl00000000000002", "Seconda giocatrice");

beforeAll(async () => {
  await bootSystem();
  const all = foundryDouble().users;
  if (!all.get(SECOND.id)) {
    // The double's two users plus a second player; installChat gives every user a targets set.
    (SECOND as unknown as { targets: Set<unknown> }).targets = new Set();
    all.set(SECOND.id, SECOND);
  }
});

beforeEach(() => {
  resetNetwork();
  resetIntentMemory();
  diceDouble().queue.length = 0;
  diceDouble().evaluations.length = 0;
});

const i18n = { localize: (k: string) => k, format: (k: string, d: Record<string, string> = {}) => `${k} ${JSON.stringify(d)}` };

async function character(name: string, owner: string, items = [skill("Corsa", 12), skill("Schivare", 10)]): Promise<GenesysActor> {
  return createActor({ name, type: "character", system: { characteristics: HUMAN }, items, ownership: { default: 0, [owner]: 3 } });
}

function notesSince(from: number): { level: string; message: string }[] {
  return foundryDouble().notifications.slice(from);
}

async function request(spec: Partial<RequestSpec> & { actors: unknown[] }): Promise<CardMessage> {
  const { actors, ...check } = spec;
  const message = await askForCheck({ skill: "corsa", ...check }, { recipients: actors, prompt: false });
  if (!message) throw new Error(`no request card: ${JSON.stringify(foundryDouble().notifications.at(-1))}`);
  return message;
}

function stateOf(message: CardMessage): RequestState {
  const state = requestStateOf(message);
  if (!state) throw new Error("not a request card");
  return state;
}

function rowIdOf(message: CardMessage, name: string): string {
  const state = stateOf(message);
  const id = state.order.find((i) => state.rows[i]?.name === name);
  if (!id) throw new Error(`no row for ${name}`);
  return id;
}

/** Everything of a message a player's client can read, the sealed part's ciphertext left out. */
function readable(message: unknown): string {
  const m = message as RollMessage & { flags: Record<string, Record<string, unknown>> };
  const flags = structuredClone(m.flags);
  const state = flags["genesys-gdr"]?.["request"] as { secret?: Record<string, unknown> | null } | undefined;
  if (state?.secret) state.secret = { v: state.secret["v"], kid: state.secret["kid"] };
  const sealed = flags["genesys-gdr"]?.["sealed"] as { box?: Record<string, unknown> } | undefined;
  if (sealed?.box) sealed.box = { v: sealed.box["v"], kid: sealed.box["kid"] };
  return JSON.stringify({ content: m.content, rolls: m.rolls.map((r) => r.toJSON()), flags, whisper: m.whisper, speaker: m.speaker });
}

const messagesAfter = (count: number): RollMessage[] => diceDouble().messages.slice(count);

describe("a request card with two players", () => {
  it("each player rolls their own row with their own dice; the Narrator's client judges and posts", async () => {
    const { gm, player } = users();
    const jack = await character("Jack", player.id);
    const mara = await character("Mara", SECOND.id);
    const card = await request({ difficulty: 25, actors: [jack, mara] });
    expect(card.author.isGM).toBe(true);
    expect(stateOf(card)).toMatchObject({ check: { skill: "corsa", label: "Corsa" }, difficulty: 25, hidden: false, blind: false, secret: null });
    const before = diceDouble().messages.length;

    dice(9, 8); // Corsa 12 + 17 = 29 against 25: T = 13, a hard success (§1.8.2)
    const ok = await onClient(player, () => rollRequestRow(card, rowIdOf(card, "Jack")));
    expect(ok).toBe(true);
    dice(2, 3); // 12 + 5 = 17: a failure
    expect(await onClient(SECOND, () => rollRequestRow(card, rowIdOf(card, "Mara")))).toBe(true);

    // The dice were rolled on each player's client, never on the Narrator's.
    expect(diceDouble().evaluations.map((e) => e.userId)).toEqual([player.id, SECOND.id]);
    const rolls = messagesAfter(before);
    expect(rolls).toHaveLength(2);
    for (const m of rolls) expect(m.authorId).toBe(gm.id);
    const [first, second] = rolls.map((m) => rollOf(m));
    expect(first?.options).toMatchObject({ difficulty: 25, actorUuid: jack.uuid, increment: { reason: "hardSuccess", status: "stored", points: 1 } });
    expect(first?.total).toBe(29);
    expect(second?.outcome).toMatchObject({ total: 17, success: false });
    expect(skillData(jack, "Corsa").increment).toBe(1);

    const state = stateOf(card);
    expect(state.rows[rowIdOf(card, "Jack")]).toMatchObject({ rolled: true, result: { total: 29, success: true, margin: 4, dice: [9, 8] } });
    expect(state.rows[rowIdOf(card, "Mara")]).toMatchObject({ rolled: true, result: { total: 17, success: false } });
    const view = requestCardContext(state, null, NO_REQUEST_VIEWER, i18n);
    expect(view.rows.map((r) => [r.name, r.result?.total, r.result?.cssClass, r.canRoll])).toEqual([["Jack", "29", "success", false], ["Mara", "17", "failure", false]]);
  });

  it("refuses a row that is not the player's, a second roll and a forged card; nothing changes", async () => {
    const { player } = users();
    const jack = await character("Jack", player.id);
    const mara = await character("Mara", SECOND.id);
    const card = await request({ difficulty: 15, actors: [jack, mara] });
    const mine = rowIdOf(card, "Jack");
    const hers = rowIdOf(card, "Mara");

    let from = foundryDouble().notifications.length;
    const messages = diceDouble().messages.length;
    expect(await onClient(player, () => rollRequestRow(card, hers))).toBe(false);
    expect(notesSince(from).map((n) => n.message)).toEqual([expect.stringContaining("GENESYS.Request.Warn.NotOwner")]);
    // The same asked directly of the Narrator's client, dice and all.
    const roll = await onClient(player, async () => (await GenesysCheckRoll.build({ difficulty: null, grade: 12, modifiers: 0, conditionPenalty: 0, condition: "normal", label: "Corsa", blind: false, actorUuid: null }).evaluate()).toJSON());
    from = foundryDouble().notifications.length;
    expect(await onClient(player, () => requestIntent(REQUEST_INTENTS.roll, { messageId: card.id, rowId: hers, roll }))).toBe(false);
    expect(notesSince(from)[0]?.message).toContain("GENESYS.Request.Warn.NotOwner");
    expect(stateOf(card).rows[hers]?.rolled).toBe(false);

    dice(5, 5);
    expect(await onClient(player, () => rollRequestRow(card, mine))).toBe(true);
    from = foundryDouble().notifications.length;
    expect(await onClient(player, () => rollRequestRow(card, mine))).toBe(false);
    expect(notesSince(from)[0]?.message).toContain("GENESYS.Request.Warn.AlreadyRolled");
    // Straight to the Narrator, bypassing the client's own check: refused there too.
    expect(await onClient(player, () => requestIntent(REQUEST_INTENTS.roll, { messageId: card.id, rowId: mine, roll }))).toBe(false);
    expect(diceDouble().messages.length).toBe(messages + 1);

    // A player's own message with a request flag of the right shape is no card.
    const forged = await onClient(player, () => ChatMessage.implementation.create({ content: "", flags: { "genesys-gdr": { request: structuredClone(card.flags["genesys-gdr"] as unknown as Record<string, unknown>)["request"] } } } as ChatMessage.CreateData));
    if (!forged) throw new Error("no forged message");
    expect(requestStateOf(forged)).toBeNull();
    from = foundryDouble().notifications.length;
    expect(await onClient(player, () => rollRequestRow(forged, mine))).toBe(false);
    expect(notesSince(from)[0]?.message).toContain("GENESYS.Request.Warn.CardMissing");
    expect(await onClient(player, () => requestIntent(REQUEST_INTENTS.roll, { messageId: forged.id, rowId: mine, roll }))).toBe(false);
    expect(foundryDouble().notifications.at(-1)?.message).toContain("GENESYS.Request.Warn.NotNarratorCard");
  });

  it("a row whose token left the scene: a clear warning, no dice, nothing changed", async () => {
    const { player } = users();
    const base = await character("Scagnozzo", player.id);
    const scene = createScene();
    const token = placeToken(scene, base);
    const tokenActor = token.actor as unknown as GenesysActor;
    const card = await request({ characteristic: "perception", skill: undefined, actors: [tokenActor] });
    const row = stateOf(card).rows[stateOf(card).order[0] ?? ""];
    expect(row).toMatchObject({ tokenUuid: token.uuid, actorUuid: tokenActor.uuid });
    scene.tokens.delete(token.id);

    const from = foundryDouble().notifications.length;
    const messages = diceDouble().messages.length;
    expect(await onClient(player, () => rollRequestRow(card, row?.id ?? ""))).toBe(false);
    expect(notesSince(from)).toEqual([{ level: "warn", message: expect.stringContaining("GENESYS.Request.Warn.TokenGone") as unknown }]);
    expect(diceDouble().evaluations).toEqual([]);
    // The Narrator's client refuses it too.
    expect(await onClient(player, () => requestIntent(REQUEST_INTENTS.roll, { messageId: card.id, rowId: row?.id, roll: null }))).toBe(false);
    expect(foundryDouble().notifications.at(-1)?.message).toContain("GENESYS.Request.Warn.TokenGone");
    expect(diceDouble().messages.length).toBe(messages);
    expect(stateOf(card).rows[row?.id ?? ""]?.rolled).toBe(false);
  });
});

describe("what a player's client never holds", () => {
  it("a hidden difficulty: not in the card, its flags, the roll message or the answer; the Narrator sees it and reveals", async () => {
    const { player } = users();
    const jack = await character("Jack", player.id);
    const card = await request({ difficulty: 25, hidden: true, actors: [jack] });
    const hidden = /"difficulty":25|GENESYS\.Difficulty\.difficult\b|\b25\b/;
    expect(readable(card)).not.toMatch(hidden);
    expect(stateOf(card)).toMatchObject({ difficulty: null, hidden: true });
    const before = diceDouble().messages.length;

    dice(9, 8); // 29 against the hidden 25: success, and a hard one (§1.8.2), held back
    const from = foundryDouble().notifications.length;
    expect(await onClient(player, () => rollRequestRow(card, rowIdOf(card, "Jack")))).toBe(true);
    expect(notesSince(from)).toEqual([]);
    const [rolled] = messagesAfter(before);
    expect(readable(rolled)).not.toMatch(hidden);
    expect(rollOf(rolled).options).toMatchObject({ difficulty: null, increment: null });
    expect(readable(card)).not.toMatch(/"difficulty":25|\b25\b|success|hardSuccess/);
    expect(skillData(jack, "Corsa").increment).toBe(0);
    // What a player's client renders of it.
    const playersView = JSON.stringify(requestCardContext(stateOf(card), null, { isGM: false, owns: () => true }, i18n));
    expect(playersView).not.toMatch(/\b25\b|\b29\b|Success/);
    expect(playersView).toContain("GENESYS.Request.DifficultyHidden");

    // The Narrator's view opens the sealed part.
    const secret = await openRequestSecret(card, stateOf(card));
    const narrators = requestCardContext(stateOf(card), secret, { isGM: true, owns: () => false }, i18n);
    expect(narrators.difficulty.value).toBe("25 (GENESYS.Difficulty.difficult)");
    expect(narrators.rows[0]?.result).toMatchObject({ total: "29", cssClass: "success" });
    expect(narrators.rows[0]?.result?.increment).toContain("GENESYS.Request.IncrementHeld");

    // A player cannot reveal; the Narrator can, and the held point goes on the skill.
    expect(await onClient(player, () => requestIntent(REQUEST_INTENTS.reveal, { messageId: card.id }))).toBe(false);
    expect(stateOf(card).hidden).toBe(true);
    expect(await requestIntent(REQUEST_INTENTS.reveal, { messageId: card.id })).toBe(true);
    expect(stateOf(card)).toMatchObject({ hidden: false, difficulty: 25, secret: null });
    expect(stateOf(card).rows[rowIdOf(card, "Jack")]?.result).toMatchObject({ success: true, increment: { status: "stored", points: 1 } });
    expect(skillData(jack, "Corsa").increment).toBe(1);
  });

  it("a blind request: each row rolled sealed by the Narrator's client; no player's client holds a result", async () => {
    const { gm, player } = users();
    const jack = await character("Jack", player.id);
    const mara = await character("Mara", SECOND.id);
    const card = await request({ difficulty: 25, blind: true, actors: [jack, mara] });
    const before = diceDouble().messages.length;
    dice(9, 8, 1, 2);
    const from = foundryDouble().notifications.length;
    expect(await onClient(player, () => rollRequestRow(card, rowIdOf(card, "Jack")))).toBe(true);
    expect(await onClient(SECOND, () => rollRequestRow(card, rowIdOf(card, "Mara")))).toBe(true);
    expect(notesSince(from)).toEqual([]);
    // Dice only on the Narrator's client, without the manual-entry prompt.
    expect(diceDouble().evaluations.map((e) => [e.userId, e.allowInteractive])).toEqual([[gm.id, false], [gm.id, false]]);

    const sealed = messagesAfter(before);
    expect(sealed).toHaveLength(2);
    expect(sealed[0]?.whisper).toEqual([gm.id, player.id]);
    expect(sealed[1]?.whisper).toEqual([gm.id, SECOND.id]);
    for (const m of [card, ...sealed]) expect(readable(m)).not.toMatch(/\b29\b|\b15\b|"total"|success|failure|hardSuccess/i);
    // The sealed roll holds the point back until its Reveal, as a blind check does.
    expect(sealedRollOf(sealed[0]).options.increment).toMatchObject({ reason: "hardSuccess", status: "blind" });
    expect(skillData(jack, "Corsa").increment).toBe(0);

    const state = stateOf(card);
    expect(Object.values(state.rows).map((r) => [r.rolled, r.result])).toEqual([[true, null], [true, null]]);
    const playersView = JSON.stringify(requestCardContext(state, null, { isGM: false, owns: () => true }, i18n));
    expect(playersView).not.toMatch(/\b29\b|\b15\b|Success|Failure/);
    const narrators = requestCardContext(state, await openRequestSecret(card, state), { isGM: true, owns: () => false }, i18n);
    expect(narrators.rows.map((r) => [r.result?.total, r.result?.cssClass])).toEqual([["29", "success"], ["15", "failure"]]);
  });
});

describe("game.genesys.requestCheck", () => {
  it("posts the card for the named actors on a Narrator's client; a player is told it is the Narrator's", async () => {
    expectTypeOf<GenesysRequestSpec>().toEqualTypeOf<RequestSpec>();
    const { player } = users();
    const jack = await character("Jack", player.id);
    const card = await game.genesys.requestCheck({ skill: "schivare", difficulty: "complex", actors: [jack.uuid], prompt: false });
    expect(card).not.toBeNull();
    expect(stateOf(card as unknown as CardMessage)).toMatchObject({ check: { skill: "schivare", label: "Schivare" }, difficulty: 20 });

    const from = foundryDouble().notifications.length;
    const messages = diceDouble().messages.length;
    expect(await onClient(player, () => game.genesys.requestCheck({ skill: "schivare", actors: [jack.uuid], prompt: false }))).toBeNull();
    expect(notesSince(from)[0]?.message).toContain("GENESYS.Request.Warn.NarratorsOnly");
    expect(await game.genesys.requestCheck({ skill: "schivare", difficulty: "very hard", actors: [jack.uuid], prompt: false })).toBeNull();
    expect(foundryDouble().notifications.at(-1)?.message).toContain("GENESYS.Check.Warn.BadDifficulty");
    expect(await game.genesys.requestCheck({ characteristic: "perception", actors: ["Actor.gone000000000"], prompt: false })).toBeNull();
    expect(diceDouble().messages.length).toBe(messages);
  });

  it("with the dialog: pre-filled, and the Narrator's answer is the card", async () => {
    const { player } = users();
    const jack = await character("Jack", player.id);
    diceDouble().dialogAnswers.push((config: { content: string; buttons: { action: string; callback?: (e: unknown, b: unknown, d: unknown) => unknown }[] }) => {
      expect(config.content).toContain('value="skill:schivare" selected');
      expect(config.content).toContain('value="complex" selected');
      const values: Record<string, { value: string; checked?: boolean }> = { check: { value: "skill:corsa" }, difficulty: { value: "custom" }, custom: { value: "18" }, hidden: { value: "on", checked: true }, blind: { value: "on", checked: false } };
      const form = { elements: { namedItem: (n: string) => values[n] ?? null }, querySelectorAll: () => [{ checked: true, value: "0" }] };
      return config.buttons.find((b) => b.action === "send")?.callback?.(new Event("click"), { form }, {});
    });
    const card = await game.genesys.requestCheck({ skill: "schivare", difficulty: 20, actors: [jack] });
    expect(card).not.toBeNull();
    const state = stateOf(card as unknown as CardMessage);
    expect(state).toMatchObject({ check: { skill: "corsa" }, difficulty: null, hidden: true });
    expect((await openRequestSecret(card as unknown as CardMessage, state))?.difficulty).toBe(18);
  });
});
