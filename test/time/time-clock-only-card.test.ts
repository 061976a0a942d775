/**
 * The time tool's card when no rule acted: it still says what happened. Actors whose clocks alone ran (waking, hunger,
 * thirst) are named in one line and the card keeps an Undo that takes back exactly those clocks; an advance that wrote
 * nothing (a wolf at rest) says only the world clock moved, and offers no Undo, since there is nothing to take back.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { timeQueue } from "../../src/time/time-advance.js";
import { readTimeCard, timeCardContext } from "../../src/time/time-card.js";
import { requestTimeUndo } from "../../src/time/time-requests.js";
import { openTimeDialog, type TimeDialogAnswer } from "../../src/time/time-dialog.js";
import { TokenDouble } from "../foundry/chat.js";
import { diceDouble } from "../foundry/dice.js";
import { createScene, placeToken, type Scene } from "../foundry/scenes.js";
import { createActor, personOf } from "../documents/helpers.js";
import { HUMAN, playerId, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const ROOT = path.resolve(import.meta.dirname, "../..");
const WOLF = JSON.parse(fs.readFileSync(path.join(ROOT, "packs/animals/lupo_gnsAnimalWolf001.json"), "utf8")) as { name: string; type: string; system: object };

interface Card { id: string; content: string; flags: Record<string, Record<string, unknown>> }
const cards = (): Card[] => (game.messages.contents as unknown as Card[]).filter((m) => m.flags["genesys-gdr"]?.["timeCard"] !== undefined);
const stateOf = (card: Card | undefined) => readTimeCard(card?.flags["genesys-gdr"]?.["timeCard"]);
const settled = (): Promise<void> => timeQueue.run(() => Promise.resolve());

let scene: Scene;
beforeEach(async () => {
  for (const s of game.scenes.contents as unknown as Scene[]) s.active = false;
  scene = createScene("Radura");
  scene.active = true;
  await game.settings.set("genesys-gdr", "timeActors", "scene");
});

afterEach(() => {
  const c = (globalThis as unknown as { canvas: { tokens?: unknown } }).canvas;
  delete c.tokens;
  diceDouble().dialogAnswers.length = 0;
});

function select(...actors: GenesysActor[]): void {
  const c = (globalThis as unknown as { canvas: { tokens?: { controlled: TokenDouble[] } } }).canvas;
  c.tokens = { controlled: actors.map((a) => new TokenDouble(a, a.name)) };
}

const tenMinutes = (): TimeDialogAnswer => ({ amount: 10, unit: "minutes", who: "selected", answers: { pastime: "none", ate: true, drank: true } });

describe("the time tool's card when no rule acted", () => {
  it("10 minutes for Alven: one line names him, Undo takes his clocks back exactly", async () => {
    const alven = await createActor({ name: "Alven", type: "character", system: { characteristics: HUMAN, deprivation: { hoursAwake: 3 } }, ownership: { default: 0, [playerId()]: 3 } });
    placeToken(scene, alven, { actorLink: true });
    select(alven);
    const before = JSON.stringify(alven.toObject().system);
    const count = cards().length;
    diceDouble().dialogAnswers.push(tenMinutes);
    expect(await openTimeDialog()).toBe(true);
    await settled();
    expect(cards().length).toBe(count + 1);
    const card = cards().at(-1);
    const state = stateOf(card);
    expect(state?.rows.map((r) => [r.name, r.events.length])).toEqual([["Alven", 0]]);
    expect(personOf(alven).deprivation.hoursAwake).toBeGreaterThan(3);
    expect(card?.content).toContain("GENESYS.Time.ClocksOnly {&quot;names&quot;:&quot;Alven&quot;}");
    expect(card?.content).not.toContain("genesys-time__nothing");
    expect(card?.content).toContain('data-time-action="undo"');
    expect(await requestTimeUndo(card?.id ?? "")).toBe(true);
    expect(JSON.stringify(alven.toObject().system)).toBe(before);
    expect(cards().at(-1)?.content).toContain("GENESYS.Time.Undone");
    expect(cards().at(-1)?.content).not.toContain('data-time-action="undo"');
  });

  it("an advance that wrote nothing: 'only the world clock moved', and no Undo", () => {
    const i18n = { localize: (k: string) => k, format: (k: string, d?: Record<string, string>) => `${k} ${JSON.stringify(d ?? {})}` };
    const empty = timeCardContext({ fromSeconds: 0, toSeconds: 600, answers: { pastime: "none", ate: true, drank: true }, rows: [], undone: false }, i18n);
    expect(empty).toMatchObject({ rows: [], clocksOnly: null, canUndo: false, nothing: "GENESYS.Time.WorldClockOnly" });
  });

  it("an unlinked wolf at rest for 10 minutes: nothing written, the card says so", async () => {
    const base = await createActor({ ...WOLF });
    const token = placeToken(scene, base);
    const wolf = token.actor as unknown as GenesysActor; // the double's synthetic actor is of the configured GenesysActor class
    select(wolf);
    diceDouble().dialogAnswers.push(tenMinutes);
    expect(await openTimeDialog()).toBe(true);
    await settled();
    const card = cards().at(-1);
    expect(stateOf(card)?.rows).toEqual([]);
    expect(card?.content).toContain("GENESYS.Time.WorldClockOnly");
    expect(card?.content).not.toContain('data-time-action="undo"');
  });
});
