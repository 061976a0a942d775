/** A macro's slip (a string for a list, null for a request) reaches the Narrator tools and timePasses as a warning, never an error. */
import { afterEach, describe, expect, it } from "vitest";
import { narratorMacros } from "../../src/macros/narrator-macros.js";
import { foundryDouble } from "../foundry/boot.js";
import { TokenDouble } from "../foundry/chat.js";
import { createActor } from "../documents/helpers.js";
import { HUMAN, npc, useCardWorld } from "../attack/helpers.js";
import type { GenesysActor } from "../../src/documents/actor.js";

useCardWorld();

function select(...actors: GenesysActor[]): void {
  const c = (globalThis as unknown as { canvas: { tokens?: { controlled: TokenDouble[] } } }).canvas;
  c.tokens = { controlled: actors.map((a) => new TokenDouble(a, a.name)) };
}
afterEach(() => {
  delete (globalThis as unknown as { canvas: { tokens?: unknown } }).canvas.tokens;
});
const lastNote = (): string => foundryDouble().notifications.at(-1)?.message ?? "";
const loose = (v: unknown): never => v as never; // what a macro at the console may pass, past the types

describe("bad input from a macro → a notification", () => {
  it("reaction with modifiers given as one string instead of a list", async () => {
    const oste = await npc("Oste");
    select(oste);
    await expect(narratorMacros.reactionForSelected(loose({ charm: 8, modifiers: "hatred" }))).resolves.toBe(0); // TypeError: map is not a function
    expect(lastNote()).toContain("GENESYS.Tools.Warn");
  });

  it("recognition with modifiers given as one string", async () => {
    const hero = await createActor({ name: "Alven", type: "character", system: { characteristics: HUMAN, fame: 6 } });
    select(hero);
    await expect(narratorMacros.recognitionForSelected(loose({ modifiers: "abroad" }))).resolves.toBe(0); // TypeError: reduce is not a function
    expect(lastNote()).toContain("GENESYS.Tools.Warn");
  });

  it("game.genesys.timePasses(null)", async () => {
    await expect(game.genesys.timePasses(loose(null))).resolves.toBe(false); // TypeError reading 'minutes' of null
  });
});
