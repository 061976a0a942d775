/**
 * "Applica ai token selezionati": the Narrator sends one row's hit into the tokens selected on the scene. Each token's
 * actor (unlinked, the normal case) goes through the damage pipeline with its own armour and gets its own ledger entry,
 * so that its Undo takes back its own change only; a player's console cannot do it, a token that is gone is named and
 * the others still take the hit, and the same intent twice applies once.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { onCardAction } from "../../src/attack/attack-flow.js";
import { ATTACK_CARD_TEMPLATE, applyCardEvent, attackCardContext, readAttackState, type CardLocalizer, type CardViewer } from "../../src/attack/attack-card.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { translations } from "../applications/sheet-fixtures.js";
import { animalOf, createActor, personOf } from "../documents/helpers.js";
import { foundryDouble } from "../foundry/boot.js";
import { network, onClient } from "../foundry/clients.js";
import type { ChatMessage } from "../foundry/chat.js";
import type { User } from "../foundry/documents.js";
import { createScene, placeToken, type Scene, type TokenDocument } from "../foundry/scenes.js";
import { DODGE_WITH_DEXTERITY, answerFor, attackCard, dice, itemId, lastWarning, npc, playerId, rowOf, shooter, skill, stateOf, targetActors, VEST, useCardWorld, weapon } from "./helpers.js";

useCardWorld();

const ROOT = path.resolve(import.meta.dirname, "../..");
// The pack's wolf, dropped on the scene as unlinked tokens the way a compendium animal is.
const WOLF = JSON.parse(fs.readFileSync(path.join(ROOT, "packs/animals/lupo_gnsAnimalWolf001.json"), "utf8")) as { name: string; type: string; system: object };

const playerUser = (): User => foundryDouble().users.find((u) => !u.isGM)!;
const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(playerUser(), fn);

/**
 * Selects these tokens on the canvas: canvas.tokens.controlled holds Token placeables, each with its `document`, its
 * `actor` and its `name` (v13 API Token#document, #actor, #name; dnd5e reads canvas.tokens.controlled the same way).
 */
function select(...tokens: TokenDocument[]): void {
  const c = (globalThis as unknown as { canvas: { tokens?: { controlled: unknown[] } } }).canvas;
  c.tokens = { controlled: tokens.map((t) => ({ document: t, actor: t.actor, name: t.actor?.name ?? "" })) };
}

afterEach(() => {
  delete (globalThis as unknown as { canvas: { tokens?: unknown } }).canvas.tokens;
});

function actorOf(token: TokenDocument): GenesysActor {
  const actor: unknown = token.actor;
  const ours: GenesysActor | null = actor instanceof GenesysActor ? actor : null;
  if (!ours) throw new Error("no token actor");
  return ours;
}

const wounds = (token: TokenDocument): number => animalOf(actorOf(token)).wounds.value;

/** Everything a refusal must leave untouched: the actors' sources, the tokens' deltas and the cards. */
function snapshot(scene: Scene, ...actors: GenesysActor[]): string {
  const cards = game.messages.contents.map((m) => JSON.stringify({ flags: (m as unknown as ChatMessage).flags, content: m.content }));
  const deltas = scene.tokens.contents.map((t) => JSON.stringify(t.delta));
  return JSON.stringify({ actors: actors.map((a) => (a as unknown as { _source: unknown })._source), deltas, cards });
}

/**
 * The player's Jack shoots the Narrator's thug (vest Df 15) and hits; 8 damage rolled. Two unlinked wolves stand by on
 * the scene, the second one's token giving it natural armour 4.
 */
async function hitWithWolves() {
  const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
  const thug = await npc("Scagnozzo", { items: [VEST] });
  const wolf = await createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system });
  const scene = createScene("Bosco");
  const first = placeToken(scene, wolf, { x: 0, y: 0 });
  const second = placeToken(scene, wolf, { x: 300, y: 0, delta: { name: "Lupo 2", system: { naturalArmour: 4 } } });
  const pistol = itemId(jack, "Pistola");
  const message = (await asP(async () => {
    targetActors(thug);
    dice(5, 5);
    return attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
  }))!;
  dice(1, 1);
  await onCardAction(message, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
  dice(2, 2, 2, 2); // 8
  await asP(() => onCardAction(message, "rollDamage", "r0"));
  return { jack, thug, wolf, scene, first, second, message, ids: { messageId: message.id, rowId: "r0" } };
}

describe("the Narrator applies a row to the selected tokens", () => {
  it("two unlinked wolves with different armour each take their own damage, each with its own ledger entry", async () => {
    const { thug, wolf, first, second, message } = await hitWithWolves();
    expect(actorOf(second).name).toBe("Lupo 2");
    select(first, second);
    expect(await onCardAction(message, "applySelected", "r0")).toBe(true);
    expect(wounds(first)).toBe(8);
    expect(wounds(second)).toBe(4); // 8 − natural armour 4
    // The world wolf and the row's own target are untouched; the row's own Apply is still to be pressed.
    expect(animalOf(wolf).wounds.value).toBe(0);
    expect(personOf(thug).wounds.value).toBe(0);
    expect(actorOf(first).ledger).toEqual([expect.objectContaining({ wounds: 8 })]);
    expect(actorOf(second).ledger).toEqual([expect.objectContaining({ wounds: 4 })]);
    const row = rowOf(message, "r0");
    expect(row.applied).toBeNull();
    expect(row.spread?.map((h) => [h.name, h.actorUuid, h.tokenUuid, h.applied.change.after.wounds])).toEqual([
      ["Lupo", actorOf(first).uuid, first.uuid, 8],
      ["Lupo 2", actorOf(second).uuid, second.uuid, 4],
    ]);
    // The pipeline ran per token: only the second wolf's has an armour step (8 → 4).
    expect(row.spread?.[1]?.applied.change.damage?.steps).toContainEqual({ key: "armour", value: 4 });
    expect(row.spread?.[0]?.applied.change.damage?.steps.map((s) => s.key)).not.toContain("armour");
  });

  it("Undo of one token takes back exactly its own hit: the other wolf and a later wound stay", async () => {
    const { first, second, message } = await hitWithWolves();
    select(first, second);
    await onCardAction(message, "applySelected", "r0");
    await actorOf(first).update({ system: { wounds: { value: 11 } } }); // 3 more from something else since
    expect(await onCardAction(message, "undoHit", "r0", { hit: actorOf(second).uuid })).toBe(true);
    expect(wounds(second)).toBe(0);
    expect(wounds(first)).toBe(11);
    expect(await onCardAction(message, "undoHit", "r0", { hit: actorOf(first).uuid })).toBe(true);
    expect(wounds(first)).toBe(3);
    expect(rowOf(message, "r0").spread?.map((h) => [h.name, h.undone, h.undo?.wounds])).toEqual([["Lupo", true, 8], ["Lupo 2", true, 4]]);
    // Undone twice is stale; applied again after Undo, a token takes the hit anew.
    expect(await onCardAction(message, "undoHit", "r0", { hit: actorOf(first).uuid })).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Attack.Warn.CardChanged");
    select(second);
    expect(await onCardAction(message, "applySelected", "r0")).toBe(true);
    expect(wounds(second)).toBe(4);
    expect(rowOf(message, "r0").spread?.map((h) => [h.name, h.undone])).toEqual([["Lupo", true], ["Lupo 2", false]]);
  });

  it("the row's own target among the selected tokens takes the hit as its Apply would (its vest), once", async () => {
    const { thug, scene, first, message } = await hitWithWolves();
    const thugToken = placeToken(scene, thug, { actorLink: true, x: 600 });
    const again = placeToken(scene, thug, { actorLink: true, x: 700 }); // a second token of the same linked actor
    select(thugToken, again, first);
    expect(await onCardAction(message, "applySelected", "r0")).toBe(true);
    expect(personOf(thug).wounds.value).toBe(0); // 8 − Df 15
    expect(thug.ledger).toHaveLength(1);
    const row = rowOf(message, "r0");
    expect(row.applied?.change.actorUuid).toBe(thug.uuid);
    expect(row.spread?.map((h) => h.name)).toEqual(["Lupo"]);
    // The row's Apply is done with: pressing it now is stale.
    expect(await onCardAction(message, "apply", "r0")).toBe(false);
    expect(thug.ledger).toHaveLength(1);
  });
});

describe("an explosive's hit on the selected tokens (§3.2.6)", () => {
  it("each token loses 4 per metre from the target's token; one that cannot be measured is named and left alone", async () => {
    const grenade = weapon("Granata", "pistola", { range: { kind: "metres", value: 30 } }, { explosive: true });
    const thrower = await shooter([skill("Pistola", 12), grenade]);
    const thug = await npc("Scagnozzo");
    const wolf = await createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system });
    const scene = createScene("Piazza");
    placeToken(scene, thug, { actorLink: true, x: 0, y: 0 });
    const near = placeToken(scene, wolf, { x: 300, y: 0 }); // 3 m from the thug's token
    const elsewhere = placeToken(createScene("Altrove"), wolf, { delta: { name: "Lupo lontano" } });
    targetActors(thug);
    const id = itemId(thrower, "Granata");
    dice(9, 9);
    const card = (await attackCard(thrower, id, { answer: answerFor(thrower, id, { distances: [10] }) }))!;
    dice(1, 1);
    await onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    dice(6, 6, 6, 6); // 24
    await onCardAction(card, "rollDamage", "r0");
    const answer = await sendIntent(CARD_INTENTS.applyTokens, { messageId: card.id, rowId: "r0", tokens: [near.uuid, elsewhere.uuid] });
    expect(answer).toMatchObject({ ok: true, info: "GENESYS.Attack.Warn.TokensMissing" });
    expect(answer.data?.["names"]).toContain("Lupo lontano");
    expect(wounds(near)).toBe(24 - 4 * 3);
    expect(wounds(elsewhere)).toBe(0);
    expect(rowOf(card, "r0").spread?.[0]?.applied.change.damage?.steps).toContainEqual({ key: "blast", value: 12 });
  });
});

describe("what the Narrator's client refuses", () => {
  it("a player's console naming other tokens is refused, as is their Undo of a token's hit, and nothing changes", async () => {
    const { jack, thug, wolf, scene, first, second, message, ids } = await hitWithWolves();
    const before = snapshot(scene, jack, thug, wolf);
    // The player owns the attacker and may press the row's own Apply, but not send the hit elsewhere.
    expect(await asP(() => sendIntent(CARD_INTENTS.applyTokens, { ...ids, tokens: [first.uuid, second.uuid] }))).toEqual({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    expect(await asP(() => sendIntent(CARD_INTENTS.applyTokens, { ...ids, tokens: [first.uuid], userId: foundryDouble().users.find((u) => u.isGM)?.id }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    select(first);
    expect(await asP(() => onCardAction(message, "applySelected", "r0"))).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Attack.Warn.NotAllowed");
    expect(snapshot(scene, jack, thug, wolf)).toBe(before);

    await onCardAction(message, "applySelected", "r0");
    const applied = snapshot(scene, jack, thug, wolf);
    expect(await asP(() => sendIntent(CARD_INTENTS.undoToken, { ...ids, actorUuid: actorOf(first).uuid }))).toEqual({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    expect(snapshot(scene, jack, thug, wolf)).toBe(applied);
    // The player's own Apply still reaches the row's target only.
    expect(await asP(() => onCardAction(message, "apply", "r0"))).toBe(true);
    expect(wounds(first)).toBe(8);
  });

  it("malformed payloads, a row that does not exist, nothing to undo, nothing selected", async () => {
    const { jack, thug, wolf, scene, first, message, ids } = await hitWithWolves();
    const before = snapshot(scene, jack, thug, wolf);
    for (const tokens of [undefined, "x", [1], Array.from({ length: 51 }, () => first.uuid)]) {
      expect(await sendIntent(CARD_INTENTS.applyTokens, { ...ids, tokens })).toEqual({ ok: false, warning: "GENESYS.Authority.Invalid" });
    }
    expect(await sendIntent(CARD_INTENTS.applyTokens, { ...ids, tokens: [] })).toEqual({ ok: false, warning: "GENESYS.Attack.Warn.NoTokensSelected" });
    expect(await sendIntent(CARD_INTENTS.applyTokens, { ...ids, rowId: "r9", tokens: [first.uuid] })).toEqual({ ok: false, warning: "GENESYS.Attack.Warn.CardChanged" });
    expect(await sendIntent(CARD_INTENTS.undoToken, { ...ids, actorUuid: "not a uuid" })).toEqual({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(await sendIntent(CARD_INTENTS.undoToken, { ...ids, actorUuid: actorOf(first).uuid })).toEqual({ ok: false, warning: "GENESYS.Attack.Warn.CardChanged" });
    select();
    expect(await onCardAction(message, "applySelected", "r0")).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Attack.Warn.NoTokensSelected");
    expect(snapshot(scene, jack, thug, wolf)).toBe(before);
  });

  it("a blind card waits for the Reveal: no button, and the intent is refused", async () => {
    const gunman = await shooter();
    const thug = await npc("Scagnozzo");
    const wolf = await createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system });
    const token = placeToken(createScene("Bosco"), wolf);
    targetActors(thug);
    const pistol = itemId(gunman, "Pistola");
    dice(9, 9);
    const card = (await attackCard(gunman, pistol, { answer: { ...answerFor(gunman, pistol, { distances: [4] }), blind: true } }))!;
    select(token);
    expect(await sendIntent(CARD_INTENTS.applyTokens, { messageId: card.id, rowId: "r0", tokens: [token.uuid] })).toEqual({ ok: false, warning: "GENESYS.Seal.Warn.RevealFirst" });
    expect(await onCardAction(card, "applySelected", "r0")).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Seal.Warn.RevealFirst");
    const sealedView = attackCardContext(stateOf(card), { isGM: true, owns: () => false, sealed: true }, { lang: "it", localize: (k) => k, format: (k) => k });
    expect(sealedView.rows[0]?.buttons.applySelected).toBe(false);
    expect(wounds(token)).toBe(0);
  });

  it("a deleted token or a token whose actor is gone is named; the others still take the hit", async () => {
    const { scene, first, second, message, ids } = await hitWithWolves();
    const orphanBase = await createActor({ name: "Orfano", type: WOLF.type, system: WOLF.system });
    const orphan = placeToken(scene, orphanBase, { x: 900 });
    game.actors.delete(orphanBase.id ?? ""); // its unlinked token is left with no actor
    select(first, second);
    scene.tokens.delete(second.id); // deleted after the Narrator selected it
    const answer = await sendIntent(CARD_INTENTS.applyTokens, { ...ids, tokens: [first.uuid, second.uuid, orphan.uuid] });
    expect(answer).toMatchObject({ ok: true, info: "GENESYS.Attack.Warn.TokensMissing" });
    expect(answer.data?.["names"]?.split(", ")).toHaveLength(2);
    expect(wounds(first)).toBe(8);
    expect(rowOf(message, "r0").spread?.map((h) => h.name)).toEqual(["Lupo"]);
    // Only gone tokens: a warning and nothing written.
    const card = JSON.stringify(stateOf(message));
    expect(await sendIntent(CARD_INTENTS.applyTokens, { ...ids, tokens: [second.uuid, orphan.uuid] })).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.TokensMissing" });
    expect(JSON.stringify(stateOf(message))).toBe(card);
    // Through the button: the selected token with no actor is named on the Narrator's client, the rest goes.
    select(orphan, first);
    expect(await onCardAction(message, "applySelected", "r0")).toBe(false);
    expect(foundryDouble().notifications.map((n) => n.message).join("\n")).toContain("GENESYS.Attack.Warn.TokensMissing");
  });

  it("the same intent twice applies once, also when both arrive at the same moment", async () => {
    const { first, second, ids } = await hitWithWolves();
    const payload = { ...ids, tokens: [first.uuid, second.uuid] };
    network.latency = 3;
    const answers = await Promise.all([sendIntent(CARD_INTENTS.applyTokens, payload), sendIntent(CARD_INTENTS.applyTokens, payload)]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toMatchObject({ warning: "GENESYS.Attack.Warn.AlreadyApplied" });
    expect(await sendIntent(CARD_INTENTS.applyTokens, payload)).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.AlreadyApplied" });
    expect(wounds(first)).toBe(8);
    expect(wounds(second)).toBe(4);
    expect(actorOf(first).ledger).toHaveLength(1);
    expect(actorOf(second).ledger).toHaveLength(1);
  });
});

describe("the row's record (pure)", () => {
  it("a hit may not name the row's target or one actor twice; a stored list of the wrong shape is no card", async () => {
    const { first, message } = await hitWithWolves();
    select(first);
    await onCardAction(message, "applySelected", "r0");
    const state = stateOf(message);
    const row = state.rows["r0"]!;
    const hit = row.spread![0]!;
    expect(applyCardEvent(state, { type: "spread", rowId: "r0", own: null, hits: [{ ...hit, actorUuid: row.target.actorUuid ?? "" }] }, {})).toEqual({ ok: false, reason: "invalid" });
    expect(applyCardEvent(state, { type: "spread", rowId: "r0", own: null, hits: [{ ...hit, actorUuid: "Actor.x" }, { ...hit, actorUuid: "Actor.x" }] }, {})).toEqual({ ok: false, reason: "invalid" });
    expect(applyCardEvent(state, { type: "spread", rowId: "r0", own: null, hits: [hit] }, {})).toEqual({ ok: false, reason: "stale" });
    expect(applyCardEvent(state, { type: "spread", rowId: "r0", own: null, hits: [] }, {})).toEqual({ ok: false, reason: "invalid" });
    expect(readAttackState(state)).toEqual(state);
    expect(readAttackState({ ...state, rows: { r0: { ...row, spread: [{ ...hit, applied: { recordId: "x", change: {} } }] } } })).toBeNull();
    expect(readAttackState({ ...state, rows: { r0: { ...row, spread: "Lupo" } } })).toBeNull();
  });
});

describe("the card shows it (real handlebars, Italian)", () => {
  const strings = translations("it");
  const localize = (key: string): string => strings.get(key) ?? key;
  const IT: CardLocalizer = { lang: "it", localize, format: (key, data = {}) => localize(key).replace(/\{(\w+)\}/g, (m, name: string) => data[name] ?? m) };
  const render = (message: unknown, viewer: CardViewer): Promise<string> =>
    foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, attackCardContext(stateOf(message), viewer, IT));
  const text = (html: string): string => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");
  const actions = (html: string): string[] => [...html.matchAll(/data-attack-action="(\w+)"/g)].map((m) => m[1] ?? "");

  it("the Narrator sees the button once the damage is rolled; the attacker's player does not", async () => {
    const { jack, message } = await hitWithWolves();
    const gm = await render(message, { isGM: true, owns: () => false });
    expect(actions(gm)).toEqual(["apply", "applySelected"]);
    expect(text(gm)).toContain("Applica ai token selezionati");
    const player = await render(message, { isGM: false, owns: (uuid) => uuid === jack.uuid });
    expect(actions(player)).toEqual(["apply"]);
  });

  it("the applied list: each token, what it took, its condition and its own Undo; undone ones struck and tagged", async () => {
    const { first, second, message } = await hitWithWolves();
    select(first, second);
    await onCardAction(message, "applySelected", "r0");
    await onCardAction(message, "undoHit", "r0", { hit: actorOf(second).uuid });
    const gm = await render(message, { isGM: true, owns: () => false });
    expect(text(gm)).toContain("Applicato anche ai token selezionati:");
    expect(text(gm)).toMatch(/Lupo 8 Ferite \S+/);
    // Undone, the entry no longer shows a condition that Undo took back.
    expect(text(gm)).toMatch(/Lupo 2 4 Ferite Annullato/);
    expect(gm).toContain(`data-attack-action="undoHit" data-hit="${actorOf(first).uuid}"`);
    expect(gm).not.toContain(`data-hit="${actorOf(second).uuid}"`);
    expect(gm).toContain('class="genesys-attack__spread-hit undone"');
    // A player reads the list but has no Undo of it.
    const player = await render(message, { isGM: false, owns: () => false });
    expect(text(player)).toContain("Lupo 2");
    expect(actions(player)).toEqual([]);
  });
});
