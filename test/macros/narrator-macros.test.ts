/** The "macros" compendium: each macro's command run as Foundry runs a script macro, on the selected tokens. */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { narratorMacros } from "../../src/macros/narrator-macros.js";
import { sealedCardOf } from "../../src/chat/sealed-card.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { TokenDouble } from "../foundry/chat.js";
import { onClient } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { dice, npc, playerId, shooter, skill, targetActors, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const ROOT = path.resolve(import.meta.dirname, "../..");
interface MacroSource { _id: string; name: string; type: string; command: string }
const MACROS = fs.readdirSync(path.join(ROOT, "packs/macros")).map((f) => JSON.parse(fs.readFileSync(path.join(ROOT, "packs/macros", f), "utf8")) as MacroSource);
const macro = (id: string): MacroSource => MACROS.find((m) => m._id === id) ?? { _id: id, name: "", type: "", command: "throw new Error('no macro')" };

/** A script macro's command runs as the body of an async function (v13 Macro#execute for type "script"). */
type AsyncFn = (...args: unknown[]) => Promise<unknown>;
const asyncPrototype = Object.getPrototypeOf(async function () { /* any async function */ }) as { constructor: new (...args: string[]) => AsyncFn };
const AsyncFunction = asyncPrototype.constructor;
const run = (m: MacroSource): Promise<unknown> => new AsyncFunction(m.command)();

/** Selects these actors' tokens (v13 TokenLayer#controlled, as dnd5e reads canvas.tokens.controlled). */
function select(...actors: GenesysActor[]): void {
  const c = (globalThis as unknown as { canvas: { tokens?: { controlled: TokenDouble[] } } }).canvas;
  c.tokens = { controlled: actors.map((a) => new TokenDouble(a)) };
}

afterEach(() => {
  const c = (globalThis as unknown as { canvas: { tokens?: unknown } }).canvas;
  delete c.tokens;
});

const sealedSince = (before: number): number => game.messages.contents.slice(before).filter((m) => sealedCardOf(m) !== null).length;

describe("the macros compendium", () => {
  it("holds script macros that call only game.genesys.macros", () => {
    expect(MACROS.length).toBe(9);
    for (const m of MACROS) {
      expect(m.type).toBe("script");
      const calls = [...m.command.matchAll(/game\.genesys\.macros\.(\w+)\(/g)].map((c) => c[1]);
      expect(calls.length, m.name).toBe(1);
      for (const name of calls) expect(Object.keys(narratorMacros)).toContain(name);
    }
  });

  it("blind Percezione: one sealed card per selected token, none with a number readable", async () => {
    const a = await npc("Sentinella");
    const b = await npc("Guardia");
    select(a, b);
    const before = game.messages.size;
    dice(5, 5, 9, 9);
    await run(macro("gnsMacroBlindPer"));
    expect(sealedSince(before)).toBe(2);
    expect(game.messages.contents.slice(before).every((m) => (m as unknown as { rolls: unknown[] }).rolls.length === 0)).toBe(true);
  });

  it("blind Osservare: the skill by its key; a token without it is named in a warning", async () => {
    const keen = await shooter([{ ...(skill("Osservare", 12) as { system: object }), name: "Observation", system: { ...(skill("Osservare", 12) as { system: object }).system, key: "osservare" } }]);
    const plain = await npc("Passante");
    select(keen, plain);
    const before = game.messages.size;
    const notes = foundryDouble().notifications.length;
    dice(5, 5);
    await run(macro("gnsMacroBlindSpo"));
    expect(sealedSince(before)).toBe(1);
    expect(foundryDouble().notifications.slice(notes).map((n) => n.message).join()).toContain("GENESYS.Macro.Warn.NoSkill");
  });

  it("nothing selected: a warning, nothing rolled", async () => {
    const before = game.messages.size;
    const notes = foundryDouble().notifications.length;
    await run(macro("gnsMacroBlindPer"));
    expect(game.messages.size).toBe(before);
    expect(foundryDouble().notifications.slice(notes).map((n) => n.message).join()).toContain("GENESYS.Macro.Warn.NoSelection");
  });

  it("attack with the selected token: its ready weapon's dialog opens; without a ready weapon, a warning", async () => {
    const jack = await shooter();
    targetActors(await npc("Bersaglio"));
    select(jack);
    const dialogs = diceDouble().dialogs.length;
    await run(macro("gnsMacroAttackSe")); // dismissed: no answer scripted
    expect(diceDouble().dialogs.length).toBe(dialogs + 1);
    const unarmed = await npc("Disarmato");
    select(unarmed);
    const notes = foundryDouble().notifications.length;
    expect(await narratorMacros.attackWithSelected()).toBe(false);
    expect(foundryDouble().notifications.slice(notes).map((n) => n.message).join()).toContain("GENESYS.Macro.Warn.NoReadyWeapon");
  });

  it("reveal every blind roll: the Narrator's only; every sealed card becomes open", async () => {
    const a = await npc("Sentinella", { ownership: { default: 0, [playerId()]: 3 } });
    select(a);
    dice(5, 5, 6, 6);
    await narratorMacros.blindCheckForSelected({ characteristic: "perception" });
    await narratorMacros.blindCheckForSelected({ characteristic: "perception" });
    expect(await onClient(users().player, () => narratorMacros.revealAllBlind())).toBe(0);
    const sealed = game.messages.contents.filter((m) => sealedCardOf(m) !== null).length;
    expect(sealed).toBeGreaterThanOrEqual(2);
    await run(macro("gnsMacroRevealAl"));
    expect(game.messages.contents.filter((m) => sealedCardOf(m) !== null)).toHaveLength(0);
  });
});
