/**
 * §1.7.3 blind stays blind, on every client: a blind card's numbers live in its message only sealed with the Narrators'
 * key, which no player's client holds or can ask for; the Narrator plays the card sealed and reveals it when they choose.
 */
import { afterEach, describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { openBox } from "../../src/authority/seal.js";
import { SEAL_INTENTS, forgetKeysInMemory, heldKey, keyText, parseKeyText } from "../../src/authority/seal-key.js";
import { onCardAction } from "../../src/chat/attack-flow.js";
import { CARD_INTENTS } from "../../src/chat/card-intents.js";
import { cardState } from "../../src/chat/card-render.js";
import { decorateAttackCard } from "../../src/chat/chat-hooks.js";
import { SEAL_REVEAL_INTENT, decorateSealedCard, readSealedCard, sealedCardOf } from "../../src/chat/sealed-card.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { SealKeyConfig, pasteKey } from "../../src/applications/seal-key-config.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { ChatMessage } from "../foundry/chat.js";
import { diceDouble } from "../foundry/dice.js";
import { User } from "../foundry/documents.js";
import { personOf } from "../documents/helpers.js";
import { readableByAnyone, skillData, skillId, jack as checkJack, sealedRollOf } from "../dice/helpers.js";
import { DODGE_WITH_DEXTERITY, answerFor, dice, itemId, npc, playerId, rowOf, shooter, targetActors, useCardWorld } from "./helpers.js";

useCardWorld({ arrivalWaitMs: 200 });

afterEach(() => {
  const double = foundryDouble();
  for (const user of double.users.contents.filter((u) => u.id.startsWith("gm0000000000000") && u.id !== users().gm.id)) double.users.delete(user.id);
});

const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(users().player, fn);
type Card = ChatMessage & Parameters<typeof cardState>[0];
const asCard = (m: unknown): Card => m as Card; // the double's message stands in for Foundry's

/** The player's Jack shoots the Narrator's thug blind (7 + 8 + 12 = 27): the card the Narrator's client posted. */
async function blindShot(): Promise<{ jack: GenesysActor; thug: GenesysActor; card: Card }> {
  const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
  const thug = await npc("Scagnozzo");
  const pistol = itemId(jack, "Pistola");
  dice(7, 8);
  const ok = await asP(async () => {
    targetActors(thug);
    const { attack } = await import("../../src/chat/attack-flow.js");
    return attack(jack, pistol, { answer: { ...answerFor(jack, pistol, { distances: [4] }), blind: true } });
  });
  expect(ok).toBe(true);
  return { jack, thug, card: asCard(game.messages.contents.at(-1)) };
}

/** A stand-in for the rendered message's element: only .message-content is read and written. */
function messageElement(stored: string) {
  const listeners: ((event: Event) => void)[] = [];
  const content = { innerHTML: stored, addEventListener: (_: string, fn: (event: Event) => void) => void listeners.push(fn) };
  const html = { querySelector: (selector: string) => (selector === ".message-content" ? content : null) } as unknown as HTMLElement;
  return { html, content, listeners };
}

describe("a blind attack is played sealed", () => {
  it("the Narrator defends, rolls damage, applies and undoes: the card stays sealed and says nothing to anyone else", async () => {
    const { thug, card } = await blindShot();
    const boxes = new Set([JSON.stringify(readSealedCard(card.getFlag("genesys-gdr", "sealed"))?.box)]);
    const check = (): void => {
      expect(card.getFlag("genesys-gdr", "attack")).toBeUndefined();
      expect(readableByAnyone(card)).not.toMatch(/27|hit|miss|total|wounds|\b8\b/i);
      boxes.add(JSON.stringify(readSealedCard(card.getFlag("genesys-gdr", "sealed"))?.box));
    };
    dice(1, 1);
    expect(await onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY })).toBe(true);
    check();
    expect(rowOf(card, "r0").outcome).toBe("hit");
    dice(2, 2, 2, 2);
    expect(await onCardAction(card, "rollDamage", "r0")).toBe(true);
    check();
    expect(rowOf(card, "r0").damage?.total).toBe(8);
    expect(await onCardAction(card, "apply", "r0")).toBe(true);
    check();
    expect(personOf(thug).wounds.value).toBe(8);
    expect(await onCardAction(card, "undo", "r0")).toBe(true);
    check();
    expect(personOf(thug).wounds.value).toBe(0);
    expect(rowOf(card, "r0").undone).toBe(true);
    // Each change sealed afresh (a new nonce each time): nothing to compare between versions either.
    expect(boxes.size).toBe(5);
    // The placeholder never changed.
    expect(card.updates.every((u) => !("content" in u))).toBe(true);
  });

  it("on the player's client the card is its placeholder: no state, no buttons, and the box does not open", async () => {
    const { card } = await blindShot();
    const sealed = sealedCardOf(card);
    if (!sealed) throw new Error("no sealed card");
    expect(await asP(() => Promise.resolve(cardState(card)))).toBeNull();
    expect(await asP(() => Promise.resolve(openBox(sealed.box)))).toEqual({ ok: false, reason: "noKey" });
    const { html, content, listeners } = messageElement(card.content);
    expect(await asP(() => decorateAttackCard(card, html))).toBe(true);
    expect(content.innerHTML).toBe(card.content);
    expect(listeners).toEqual([]);
    expect(await asP(() => onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }))).toBe(false);
  });

  it("on the Narrator's client the real card shows in place of the placeholder, with the Reveal", async () => {
    const { card } = await blindShot();
    const { html, content, listeners } = messageElement(card.content);
    expect(await decorateAttackCard(card, html)).toBe(true);
    expect(content.innerHTML).toContain("genesys-attack");
    expect(content.innerHTML).toContain('data-attack-action="defend"');
    expect(content.innerHTML).toContain('data-sealed-action="reveal"');
    expect(content.innerHTML).toContain(`GENESYS.Seal.Reveal {&quot;name&quot;:&quot;${users().player.name}&quot;}`);
    expect(listeners.length).toBeGreaterThan(0);
  });

  it("a player's look-alike (a sealed flag in their own message) is no sealed card", async () => {
    const { card } = await blindShot();
    const forged = await asP(() => ChatMessage.create({ content: "<p>mine</p>", flags: structuredClone(card.flags) }));
    expect(sealedCardOf(asCard(forged))).toBeNull();
    expect(cardState(asCard(forged))).toBeNull();
    const { html, content } = messageElement(forged.content);
    expect(await decorateSealedCard(asCard(forged), html)).toBe(false);
    expect(content.innerHTML).toBe("<p>mine</p>");
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { messageId: forged.id, rowId: "r0", answer: DODGE_WITH_DEXTERITY, roll: null }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotNarratorCard" });
  });
});

describe("the key never reaches a player", () => {
  it("asking the Narrator's client for it from the console is refused, and the answer holds no key", async () => {
    await blindShot();
    const answer = await asP(() => sendIntent(SEAL_INTENTS.key, {}));
    expect(answer).toEqual({ ok: false, warning: "GENESYS.Seal.Warn.NarratorsOnly" });
    expect(JSON.stringify(answer)).not.toContain("genesys-seal");
    expect(await asP(() => Promise.resolve(heldKey()))).toBeNull();
  });

  it("another Narrator's client asks for the key and then opens the card", async () => {
    const { card } = await blindShot();
    const assistant = new User("gm00000000000002", "Assistente", true);
    foundryDouble().users.set(assistant.id, assistant);
    const sealed = sealedCardOf(card);
    if (!sealed) throw new Error("no sealed card");
    expect(await onClient(assistant, () => Promise.resolve(openBox(sealed.box)))).toEqual({ ok: false, reason: "noKey" });
    const { html, content } = messageElement(card.content);
    expect(await onClient(assistant, () => decorateAttackCard(card, html))).toBe(true);
    expect(content.innerHTML).toContain("genesys-attack");
    expect(await onClient(assistant, () => Promise.resolve(heldKey()?.id))).toBe(heldKey()?.id);
  });

  it("a key from another browser is told apart from damage; the key's text round-trips", async () => {
    const { card } = await blindShot();
    const key = heldKey();
    if (!key) throw new Error("no key");
    expect(parseKeyText(keyText(key))).toEqual(key);
    expect(parseKeyText("genesys-seal-1:abc:xyz")).toBeNull();
    forgetKeysInMemory();
    const { html, content } = messageElement(card.content);
    // The active Narrator's client, without its key, makes a new one: the old card is then sealed with another key.
    expect(await decorateAttackCard(card, html)).toBe(true);
    expect(content.innerHTML).toContain("GENESYS.Seal.Unreadable.otherKey");
    expect(content.innerHTML).not.toContain("data-sealed-action");
  });
});

describe("the key in the settings (Narrators only)", () => {
  it("a Narrator pastes the key from another browser and reads the cards it sealed; a player can paste nothing", async () => {
    const { card } = await blindShot();
    const key = heldKey();
    if (!key) throw new Error("no key");
    const text = keyText(key);
    forgetKeysInMemory();
    expect(pasteKey("not a key")).toBe("invalid");
    expect(await asP(() => Promise.resolve(pasteKey(text)))).toBe("notNarrator");
    expect(await asP(() => Promise.resolve(heldKey()))).toBeNull();
    expect(pasteKey(text)).toBe("kept");
    expect(pasteKey(text)).toBe("same");
    expect(rowOf(card, "r0").attack.total).toBe(27);
    const menu = foundryDouble().settings.menus.get("genesys-gdr.sealKey");
    expect(menu).toMatchObject({ restricted: true, type: SealKeyConfig });
  });
});

describe("the Narrator's Reveal", () => {
  it("refused to a player; for the Narrator, the card becomes an open one for the Narrators and the player who rolled", async () => {
    const { card } = await blindShot();
    const before = JSON.stringify(card.flags);
    expect(await asP(() => sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id }))).toEqual({ ok: false, warning: "GENESYS.Seal.Warn.NarratorsOnly" });
    expect(JSON.stringify(card.flags)).toBe(before);
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id })).toEqual({ ok: true });
    expect(card.getFlag("genesys-gdr", "sealed")).toBeUndefined();
    expect(card.whisper).toEqual([users().gm.id, playerId()]);
    const state = await asP(() => Promise.resolve(cardState(card)));
    expect(state?.blind).toBe(false);
    expect(state?.rows["r0"]?.attack).toMatchObject({ dice: [7, 8], total: 27 });
    expect(card.content).toContain("27");
    // Twice is once.
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id })).toEqual({ ok: true });
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: "nope" })).toMatchObject({ ok: false });
  });

  it("a blind check revealed is an ordinary roll message, and its held-back increment point goes on the skill", async () => {
    const actor = await checkJack({ ownership: { default: 0, [playerId()]: 3 } });
    dice(8, 8); // EX-07: Arrampicata 10 against 25, a hard success
    await asP(() => actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, blind: true, prompt: false }));
    const message = asCard(diceDouble().messages.at(-1));
    expect(sealedRollOf(message).options.increment).toMatchObject({ status: "blind" });
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
    const { html, content } = messageElement(message.content);
    expect(await decorateSealedCard(message, html)).toBe(true);
    expect(content.innerHTML).toContain("genesys-check");
    expect(content.innerHTML).toContain("26");
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: message.id })).toEqual({ ok: true });
    expect(message.getFlag("genesys-gdr", "sealed")).toBeUndefined();
    expect(message.rolls).toHaveLength(1);
    expect(message.rolls[0]?.total).toBe(26);
    expect(message.whisper).toEqual([users().gm.id, playerId()]);
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
    expect((message.rolls[0]?.options as { increment?: unknown }).increment).toMatchObject({ status: "stored", points: 1 });
  });

  it("a Narrator's own blind roll is revealed to everyone", async () => {
    const actor = await checkJack();
    dice(5, 5);
    await actor.rollCheck({ characteristic: "perception", difficulty: 15, blind: true, prompt: false });
    const message = asCard(diceDouble().messages.at(-1));
    expect(message.whisper).toEqual([users().gm.id]);
    const { html, content } = messageElement(message.content);
    await decorateSealedCard(message, html);
    expect(content.innerHTML).toContain("GENESYS.Seal.RevealAll");
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: message.id })).toEqual({ ok: true });
    expect(message.whisper).toEqual([]);
    expect(message.rolls[0]?.total).toBe(17);
  });
});
