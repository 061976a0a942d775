/**
 * §1.7.3 blind stays blind: a player's blind check is an intent; the active GM's client checks it, rolls it without the
 * manual-entry prompt and posts it to the Narrators only. Nothing the player's client receives holds a number.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { requestIntent, resetIntentMemory } from "../../src/authority/intent-channel.js";
import { isStoredAnswer } from "../../src/authority/answer-box.js";
import { CHECK_INTENTS } from "../../src/check/blind-check.js";
import { GenesysCheckRoll } from "../../src/check/genesys-roll.js";
import { gmQueue } from "../../src/authority/serial-queue.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { bootSystem, foundryDouble, users } from "../foundry/boot.js";
import { onClient, resetNetwork } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { dice, jack, lastMessage, pressRoll, readableByAnyone, rollOf, sealedRollOf, skill, skillData, skillId } from "./helpers.js";

/** What crossed the network to every client in the player's User document: the answers of the GM's client. */
const answers: unknown[] = [];
/** The intents the player's client wrote in its User document. */
const sent: unknown[] = [];

interface FlagChanges { flags?: { "genesys-gdr"?: { intents?: Record<string, unknown>; answers?: Record<string, unknown> } } }

beforeAll(async () => {
  await bootSystem();
  // Every client sees every User update (V13-API §10); recorded once, on the player's own client.
  Hooks.on("updateUser", (user, changes) => {
    if (user.id !== users().player.id || !user.isSelf) return;
    const scope = (changes as FlagChanges).flags?.["genesys-gdr"];
    for (const [key, value] of Object.entries(scope?.intents ?? {})) if (!key.startsWith("-=")) sent.push({ [key]: structuredClone(value) });
    for (const [key, value] of Object.entries(scope?.answers ?? {})) if (!key.startsWith("-=")) answers.push(structuredClone(value));
  });
});

beforeEach(() => {
  const d = diceDouble();
  d.queue.length = 0;
  d.dialogAnswers.length = 0;
  d.evaluations.length = 0;
  d.prompts.length = 0;
  d.manualEntry.clear();
  answers.length = 0;
  sent.length = 0;
  resetNetwork();
  resetIntentMemory();
});

afterEach(() => {
  for (const user of foundryDouble().users.contents) user.active = true;
});

/** Jack, owned by the player. */
async function playersJack(extra: { items?: object[]; system?: object } = {}): Promise<GenesysActor> {
  return jack({ ...extra, ownership: { default: 0, [users().player.id]: 3 } });
}

/** Runs `fn` on the player's client; returns its result and the notifications it got. */
async function onPlayer<T>(fn: () => Promise<T>): Promise<{ value: T; notes: { level: string; message: string }[] }> {
  const notes = foundryDouble().notifications;
  const from = notes.length;
  const value = await onClient(users().player, fn);
  return { value, notes: notes.slice(from) };
}

const snapshot = (actor: GenesysActor): unknown => ({ actor: actor.toObject(), items: actor.items.contents.map((i) => i.toObject()) });

describe("a player's blind check is rolled by the Narrator's client", () => {
  it("the card is the GM's, sealed, whispered to the Narrators and the player; the dice were rolled there", async () => {
    const { gm, player } = users();
    const actor = await playersJack();
    const before = diceDouble().messages.length;
    dice(9, 8); // Corsa 12 + 17 = 29 against 20
    const { value } = await onPlayer(() => actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 20, blind: true, prompt: false }));
    expect(value).toBeNull();
    expect(diceDouble().messages.length).toBe(before + 1);
    const message = lastMessage();
    expect(message?.authorId).toBe(gm.id);
    expect(message?.author?.isGM).toBe(true);
    // The placeholder is the player's to see; the roll inside it is not.
    expect(message?.whisper).toEqual([gm.id, player.id]);
    expect(message?.rolls).toEqual([]);
    expect(readableByAnyone(message)).not.toMatch(/29|17|\b9\b|\b8\b|success|outcome|total/i);
    expect(message?.content).toContain("GENESYS.Seal.Title");
    const roll = sealedRollOf(message);
    expect(roll.options).toMatchObject({ blind: true, difficulty: 20, label: "Corsa", actorUuid: actor.uuid });
    expect(roll.outcome).toMatchObject({ dice: 17, total: 29, success: true });
    expect(diceDouble().evaluations).toEqual([{ userId: gm.id, formula: "2d10 + 12 + 0", allowInteractive: false }]);
  });

  it("blind chosen in the chat controls (core roll mode) counts as much as the dialog's box", async () => {
    const { gm } = users();
    const actor = await playersJack();
    await game.settings.set("core", "rollMode", "blindroll");
    try {
      dice(9, 8);
      const { value } = await onPlayer(() => actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 20, prompt: false }));
      expect(value).toBeNull();
      expect(lastMessage()).toMatchObject({ authorId: gm.id, whisper: [gm.id, users().player.id], rolls: [] });
      expect(sealedRollOf(lastMessage()).total).toBe(29);
      expect(diceDouble().evaluations).toEqual([{ userId: gm.id, formula: "2d10 + 12 + 0", allowInteractive: false }]);
    } finally {
      await game.settings.set("core", "rollMode", "publicroll");
    }
  });

  it("the player's client gets a notification and an answer without a single number", async () => {
    const { player } = users();
    const actor = await playersJack();
    dice(9, 8);
    const { notes } = await onPlayer(() => actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 20, blind: true, prompt: false }));
    expect(notes.map((n) => n.level)).toEqual(["info"]);
    expect(notes[0]?.message).toContain("GENESYS.Check.BlindMade");
    expect(notes[0]?.message).toContain("Corsa");
    // The answer every client receives is a sealed box (authority/answer-box.ts), the notification carries no number.
    expect(answers).toHaveLength(1);
    expect(answers.every(isStoredAnswer)).toBe(true);
    const received = JSON.stringify(notes);
    expect(received).not.toMatch(/\d/);
    expect(received).not.toMatch(/success|failure|chance|outcome|total|dice/i);
    // It sent only what was asked, and the request is gone from its document once answered.
    expect(sent).toHaveLength(1);
    // The intents flag is keyed by a random key: only its values matter here.
    expect(Object.values(sent[0] as Record<string, unknown>)).toEqual([
      { kind: CHECK_INTENTS.blind, payload: { actorUuid: actor.uuid, characteristic: null, skillId: skillId(actor, "Corsa"), difficulty: 20, modifiers: 0 }, sentAt: expect.any(Number) as unknown, reply: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/) as unknown },
    ]);
    expect(player.getFlag("genesys-gdr", "intents")).toEqual({});
    expect(diceDouble().evaluations.filter((e) => e.userId === player.id)).toEqual([]);
  });

  it("from the dialog: the player's answer (blind, modifier) is what the Narrator's card is made of", async () => {
    const { player } = users();
    const actor = await playersJack();
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "blind", modifiers: "\u22122" }));
    const dialogs = diceDouble().dialogs.length;
    dice(4, 4);
    await onPlayer(() => actor.rollCheck({ characteristic: "perception" }));
    expect(diceDouble().dialogs.length).toBe(dialogs + 1);
    // The intents flag is keyed by a random key: only its values matter here.
    expect(Object.values(sent[0] as Record<string, unknown>)).toEqual([
      { kind: CHECK_INTENTS.blind, payload: { actorUuid: actor.uuid, characteristic: "perception", skillId: null, difficulty: null, modifiers: -2 }, sentAt: expect.any(Number) as unknown, reply: expect.stringMatching(/^[A-Za-z0-9+/]{43}=$/) as unknown },
    ]);
    const roll = sealedRollOf(lastMessage());
    expect(roll.options).toMatchObject({ blind: true, difficulty: null, modifiers: -2, grade: 7, label: "GENESYS.Characteristic.perception" });
    expect(roll.total).toBe(13);
    expect(readableByAnyone(lastMessage())).not.toMatch(/13|\b4\b/);
    expect(lastMessage()?.whisper).toContain(player.id);
  });

  it("no manual-entry prompt on any client, even where manual dice are set; an open check still prompts as before", async () => {
    const { gm, player } = users();
    diceDouble().manualEntry.add(gm.id).add(player.id);
    const actor = await playersJack();
    dice(5, 5);
    await onPlayer(() => actor.rollCheck({ characteristic: "strength", difficulty: 15, blind: true, prompt: false }));
    expect(diceDouble().prompts).toEqual([]);
    dice(5, 5);
    await onPlayer(() => actor.rollCheck({ characteristic: "strength", difficulty: 15, prompt: false }));
    expect(diceDouble().prompts).toEqual([{ userId: player.id, formula: "2d10 + 7 + 0" }]);
  });

  it("a certain success (A-15) is rolled as well, so the card's dice say nothing about the odds", async () => {
    const actor = await playersJack({ items: [skill("Corsa", 11)] });
    dice(1, 2);
    await onPlayer(() => actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 10, blind: true, prompt: false }));
    const roll = sealedRollOf(lastMessage());
    expect(roll.outcome).toMatchObject({ total: 14, success: true, automatic: true });
  });
});

describe("the increment point of a blind check", () => {
  it("is decided by the GM's client and recorded on the Narrator's card, held back from the sheet until the reveal", async () => {
    const actor = await playersJack();
    dice(8, 8); // EX-07: Arrampicata 10, difficulty 25, T = 15: a hard success
    const { notes } = await onPlayer(() => actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, blind: true, prompt: false }));
    const roll = sealedRollOf(lastMessage());
    expect(roll.outcome).toMatchObject({ total: 26, success: true, threshold: 15 });
    expect(roll.options.increment).toEqual({ reason: "hardSuccess", status: "blind", points: 0, grade: null });
    expect(await roll.render()).toContain("GENESYS.Check.Increment.Blind");
    expect(await roll.render({ isPrivate: true })).not.toContain("GENESYS.Check.Increment");
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
    expect(JSON.stringify(notes)).not.toMatch(/\d|increment/i);
    expect(answers.every(isStoredAnswer)).toBe(true);
  });

  it("not even a sixth point shows: the grade stays as it was", async () => {
    const actor = await playersJack({ items: [skill("Arrampicata", 10, 5)] });
    dice(8, 8);
    await onPlayer(() => actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, blind: true, prompt: false }));
    expect(sealedRollOf(lastMessage()).options.increment).toEqual({ reason: "hardSuccess", status: "blind", points: 5, grade: null });
    const climbing = skillData(actor, "Arrampicata");
    expect([climbing.increment, climbing.earned, climbing.grade]).toEqual([5, 0, 10]);
  });

  it("a check that earns nothing records nothing", async () => {
    const actor = await playersJack();
    dice(9, 9);
    await onPlayer(() => actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 20, blind: true, prompt: false }));
    expect(sealedRollOf(lastMessage()).options.increment).toBeNull();
  });
});

describe("a forged blind-check request is refused on the GM's client", () => {
  const corsa = (actor: GenesysActor) => ({ actorUuid: actor.uuid, characteristic: null, skillId: skillId(actor, "Corsa"), difficulty: 20, modifiers: 0 });
  const cases: [string, (a: GenesysActor) => unknown, string][] = [
    ["null", () => null, "GENESYS.Authority.Invalid"],
    ["a string", () => "roll it", "GENESYS.Authority.Invalid"],
    ["an array", (a) => [corsa(a)], "GENESYS.Authority.Invalid"],
    ["no actor uuid", (a) => ({ ...corsa(a), actorUuid: undefined }), "GENESYS.Authority.Invalid"],
    ["a uuid that is no actor's", (a) => ({ ...corsa(a), actorUuid: "User.pl00000000000001" }), "GENESYS.Authority.Invalid"],
    ["an actor that does not exist", (a) => ({ ...corsa(a), actorUuid: "Actor.nope000000000000" }), "GENESYS.Check.Warn.ActorMissing"],
    ["an unknown skill", (a) => ({ ...corsa(a), skillId: "nope" }), "GENESYS.Check.Warn.UnknownSkill"],
    ["a skill id that is no id", (a) => ({ ...corsa(a), skillId: "../Corsa" }), "GENESYS.Check.Warn.UnknownSkill"],
    ["an unknown characteristic", (a) => ({ ...corsa(a), skillId: null, characteristic: "luck" }), "GENESYS.Check.Warn.UnknownCharacteristic"],
    ["both a characteristic and a skill", (a) => ({ ...corsa(a), characteristic: "strength" }), "GENESYS.Check.Warn.NoTarget"],
    ["neither", (a) => ({ ...corsa(a), skillId: null }), "GENESYS.Check.Warn.NoTarget"],
    ["a difficulty that is not a number", (a) => ({ ...corsa(a), difficulty: "hard" }), "GENESYS.Check.Warn.BadDifficulty"],
    ["a fractional difficulty", (a) => ({ ...corsa(a), difficulty: 20.5 }), "GENESYS.Check.Warn.BadDifficulty"],
    ["a difficulty as an object", (a) => ({ ...corsa(a), difficulty: { value: 20 } }), "GENESYS.Check.Warn.BadDifficulty"],
    ["a missing difficulty", (a) => ({ ...corsa(a), difficulty: undefined }), "GENESYS.Check.Warn.BadDifficulty"],
    ["a modifier as text", (a) => ({ ...corsa(a), modifiers: "3" }), "GENESYS.Check.Warn.BadModifier"],
    ["a missing modifier", (a) => ({ ...corsa(a), modifiers: undefined }), "GENESYS.Check.Warn.BadModifier"],
  ];
  for (const [name, payload, key] of cases) {
    it(name, async () => {
      const actor = await playersJack();
      const before = { messages: diceDouble().messages.length, actor: snapshot(actor) };
      dice(9, 9);
      const { value, notes } = await onPlayer(() => requestIntent(CHECK_INTENTS.blind, payload(actor)));
      expect(value).toBe(false);
      expect(notes.map((n) => n.level)).toEqual(["warn"]);
      expect(notes[0]?.message).toContain(key);
      expect(diceDouble().messages.length).toBe(before.messages);
      expect(diceDouble().evaluations).toEqual([]);
      expect(diceDouble().queue).toEqual([9, 9]);
      expect(snapshot(actor)).toEqual(before.actor);
    });
  }

  it("an actor the requester does not own", async () => {
    const actor = await jack();
    const before = { messages: diceDouble().messages.length, actor: snapshot(actor) };
    const { value, notes } = await onPlayer(() => requestIntent(CHECK_INTENTS.blind, corsa(actor)));
    expect(value).toBe(false);
    expect(notes.map((n) => n.level)).toEqual(["warn"]);
    expect(notes[0]?.message).toContain("GENESYS.Check.Warn.BlindNotOwner");
    expect(diceDouble().messages.length).toBe(before.messages);
    expect(diceDouble().evaluations).toEqual([]);
    expect(snapshot(actor)).toEqual(before.actor);
  });

  it("through rollCheck too: a player asking a blind roll for someone else's actor gets the same refusal", async () => {
    const actor = await jack();
    const before = diceDouble().messages.length;
    const { value, notes } = await onPlayer(() => actor.rollCheck({ characteristic: "charm", blind: true, prompt: false }));
    expect(value).toBeNull();
    expect(notes.at(-1)?.message).toContain("GENESYS.Check.Warn.BlindNotOwner");
    expect(diceDouble().messages.length).toBe(before);
  });

  it("the actor is re-read there: a Collapsed actor cannot roll, whatever the player's client said", async () => {
    const actor = await playersJack({ system: { wounds: { value: 20 }, fatigue: { value: 6 } } });
    const { value, notes } = await onPlayer(() => requestIntent(CHECK_INTENTS.blind, corsa(actor)));
    expect(value).toBe(false);
    expect(notes.at(-1)?.message).toContain("GENESYS.Check.Warn.CannotRoll");
    expect(diceDouble().evaluations).toEqual([]);
  });
});

describe("no Narrator connected", () => {
  it("a clear warning, nothing asked, nothing rolled", async () => {
    const { gm, player } = users();
    const actor = await playersJack();
    gm.active = false;
    const before = diceDouble().messages.length;
    dice(9, 9);
    const { value, notes } = await onPlayer(() => actor.rollCheck({ skillId: skillId(actor, "Corsa"), blind: true, prompt: false }));
    expect(value).toBeNull();
    expect(notes.map((n) => n.level)).toEqual(["warn"]);
    expect(notes[0]?.message).toContain("GENESYS.Check.Warn.BlindNoNarrator");
    expect(diceDouble().messages.length).toBe(before);
    expect(diceDouble().evaluations).toEqual([]);
    expect(diceDouble().queue).toEqual([9, 9]);
    expect(sent).toEqual([]);
    expect(player.getFlag("genesys-gdr", "intents") ?? {}).toEqual({});
  });
});

describe("what does not change", () => {
  it("an open check by a player is still rolled on their own client and posted by them", async () => {
    const { player } = users();
    const actor = await playersJack();
    dice(8, 8);
    const { value } = await onPlayer(() => actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, prompt: false }));
    expect(rollOf(value).outcome).toMatchObject({ total: 26, success: true });
    expect(lastMessage()).toMatchObject({ authorId: player.id, blind: false });
    expect(diceDouble().evaluations).toEqual([{ userId: player.id, formula: "2d10 + 10 + 0", allowInteractive: true }]);
    expect(answers).toEqual([]);
    // The point is claimed on the Narrator's client once the card is posted (check/open-check-award.ts), not stored.
    await gmQueue.run(() => Promise.resolve());
    expect(rollOf(lastMessage()).options.increment?.status).toBe("claimed");
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
  });

  it("a Narrator's blind check goes the same way on their own client and gives the card back", async () => {
    const { gm } = users();
    diceDouble().manualEntry.add(gm.id);
    const actor = await jack();
    dice(6, 6);
    const message = await onClient(gm, () => actor.rollCheck({ skillId: skillId(actor, "Corsa"), blind: true, prompt: false }));
    expect(sealedRollOf(message).total).toBe(24);
    expect(message).toBe(lastMessage());
    expect(lastMessage()).toMatchObject({ authorId: gm.id, whisper: [gm.id], rolls: [] });
    expect(diceDouble().prompts).toEqual([]);
  });

  it("a blind check roll evaluated anywhere never prompts; an open one does where manual entry is set", async () => {
    const { gm } = users();
    diceDouble().manualEntry.add(gm.id);
    const options = { difficulty: 15, grade: 7, modifiers: 0, conditionPenalty: 0, condition: "normal", label: "x", actorUuid: null } as const;
    await onClient(gm, async () => {
      dice(1, 1, 1, 1);
      await GenesysCheckRoll.build({ ...options, blind: true }).evaluate();
      await GenesysCheckRoll.build({ ...options, blind: false }).evaluate();
    });
    expect(diceDouble().evaluations.map((e) => e.allowInteractive)).toEqual([false, true]);
    expect(diceDouble().prompts).toHaveLength(1);
  });
});
