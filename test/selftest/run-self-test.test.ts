/**
 * Issue 22, a self-test that needs no module: the Narrator's settings menu opens the dialog, whose Run plays the same
 * batch as Quench would with the system's own runner (src/selftest/runner.ts) on the double, shows its progress and
 * each flow's result, and whispers the report to the Narrator; what the run made is gone afterwards, even after a
 * failing flow. The runner's chai-like assert is tested against chai's meaning.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetIntentMemory } from "../../src/authority/intent-channel.js";
import { SelfTestDialog } from "../../src/selftest/self-test-dialog.js";
import { plainAssert, reportText, selfTestRunner } from "../../src/selftest/runner.js";
import { SELF_TEST_CARD_TEMPLATE } from "../../src/selftest/run-self-test.js";
import { asPlayer, bootSystem, foundryDouble, users } from "../foundry/boot.js";
import { resetNetwork } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { doubleGame, doubleWorld, type DoubleWorld } from "./double-world.js";

const ids = (collection: { contents: { id: string | null }[] }): string[] => collection.contents.map((d) => d.id ?? "").sort();
const snapshot = (world: DoubleWorld) => ({ actors: ids(doubleGame().actors), scenes: ids(doubleGame().scenes), combats: ids(doubleGame().combats), folders: [...world.folders.keys()], items: [...world.items.keys()] });

/** The dialog's contexts, newest last (the double records each render's context). */
const contexts = (dialog: SelfTestDialog): Record<string, unknown>[] => (dialog as unknown as { renders: Record<string, unknown>[] }).renders; // the double's ApplicationV2 keeps them

beforeAll(async () => {
  await bootSystem();
});

beforeEach(() => {
  resetNetwork();
  resetIntentMemory();
  diceDouble().queue.length = 0;
  foundryDouble().notifications.length = 0;
});

describe("a run from the dialog", () => {
  it("plays every flow, shows the progress and the results, whispers the report to the Narrator and leaves the world as it was", async () => {
    const world = doubleWorld();
    const before = snapshot(world);
    const messagesBefore = ids(doubleGame().messages);
    const dialog = new SelfTestDialog();
    const run = await dialog.run(() => world);
    if (!run) throw new Error("no run");
    expect(run.report.hooks).toEqual([]);
    expect(run.report.tests).toHaveLength(33);
    expect(run.report.tests.every((t) => t.state === "passed")).toBe(true);
    // One render before, one per flow as it starts, one at the end.
    const seen = contexts(dialog);
    expect(seen).toHaveLength(1 + 33 + 1);
    expect(seen[1]).toMatchObject({ running: true, progress: expect.stringContaining("GENESYS.SelfTest.Progress") as unknown });
    const last = seen.at(-1) ?? {};
    expect(last).toMatchObject({ running: false, progress: null, canCopy: true });
    expect((last["rows"] as { cssClass: string }[]).map((r) => r.cssClass)).toEqual(Array<string>(33).fill("passed"));
    // The report: the counts, then a line per flow.
    expect(run.text.split("\n")[2]).toBe("33 passed, 0 failed, 0 skipped");
    expect(run.text.split("\n").filter((l) => l.startsWith("✓ "))).toHaveLength(33);
    // The run's own messages are gone; the report card stays, for the Narrator alone.
    const added = doubleGame().messages.contents.filter((m) => !messagesBefore.includes(m.id));
    expect(added).toHaveLength(1);
    expect(added[0]?.whisper).toEqual([users().gm.id]);
    expect(added[0]?.content).toContain("33 passed, 0 failed, 0 skipped");
    expect(snapshot(world)).toEqual(before);
    for (const m of added) doubleGame().messages.delete(m.id);
  });

  it("after a flow that fails (a sheet that cannot render) the card names it and the world is still cleaned", async () => {
    const world = doubleWorld({ renderSheet: () => Promise.reject(new Error("template missing")) });
    const before = snapshot(world);
    const run = await new SelfTestDialog().run(() => world);
    if (!run) throw new Error("no run");
    expect(run.report.tests.filter((t) => t.state === "failed").map((t) => t.title)).toEqual([expect.stringContaining("sheet") as unknown]);
    expect(run.text).toContain("✗ GeneSys GdR: main flows › renders every actor and item sheet — template missing");
    const card = doubleGame().messages.contents.at(-1);
    expect(card?.content).toContain("template missing");
    expect(card?.content).toContain("32 passed, 1 failed, 0 skipped");
    expect(snapshot(world)).toEqual(before);
    doubleGame().messages.delete(card?.id ?? "");
  });

  it("a failure message that looks like an inline roll or a link is shown literally on the card, and copied clean", async () => {
    const world = doubleWorld({ renderSheet: () => Promise.reject(new Error("expected [[1,2]] near @UUID[Actor.x]")) });
    const run = await new SelfTestDialog().run(() => world);
    const card = doubleGame().messages.contents.at(-1);
    expect(card?.content).not.toContain("[[");
    expect(card?.content).not.toContain("@UUID[");
    expect(card?.content).toContain("[\u200b[1,2]]");
    expect(run?.text).toContain("expected [[1,2]] near @UUID[Actor.x]");
    doubleGame().messages.delete(card?.id ?? "");
  });

  it("is refused on a player's client: a warning, no world touched, no card", async () => {
    const world = doubleWorld();
    const messagesBefore = ids(doubleGame().messages);
    const run = await asPlayer(() => new SelfTestDialog().run(() => world));
    expect(run).toBeNull();
    expect(foundryDouble().notifications.at(-1)).toMatchObject({ level: "warn" });
    expect(JSON.stringify(foundryDouble().notifications.at(-1))).toContain("GENESYS.SelfTest.Warn.ActiveNarrator");
    expect(world.log.created).toEqual([]);
    expect(ids(doubleGame().messages)).toEqual(messagesBefore);
  });

  it("a second press while it runs starts nothing", async () => {
    const dialog = new SelfTestDialog();
    const world = doubleWorld();
    const first = dialog.run(() => world);
    expect(await dialog.run(() => world)).toBeNull();
    await first;
    doubleGame().messages.delete(doubleGame().messages.contents.at(-1)?.id ?? "");
  });

  it("the card's template is the system's", () => {
    expect(SELF_TEST_CARD_TEMPLATE).toBe("systems/genesys-gdr/templates/chat/self-test-card.hbs");
  });
});

describe("the runner's assert, with chai's meaning", () => {
  it("deepEqual compares arrays and plain objects by value, key order aside; strictEqual is ===", () => {
    expect(() => { plainAssert.deepEqual({ a: [1, { b: 2 }], c: null }, { c: null, a: [1, { b: 2 }] }); }).not.toThrow();
    expect(() => { plainAssert.deepEqual([1, 2], [1, 2, 3]); }).toThrow(/deeply equal/);
    expect(() => { plainAssert.deepEqual({ a: 1 }, { a: 1, b: undefined }); }).toThrow();
    expect(() => { plainAssert.deepEqual([1], { 0: 1 }); }).toThrow();
    expect(() => { plainAssert.strictEqual(1, "1", "the count"); }).toThrow('the count: expected 1 to equal "1"');
    expect(() => { plainAssert.strictEqual(null, null); }).not.toThrow();
  });

  it("ok and isAbove throw with the flow's message", () => {
    expect(() => { plainAssert.ok(0, "no card"); }).toThrow("no card");
    expect(() => { plainAssert.ok("x"); }).not.toThrow();
    expect(() => { plainAssert.isAbove(2, 2, "too few"); }).toThrow("too few");
    expect(() => { plainAssert.isAbove(3, 2); }).not.toThrow();
  });

  it("a failing before-all skips its suite's tests, the after-all still runs, and the text says it all", async () => {
    const runner = selfTestRunner();
    const order: string[] = [];
    runner.context.describe("outer", () => {
      runner.context.it("first", () => { order.push("first"); });
      runner.context.it("second", () => { throw new Error("broke"); });
      runner.context.describe("inner", () => {
        runner.context.before(() => { throw new Error("no scene"); });
        runner.context.after(() => { order.push("inner after"); });
        runner.context.it("never", () => { order.push("never"); });
      });
    });
    const started: string[] = [];
    const report = await runner.run((title, done, total) => started.push(`${String(done)}/${String(total)} ${title}`));
    expect(order).toEqual(["first", "inner after"]);
    expect(started).toEqual(["0/3 outer › first", "1/3 outer › second"]);
    expect(reportText(report, ["head"]).split("\n")).toEqual([
      "head",
      "1 passed, 1 failed, 1 skipped",
      "✓ outer › first",
      "✗ outer › second — broke",
      "– outer › inner › never",
      '✗ before all of "inner" — no scene',
    ]);
  });
});
