/**
 * Regressions of the hostile review of the Narrator's hazards (session 17): a hidden hazard stays hidden (the fall's
 * Destrezza check cards, the stun check, hidden tokens caught in an open blast), the fall's dice stop at the hazard cap,
 * and the hazard card's stun check does what the attack card's does (§3.2.2: knocked down → prone, recorded once, Undo
 * lifts only the prone it caused). Built on the same double and helpers as test/hazards/hazards.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { narratorMacros } from "../../src/macros/narrator-macros.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { openedHazardOf, readHazardCard, type HazardCardState } from "../../src/hazards/hazard-card.js";
import { requestHazardUndo } from "../../src/hazards/hazard-chat.js";
import { decorateHazardCard } from "../../src/hazards/hazard-buttons.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { diceDouble } from "../foundry/dice.js";
import { createScene, placeToken, type Scene, type TokenDocument } from "../foundry/scenes.js";
import { clearTemplates, placeTemplate } from "../foundry/templates.js";
import { createActor } from "../documents/helpers.js";
import { HUMAN, dice, useCardWorld } from "../attack/helpers.js";

useCardWorld();

type Board = { tokens?: { controlled: unknown[] } };
const board = (): Board => (globalThis as unknown as { canvas: Board }).canvas;
const notes = (): string[] => foundryDouble().notifications.map((n) => n.message);

interface Msg { id: string; content: string; whisper: string[]; blind?: boolean; flags: Record<string, Record<string, unknown> | undefined>; rolls: unknown[]; rollMode?: string }
/** Every message created, the checks' roll.toMessage ones included (the double records them all here). */
const messages = (): Msg[] => diceDouble().messages as unknown as Msg[];
/** Hazard cards, open or sealed (a hidden one: chat/sealed-card.ts, kind "hazard"). */
const hazardCards = (): Msg[] => (game.messages.contents as unknown as Msg[]).filter((m) => m.flags["genesys-gdr"]?.["hazardCard"] !== undefined || (m.flags["genesys-gdr"]?.["sealed"] as { kind?: unknown } | undefined)?.kind === "hazard");
/** Whether a card is sealed: what every client receives holds neither its rows nor its numbers. */
const isSealed = (m: Msg): boolean => m.flags["genesys-gdr"]?.["hazardCard"] === undefined;
const lastCard = (): Msg => {
  const card = hazardCards().at(-1);
  if (!card) throw new Error("no hazard card");
  return card;
};
const stateOf = (card: Msg): HazardCardState => {
  const state = readHazardCard(card.flags["genesys-gdr"]?.["hazardCard"]) ?? openedHazardOf(card as unknown as Parameters<typeof openedHazardOf>[0]); // the double's message stands in for core's
  if (!state) throw new Error("not a hazard card");
  return state;
};

function actorOf(token: TokenDocument): GenesysActor {
  const actor = token.actor as unknown as GenesysActor | null; // the double's token actor is our configured class
  if (!actor) throw new Error("no token actor");
  return actor;
}
function select(...tokens: TokenDocument[]): void {
  board().tokens = { controlled: tokens.map((t) => ({ actor: t.actor, name: actorOf(t).name, document: t })) };
}
const hero = (name: string) => createActor({ name, type: "character", system: { characteristics: { ...HUMAN } } });
const counters = (a: GenesysActor) => ({ wounds: a.genesys?.wounds.value ?? -1, fatigue: a.genesys?.fatigue.value ?? -1 });
/** A message a player's client receives: public, or whispered to him. */
const reachesPlayer = (m: Msg): boolean => m.whisper.length === 0 || m.whisper.includes(users().player.id);

let scene: Scene;
beforeEach(() => {
  scene = createScene("Rupe");
});
afterEach(async () => {
  delete board().tokens;
  clearTemplates();
  diceDouble().queue.length = 0;
  await game.settings.set("genesys-gdr", "stunRule", false);
});

/** A message a player's client receives: public, or whispered to him. */
const hidesFromPlayers = (created: Msg[]): string[] => created.filter(reachesPlayer).map((m) => m.content.slice(0, 80));

/** Targets one token as the current user (game.user.targets holds Token placeables, v13 API User#targets). */
function targetToken(token: TokenDocument): void {
  (game.user as unknown as { targets: Set<unknown> }).targets = new Set([{ document: token, name: actorOf(token).name, actor: token.actor }]);
}
/** TokenDocument#hidden (v13 API: a token only GMs see); the double's token has no such field, so it is set as data. */
function hide(token: TokenDocument): void {
  (token as unknown as { hidden: boolean }).hidden = true;
}

describe("a hidden hazard stays hidden", () => {
  it("hidden fall: the victims' Destrezza check cards are not posted to the players (no content, no roll of the event)", async () => {
    const bill = await hero("Bill");
    select(placeToken(scene, bill, { actorLink: true }));
    const before = messages().length;
    // 2D6 fall dice, then Bill's 2D10 Destrezza check (fails at 30).
    dice(3, 3, 2, 2);
    expect(await narratorMacros.genericDamageForSelected({ kind: "fall", height: 3, cause: "accident", hidden: true })).toBe(true);
    expect(lastCard().whisper).toEqual([users().gm.id]);
    const created = messages().slice(before);
    expect(created.length).toBeGreaterThan(1); // the hazard card and the check card
    // The Narrator's chat controls say public (the double's core.rollMode default): the check still goes to the GMs.
    expect(hidesFromPlayers(created)).toEqual([]);
    // 6 trauma, no landing softened (the check failed): 3 Fatica, 3 Ferite (§2.3.6).
    expect(counters(bill)).toEqual({ wounds: 3, fatigue: 3 });
  });

  it("an open fall's check cards follow the Narrator's mode (public here): the players see them", async () => {
    const bill = await hero("Bill");
    select(placeToken(scene, bill, { actorLink: true }));
    const before = messages().length;
    dice(3, 3, 2, 2);
    expect(await narratorMacros.genericDamageForSelected({ kind: "fall", height: 3, cause: "accident" })).toBe(true);
    expect(messages().slice(before).filter(reachesPlayer).length).toBe(2);
  });

  it("rollCheck's messageMode overrides the chat controls, and an unknown mode is refused with a warning, nothing rolled", async () => {
    const bill = await hero("Bill");
    dice(5, 5);
    const card = (await bill.rollCheck({ characteristic: "strength", difficulty: 10, prompt: false, messageMode: "gm" })) as unknown as Msg | null;
    expect(card?.whisper).toEqual([users().gm.id]);
    const before = messages().length;
    const evaluated = diceDouble().evaluations.length;
    // A macro may pass anything.
    expect(await bill.rollCheck({ characteristic: "strength", prompt: false, messageMode: "secret" as never })).toBeNull();
    expect(notes().at(-1) ?? "").toContain("GENESYS.Check.Warn.BadMessageMode");
    expect(messages().length).toBe(before);
    expect(diceDouble().evaluations.length).toBe(evaluated);
  });
});

describe("an explosion's public card and hidden tokens", () => {
  it("a hidden token caught in a public blast is hurt, named only on a card whispered to the Narrators, which says so", async () => {
    const bill = await hero("Bill");
    placeToken(scene, bill, { actorLink: true, x: 0, y: 0 });
    const lurker = await hero("Assassino nascosto");
    hide(placeToken(scene, lurker, { actorLink: true, x: 100, y: 0 }));
    placeTemplate(scene, 50, 50);
    const before = hazardCards().length;
    dice(6, 6, 6, 6);
    expect(await narratorMacros.explosion({ formula: "4D6" })).toBe(true);
    // The blast does not care who sees him...
    expect(counters(lurker).wounds).toBeGreaterThan(0);
    expect(counters(bill).wounds).toBeGreaterThan(0);
    // ...but no card a player receives carries his name, in content or flags.
    const seen = hazardCards().filter(reachesPlayer);
    expect(seen.filter((m) => m.content.includes("Assassino nascosto")).length).toBe(0);
    expect(seen.filter((m) => JSON.stringify(m.flags).includes("Assassino nascosto")).length).toBe(0);
    const [open, secret] = hazardCards().slice(before);
    if (!open || !secret) throw new Error("two cards expected");
    expect(stateOf(open).rows.map((r) => r.name)).toEqual(["Bill"]);
    expect(open.rolls.length).toBe(1);
    expect(secret.whisper).toEqual([users().gm.id]);
    expect(stateOf(secret).rows.map((r) => r.name)).toEqual(["Assassino nascosto"]);
    expect(stateOf(secret).notes[0]).toBe("GENESYS.Hazard.Explosion.HiddenNote");
    // The same dice: the whispered card throws nothing again.
    expect(secret.rolls.length).toBe(0);
    expect(stateOf(secret).dice).toEqual(stateOf(open).dice);
    // Sealed: not even a player's console finds the hidden token's name in it (it is the Narrator's, kept inside).
    expect(isSealed(secret)).toBe(true);
    expect(JSON.stringify(secret)).not.toContain("Assassino");
    // Each card's Undo takes back its own rows.
    expect(await requestHazardUndo(secret.id, "all")).toBe(true);
    expect(counters(lurker)).toEqual({ wounds: 0, fatigue: 0 });
    expect(counters(bill).wounds).toBeGreaterThan(0);
  });

  it("a blast set off on a hidden targeted token names no target on the open card", async () => {
    const bill = await hero("Bill");
    placeToken(scene, bill, { actorLink: true, x: 100, y: 0 });
    const lurker = await hero("Assassino nascosto");
    const lurkerToken = placeToken(scene, lurker, { actorLink: true, x: 0, y: 0 });
    hide(lurkerToken);
    targetToken(lurkerToken);
    const before = hazardCards().length;
    dice(6, 6, 6, 6);
    expect(await narratorMacros.explosion({ formula: "4D6", at: "target" })).toBe(true);
    const [open, secret] = hazardCards().slice(before);
    expect(open?.whisper).toEqual([]);
    expect(stateOf(open as Msg).subtitle).toBe("GENESYS.Hazard.Explosion.AtHiddenPoint");
    expect(JSON.stringify(open)).not.toContain("Assassino nascosto");
    expect(stateOf(secret as Msg).rows.map((r) => r.name)).toEqual(["Assassino nascosto"]);
    (game.user as unknown as { targets: Set<unknown> }).targets = new Set();
  });

  it("a hidden explosion stays one card for the Narrators, hidden tokens and all", async () => {
    const bill = await hero("Bill");
    placeToken(scene, bill, { actorLink: true, x: 0, y: 0 });
    const lurker = await hero("Assassino nascosto");
    hide(placeToken(scene, lurker, { actorLink: true, x: 100, y: 0 }));
    placeTemplate(scene, 50, 50);
    const before = hazardCards().length;
    dice(6, 6, 6, 6);
    expect(await narratorMacros.explosion({ formula: "4D6", hidden: true })).toBe(true);
    const cards = hazardCards().slice(before);
    expect(cards.length).toBe(1);
    expect(cards[0]?.whisper).toEqual([users().gm.id]);
    expect(stateOf(cards[0] as Msg).rows.map((r) => r.name).sort()).toEqual(["Assassino nascosto", "Bill"]);
  });
});

describe("a careless Narrator's fall height", () => {
  it("a height of 1e300 m is a clear warning, not an uncaught error from the dice", async () => {
    const bill = await hero("Bill");
    select(placeToken(scene, bill, { actorLink: true }));
    const before = hazardCards().length;
    await expect(narratorMacros.genericDamageForSelected({ kind: "fall", height: 1e300, check: false })).resolves.toBe(false);
    expect(notes().at(-1) ?? "").toContain("GENESYS.Tools.Warn.BadInput");
    expect(hazardCards().length).toBe(before);
    expect(counters(bill)).toEqual({ wounds: 0, fatigue: 0 });
  });

  it("a typing slip of 1 000 000 m is refused before any die is rolled (falls stop at the hazards' 100 dice)", async () => {
    const bill = await hero("Bill");
    select(placeToken(scene, bill, { actorLink: true }));
    const evaluated = diceDouble().evaluations.length;
    expect(await narratorMacros.genericDamageForSelected({ kind: "fall", height: 1_000_000, check: false })).toBe(false);
    expect(notes().at(-1) ?? "").toContain("GENESYS.Tools.Warn.BadInput");
    expect(diceDouble().evaluations.length).toBe(evaluated);
  });

  it("150 m is the last height with dice: 100D6", async () => {
    const bill = await hero("Bill");
    select(placeToken(scene, bill, { actorLink: true }));
    dice(...Array<number>(100).fill(1));
    expect(await narratorMacros.genericDamageForSelected({ kind: "fall", height: 150, check: false })).toBe(true);
    expect(stateOf(lastCard()).rows[0]?.dice.length).toBe(100);
  });
});

describe("§3.2.2 the hazard card's stun check", () => {
  /** Clicks a hazard button as the chat log would: the listener decorateHazardCard attached, a button element. */
  async function click(card: Msg, action: string, recordId: string): Promise<void> {
    let listener: ((e: unknown) => void) | null = null;
    const html = { querySelectorAll: () => [], addEventListener: (_t: string, fn: (e: unknown) => void) => { listener = fn; } } as unknown as HTMLElement;
    decorateHazardCard(card as unknown as ChatMessage.Implementation, html);
    const button = { nodeType: 1, disabled: false, dataset: { hazardAction: action, recordId }, closest: () => button };
    const fire = listener as ((e: unknown) => void) | null;
    if (!fire) throw new Error("no listener");
    fire({ target: button, preventDefault: () => undefined });
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 5));
  }

  /** `amount` shock (20 unless said: stun difficulty 20, §3.2.2) on these tokens, stun rule on; the card and its rows. */
  async function shock(hidden: boolean, ...tokens: TokenDocument[]): Promise<{ card: Msg; rows: HazardCardState["rows"] }> {
    return shockOf("20", hidden, ...tokens);
  }
  async function shockOf(amount: string, hidden: boolean, ...tokens: TokenDocument[]): Promise<{ card: Msg; rows: HazardCardState["rows"] }> {
    await game.settings.set("genesys-gdr", "stunRule", true);
    select(...tokens);
    expect(await narratorMacros.genericDamageForSelected({ kind: "damage", formula: amount, type: "shock", armour: false, hidden })).toBe(true);
    const card = lastCard();
    return { card, rows: stateOf(card).rows };
  }

  it("a failed Forza check lays the victim prone and is recorded: a second click rolls no second check", async () => {
    const bill = await hero("Bill");
    const { card, rows } = await shock(false, placeToken(scene, bill, { actorLink: true }));
    const row = rows[0];
    expect(row?.stunDifficulty).toBe(20);
    const before = messages().length;
    // 2D10 = 1 + 1, + Forza 7, − 2 for Weak (the 20 Fatica) = 7, not above 20: knocked down (§3.2.2).
    dice(1, 1);
    await click(card, "stun", row?.recordId ?? "");
    const afterFirst = messages().length;
    expect(afterFirst).toBeGreaterThan(before);
    expect(bill.statuses.has("prone")).toBe(true);
    expect(stateOf(lastCard()).rows[0]?.stun).toMatchObject({ total: 7, difficulty: 20, knockedDown: true, proned: true, text: expect.stringContaining("GENESYS.Attack.Stun.Prone ") as unknown });
    // The button is gone from the card; a click from a stale copy is refused.
    expect(lastCard().content).not.toContain('data-hazard-action="stun"');
    expect(lastCard().content).toContain("GENESYS.Attack.Stun.Prone");
    dice(10, 10);
    await click(card, "stun", row?.recordId ?? "");
    expect(messages().length).toBe(afterFirst);
    expect(notes().at(-1) ?? "").toContain("GENESYS.Hazard.Warn.StunDone");
    diceDouble().queue.length = 0;
  });

  it("an unlinked token's victim who passes stands; Undo of the hit leaves him as he was", async () => {
    const thug = await createActor({ name: "Scagnozzo", type: "npc", system: { characteristics: { ...HUMAN } } });
    const token = placeToken(scene, thug);
    const victim = actorOf(token);
    const { rows } = await shock(false, token);
    // 2D10 = 10 + 10, + Forza 7, − 2 for Weak = 25 > 20: he keeps his feet.
    dice(10, 10);
    await click(lastCard(), "stun", rows[0]?.recordId ?? "");
    expect(stateOf(lastCard()).rows[0]?.stun).toMatchObject({ total: 25, knockedDown: false, proned: false, text: expect.stringContaining("GENESYS.Attack.Stun.Stands ") as unknown });
    expect(victim.statuses.has("prone")).toBe(false);
    expect(counters(victim).fatigue).toBe(20);
    // The world actor is untouched: the hit and the check were the token's.
    expect(counters(thug)).toEqual({ wounds: 0, fatigue: 0 });
    expect(await requestHazardUndo(lastCard().id, rows[0]?.recordId ?? "")).toBe(true);
    expect(counters(victim)).toEqual({ wounds: 0, fatigue: 0 });
  });

  it("Undo lifts the prone this check caused, and only that: a victim already down before the hit stays down", async () => {
    const bill = await hero("Bill");
    const jack = await hero("Jack");
    const jackToken = placeToken(scene, jack, { actorLink: true, x: 200 });
    await actorOf(jackToken).toggleStatusEffect("prone", { active: true });
    const { rows } = await shock(false, placeToken(scene, bill, { actorLink: true }), jackToken);
    const [billRow, jackRow] = rows;
    dice(1, 1);
    await click(lastCard(), "stun", billRow?.recordId ?? "");
    dice(1, 1);
    await click(lastCard(), "stun", jackRow?.recordId ?? "");
    const stuns = stateOf(lastCard()).rows.map((r) => r.stun);
    expect(stuns[0]).toMatchObject({ knockedDown: true, proned: true });
    expect(stuns[1]).toMatchObject({ knockedDown: true, proned: false, text: expect.stringContaining("GENESYS.Attack.Stun.AlreadyProne ") as unknown });
    expect(await requestHazardUndo(lastCard().id, "all")).toBe(true);
    expect(bill.statuses.has("prone")).toBe(false);
    expect(jack.statuses.has("prone")).toBe(true);
    expect(stateOf(lastCard()).rows[0]?.stun?.text).toContain("GENESYS.Attack.Stun.ProneUndone ");
    // An undone row has no check left to make.
    expect(lastCard().content).not.toContain('data-hazard-action="stun"');
  });

  it("two hazard hits each knock Bill down: Undo of the first leaves him down, Undo of the second lifts him", async () => {
    const bill = await hero("Bill");
    const token = placeToken(scene, bill, { actorLink: true });
    // 10 shock twice (20 Fatica in all): 2 + Forza 7 = 9, then 2 + 7 − 2 (Weak) = 7, neither above 10.
    const first = await shockOf("10", false, token);
    dice(1, 1);
    await click(first.card, "stun", first.rows[0]?.recordId ?? "");
    const second = await shockOf("10", false, token);
    dice(1, 1);
    await click(second.card, "stun", second.rows[0]?.recordId ?? "");
    expect(stateOf(lastCard()).rows[0]?.stun).toMatchObject({ knockedDown: true, proned: false });
    expect(await requestHazardUndo(first.card.id, "all")).toBe(true);
    expect(bill.statuses.has("prone")).toBe(true);
    expect(await requestHazardUndo(second.card.id, "all")).toBe(true);
    expect(bill.statuses.has("prone")).toBe(false);
  });

  it("the stun check of a hidden card goes to the Narrators only", async () => {
    const bill = await hero("Bill");
    const { card, rows } = await shock(true, placeToken(scene, bill, { actorLink: true }));
    expect(card.whisper).toEqual([users().gm.id]);
    const before = messages().length;
    dice(1, 1);
    await click(card, "stun", rows[0]?.recordId ?? "");
    const created = messages().slice(before);
    expect(created.length).toBe(1);
    expect(hidesFromPlayers(created)).toEqual([]);
    expect(bill.statuses.has("prone")).toBe(true);
  });
});
