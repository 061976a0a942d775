/**
 * The in-Foundry self-test (src/selftest) run here: registered through a stand-in for Quench's "quenchReady" hook, its
 * real batch run by a small Mocha shim against the Foundry double, with the world operations the double lacks (folders,
 * compendium import, sheet rendering, deletion) supplied by test/selftest/double-world.ts.
 *
 * What only real Foundry exercises: src/selftest/foundry-world.ts (Folder/Scene/Token/Combat creation and deletion on
 * a server, importFromCompendium, ApplicationV2 sheets actually rendering and closing), Quench's own Mocha and chai,
 * and the timing of a real server's round trips.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetIntentMemory } from "../../src/authority/intent-channel.js";
import { currentMessageMode } from "../../src/compat/message-mode.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { ACTOR_TYPES, ITEM_TYPES, rollEveryMode } from "../../src/selftest/flows.js";
import { SELF_TEST_BATCH, SELF_TEST_NAME, type QuenchContext } from "../../src/selftest/quench.js";
import type { QuenchLike } from "../../src/selftest/register.js";
import { registerSelfTest, selfTestRegistered } from "../../src/selftest/register.js";
import { SCRATCH_PREFIX, Scratch, type SelfTestWorld } from "../../src/selftest/scratch.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { resetNetwork } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { doubleGame, doubleWorld, type DoubleWorld } from "./double-world.js";
import { chaiLikeAssert, mochaShim, type RunReport } from "./mocha-shim.js";

interface RegisteredBatch {
  fn: (context: QuenchContext) => void;
  displayName: string;
}

/** Stands in for Quench: keeps each registered batch under its key, as Quench#registerBatch does. */
function fakeQuench(): QuenchLike & { batches: Map<string, RegisteredBatch> } {
  const batches = new Map<string, RegisteredBatch>();
  return { batches, registerBatch: (key, fn, options) => { batches.set(key, { fn, ...options }); } };
}

/** A hook registry of our own, so only this test's listener hears the fake "quenchReady". */
function hooks(): { on: (hook: "quenchReady", fn: (quench: unknown) => void) => void; fire(quench: unknown): void; count(): number } {
  const listeners: ((quench: unknown) => void)[] = [];
  return {
    on: (hook, fn) => {
      expect(hook).toBe("quenchReady");
      listeners.push(fn);
    },
    fire: (quench) => { for (const fn of listeners) fn(quench); },
    count: () => listeners.length,
  };
}

async function runBatch(world: SelfTestWorld): Promise<RunReport> {
  const registry = hooks();
  registerSelfTest({ hooks: registry, world: () => world });
  const quench = fakeQuench();
  registry.fire(quench);
  await selfTestRegistered();
  const batch = quench.batches.get(SELF_TEST_BATCH);
  if (!batch) throw new Error("the batch was not registered");
  const shim = mochaShim();
  batch.fn(shim.context);
  return shim.run();
}

const ids = (collection: { contents: { id: string | null }[] }): string[] => collection.contents.map((d) => d.id ?? "").sort();

/** What a run could leave behind in the double's world. */
function snapshot(world: DoubleWorld) {
  const g = doubleGame();
  return {
    actors: ids(g.actors),
    scenes: ids(g.scenes),
    combats: ids(g.combats),
    messages: ids(g.messages),
    folders: [...world.folders.keys()],
    items: [...world.items.keys()],
    rollMode: game.settings.get("core", "rollMode"),
  };
}

const states = (report: RunReport): string[] => report.tests.map((t) => t.state);
const failureOf = (report: RunReport, title: RegExp): string => {
  const error = report.tests.find((t) => title.test(t.title))?.error;
  return error instanceof Error ? error.message : String(error);
};

beforeAll(async () => {
  await bootSystem();
});

beforeEach(() => {
  resetNetwork();
  resetIntentMemory();
  diceDouble().queue.length = 0;
  foundryDouble().notifications.length = 0;
});

describe("registration", () => {
  it("without Quench nothing happens: one quenchReady listener, no world touched, no batch", () => {
    const registry = hooks();
    let worlds = 0;
    const before = snapshot(doubleWorld());
    registerSelfTest({ hooks: registry, world: () => { worlds++; return doubleWorld(); } });
    expect(registry.count()).toBe(1);
    // Something that is not Quench on the hook (another module's event of the same name) is ignored.
    registry.fire(undefined);
    registry.fire({ registerBatch: "not a function" });
    expect(worlds).toBe(0);
    expect(snapshot(doubleWorld())).toEqual(before);
  });

  it("registering the batch with Quench runs nothing either: the world is made only when a run starts", async () => {
    const registry = hooks();
    let worlds = 0;
    registerSelfTest({ hooks: registry, world: () => { worlds++; return doubleWorld(); } });
    const quench = fakeQuench();
    registry.fire(quench);
    await selfTestRegistered();
    expect([...quench.batches.keys()]).toEqual([SELF_TEST_BATCH]);
    expect(quench.batches.get(SELF_TEST_BATCH)?.displayName).toBe(SELF_TEST_NAME);
    expect(worlds).toBe(0);
  });

  it("a run that starts before the batch's code has loaded gets one failing test saying so, and the next run plays", async () => {
    const registry = hooks();
    registerSelfTest({ hooks: registry, world: () => doubleWorld() });
    const quench = fakeQuench();
    registry.fire(quench);
    // Listed at once, before its code is there.
    const batch = quench.batches.get(SELF_TEST_BATCH);
    if (!batch) throw new Error("the batch was not registered at once");
    const early = mochaShim();
    batch.fn(early.context);
    const report = await early.run();
    expect(report.tests.map((t) => t.state)).toEqual(["failed"]);
    expect(String(report.tests[0]?.error)).toContain("still loading");
    await selfTestRegistered();
    // Loaded now: the flows' tests are registered (they are run in the next describe), not the placeholder.
    const later = mochaShim();
    const titles: string[] = [];
    batch.fn({ ...later.context, it: (title, fn) => { titles.push(title); return later.context.it(title, fn); } });
    expect(titles.length).toBeGreaterThan(5);
    expect(titles).not.toContain("loads the self-test");
  });

  it("the system's init wiring registers it on Foundry's Hooks", async () => {
    const quench = fakeQuench();
    foundryDouble().hooks.callAll("quenchReady", quench);
    await selfTestRegistered();
    expect(quench.batches.get(SELF_TEST_BATCH)?.displayName).toBe("GeneSys GdR: main flows");
  });
});

describe("the batch against the Foundry double", () => {
  it("passes every flow and leaves the world as it found it", async () => {
    const world = doubleWorld();
    await game.settings.set("core", "rollMode", CONST.DICE_ROLL_MODES.PRIVATE);
    const before = snapshot(world);
    const report = await runBatch(world);

    expect(report.hooks).toEqual([]);
    expect(report.tests.map((t) => [t.title, t.state, t.error])).toEqual(report.tests.map((t) => [t.title, "passed", undefined]));
    expect(report.tests).toHaveLength(33);
    // Every sheet type was asked for, and every scratch document carried the prefix.
    expect(world.rendered).toHaveLength(ACTOR_TYPES.length + ITEM_TYPES.length);
    expect(world.log.created.filter((c) => c.startsWith("Actor") || c.startsWith("Item") || c.startsWith("Scene") || c.startsWith("Folder")).every((c) => c.includes(SCRATCH_PREFIX))).toBe(true);
    expect(world.log.created.some((c) => c.startsWith("Combat"))).toBe(true);
    expect([...world.log.removed].sort()).toEqual([...world.log.created].sort());
    // The user's own roll mode is back.
    expect(snapshot(world)).toEqual(before);
  });
});

describe("cleanup", () => {
  it("removes everything even when a test throws (a sheet that fails to render)", async () => {
    const world = doubleWorld({ renderSheet: () => Promise.reject(new Error("template missing")) });
    const before = snapshot(world);
    const report = await runBatch(world);
    expect(states(report)).toEqual(["passed", "failed", ...Array<string>(31).fill("passed")]);
    expect(failureOf(report, /sheet/)).toBe("template missing");
    expect(report.hooks).toEqual([]);
    expect(snapshot(world)).toEqual(before);
  });

  it("removes what a flow made before it failed half-way (no combat could be created)", async () => {
    const world = doubleWorld({ createCombat: () => Promise.reject(new Error("server said no")) });
    const before = snapshot(world);
    const report = await runBatch(world);
    expect(failureOf(report, /combat round/)).toBe("server said no");
    // The terrain-check and the drawing flows need a combat of their own, so they fail the same way.
    expect(failureOf(report, /terrain check/)).toBe("server said no");
    expect(failureOf(report, /Preparazione/)).toBe("server said no");
    expect(report.tests.filter((t) => t.state === "failed").map((t) => [t.title, t.error])).toHaveLength(3);
    // The three fighters and their tokens existed when the combat failed; they are gone too.
    expect(world.log.created.filter((c) => /Alfa|Beta|Gamma/.test(c))).toHaveLength(6);
    expect([...world.log.removed].sort()).toEqual([...world.log.created].sort());
    expect(snapshot(world)).toEqual(before);
  });

  it("goes on past a removal that fails and reports it in the after-all hook", async () => {
    const world = doubleWorld();
    const createScene = world.createScene.bind(world);
    world.createScene = async (name) => {
      const created = await createScene(name);
      return { ...created, remove: () => Promise.reject(new Error("scene locked")) };
    };
    const report = await runBatch(world);
    expect(states(report).every((s) => s === "passed")).toBe(true);
    expect(report.hooks).toHaveLength(1);
    const message = report.hooks[0]?.error instanceof Error ? report.hooks[0].error.message : "";
    expect(message).toContain(`Scene ${SCRATCH_PREFIX} scene: scene locked`);
    // Everything but the locked scene is gone.
    expect(world.log.created.filter((c) => !world.log.removed.includes(c))).toEqual([`Scene ${SCRATCH_PREFIX} scene`]);
    expect(world.folders.size).toBe(0);
    doubleGame().scenes.clear();
  });

  it("refuses to run on a player's client and creates nothing", async () => {
    const world = doubleWorld();
    const before = snapshot(world);
    const report = await asPlayer(() => runBatch(world));
    expect(states(report)).toEqual(Array<string>(33).fill("skipped"));
    expect(report.hooks).toHaveLength(1);
    expect(String(report.hooks[0]?.error)).toContain("active Narrator");
    expect(world.log.created).toEqual([]);
    expect(snapshot(world)).toEqual(before);
  });
});

describe("checks in every roll mode", () => {
  it("accept a blind check that answers only that it was made, and check the others' recipients", async () => {
    const gmIds = foundryDouble().users.filter((u) => u.isGM).map((u) => u.id);
    const seen: string[] = [];
    const answers = {
      public: { id: "m1", whisper: [], blind: false },
      gm: { id: "m2", whisper: gmIds, blind: false },
      blind: true,
      self: { id: "m4", whisper: [game.user.id], blind: false },
    };
    const actor = {
      rollCheck: () => {
        const mode = currentMessageMode();
        seen.push(mode);
        return Promise.resolve(answers[mode]);
      },
    };
    // rollEveryMode calls only rollCheck; this stand-in answers as the blind-check change may (true, no card).
    const outcomes = await rollEveryMode(actor as unknown as GenesysActor, new Scratch(doubleWorld(), game.user.id), chaiLikeAssert);
    expect(seen).toEqual(["public", "gm", "blind", "self"]);
    expect(outcomes.map((o) => [o.mode, o.result])).toEqual([["public", "message"], ["gm", "message"], ["blind", "made"], ["self", "message"]]);
  });

  it("fail when a private check reaches a player", async () => {
    const everyone = foundryDouble().users.contents.map((u) => u.id);
    const actor = { rollCheck: () => Promise.resolve({ id: "m", whisper: currentMessageMode() === "gm" ? everyone : [], blind: false }) };
    // As above: a stand-in whose private card is whispered to everyone.
    const run = rollEveryMode(actor as unknown as GenesysActor, new Scratch(doubleWorld(), game.user.id), chaiLikeAssert);
    await expect(run).rejects.toThrow("a private check is whispered to the Narrators only");
  });
});
