/**
 * Time passing end to end on the Foundry double: the world clock moved (forward by hours and days, and back), the
 * Narrator's dialog and API, the card whispered to the Narrators, the actors changed (unlinked tokens too), and Undo.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { onWorldTime, timeQueue } from "../../src/time/time-advance.js";
import { readTimeCard } from "../../src/time/time-card.js";
import { requestTimeUndo } from "../../src/time/time-requests.js";
import { openTimeDialog, readTimeForm, type TimeDialogAnswer } from "../../src/time/time-dialog.js";
import { decorateTimeCard } from "../../src/time/time-chat.js";
import { asPlayer, foundryDouble, users } from "../foundry/boot.js";
import { TokenDouble } from "../foundry/chat.js";
import { onClient } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { createScene, placeToken, type Scene } from "../foundry/scenes.js";
import { animalOf, createActor, personOf } from "../documents/helpers.js";
import { HUMAN, playerId, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const H = 3600;
const ROOT = path.resolve(import.meta.dirname, "../..");
const WOLF = JSON.parse(fs.readFileSync(path.join(ROOT, "packs/animals/lupo_gnsAnimalWolf001.json"), "utf8")) as { name: string; type: string; system: object };

const notes = (): string[] => foundryDouble().notifications.map((n) => n.message);
interface Card { id: string; whisper: string[]; content: string; flags: Record<string, Record<string, unknown>>; author?: unknown }
const cards = (): Card[] => (game.messages.contents as unknown as Card[]).filter((m) => m.flags["genesys-gdr"]?.["timeCard"] !== undefined);
const lastCard = (): Card => {
  const card = cards().at(-1);
  if (!card) throw new Error("no time card");
  return card;
};
const stateOf = (card: Card) => readTimeCard(card.flags["genesys-gdr"]?.["timeCard"]);

/** Waits for the writer's queue: an advance from elsewhere settles there. */
const settled = (): Promise<void> => timeQueue.run(() => Promise.resolve());

async function advance(seconds: number): Promise<void> {
  await game.time.advance(seconds);
  await settled();
}

let scene: Scene;

beforeEach(async () => {
  for (const s of game.scenes.contents as unknown as Scene[]) s.active = false;
  scene = createScene("Bosco");
  scene.active = true;
  await game.settings.set("genesys-gdr", "timeActors", "scene");
});

afterEach(() => {
  const c = (globalThis as unknown as { canvas: { tokens?: unknown } }).canvas;
  delete c.tokens;
  diceDouble().dialogAnswers.length = 0;
});

async function hero(name = "Alven", extra: object = {}): Promise<GenesysActor> {
  return createActor({ name, type: "character", system: { characteristics: HUMAN, ...extra }, ownership: { default: 0, [playerId()]: 3 } });
}

/** A wolf from the compendium dropped unlinked on the scene: its token's own actor. */
async function wolfToken(doses = 0): Promise<{ base: GenesysActor; actor: GenesysActor }> {
  const base = await createActor({ ...WOLF });
  const token = placeToken(scene, base, { delta: { system: { poison: { doses } } } });
  return { base, actor: token.actor as unknown as GenesysActor }; // the double's synthetic actor is of the configured GenesysActor class
}

function select(...actors: (GenesysActor | null)[]): void {
  const c = (globalThis as unknown as { canvas: { tokens?: { controlled: TokenDouble[] } } }).canvas;
  c.tokens = { controlled: actors.map((a) => new TokenDouble(a, a?.name ?? "Ombra")) };
}

describe("the world clock moving forward", () => {
  it("by hours: the scene's actors tire, an unlinked wolf's doses fall, one card to the Narrators", async () => {
    const alven = await hero();
    placeToken(scene, alven, { actorLink: true });
    const { base, actor: wolf } = await wolfToken(5);
    const before = cards().length;
    await advance(16 * H);
    expect(personOf(alven).fatigue.value).toBe(4 + 2);
    expect(personOf(alven).deprivation.hoursAwake).toBe(16);
    expect(personOf(alven).deprivation.points).toEqual({ sleep: 4, hunger: 0, thirst: 2 });
    expect(personOf(alven).fatigue.deprivation).toBe(6);
    expect(animalOf(wolf).poison.doses).toBe(0);
    expect(animalOf(base).poison.doses).toBe(0);
    expect(cards().length).toBe(before + 1);
    const card = lastCard();
    expect(card.whisper).toEqual([users().gm.id]);
    expect(card.content).toContain("Alven");
    expect(card.content).toContain("GENESYS.Time.Event.poison {&quot;before&quot;:&quot;5&quot;,&quot;after&quot;:&quot;0&quot;}");
    expect(stateOf(card)?.rows.map((r) => r.name)).toEqual(["Alven", WOLF.name]);
  });

  it("by days: a hunger point a day, and the clock of days kept", async () => {
    const alven = await hero();
    placeToken(scene, alven, { actorLink: true });
    await advance(2 * 24 * H);
    expect(personOf(alven).deprivation.daysWithoutFood).toBe(2);
    expect(personOf(alven).deprivation.points.hunger).toBe(2);
    expect(personOf(alven).deprivation.points.thirst).toBe(8);
  });

  it("in combat-sized steps: nothing reported until a rule acts, the clocks still run", async () => {
    const alven = await hero();
    placeToken(scene, alven, { actorLink: true });
    const before = cards().length;
    for (let i = 0; i < 10; i++) await advance(6);
    expect(cards().length).toBe(before);
    expect(personOf(alven).deprivation.hoursAwake).toBeCloseTo(60 / H);
  });

  it("a mild poisoning's fever starts after its onset and shows on the token", async () => {
    const alven = await hero("Alven", { poison: { doses: 11 } });
    placeToken(scene, alven, { actorLink: true });
    diceDouble().queue.push(2, 1);
    await advance(3 * H);
    expect(personOf(alven).poison.doses).toBe(8);
    expect(personOf(alven).poison.fever).toEqual({ startsInHours: null, hoursLeft: 23 });
    expect(personOf(alven).poison.feverish).toBe(true);
    await alven.syncConditionStatuses();
    expect(alven.statuses.has("feverish")).toBe(true);
  });

  it("the setting's default: the active scene's actors and the player-owned Protagonisti elsewhere", async () => {
    await game.settings.set("genesys-gdr", "timeActors", "sceneAndCharacters");
    const away = await hero("Bera");
    const npcOffScene = await createActor({ name: "Passante", type: "npc", system: { characteristics: HUMAN } });
    await advance(16 * H);
    expect(personOf(away).fatigue.value).toBeGreaterThan(0);
    expect(personOf(npcOffScene).fatigue.value).toBe(0);
  });
});

describe("the world clock moved back", () => {
  it("changes nothing and tells the Narrator", async () => {
    const alven = await hero("Alven", { fatigue: { value: 3, deprivation: 0 } });
    placeToken(scene, alven, { actorLink: true });
    const before = cards().length;
    await advance(-5 * H);
    expect(personOf(alven).fatigue.value).toBe(3);
    expect(personOf(alven).deprivation.hoursAwake).toBe(0);
    expect(cards().length).toBe(before);
    expect(notes()).toContain("GENESYS.Time.Warn.Backwards");
  });
});

describe("only the Narrator's client writes", () => {
  it("a player's world-time hook does nothing", async () => {
    const alven = await hero();
    placeToken(scene, alven, { actorLink: true });
    const answer = await onClient(users().player, () => onWorldTime(16 * H, 16 * H));
    expect(answer).toBeNull();
    await settled();
    expect(personOf(alven).fatigue.value).toBe(0);
  });

  it("the API refuses players; the macro's dialog does not open for them", async () => {
    const alven = await hero();
    const refused = await asPlayer(() => game.genesys.timePasses({ hours: 8, actors: [alven] }));
    expect(refused).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Time.Warn.NarratorsOnly");
    const dialogs = diceDouble().dialogs.length;
    expect(await asPlayer(() => openTimeDialog())).toBe(false);
    expect(diceDouble().dialogs.length).toBe(dialogs);
    expect(personOf(alven).fatigue.value).toBe(0);
  });
});

describe("the Narrator's time passes: dialog → card → actors → undo", () => {
  const answer = (a: TimeDialogAnswer) => (): TimeDialogAnswer => a;

  it("8 hours of sleep for the selected tokens, unlinked wolf included: applied once, undone exactly once", async () => {
    const alven = await hero("Alven", { fatigue: { value: 20, deprivation: 12 }, deprivation: { hoursAwake: 20, points: { sleep: 12, hunger: 0, thirst: 0 } }, poison: { doses: 3 } });
    placeToken(scene, alven, { actorLink: true });
    const { base, actor: wolf } = await wolfToken(0);
    await wolf.update({ system: { fatigue: { value: 9 } } });
    select(alven, wolf);
    diceDouble().dialogAnswers.push(answer({ amount: 8, unit: "hours", who: "selected", answers: { pastime: "sleep", ate: true, drank: true } }));
    const start = game.time.worldTime;
    expect(await openTimeDialog()).toBe(true);
    await settled();
    expect(game.time.worldTime).toBe(start + 8 * H);
    // Once: the advance's hook applied the answers; nothing was added a second time by a default advance.
    expect(personOf(alven).fatigue.value).toBe(0);
    expect(personOf(alven).fatigue.deprivation).toBe(0);
    expect(personOf(alven).deprivation.hoursAwake).toBe(0);
    expect(personOf(alven).poison.doses).toBe(0);
    expect(animalOf(wolf).fatigue.value).toBe(0);
    expect(animalOf(base).fatigue.value).toBe(0);
    const card = lastCard();
    const state = stateOf(card);
    expect(state?.answers).toEqual({ pastime: "sleep", ate: true, drank: true });
    expect(state?.rows.map((r) => r.actorUuid)).toEqual([alven.uuid, wolf.uuid]);
    expect(card.content).toContain("GENESYS.Time.Undo");

    // Something happens after: a hit of 2 Fatica on Alven stays through the Undo.
    await alven.update({ system: { fatigue: { value: 2 } } });
    expect(await requestTimeUndo(card.id)).toBe(true);
    expect(personOf(alven).fatigue.value).toBe(22);
    expect(personOf(alven).deprivation.hoursAwake).toBe(20);
    expect(personOf(alven).deprivation.points.sleep).toBe(12);
    expect(personOf(alven).poison.doses).toBe(3);
    expect(animalOf(wolf).fatigue.value).toBe(9);
    expect(stateOf(lastCard())?.undone).toBe(true);
    expect(lastCard().content).toContain("GENESYS.Time.Undone");
    expect(lastCard().content).not.toContain("data-time-action");

    // A second Undo does nothing.
    expect(await requestTimeUndo(card.id)).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Time.Warn.AlreadyUndone");
    expect(personOf(alven).fatigue.value).toBe(22);
  });

  it("the dialog shows its fields, and its form is read as submitted", async () => {
    select();
    diceDouble().dialogAnswers.push(null);
    await openTimeDialog();
    const content = diceDouble().dialogs.at(-1)?.content ?? "";
    for (const name of ["amount", "unit", "who", "pastime", "ate", "drank"]) expect(content).toContain(`name="${name}"`);
    const form = new Map<string, unknown>([["amount", "2"], ["unit", "days"], ["who", "all"], ["pastime", "tiring"], ["ate", "on"]]);
    expect(readTimeForm({ get: (k) => form.get(k) ?? null })).toEqual({ amount: 2, unit: "days", who: "all", answers: { pastime: "tiring", ate: true, drank: false } });
    expect(readTimeForm({ get: (k) => (k === "pastime" ? "flying" : form.get(k) ?? null) })).toBeNull();
  });

  it("no token selected: a warning, nothing changed", async () => {
    const alven = await hero();
    placeToken(scene, alven, { actorLink: true });
    select();
    diceDouble().dialogAnswers.push(answer({ amount: 8, unit: "hours", who: "selected", answers: { pastime: "rest", ate: true, drank: true } }));
    const start = game.time.worldTime;
    expect(await openTimeDialog()).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Macro.Warn.NoSelection");
    expect(game.time.worldTime).toBe(start);
  });

  it("a selected token whose actor was deleted: a warning, nothing changed", async () => {
    const alven = await hero();
    select(alven, null);
    const start = game.time.worldTime;
    const dialogs = diceDouble().dialogs.length;
    expect(await openTimeDialog()).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Time.Warn.TokenWithoutActor");
    expect(diceDouble().dialogs.length).toBe(dialogs);
    expect(game.time.worldTime).toBe(start);
    expect(personOf(alven).fatigue.value).toBe(0);
  });

  it("a negative duration: the clock is not moved back, the Narrator is told", async () => {
    const alven = await hero();
    select(alven);
    diceDouble().dialogAnswers.push(answer({ amount: -3, unit: "hours", who: "selected", answers: { pastime: "rest", ate: true, drank: true } }));
    const start = game.time.worldTime;
    expect(await openTimeDialog()).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Time.Warn.Backwards");
    expect(game.time.worldTime).toBe(start);
  });
});

describe("game.genesys.timePasses", () => {
  it("marches an unlinked wolf and a hero for an hour: counted once (the clock 1 h, not 2), the card wired, undone", async () => {
    const { base, actor: wolf } = await wolfToken(0);
    const alven = await hero();
    placeToken(scene, alven, { actorLink: true });
    const start = game.time.worldTime;
    expect(await game.genesys.timePasses({ hours: 1, pastime: "tiring", ate: true, drank: true, actors: [wolf.uuid, alven] })).toBe(true);
    await settled();
    expect(game.time.worldTime).toBe(start + H);
    expect(animalOf(wolf).fatigue.value).toBe(12);
    expect(animalOf(base).fatigue.value).toBe(0);
    expect(personOf(alven).fatigue.value).toBe(12);
    expect(personOf(alven).deprivation.hoursAwake).toBe(1);
    const card = lastCard();
    const html = { addEventListener: () => undefined } as unknown as HTMLElement;
    expect(decorateTimeCard(card as unknown as ChatMessage.Implementation, html)).toBe(true);
    expect(await requestTimeUndo(card.id)).toBe(true);
    expect(animalOf(wolf).fatigue.value).toBe(0);
    expect(personOf(alven).fatigue.value).toBe(0);
    expect(personOf(alven).deprivation.hoursAwake).toBe(0);
  });

  it("a player cannot undo a card, whatever the console sends", async () => {
    const alven = await hero();
    expect(await game.genesys.timePasses({ hours: 16, actors: [alven] })).toBe(true);
    const card = lastCard();
    const tired = personOf(alven).fatigue.value;
    expect(tired).toBeGreaterThan(0);
    await onClient(users().player, () => requestTimeUndo(card.id));
    expect(personOf(alven).fatigue.value).toBe(tired);
    expect(stateOf(lastCard())?.undone).toBe(false);
  });

  it("a deleted actor's uuid: a warning, nothing changed", async () => {
    const start = game.time.worldTime;
    expect(await game.genesys.timePasses({ hours: 1, actors: ["Actor.gone000000000000"] })).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Api.Warn.NoActor");
    expect(game.time.worldTime).toBe(start);
  });

  it("a duration of nothing or backwards: refused", async () => {
    expect(await game.genesys.timePasses({})).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Time.Warn.BadDuration");
    expect(await game.genesys.timePasses({ hours: -1 })).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Time.Warn.Backwards");
  });
});
