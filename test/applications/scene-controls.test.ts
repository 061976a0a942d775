/**
 * The Narrator's scene-control group: added to core's controls record by the getSceneControlButtons hook (the real
 * init wiring), for Narrators only, shaped per generation (src/compat/scene-controls.ts), and each button opening its
 * tool for the selected tokens — an unlinked token's own actor included — with the tools' own refusals.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NARRATOR_CONTROL_TOOLS, type NarratorControlTool } from "../../src/applications/scene-controls.js";
import type { ControlGroup, ControlTool } from "../../src/compat/scene-controls.js";
import type { ReactionAnswer } from "../../src/tools/reaction-dialog.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { openBox } from "../../src/authority/seal.js";
import { sealContext, sealedCardOf } from "../../src/chat/sealed-card.js";
import { asPlayer, foundryDouble } from "../foundry/boot.js";
import { TokenDouble } from "../foundry/chat.js";
import { diceDouble } from "../foundry/dice.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { createActor } from "../documents/helpers.js";
import type { SceneControlsDouble } from "../foundry/scene-controls.js";
import { dice, targetActors, useCardWorld } from "../attack/helpers.js";
import { expectConsole } from "../console-guard.js";

useCardWorld();

const ROOT = path.resolve(import.meta.dirname, "../..");
const WOLF = JSON.parse(fs.readFileSync(path.join(ROOT, "packs/animals/lupo_gnsAnimalWolf001.json"), "utf8")) as { name: string; type: string; system: object };

function select(...actors: (GenesysActor | null)[]): void {
  const c = (globalThis as unknown as { canvas: { tokens?: { controlled: TokenDouble[] } } }).canvas;
  c.tokens = { controlled: actors.map((a) => new TokenDouble(a, a?.name ?? "Orfano")) };
}

afterEach(() => {
  const c = (globalThis as unknown as { canvas: { tokens?: unknown } }).canvas;
  delete c.tokens;
  targetActors();
  diceDouble().dialogAnswers.length = 0;
  game.release.generation = 13;
});

/** Core's record as v13 hands it to the hook (foundryvtt.com/api hookEvents.getSceneControlButtons): one of its groups. */
function coreControls(): Record<string, ControlGroup> {
  const select: ControlTool = { name: "select", title: "CONTROLS.BasicSelect", icon: "fa-solid fa-expand", order: 0 };
  return { tokens: { name: "tokens", title: "CONTROLS.GroupToken", icon: "fa-solid fa-user-alt", order: 0, visible: true, activeTool: "select", tools: { select } } };
}

function prepared(): Record<string, ControlGroup> {
  const controls = coreControls();
  // As core calls it; the 13.345 types do not name this hook.
  (Hooks as unknown as { callAll(name: string, ...args: unknown[]): boolean }).callAll("getSceneControlButtons", controls);
  return controls;
}

function ours(): ControlGroup {
  const group = prepared()["genesys"];
  if (!group) throw new Error("no GeneSys group");
  return group;
}

/** A click on a button: core calls its onChange (v13 SceneControls, `button: true`); the tool's work is awaited here. */
async function click(name: string): Promise<void> {
  const tool = ours().tools[name];
  if (!tool?.onChange) throw new Error(`no button ${name}`);
  const dialogs = diceDouble().dialogs.length;
  const notes = foundryDouble().notifications.length;
  const messages = diceDouble().messages.length;
  tool.onChange(new Event("click"), true);
  // The click resolves at once; the tool ends in a dialog, a notification or a card.
  await vi.waitFor(() => {
    const moved = diceDouble().dialogs.length > dialogs || foundryDouble().notifications.length > notes || diceDouble().messages.length > messages;
    if (!moved) throw new Error("nothing yet");
  });
  await new Promise((r) => setTimeout(r, 20));
}

const notesSince = (n: number): string => foundryDouble().notifications.slice(n).map((x) => x.message).join(" | ");

describe("the Narrator's scene-control group", () => {
  it("the Narrator: a GeneSys group after core's, its pointer the active tool, then every tool of the list as a button", () => {
    const controls = prepared();
    expect(Object.keys(controls)).toEqual(["tokens", "genesys"]);
    const group = ours();
    expect(group).toMatchObject({ name: "genesys", title: "GENESYS.Controls.Group", visible: true, activeTool: "select" });
    const tools = Object.values(group.tools).sort((a, b) => a.order - b.order);
    // The list's order, which other parts extend (hazards, odds…); the six tools this group started with first.
    expect(tools.map((t) => t.name)).toEqual(["select", ...NARRATOR_CONTROL_TOOLS.map((t) => t.name)]);
    expect(tools.slice(1, 7).map((t) => t.name)).toEqual(["time", "request", "contest", "reaction", "recognition", "losingControl"]);
    // The active tool must be one of the group's own non-button tools (v13: foundryvtt/foundryvtt#12803).
    expect(tools[0]?.button).toBeUndefined();
    for (const t of tools.slice(1)) {
      expect(t.button).toBe(true);
      expect(typeof t.onChange).toBe("function");
      expect(t.title).toMatch(/^GENESYS\.Controls\./);
    }
  });

  it("a player: no group at all", async () => {
    const controls = await asPlayer(() => Promise.resolve(prepared()));
    expect(Object.keys(controls)).toEqual(["tokens"]);
  });

  it("v13: the pointer claims nothing more; v14: it says it lets tokens be controlled and interacted with", () => {
    expect(ours().tools["select"]).not.toHaveProperty("control");
    game.release.generation = 14;
    expect(ours().tools["select"]).toMatchObject({ control: true, interaction: true });
    expect(ours().tools["time"]).not.toHaveProperty("control");
  });

  it("Reaction with an unlinked wolf selected: its dialog opens for that token's actor, and the card is posted", async () => {
    const wolf = await createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system });
    const token = placeToken(createScene("Bosco"), wolf);
    const actor: unknown = token.actor;
    if (!(actor instanceof GenesysActor)) throw new Error("no token actor");
    select(actor);
    const answer: ReactionAnswer = { protagonist: "custom", charm: 7, reputation: 0, modifiers: [], otherModifier: 0, recognised: false, hidden: true };
    diceDouble().dialogAnswers.push(answer);
    dice(4);
    const before = diceDouble().messages.length;
    await click("reaction");
    await vi.waitFor(() => {
      expect(diceDouble().messages.length).toBe(before + 1);
    });
    // A hidden reaction is a sealed Narrator-only card: the Narrator's client opens its band.
    const card = sealedCardOf(diceDouble().messages.at(-1) as unknown as Parameters<typeof sealedCardOf>[0]); // the double's message stands in for core's
    if (!card) throw new Error("the reaction card is not sealed");
    expect(JSON.stringify(diceDouble().messages.at(-1))).not.toContain("GENESYS.Tools.Reaction.Band");
    const opened = openBox(card.box, sealContext(diceDouble().messages.at(-1) as unknown as { id: string }, card));
    expect(opened.ok && JSON.stringify(opened.value)).toContain("GENESYS.Tools.Reaction.Band");
  });

  it("Time passes, Request a check: each opens its own dialog; cancelled, nothing is posted", async () => {
    const hero = await createActor({ name: "Alven", type: "character" });
    select(hero);
    const before = diceDouble().messages.length;
    await click("time");
    expect(diceDouble().dialogs.at(-1)?.window?.title).toBe("GENESYS.Time.Dialog.Title");
    await click("request");
    expect(JSON.stringify(diceDouble().dialogs.at(-1))).toContain("GENESYS.Request");
    expect(diceDouble().messages.length).toBe(before);
  });

  it("Contest: nothing selected, or two tokens, is a warning and no dialog; one token without a target names the target", async () => {
    const a = await createActor({ name: "Bill", type: "character" });
    const b = await createActor({ name: "Jack", type: "character" });
    const dialogs = diceDouble().dialogs.length;
    let n = foundryDouble().notifications.length;
    await click("contest");
    expect(notesSince(n)).toContain("GENESYS.Controls.Warn.OneContestant");
    select(a, b);
    n = foundryDouble().notifications.length;
    await click("contest");
    expect(notesSince(n)).toContain("GENESYS.Controls.Warn.OneContestant");
    select(a);
    n = foundryDouble().notifications.length;
    await click("contest");
    expect(notesSince(n)).toContain("GENESYS.Contest.Warn.NoTarget");
    expect(diceDouble().dialogs.length).toBe(dialogs);
  });

  it("an entry another part adds is a button too; if it throws, the click ends in an error notification, not a rejection", async () => {
    const extra: NarratorControlTool = { name: "boom", title: "GENESYS.Controls.Time", icon: "fa-solid fa-bomb", run: () => Promise.reject(new Error("kaputt")) };
    NARRATOR_CONTROL_TOOLS.push(extra);
    try {
      expect(ours().tools["boom"]).toMatchObject({ button: true, order: NARRATOR_CONTROL_TOOLS.length });
      const n = foundryDouble().notifications.length;
      await click("boom");
      expect(foundryDouble().notifications.slice(n)).toContainEqual({ level: "error", message: expect.stringContaining("kaputt") as unknown });
    } finally {
      NARRATOR_CONTROL_TOOLS.splice(NARRATOR_CONTROL_TOOLS.indexOf(extra), 1);
    }
    expectConsole("error", /kaputt/);
  });
});

describe("core's scene controls app (ui.controls) with the group in it", () => {
  it("v13: the group opens and is left again, thanks to its own pointer; a group of buttons only would throw", async () => {
    const app = ui.controls as unknown as SceneControlsDouble; // the double installed by test/setup.ts
    await app.render({ reset: true });
    expect(app.controls["genesys"]?.tools?.["reaction"]?.button).toBe(true);
    await app.activate({ control: "genesys" });
    expect(app.control?.name).toBe("genesys");
    await app.activate({ control: "tokens" });
    expect(app.control?.name).toBe("tokens");
    // What #12803 / #12966 describe, for contrast: no active tool of its own.
    app.controls["buttonsOnly"] = { name: "buttonsOnly", tools: { a: { name: "a", button: true } } };
    await expect(app.activate({ control: "buttonsOnly" })).rejects.toThrow();
  });
});
