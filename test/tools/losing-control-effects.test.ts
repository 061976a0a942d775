/**
 * §3.1.6 losing control's behaviours as timed effects, end to end on the double: the card's buttons (one per behaviour
 * with a book duration), the Narrator's intent rolling the duration on his client, the effect on the actor (an unlinked
 * token's own actor, or a linked Protagonista), its check modifier counted by the next check, and the world clock ending
 * it: vomiting for 1D6 turns (a turn is 1 s, §2.1), then −5 for 3D6 minutes. Refusals: players, animals, the setting off.
 */
import { afterEach, describe, expect, it } from "vitest";
import { approvalWritesSettled } from "../../src/authority/effect-approvals.js";
import { sendIntent, type IntentResult } from "../../src/authority/intent-channel.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { TOOL_INTENTS } from "../../src/tools/tool-intent-kinds.js";
import { timeQueue } from "../../src/time/time-advance.js";
import { timedFlagOf } from "../../src/time/timed-effects.js";
import { narratorMacros } from "../../src/macros/narrator-macros.js";
import { readEffectChanges } from "../../src/compat/effect-changes.js";
import { users } from "../foundry/boot.js";
import { TokenDouble } from "../foundry/chat.js";
import { onClient } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { createActor, personOf } from "../documents/helpers.js";
import { HUMAN, dice, npc, playerId, useCardWorld } from "../attack/helpers.js";

useCardWorld();

interface Msg { content: string }
interface Effect { id: string; name: string; flags: Record<string, Record<string, unknown>>; toObject(): Record<string, unknown> }

function select(actor: GenesysActor): void {
  const c = (globalThis as unknown as { canvas: { tokens?: { controlled: TokenDouble[] } } }).canvas;
  c.tokens = { controlled: [new TokenDouble(actor, actor.name)] };
}

afterEach(async () => {
  const c = (globalThis as unknown as { canvas: { tokens?: unknown } }).canvas;
  delete c.tokens;
  diceDouble().dialogAnswers.length = 0;
  await game.settings.set("genesys-gdr", "losingControlEffects", true);
});

const timed = (actor: GenesysActor): Effect[] => (actor.effects as unknown as Effect[]).filter((e) => timedFlagOf(e) !== null);
const checkModifier = (actor: GenesysActor): number => personOf(actor).sources.checks.all.reduce((s, p) => s + p.value, 0);
async function tick(seconds: number): Promise<void> {
  await game.time.advance(seconds);
  await timeQueue.run(() => Promise.resolve());
  await approvalWritesSettled();
}

/** The losing-control card of `actor` failing fear at `difficulty` with 2D10 `d1`, `d2`; its content. */
async function fails(actor: GenesysActor, difficulty: number, d1: number, d2: number): Promise<string> {
  select(actor);
  const before = game.messages.size;
  dice(d1, d2);
  expect(await narratorMacros.losingControlForSelected({ cause: "fear", difficulty })).toBe(1);
  const card = (game.messages.contents.slice(before) as unknown as Msg[]).at(-1);
  return card?.content ?? "";
}

/** The card's button, as the Narrator's client answers it; once the effect's approval (effect-approvals.ts) has landed. */
async function apply(actor: GenesysActor, option: string): Promise<IntentResult> {
  const result = await sendIntent(TOOL_INTENTS.losingControlApply, { actorUuid: actor.uuid, option });
  await approvalWritesSettled();
  return result;
}

describe("§3.1.6 a Disabling failure: vomiting, then −5", () => {
  it("an unlinked Comparsa vomits 1D6 = 4 turns (4 s), then −5 to every check for 3D6 = 12 minutes; the base actor untouched", async () => {
    const base = await npc("Guardia");
    const token = placeToken(createScene("Cripta"), base);
    const guard = token.actor as unknown as GenesysActor; // the double's synthetic actor is a GenesysActor
    // Esperienza 7 + 3 + 4 = 14 against 20: missed by 6, Disabling.
    const content = await fails(guard, 20, 3, 4);
    expect(content).toContain('data-tool-action="losingControl"');
    expect(content).toContain('data-option="vomit"');
    expect(content).toContain('data-option="desperateFlight"');
    expect(content).toContain(`data-actor-uuid="${guard.uuid}"`);

    const start = game.time.worldTime;
    dice(4, 3, 4, 5);
    expect(await apply(guard, "vomit")).toMatchObject({ ok: true, info: "GENESYS.Tools.LosingControl.Applied" });
    const [vomit] = timed(guard);
    expect(vomit?.name).toContain("GENESYS.Tools.LosingControl.EffectName");
    expect(timedFlagOf(vomit)?.endsAt).toBe(start + 4);
    expect(timedFlagOf(vomit)?.then?.seconds).toBe(12 * 60);
    expect(vomit?.toObject()["duration"]).toEqual({ seconds: 4, startTime: start });
    expect(readEffectChanges(vomit)).toEqual([]);
    expect(checkModifier(guard)).toBe(0);
    expect(timed(base)).toEqual([]);

    await tick(3);
    expect(timed(guard).map((e) => e.id)).toEqual([vomit?.id]);
    await tick(1);
    const [after] = timed(guard);
    expect(after?.id).not.toBe(vomit?.id);
    expect(after?.name).toContain("GENESYS.Tools.LosingControl.AftermathName");
    expect(readEffectChanges(after)).toEqual([{ key: "genesys.check", kind: "add", value: "-5" }]);
    expect(timedFlagOf(after)).toEqual({ endsAt: start + 4 + 720, then: null });
    expect(checkModifier(guard)).toBe(-5);

    await tick(719);
    expect(checkModifier(guard)).toBe(-5);
    await tick(1);
    expect(timed(guard)).toEqual([]);
    expect(checkModifier(guard)).toBe(0);
  });

  it("a long advance past both: the vomiting ends and the −5, run out as well, never starts", async () => {
    const guard = await npc("Guardia");
    await fails(guard, 20, 3, 4);
    dice(2, 1, 1, 1); // 2 turns, then 3 minutes
    expect((await apply(guard, "vomit")).ok).toBe(true);
    await tick(3600);
    expect(timed(guard)).toEqual([]);
    expect(checkModifier(guard)).toBe(0);
  });
});

describe("§3.1.6 nothing really disabling: shaken, −2 for 1D6 turns", () => {
  it("a linked Protagonista ties (A-36): −2 counted by his next check, for 3 turns; the world clock ends it", async () => {
    const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, ownership: { default: 0, [playerId()]: 3 } });
    const content = await fails(jack, 20, 6, 7);
    expect(content).toContain('data-option="shaken"');
    expect(content).not.toContain('data-option="surprised"');
    dice(3);
    expect((await apply(jack, "shaken")).ok).toBe(true);
    expect(checkModifier(jack)).toBe(-2);
    // A player may not take the Narrator's effect off (effect-authority.ts).
    const [effect] = timed(jack);
    await onClient(users().player, async () => {
      await (effect as unknown as { delete(): Promise<unknown> }).delete().catch(() => undefined);
    });
    expect(timed(jack)).toHaveLength(1);
    await tick(2);
    expect(checkModifier(jack)).toBe(-2);
    await tick(1);
    expect(checkModifier(jack)).toBe(0);
    expect(timed(jack)).toEqual([]);
  });
});

describe("refusals", () => {
  it("a player's console applies nothing", async () => {
    const guard = await npc("Guardia");
    const result = await onClient(users().player, () => apply(guard, "vomit"));
    expect(result.ok).toBe(false);
    expect(timed(guard)).toEqual([]);
  });

  it("a behaviour without a book duration, or an unknown one, is refused", async () => {
    const guard = await npc("Guardia");
    for (const option of ["surprised", "desperateAggression", "dance"]) {
      const result = await apply(guard, option);
      expect(result).toMatchObject({ ok: false, warning: "GENESYS.Tools.LosingControl.Warn.BadOption" });
    }
    expect(timed(guard)).toEqual([]);
  });

  it("an animal takes no modifier it would never count; a marker without one it may", async () => {
    const wolf = await createActor({ name: "Lupo", type: "animal", system: { characteristics: { strength: 8, dexterity: 8, perception: 8, experience: 5 } } });
    expect(await apply(wolf, "shaken")).toMatchObject({ ok: false, warning: "GENESYS.Tools.LosingControl.Warn.Animal" });
    dice(2);
    expect((await apply(wolf, "frozen")).ok).toBe(true);
    expect(timedFlagOf(timed(wolf)[0])?.endsAt).toBe(game.time.worldTime + 2);
  });

  it("with the setting off the card lists the behaviours without buttons, and the intent is refused", async () => {
    await game.settings.set("genesys-gdr", "losingControlEffects", false);
    const guard = await npc("Guardia");
    const content = await fails(guard, 20, 3, 4);
    expect(content).toContain("GENESYS.Tools.LosingControl.Option.vomit");
    expect(content).not.toContain("data-tool-action");
    expect(await apply(guard, "vomit")).toMatchObject({ ok: false, warning: "GENESYS.Tools.LosingControl.Warn.Off" });
    expect(timed(guard)).toEqual([]);
  });

  it("a pass has no buttons", async () => {
    const guard = await npc("Guardia");
    expect(await fails(guard, 10, 9, 9)).not.toContain("data-tool-action");
  });
});

describe("§2.1 a combat turn is 1 second of world time", () => {
  it("the system sets Foundry's round time to it", () => {
    expect((globalThis as unknown as { CONFIG: { time: { roundTime: number } } }).CONFIG.time.roundTime).toBe(1);
  });
});
