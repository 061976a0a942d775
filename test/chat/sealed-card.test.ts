/**
 * §1.7.3 blind stays blind, on every client: a blind card's numbers live in its message only sealed with the Narrators'
 * key, which no player's client holds or can ask for; the Narrator plays the card sealed and reveals it when they choose.
 */
import { afterEach, describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { effectChangesData } from "../../src/compat/effect-changes.js";
import { fromBase64 } from "../../src/authority/bytes.js";
import { openBox } from "../../src/authority/seal.js";
import { SEAL_INTENTS, forgetKeysInMemory, heldKey, heldKeys, keyText, parseKeyText, ringText } from "../../src/authority/seal-key.js";
import { onCardAction } from "../../src/attack/attack-flow.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import { cardState } from "../../src/attack/card-render.js";
import { decorateAttackCard } from "../../src/attack/card-hooks.js";
import { SEAL_REVEAL_INTENT, decorateSealedCard, readSealedCard, sealContext, sealedCardOf } from "../../src/chat/sealed-card.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { pasteKeys } from "../../src/applications/seal-key-config.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { ChatMessage } from "../foundry/chat.js";
import { diceDouble } from "../foundry/dice.js";
import { User } from "../foundry/documents.js";
import { personOf } from "../documents/helpers.js";
import { readableByAnyone, skillData, skillId, jack as checkJack, sealedRollOf } from "../check/helpers.js";
import { DODGE_WITH_DEXTERITY, answerFor, dice, itemId, npc, playerId, rowOf, shooter, targetActors, useCardWorld } from "../attack/helpers.js";
import { expectConsole } from "../console-guard.js";

useCardWorld();

afterEach(() => {
  const double = foundryDouble();
  for (const user of double.users.contents.filter((u) => u.id.startsWith("gm0000000000000") && u.id !== users().gm.id)) double.users.delete(user.id);
});

const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(users().player, fn);
type Card = ChatMessage & Parameters<typeof cardState>[0];
const asCard = (m: unknown): Card => m as Card; // the double's message stands in for Foundry's

/** The player's Jack shoots the Narrator's thug blind (7 + 8 + 12 = 27): the card the Narrator's client posted. */
async function blindShot(attackDice: [number, number] = [7, 8], thugName = "Scagnozzo", jackName?: string): Promise<{ jack: GenesysActor; thug: GenesysActor; card: Card }> {
  const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
  if (jackName !== undefined) await jack.update({ name: jackName });
  const thug = await npc(thugName);
  const pistol = itemId(jack, "Pistola");
  dice(...attackDice);
  const ok = await asP(async () => {
    targetActors(thug);
    const { attack } = await import("../../src/attack/attack-flow.js");
    return attack(jack, pistol, { answer: { ...answerFor(jack, pistol, { distances: [4] }), blind: true } });
  });
  expect(ok).toBe(true);
  return { jack, thug, card: asCard(game.messages.contents.at(-1)) };
}

/** One Narrator's browser loses its storage: their ring is gone (its text returned, as if copied beforehand). */
function forgetKeysFor(userId: string): string {
  const ring = ringText(heldKeys());
  forgetKeysInMemory(userId);
  return ring;
}

/** A stand-in for the rendered message's element: only .message-content is read and written. */
function messageElement(stored: string) {
  const listeners: ((event: Event) => void)[] = [];
  // The members of .message-content the hook uses (innerHTML, a click listener, the roll buttons for their tooltips).
  const content = { innerHTML: stored, addEventListener: (_: string, fn: (event: Event) => void) => void listeners.push(fn), querySelectorAll: () => [] };
  const html = { querySelector: (selector: string) => (selector === ".message-content" ? content : null) } as unknown as HTMLElement;
  return { html, content, listeners };
}

describe("a blind attack is played sealed", () => {
  it("the Narrator defends while it is sealed; damage waits for the Reveal; then the player plays it as an open card", async () => {
    const { jack, thug, card } = await blindShot();
    const boxes = new Set([JSON.stringify(readSealedCard(card.getFlag("genesys-gdr", "sealed"))?.box)]);
    dice(1, 1);
    expect(await onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY })).toBe(true);
    expect(card.getFlag("genesys-gdr", "attack")).toBeUndefined();
    expect(readableByAnyone(card)).not.toMatch(/27|hit|miss|total/i);
    boxes.add(JSON.stringify(readSealedCard(card.getFlag("genesys-gdr", "sealed"))?.box));
    expect(boxes.size).toBe(2); // sealed afresh: a new nonce
    expect(rowOf(card, "r0").outcome).toBe("hit");
    // No damage roll, Apply, Undo or stun check while sealed: their very existence would tell.
    const before = JSON.stringify(card.flags);
    for (const action of ["rollDamage", "apply", "undo", "stun"] as const) {
      const notes = foundryDouble().notifications.length;
      expect(await onCardAction(card, action, "r0")).toBe(false);
      expect(foundryDouble().notifications.slice(notes).map((n) => n.message).join()).toContain("GENESYS.Seal.Warn.RevealFirst");
    }
    for (const kind of [CARD_INTENTS.damage, CARD_INTENTS.apply, CARD_INTENTS.undo]) {
      expect(await sendIntent(kind, { messageId: card.id, rowId: "r0", roll: null })).toMatchObject({ ok: false, warning: "GENESYS.Seal.Warn.RevealFirst" });
    }
    expect(JSON.stringify(card.flags)).toBe(before);
    expect(personOf(thug).wounds.value).toBe(0);
    // The Narrator's view offers only the Reveal then.
    const { html, content } = messageElement(card.content);
    await decorateAttackCard(card, html);
    expect(content.innerHTML).not.toMatch(/data-attack-action="(rollDamage|apply|undo|stun)"/);
    expect(content.innerHTML).toContain("GENESYS.Seal.NarratorsOnlyAttack");
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id })).toEqual({ ok: true });
    dice(2, 2, 2, 2);
    expect(await asP(() => onCardAction(card, "rollDamage", "r0"))).toBe(true);
    expect(await asP(() => onCardAction(card, "apply", "r0"))).toBe(true);
    expect(personOf(thug).wounds.value).toBe(8);
    expect(await asP(() => onCardAction(card, "undo", "r0"))).toBe(true);
    expect(personOf(thug).wounds.value).toBe(0);
    expect(jack.name).toBe("Jack Quade");
  });

  it("a hit and a miss seal to boxes of the same length, and so do a check's success and failure", async () => {
    const lengthOf = (m: unknown): number => {
      const box = readSealedCard((m as Card).getFlag("genesys-gdr", "sealed"))?.box;
      return fromBase64(box?.data ?? "")?.length ?? -1;
    };
    const hit = await blindShot();
    dice(1, 1);
    await onCardAction(hit.card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    const miss = await blindShot([1, 1]); // 14 against 20 + 7
    dice(10, 10);
    await onCardAction(miss.card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    expect([rowOf(hit.card, "r0").outcome, rowOf(miss.card, "r0").outcome]).toEqual(["hit", "miss"]);
    expect(lengthOf(hit.card)).toBe(lengthOf(miss.card));
    // What travels in clear beside the box (names, labels) says nothing of the outcome either.
    const stringsOf = (m: unknown): string[] => readSealedCard((m as Card).getFlag("genesys-gdr", "sealed"))?.box.strings ?? [];
    // (Two shots, two pairs of actors: their ids differ, nothing else may.)
    const shape = (m: unknown): string[] => stringsOf(m).map((x) => x.replace(/id\d{14}/g, "<id>"));
    expect(shape(hit.card)).toEqual(shape(miss.card));
    // The player's character renamed at will (zero-width characters pushing its name past any block) changes nothing:
    // his name travels beside the box, a mark of fixed width inside.
    const renamed = await blindShot([7, 8], "Scagnozzo", `Jack${"\u200b".repeat(5000)}`);
    expect(stringsOf(renamed.card).some((x) => x.length > 5000)).toBe(true);
    dice(1, 1);
    await onCardAction(renamed.card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    expect(lengthOf(renamed.card)).toBe(lengthOf(hit.card));
    const actor = await checkJack({ ownership: { default: 0, [playerId()]: 3 } });
    const sizes: number[] = [];
    const tables: string[][] = [];
    for (const d of [[8, 8], [1, 1]]) {
      dice(...d); // Arrampicata 10 against 25: a hard success (with its increment point), then a failure
      await asP(() => actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, blind: true, prompt: false }));
      sizes.push(lengthOf(diceDouble().messages.at(-1)));
      tables.push(stringsOf(diceDouble().messages.at(-1)));
    }
    expect(sizes[0]).toBe(sizes[1]);
    expect(tables[0]).toEqual(tables[1]);
  });

  it("on the player's client the card is its placeholder: no state, no buttons, and the box does not open", async () => {
    const { card } = await blindShot();
    const sealed = sealedCardOf(card);
    if (!sealed) throw new Error("no sealed card");
    expect(await asP(() => Promise.resolve(cardState(card)))).toBeNull();
    expect(await asP(() => Promise.resolve(openBox(sealed.box, sealContext(card, sealed))))).toEqual({ ok: false, reason: "noKey" });
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

  it("the player's console cannot tell whether the Narrator has defended: the refusal is the same before and after", async () => {
    const { card } = await blindShot();
    const ask = () => asP(() => sendIntent(CARD_INTENTS.defend, { messageId: card.id, rowId: "r0", answer: DODGE_WITH_DEXTERITY, roll: null }));
    const before = await ask();
    dice(1, 1);
    await onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    expect(await ask()).toEqual(before);
    expect(before).toEqual({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
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
    expect(await onClient(assistant, () => Promise.resolve(openBox(sealed.box, sealContext(card, sealed))))).toEqual({ ok: false, reason: "noKey" });
    const { html, content } = messageElement(card.content);
    expect(await onClient(assistant, () => decorateAttackCard(card, html))).toBe(true);
    expect(content.innerHTML).toContain("genesys-attack");
    expect(await onClient(assistant, () => Promise.resolve(heldKey()?.id))).toBe(heldKey()?.id);
  });

  it("opening never makes a key; keys are only ever added, so no browser loses a card to a new one", async () => {
    const { card: first } = await blindShot();
    const k1 = heldKey();
    if (!k1) throw new Error("no key");
    expect(parseKeyText(keyText(k1))).toMatchObject({ id: k1.id, bytes: k1.bytes });
    expect(parseKeyText("genesys-seal-1:abc:xyz")).toBeNull();
    // Another Narrator's browser got K1 when it opened the first card.
    const assistant = new User("gm00000000000002", "Assistente", true);
    foundryDouble().users.set(assistant.id, assistant);
    expect(await onClient(assistant, () => decorateAttackCard(first, messageElement(first.content).html))).toBe(true);
    // The active Narrator's browser loses its storage: rendering the old card says so, and makes no key.
    const ring = forgetKeysFor(users().gm.id);
    const shown = messageElement(first.content);
    expect(await decorateAttackCard(first, shown.html)).toBe(true);
    expect(shown.content.innerHTML).toContain("GENESYS.Seal.Unreadable.noKey");
    expect(heldKey()).toBeNull();
    // A new blind roll makes K2 there; the other Narrator fetches K2 when it meets a card sealed with it, keeping K1.
    const { card: second } = await blindShot();
    const k2 = heldKey();
    expect(k2?.id).not.toBe(k1.id);
    const other = messageElement(second.content);
    expect(await onClient(assistant, () => decorateAttackCard(second, other.html))).toBe(true);
    expect(other.content.innerHTML).toContain("genesys-attack");
    expect(await onClient(assistant, () => Promise.resolve(heldKeys().map((k) => k.id)))).toEqual([k1.id, k2?.id]);
    // The first card on the active Narrator's browser: another key; pasting K1 adds it, and both cards open.
    const again = messageElement(first.content);
    await decorateAttackCard(first, again.html);
    expect(again.content.innerHTML).toContain("GENESYS.Seal.Unreadable.otherKey");
    expect(pasteKeys(ring)).toBe("kept");
    expect(rowOf(first, "r0").attack.total).toBe(27);
    expect(rowOf(second, "r0").attack.total).toBe(27);
  });

  it("when someone who was a Narrator is no longer one, new cards get a new key", async () => {
    const assistant = new User("gm00000000000003", "Ex assistente", true);
    foundryDouble().users.set(assistant.id, assistant);
    forgetKeysInMemory();
    const { card: before } = await blindShot();
    const k1 = readSealedCard(before.getFlag("genesys-gdr", "sealed"))?.box.kid;
    foundryDouble().users.delete(assistant.id);
    const { card: after } = await blindShot();
    const k2 = readSealedCard(after.getFlag("genesys-gdr", "sealed"))?.box.kid;
    expect(k2).not.toBe(k1);
    // The earlier card still opens for the Narrators who remain.
    expect(rowOf(before, "r0").attack.total).toBe(27);
  });

  it("a key another Narrator fetched or pasted rotates too: a demoted assistant's copy seals nothing new", async () => {
    forgetKeysInMemory();
    const demoted = new User("gm00000000000004", "Ex assistente", true);
    const coNarrator = new User("gm00000000000005", "Co-narratore", true);
    for (const u of [demoted, coNarrator]) foundryDouble().users.set(u.id, u);
    const { card: first } = await blindShot();
    const k1 = heldKey();
    if (!k1) throw new Error("no key");
    expect(k1.gms).toContain(demoted.id);
    // The co-Narrator's browser fetches K1 (it travels with its Narrators); a pasted copy of its text carries them too.
    expect(await onClient(coNarrator, () => decorateAttackCard(first, messageElement(first.content).html))).toBe(true);
    expect(await onClient(coNarrator, () => Promise.resolve(heldKey(k1.id)?.gms))).toEqual(k1.gms);
    expect(parseKeyText(keyText(k1))?.gms).toEqual(k1.gms);
    // An older text without them only opens.
    expect(parseKeyText(`genesys-seal-1:${k1.id}:${keyText(k1).split(":")[2] ?? ""}`)?.gms).toEqual([]);
    // The assistant is demoted: the co-Narrator's own blind roll is sealed with a new key, never with K1.
    foundryDouble().users.delete(demoted.id);
    const { sealingKey } = await import("../../src/authority/seal-key.js");
    const used = await onClient(coNarrator, () => sealingKey());
    expect(used?.id).toBeDefined();
    expect(used?.id).not.toBe(k1.id);
    expect(used?.gms).not.toContain(demoted.id);
    foundryDouble().users.delete(coNarrator.id);
  });

  it("a browser that refuses storage holds no key: the blind roll is refused, not sealed with a key lost at reload", async () => {
    forgetKeysInMemory();
    const holder = globalThis as { localStorage?: unknown };
    Object.defineProperty(holder, "localStorage", { configurable: true, get: () => { throw new Error("SecurityError: storage is disabled"); } });
    try {
      const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
      const thug = await npc("Scagnozzo");
      const pistol = itemId(jack, "Pistola");
      const before = game.messages.size;
      const notes = foundryDouble().notifications.length;
      dice(7, 8);
      const ok = await asP(async () => {
        targetActors(thug);
        const { attack } = await import("../../src/attack/attack-flow.js");
        return attack(jack, pistol, { answer: { ...answerFor(jack, pistol, { distances: [4] }), blind: true } });
      });
      expect(ok).toBe(false);
      expect(game.messages.size).toBe(before);
      expect(foundryDouble().notifications.slice(notes).map((n) => n.message).join()).toContain("GENESYS.Seal.Warn.NoKey");
    } finally {
      Reflect.deleteProperty(holder, "localStorage");
    }
  });
});

describe("the key in the settings (Narrators only)", () => {
  it("a Narrator pastes the key from another browser and reads the cards it sealed; a player can paste nothing", async () => {
    const { card } = await blindShot();
    const key = heldKey();
    if (!key) throw new Error("no key");
    const text = keyText(key);
    forgetKeysInMemory();
    expect(pasteKeys("not a key")).toBe("invalid");
    expect(await asP(() => Promise.resolve(pasteKeys(text)))).toBe("notNarrator");
    expect(await asP(() => Promise.resolve(heldKey()))).toBeNull();
    expect(pasteKeys(text)).toBe("kept");
    expect(pasteKeys(text)).toBe("same");
    expect(rowOf(card, "r0").attack.total).toBe(27);
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

  it("a Reveal that fails half-way hands out nothing; the next one awards the point once", async () => {
    const actor = await checkJack({ ownership: { default: 0, [playerId()]: 3 } });
    dice(8, 8);
    await asP(() => actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, blind: true, prompt: false }));
    const message = asCard(diceDouble().messages.at(-1));
    // The double's message, whose update the server refuses once.
    const doubled: ChatMessage = message;
    const update = doubled.update.bind(doubled);
    let failures = 1;
    doubled.update = async (changes: Record<string, unknown>) => {
      if (failures-- > 0) throw new Error("the server refused");
      return update(changes);
    };
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: message.id })).toMatchObject({ ok: false, warning: "GENESYS.Authority.Failed" });
    expect(sealedCardOf(message)).not.toBeNull();
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: message.id })).toEqual({ ok: true });
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: message.id })).toEqual({ ok: true });
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
    expectConsole("error", /intent seal\.reveal failed/);
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

/** The table a player's console reads beside a sealed card's box. */
const clearStrings = (m: unknown): string[] =>
  readSealedCard((m as { getFlag(a: string, b: string): unknown }).getFlag("genesys-gdr", "sealed"))?.box.strings ?? [];

describe("what travels beside a sealed attack (hostile review, issue 19)", () => {
  it("the Narrator's defence adds nothing a player reads: not which defence, not the NPC's effect", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo");
    await thug.createEmbeddedDocuments("ActiveEffect", [{ name: "Segreto del Narratore", ...effectChangesData([{ key: "genesys.check", kind: "add", value: "3" }]) }]);
    const pistol = itemId(jack, "Pistola");
    dice(7, 8);
    await asP(async () => {
      targetActors(thug);
      const { attack } = await import("../../src/attack/attack-flow.js");
      return attack(jack, pistol, { answer: { ...answerFor(jack, pistol, { distances: [4] }), blind: true } });
    });
    const card = game.messages.contents.at(-1);
    const before = clearStrings(card);
    dice(1, 1);
    await onCardAction(card as never, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    const after = await asP(() => Promise.resolve(clearStrings(card))); // what the player's console reads
    expect(after).not.toContain("Segreto del Narratore");
    expect(after).not.toContain("GENESYS.Characteristic.dexterity");
    expect(after).toEqual(before);
  });
});
