/**
 * 3D dice for the attack card (src/dice/dice-so-nice.ts): each roll's message carries it as a Roll that Foundry rebuilds
 * after a reload, the client that rolled throws it to exactly those who see the card before sending it, a blind card's
 * dice never leave the Narrator's client, and without Dice So Nice (or with a broken one) every roll still goes through.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { onCardAction, type CardMessage } from "../../src/attack/attack-flow.js";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { SEAL_REVEAL_INTENT } from "../../src/chat/sealed-card.js";
import { LOCAL_ONLY, messageAudience, showDice, type ThrownRoll } from "../../src/dice/dice-so-nice.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { foundryDouble } from "../foundry/boot.js";
import { ChatMessage } from "../foundry/chat.js";
import { onClient } from "../foundry/clients.js";
import { installDiceSoNice, removeDiceSoNice, type DiceSoNiceDouble } from "../foundry/dice-so-nice.js";
import { Roll, diceDouble, type RollJSON } from "../foundry/dice.js";
import { User } from "../foundry/documents.js";
import { DODGE_WITH_DEXTERITY, answerFor, attackCard, dice, itemId, npc, playerId, shooter, targetActors, useCardWorld } from "./helpers.js";

useCardWorld();

const gm = (): User => foundryDouble().users.find((u) => u.isGM)!;
const player = (): User => foundryDouble().users.find((u) => u.id === playerId())!;
const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(player(), fn);
const asGm = <T>(fn: () => Promise<T>): Promise<T> => onClient(gm(), fn);
const OBSERVER = "ob00000000000001";

let dsn: DiceSoNiceDouble;

beforeEach(async () => {
  // A second player who owns nothing on the card: whispered dice must not reach them.
  if (!foundryDouble().users.get(OBSERVER)) foundryDouble().users.set(OBSERVER, new User(OBSERVER, "Osservatore"));
  dsn = installDiceSoNice();
  await game.settings.set("core", "rollMode", "publicroll");
});

afterEach(async () => {
  removeDiceSoNice();
  await game.settings.set("core", "rollMode", "publicroll");
});

type Message = ChatMessage & { id: string };
/** The double's message stands in for Foundry's where the card's functions take one. */
const asCard = (message: unknown): CardMessage => message as CardMessage;

/** The dice of each Roll the message carries, rebuilt the way Foundry rebuilds them from the database after a reload. */
function reloadedDice(message: unknown): number[][] {
  const stored = (message as Message).rolls.map((r) => JSON.parse(JSON.stringify(r.toJSON())) as RollJSON);
  return stored.map((json) => {
    const roll = Roll.fromData(json);
    expect(roll).toBeInstanceOf(Roll);
    expect(roll._evaluated).toBe(true);
    return roll.dice.flatMap((d) => d.values);
  });
}

/** The player's Jack (Pistola 12) shoots at 4 m from the player's client; `blind` rolls blind. */
async function playerShot(target: GenesysActor, blind = false) {
  const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
  const pistol = itemId(jack, "Pistola");
  const card = await asP(async () => {
    targetActors(target);
    dice(5, 5);
    return attackCard(jack, pistol, { answer: { ...answerFor(jack, pistol, { distances: [4] }), blind } });
  });
  return { jack, card: card as unknown as Message | null };
}

const everyone = (): string[] => [gm().id, player().id, OBSERVER].sort();

describe("an open card: every roll is a Roll on the message and thrown to everyone", () => {
  it("attack, defence and damage: thrown by the client that rolled, before the card changes; all rehydrate after a reload", async () => {
    const thug = await npc("Scagnozzo");
    const { card } = await playerShot(thug);
    expect(card).not.toBeNull();
    const message = card!;
    expect(dsn.shown).toHaveLength(1);
    expect(dsn.shown[0]).toMatchObject({ clientId: player().id, userId: player().id, dice: [[10, [5, 5]]], synchronize: true, users: null, blind: false, messageId: null });
    expect([...dsn.shown[0]!.seenBy].sort()).toEqual(everyone());
    expect(reloadedDice(message)).toEqual([[5, 5]]);
    // Dice So Nice throws the dice, and with them the sound: no core dice sound on top of it.
    expect(message.sound).toBeNull();

    // The Narrator defends the thug on their client: thrown to everyone, naming the card.
    dice(1, 1);
    expect(await asGm(() => onCardAction(asCard(message), "defend", "r0", { defence: DODGE_WITH_DEXTERITY }))).toBe(true);
    expect(dsn.shown[1]).toMatchObject({ clientId: gm().id, dice: [[10, [1, 1]]], synchronize: true, users: null, blind: false, messageId: message.id });

    // The player rolls the pistol's 4D6.
    dice(2, 3, 4, 5);
    expect(await asP(() => onCardAction(asCard(message), "rollDamage", "r0"))).toBe(true);
    expect(dsn.shown[2]).toMatchObject({ clientId: player().id, dice: [[6, [2, 3, 4, 5]]], synchronize: true, users: null, messageId: message.id });
    expect(reloadedDice(message)).toEqual([[5, 5], [1, 1], [2, 3, 4, 5]]);
    // The card's numbers are still the rules': 10 + 12 against 2 + 7.
    const row = (message.flags["genesys-gdr"]?.["attack"] as { rows: Record<string, { attack: { total: number }; defence: { roll: { total: number } } }> }).rows["r0"];
    expect(row?.attack.total).toBe(22);
    expect(row?.defence.roll.total).toBe(9);
  });

  it("the outcome waits for the throw: nothing is sent while the dice are still rolling", async () => {
    const thug = await npc("Scagnozzo");
    let land = (): void => undefined;
    dsn.hold = new Promise<void>((resolve) => (land = resolve));
    const before = game.messages.size;
    const pending = playerShot(thug);
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(dsn.shown).toHaveLength(1);
    expect(game.messages.size).toBe(before);
    land();
    const { card } = await pending;
    expect(card).not.toBeNull();
  });

  it("Dice So Nice's own message hooks stand aside for the card (no second throw), not for other roll messages", async () => {
    const thug = await npc("Scagnozzo");
    const { card } = await playerShot(thug);
    const decide = (id: string): boolean => {
      const interception = { willTrigger3DRoll: true };
      // What Dice So Nice 6 calls from its createChatMessage / updateChatMessage hooks (module/main.js).
      foundryDouble().hooks.callAll("diceSoNiceMessagePreProcess", id, interception);
      return interception.willTrigger3DRoll;
    };
    expect(decide(card!.id)).toBe(false);
    const plain = await ChatMessage.create({ content: "<p>1d10</p>", rolls: [await new Roll("1d10").evaluate()] });
    expect(decide(plain.id)).toBe(true);
    // A player's look-alike with a card's flags is no card of ours: DSN treats it as any message.
    const forged = await asP(() => ChatMessage.create({ content: "x", flags: card!.flags, rolls: [] }));
    expect(decide(forged.id)).toBe(true);
  });
});

describe("a whispered card (private roll): its dice go to its recipients only", () => {
  it("a whispered card's dice stay on the roller's screen: a synchronised throw would reach every client", async () => {
    await game.settings.set("core", "rollMode", "gmroll");
    const thug = await npc("Scagnozzo");
    const { card } = await playerShot(thug);
    const message = card!;
    expect(message.whisper.sort()).toEqual([gm().id, player().id].sort());
    expect(dsn.shown[0]).toMatchObject({ clientId: player().id, synchronize: false });
    expect(dsn.shown[0]!.receivedBy).toEqual([player().id]);
    dice(1, 1);
    await asGm(() => onCardAction(asCard(message), "defend", "r0", { defence: DODGE_WITH_DEXTERITY }));
    expect(dsn.shown[1]).toMatchObject({ clientId: gm().id, synchronize: false, messageId: message.id });
    expect(dsn.shown.flatMap((s) => s.receivedBy)).not.toContain(OBSERVER);
    expect(reloadedDice(message)).toEqual([[5, 5], [1, 1]]);
  });
});

describe("a blind card: no player's client ever throws or receives its dice", () => {
  it("the Narrator's client rolls and throws them on its own screen; the sealed message carries no Roll", async () => {
    const thug = await npc("Scagnozzo");
    const before = new Set(game.messages.contents.map((m) => m.id));
    await playerShot(thug, true);
    const sealed = game.messages.contents.find((m) => !before.has(m.id)) as unknown as Message;
    expect(sealed.flags["genesys-gdr"]?.["sealed"]).toBeDefined();
    expect(sealed.rolls).toEqual([]);
    expect(dsn.shown).toHaveLength(1);
    expect(dsn.shown[0]).toMatchObject({ clientId: gm().id, synchronize: false, blind: false });
    expect(dsn.shown[0]!.seenBy).toEqual([gm().id]);

    // The Narrator defends on the sealed card: again on their screen only, and still no Roll on the message.
    dice(1, 1);
    expect(await asGm(() => onCardAction(asCard(sealed), "defend", "r0", { defence: DODGE_WITH_DEXTERITY }))).toBe(true);
    expect(dsn.shown[1]).toMatchObject({ clientId: gm().id, synchronize: false, messageId: sealed.id });
    expect(sealed.rolls).toEqual([]);
    expect(dsn.shown.flatMap((s) => s.seenBy).filter((id) => id !== gm().id)).toEqual([]);

    // Revealed, the card gets its dice as Rolls (from what the sealed state recorded), not thrown a second time.
    expect(await asGm(() => sendIntent(SEAL_REVEAL_INTENT, { messageId: sealed.id }))).toEqual({ ok: true });
    expect(reloadedDice(sealed)).toEqual([[5, 5], [1, 1]]);
    expect(sealed.rolls.map((r) => r.formula)).toEqual(["2d10 + 12", "2d10 + 7"]);
    expect(dsn.shown).toHaveLength(2);
  });

  it("a blind or sealed message's audience is this Narrator's client only, and no audience at all on a player's", async () => {
    const blindMessage = { id: "m1", whisper: [gm().id], blind: true, speaker: { actor: null, alias: null, scene: null, token: null } };
    const audience = (sealed: boolean, message: object) => () => Promise.resolve(messageAudience(asCard(message), sealed));
    expect(await asGm(audience(false, blindMessage))).toMatchObject(LOCAL_ONLY);
    expect(await asP(audience(false, blindMessage))).toBeNull();
    expect(await asP(audience(true, { ...blindMessage, blind: false }))).toBeNull();
  });
});

describe("without Dice So Nice, or with a broken one, nothing breaks", () => {
  it("module absent: the card is posted with its Rolls; each throw sounds once, on everyone's client for a public card", async () => {
    removeDiceSoNice();
    const thug = await npc("Scagnozzo");
    const sounds = diceDouble().sounds.length;
    const { card } = await playerShot(thug);
    const message = card!;
    // The roller's client plays it (broadcast); the message adds none on top.
    expect(message.sound).toBeNull();
    expect(diceDouble().sounds.slice(sounds)).toEqual([{ userId: player().id, src: "sounds/dice.wav", broadcast: true }]);
    dice(1, 1);
    expect(await asGm(() => onCardAction(asCard(message), "defend", "r0", { defence: DODGE_WITH_DEXTERITY }))).toBe(true);
    dice(2, 3, 4, 5);
    expect(await asP(() => onCardAction(asCard(message), "rollDamage", "r0"))).toBe(true);
    expect(diceDouble().sounds.slice(sounds).map((x) => x.userId)).toEqual([player().id, gm().id, player().id]);
    expect(reloadedDice(message)).toEqual([[5, 5], [1, 1], [2, 3, 4, 5]]);
    expect(foundryDouble().notifications.filter((n) => n.level === "error")).toEqual([]);
  });

  it("module throwing: the roll still goes through, with a console warning and no notification", async () => {
    dsn.failure = new Error("WebGL context lost");
    const thug = await npc("Scagnozzo");
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      const { card } = await playerShot(thug);
      expect(card).not.toBeNull();
      expect(reloadedDice(card)).toEqual([[5, 5]]);
    } finally {
      console.warn = original;
    }
    expect(warnings).toHaveLength(1);
  });

  it("showDice resolves at once without the module and for a roll without dice", async () => {
    removeDiceSoNice();
    // The double's Roll stands in for Foundry's: showDice reads only its dice terms.
    const roll = async (formula: string): Promise<ThrownRoll> => (await new Roll(formula).evaluate()) as unknown as ThrownRoll;
    await expect(showDice(await roll("2d10"), LOCAL_ONLY)).resolves.toBeUndefined();
    dsn = installDiceSoNice();
    await showDice(await roll("5"), LOCAL_ONLY);
    expect(dsn.shown).toEqual([]);
    expect(diceDouble().prompts).toEqual([]);
  });
});
