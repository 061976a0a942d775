/**
 * The Narrator's hazards end to end on the double: generic damage (§3.1.2 falls, flames, arbitrary damage) on the
 * selected tokens and explosions (§3.2.6) at a template or on a targeted token. Inputs → the card → the actors
 * (unlinked token actors first: their change goes into the token, never the world actor) → Undo per row and Undo all,
 * and the refusals: no selection, a deleted actor, bad heights and formulas, no template, a player's console.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { narratorMacros } from "../../src/macros/narrator-macros.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { openedHazardOf, readHazardCard, renderHazardCard, type HazardCardState } from "../../src/hazards/hazard-card.js";
import { requestHazardUndo } from "../../src/hazards/hazard-chat.js";
import { decorateHazardCard } from "../../src/hazards/hazard-buttons.js";
import type { HazardAnswer } from "../../src/hazards/hazard-dialog.js";
import { asPlayer, foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { createScene, placeToken, type Scene, type TokenDocument } from "../foundry/scenes.js";
import { clearTemplates, placeRegion, placeRegionShapes, placeTemplate } from "../foundry/templates.js";
import { animalOf, createActor } from "../documents/helpers.js";
import { HUMAN, VEST, dice, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const ROOT = path.resolve(import.meta.dirname, "../..");
const WOLF = JSON.parse(fs.readFileSync(path.join(ROOT, "packs/animals/lupo_gnsAnimalWolf001.json"), "utf8")) as { name: string; type: string; system: object };

type Board = { tokens?: { controlled: unknown[] } };
const board = (): Board => (globalThis as unknown as { canvas: Board }).canvas;
const notes = (): string[] => foundryDouble().notifications.map((n) => n.message);
const lastNote = (): string => notes().at(-1) ?? "";

interface Card { id: string; content: string; whisper: string[]; flags: Record<string, Record<string, unknown>> }
/** Hazard cards, open or sealed (a hidden one: chat/sealed-card.ts, kind "hazard"). */
const hazardCards = (): Card[] => (game.messages.contents as unknown as Card[]).filter((m) => m.flags["genesys-gdr"]?.["hazardCard"] !== undefined || (m.flags["genesys-gdr"]?.["sealed"] as { kind?: unknown } | undefined)?.kind === "hazard");
/** Whether a card is sealed: what every client receives holds neither its rows nor its numbers. */
const isSealed = (m: Card): boolean => m.flags["genesys-gdr"]?.["hazardCard"] === undefined;
/** The card as a Narrator's client shows it: an open card's content, a sealed one's state rendered once opened. */
const narratorView = async (m: Card): Promise<string> => (isSealed(m) ? renderHazardCard(stateOf(m)) : m.content);
const lastCard = (): Card => {
  const card = hazardCards().at(-1);
  if (!card) throw new Error("no hazard card");
  return card;
};
const stateOf = (card: Card): HazardCardState => {
  const state = readHazardCard(card.flags["genesys-gdr"]?.["hazardCard"]) ?? openedHazardOf(card as unknown as Parameters<typeof openedHazardOf>[0]); // the double's message stands in for core's
  if (!state) throw new Error("not a hazard card");
  return state;
};

function actorOf(token: TokenDocument): GenesysActor {
  const actor = token.actor as unknown as GenesysActor | null; // the double's token actor is our configured class
  if (!actor) throw new Error("no token actor");
  return actor;
}

/** Selects these tokens as the canvas does: placeables with their actor, name and document. */
function select(...tokens: TokenDocument[]): void {
  board().tokens = { controlled: tokens.map((t) => ({ actor: t.actor, name: actorOf(t).name, document: t })) };
}

/** Targets one token as the current user (game.user.targets holds Token placeables, v13 API User#targets). */
function targetToken(token: TokenDocument): void {
  (game.user as unknown as { targets: Set<unknown> }).targets = new Set([{ document: token, name: actorOf(token).name, actor: token.actor }]);
}

const hero = (name: string, items: object[] = []) => createActor({ name, type: "character", system: { characteristics: { ...HUMAN } }, items });
const counters = (a: GenesysActor) => ({ wounds: a.genesys?.wounds.value ?? -1, fatigue: a.genesys?.fatigue.value ?? -1 });

let scene: Scene;
beforeEach(() => {
  scene = createScene("Rupe");
});
afterEach(async () => {
  delete board().tokens;
  clearTemplates();
  (game.user as unknown as { targets: Set<unknown> }).targets = new Set();
  diceDouble().dialogAnswers.length = 0;
  (game.release as { generation: number }).generation = 13;
  await game.settings.set("genesys-gdr", "stunRule", false);
  await game.settings.set("genesys-gdr", "blastDistance", "floorMetres");
});

describe("§3.1.2 a fall for the selected tokens", () => {
  it("4.5 m jump: 3D6 each; Bill's Destrezza check (17 > 15) takes off 2D6, the unlinked wolf's fails; each row undoes its own", async () => {
    const wolfBase = await createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system });
    const wolfToken = placeToken(scene, wolfBase);
    const bill = await hero("Bill", [VEST]);
    const billToken = placeToken(scene, bill, { actorLink: true, x: 200 });
    const wolf = actorOf(wolfToken);
    select(wolfToken, billToken);
    // The falls first (wolf 3D6 = 6+6+6, Bill 4+4+4), then the checks, posted together (wolf's Destrezza 2D10 = 1+1
    // fails; Bill's 5+5 + 7 = 17 > 15), then Bill's 2D6 off = 3+2.
    dice(6, 6, 6, 4, 4, 4, 1, 1, 5, 5, 3, 2);
    expect(await narratorMacros.genericDamageForSelected({ kind: "fall", height: 4.5, cause: "jump" })).toBe(true);
    const card = lastCard();
    const state = stateOf(card);
    expect(state.kind).toBe("fall");
    expect(state.rows.map((r) => [r.name, r.added])).toEqual([
      [WOLF.name, { wounds: 9, fatigue: 9 }],
      ["Bill", { wounds: 3, fatigue: 4 }],
    ]);
    // Trauma 18 → 9 Ferite + 9 Fatica in the wolf's token; the world wolf is untouched; the vest does not help Bill.
    expect(animalOf(wolf).wounds.value).toBe(9);
    expect(animalOf(wolfBase).wounds.value).toBe(0);
    expect(counters(bill)).toEqual({ wounds: 3, fatigue: 4 });
    expect(card.content).toContain("GENESYS.Hazard.Fall.Title");
    expect(card.content).toContain("GENESYS.Hazard.ArmourIgnored");
    expect(card.content).toContain("GENESYS.Hazard.Fall.Reduction");
    expect(card.content.match(/data-hazard-action="undo"/g)?.length).toBe(2);
    expect(card.content).toContain('data-hazard-action="undoAll"');
    expect(card.whisper).toEqual([]);

    // Undo the wolf's row: only its own change goes.
    const wolfRow = state.rows[0]?.recordId ?? "";
    expect(await requestHazardUndo(card.id, wolfRow)).toBe(true);
    expect(animalOf(wolf).wounds.value).toBe(0);
    expect(counters(bill)).toEqual({ wounds: 3, fatigue: 4 });
    expect(stateOf(lastCard()).rows[0]?.undone).toBe(true);
    expect(lastCard().content).toContain("GENESYS.Hazard.Undone");
    // Undo all: what is left (Bill), once; a second time says it is done.
    expect(await requestHazardUndo(card.id, "all")).toBe(true);
    expect(counters(bill)).toEqual({ wounds: 0, fatigue: 0 });
    expect(await requestHazardUndo(card.id, "all")).toBe(false);
    expect(lastNote()).toContain("GENESYS.Hazard.Warn.AlreadyUndone");
  });

  it("an accident with no check (the Narrator's ruling): 2D6 for 3 m at difficulty 30 is not rolled at all", async () => {
    const bill = await hero("Bill");
    select(placeToken(scene, bill, { actorLink: true }));
    dice(3, 4);
    expect(await narratorMacros.genericDamageForSelected({ kind: "fall", height: 3, cause: "accident", check: false })).toBe(true);
    expect(counters(bill)).toEqual({ wounds: 3, fatigue: 4 });
    expect(lastCard().content).toContain("GENESYS.Hazard.Fall.NoteNoCheck");
    expect(diceDouble().queue).toEqual([]);
  });

  it("refuses a height under 1.5 m, negative, NaN, and an unknown kind of fall: nothing rolled or changed", async () => {
    const bill = await hero("Bill");
    select(placeToken(scene, bill, { actorLink: true }));
    const before = hazardCards().length;
    expect(await narratorMacros.genericDamageForSelected({ kind: "fall", height: 1.4 })).toBe(false);
    expect(lastNote()).toContain("GENESYS.Hazard.Warn.TooLow");
    for (const height of [-3, Number.NaN]) {
      expect(await narratorMacros.genericDamageForSelected({ kind: "fall", height })).toBe(false);
      expect(lastNote()).toContain("GENESYS.Tools.Warn.BadInput");
    }
    expect(await narratorMacros.genericDamageForSelected({ kind: "fall", height: 6, cause: "pushed" })).toBe(false);
    expect(lastNote()).toContain("GENESYS.Tools.Warn.BadInput");
    expect(hazardCards().length).toBe(before);
    expect(counters(bill)).toEqual({ wounds: 0, fatigue: 0 });
  });
});

describe("§3.1.2 flames and an arbitrary damage", () => {
  it("flames: 2D6 wounding less the clothing's 2, armour ignored", async () => {
    const bill = await hero("Bill", [VEST]);
    select(placeToken(scene, bill, { actorLink: true }));
    dice(6, 5);
    expect(await narratorMacros.genericDamageForSelected({ kind: "flames", protection: 2 })).toBe(true);
    expect(counters(bill)).toEqual({ wounds: 9, fatigue: 0 });
    expect(lastCard().content).toContain("GENESYS.Hazard.Flames.Protection");
  });

  it("3D6+2 wounding with armour: 20 less the vest's 15 → 5 Ferite; without armour 20", async () => {
    const bill = await hero("Bill", [VEST]);
    select(placeToken(scene, bill, { actorLink: true }));
    dice(6, 6, 6);
    expect(await narratorMacros.genericDamageForSelected({ kind: "damage", formula: "3D6+2", type: "wounding" })).toBe(true);
    expect(counters(bill)).toEqual({ wounds: 5, fatigue: 0 });
    dice(6, 6, 6);
    expect(await narratorMacros.genericDamageForSelected({ kind: "damage", formula: "3d6+2", type: "wounding", armour: false })).toBe(true);
    expect(counters(bill)).toEqual({ wounds: 25, fatigue: 0 });
  });

  it("a fixed 4 shock, whispered: the card goes to the Narrators; the stun rule offers a Forza check at 4", async () => {
    await game.settings.set("genesys-gdr", "stunRule", true);
    const bill = await hero("Bill");
    select(placeToken(scene, bill, { actorLink: true }));
    expect(await narratorMacros.genericDamageForSelected({ kind: "damage", formula: "4", type: "shock", hidden: true })).toBe(true);
    expect(counters(bill)).toEqual({ wounds: 0, fatigue: 4 });
    expect(lastCard().whisper).toEqual([users().gm.id]);
    expect(stateOf(lastCard()).rows[0]?.stunDifficulty).toBe(4);
    // Hidden: sealed, so what every client receives holds no row; the Narrator's view offers the check.
    expect(isSealed(lastCard())).toBe(true);
    expect(lastCard().content).not.toContain("data-hazard-action");
    expect(await narratorView(lastCard())).toContain('data-hazard-action="stun"');
  });

  it("refuses formulas with other terms, an unknown type, no selection and a deleted actor", async () => {
    const bill = await hero("Bill");
    const token = placeToken(scene, bill, { actorLink: true });
    select(token);
    for (const formula of ["1d6+@strength", "2d20", "3D6*2", "", "1d6+[FOR]"]) {
      expect(await narratorMacros.genericDamageForSelected({ kind: "damage", formula, type: "wounding" })).toBe(false);
      expect(lastNote()).toContain("GENESYS.Tools.Warn.BadInput");
    }
    expect(await narratorMacros.genericDamageForSelected({ kind: "damage", formula: "2D6", type: "fire" })).toBe(false);
    delete board().tokens;
    expect(await narratorMacros.genericDamageForSelected({ kind: "flames" })).toBe(false);
    expect(lastNote()).toContain("GENESYS.Macro.Warn.NoSelection");
    board().tokens = { controlled: [{ actor: null, name: "Orfano", document: token }] };
    expect(await narratorMacros.genericDamageForSelected({ kind: "flames" })).toBe(false);
    expect(lastNote()).toContain("GENESYS.Tools.Warn.NoActor");
    expect(counters(bill)).toEqual({ wounds: 0, fatigue: 0 });
  });

  it("from the dialog: its answer for a fall applies the fall (the flames' and damage's fields are left out)", async () => {
    const bill = await hero("Bill");
    select(placeToken(scene, bill, { actorLink: true }));
    const answer: HazardAnswer = { kind: "fall", height: 3, cause: "accident", check: false, protection: 0, formula: "2D6", type: "trauma", armour: true, hidden: false };
    diceDouble().dialogAnswers.push(answer);
    dice(1, 1);
    expect(await narratorMacros.genericDamageForSelected()).toBe(true);
    expect(counters(bill)).toEqual({ wounds: 1, fatigue: 1 });
  });

  it("a player is refused on his own client, and a player's Undo from the console changes nothing", async () => {
    const bill = await hero("Bill");
    select(placeToken(scene, bill, { actorLink: true }));
    expect(await asPlayer(() => narratorMacros.genericDamageForSelected({ kind: "flames" }))).toBe(false);
    expect(lastNote()).toContain("GENESYS.Tools.Warn.NarratorOnly");
    dice(2, 2);
    expect(await narratorMacros.genericDamageForSelected({ kind: "flames" })).toBe(true);
    const card = lastCard();
    await onClient(users().player, () => requestHazardUndo(card.id, "all"));
    expect(counters(bill)).toEqual({ wounds: 4, fatigue: 0 });
    expect(stateOf(lastCard()).rows[0]?.undone).toBe(false);
  });

  it("the card's buttons are the Narrator's: a player's chat shows the card without them", async () => {
    const bill = await hero("Bill");
    select(placeToken(scene, bill, { actorLink: true }));
    dice(2, 2);
    await narratorMacros.genericDamageForSelected({ kind: "flames" });
    // The stored card as the render hook receives it (the double's messages are plain records).
    const message = lastCard() as unknown as ChatMessage.Implementation;
    // Node has no DOM here: the buttons the card renders, as elements that can be removed, and no listener wanted.
    const count = lastCard().content.match(/data-hazard-action=/g)?.length ?? 0;
    let removed = 0;
    let listened = 0;
    const buttons = Array.from({ length: count }, () => ({ remove: () => { removed++; } }));
    const html = { querySelectorAll: () => buttons, addEventListener: () => { listened++; } } as unknown as HTMLElement;
    expect(await asPlayer(() => Promise.resolve(decorateHazardCard(message, html)))).toBe(true);
    expect([count, removed, listened]).toEqual([1, 1, 0]);
    expect(decorateHazardCard(message, html)).toBe(true);
    expect(listened).toBe(1);
  });
});

describe("§3.2.6 explosions", () => {
  /** Grid 100 px = 1 m; a token's centre is its corner + 50 px. */
  async function field(): Promise<{ bill: GenesysActor; wolf: GenesysActor; far: GenesysActor; billToken: TokenDocument; wolfToken: TokenDocument }> {
    const bill = await hero("Bill", [VEST]);
    const billToken = placeToken(scene, bill, { actorLink: true, x: 0, y: 0 });
    const wolfBase = await createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system });
    const wolfToken = placeToken(scene, wolfBase, { x: 400, y: 0 });
    const farBase = await hero("Lontano");
    const far = actorOf(placeToken(scene, farBase, { x: 900, y: 0 }));
    return { bill, wolf: actorOf(wolfToken), far, billToken, wolfToken };
  }

  it("at a template 0.5 m from Bill: 8D6 = 32; Bill at 0 m (whole metres) 32 − vest 15, the wolf at 3.5 m → 3 m: 20, the far one out of reach", async () => {
    const { bill, wolf, far } = await field();
    placeTemplate(scene, 100, 50);
    dice(4, 4, 4, 4, 4, 4, 4, 4);
    expect(await narratorMacros.explosion({ formula: "8D6" })).toBe(true);
    const state = stateOf(lastCard());
    expect(state.rows.map((r) => [r.name, r.added])).toEqual([
      ["Bill", { wounds: 17, fatigue: 0 }],
      [WOLF.name, { wounds: 20, fatigue: 0 }],
    ]);
    expect(counters(bill)).toEqual({ wounds: 17, fatigue: 0 });
    expect(animalOf(wolf).wounds.value).toBe(20);
    expect(counters(far)).toEqual({ wounds: 0, fatigue: 0 });
    expect(lastCard().content).toContain("3.5 m → 3 m");
    expect(lastCard().content).toContain("−12 → 20");
    expect(await requestHazardUndo(lastCard().id, "all")).toBe(true);
    expect(counters(bill)).toEqual({ wounds: 0, fatigue: 0 });
    expect(animalOf(wolf).wounds.value).toBe(0);
  });

  it("the blast-distance setting drives the measure: exact metres give the wolf 32 − 14 = 18", async () => {
    const { wolf } = await field();
    await game.settings.set("genesys-gdr", "blastDistance", "exact");
    placeTemplate(scene, 100, 50);
    dice(4, 4, 4, 4, 4, 4, 4, 4);
    expect(await narratorMacros.explosion({ formula: "8D6" })).toBe(true);
    expect(animalOf(wolf).wounds.value).toBe(18);
  });

  it("on the targeted token: Bill is the direct target at 0 m, the wolf 4 m from his centre", async () => {
    const { bill, wolf, billToken } = await field();
    targetToken(billToken);
    dice(4, 4, 4, 4, 4, 4, 4, 4);
    expect(await narratorMacros.explosion({ formula: "8D6", at: "target" })).toBe(true);
    expect(counters(bill)).toEqual({ wounds: 17, fatigue: 0 });
    expect(animalOf(wolf).wounds.value).toBe(16);
    expect(lastCard().content).toContain("GENESYS.Hazard.Explosion.OnTarget");
  });

  it("v14: the point is the selected region's circle", async () => {
    const { wolf } = await field();
    (game.release as { generation: number }).generation = 14;
    placeRegion(scene, 400, 50);
    dice(2, 2);
    expect(await narratorMacros.explosion({ formula: "2D6" })).toBe(true);
    expect(animalOf(wolf).wounds.value).toBe(4);
  });

  it("v14: a rotated rectangle's centre, turned about its anchor (180° from a corner at 500,150: the wolf's 400,50)", async () => {
    const { wolf } = await field();
    (game.release as { generation: number }).generation = 14;
    placeRegionShapes(scene, [{ type: "rectangle", x: 500, y: 150, width: 200, height: 200, anchorX: 0, anchorY: 0, rotation: 180 }]);
    dice(2, 2);
    expect(await narratorMacros.explosion({ formula: "2D6" })).toBe(true);
    expect(animalOf(wolf).wounds.value).toBe(4);
  });

  it("v14: a region of two solid shapes has no one centre: the Narrator is told and nobody is harmed", async () => {
    const { wolf } = await field();
    (game.release as { generation: number }).generation = 14;
    placeRegionShapes(scene, [{ type: "circle", x: 400, y: 50, radius: 100 }, { type: "circle", x: 900, y: 50, radius: 100 }]);
    expect(await narratorMacros.explosion({ formula: "2D6" })).toBe(false);
    expect(lastNote()).toContain("GENESYS.Hazard.Warn.NoTemplate");
    expect(animalOf(wolf).wounds.value).toBe(0);
  });

  it("v14: a circle with a hole cut in it is one solid shape; the hole is no blast point", async () => {
    const { wolf } = await field();
    (game.release as { generation: number }).generation = 14;
    placeRegionShapes(scene, [{ type: "circle", x: 900, y: 50, radius: 50, hole: true }, { type: "circle", x: 400, y: 50, radius: 300 }]);
    dice(2, 2);
    expect(await narratorMacros.explosion({ formula: "2D6" })).toBe(true);
    expect(animalOf(wolf).wounds.value).toBe(4);
  });

  it("v14 with no region: a MeasuredTemplate another module still made (dnd5e 5.3) is read as on v13", async () => {
    const { wolf } = await field();
    (game.release as { generation: number }).generation = 14;
    placeTemplate(scene, 400, 50);
    dice(2, 2);
    expect(await narratorMacros.explosion({ formula: "2D6" })).toBe(true);
    expect(animalOf(wolf).wounds.value).toBe(4);
  });

  it("v13 without a selected template: the newest one this Narrator placed", async () => {
    const { wolf } = await field();
    placeTemplate(scene, 400, 50, { controlled: false, authorId: users().gm.id });
    dice(2, 2);
    expect(await narratorMacros.explosion({ formula: "2D6" })).toBe(true);
    expect(animalOf(wolf).wounds.value).toBe(4);
  });

  it("a dodged grenade thrown from 10 m: 1D3 (the D6 5 → 3 m), a card saying where to place the template, nobody harmed", async () => {
    const { bill, wolf, billToken } = await field();
    targetToken(billToken);
    dice(5);
    expect(await narratorMacros.explosion({ formula: "8D6", at: "target", dodged: true, throwerDistance: 10 })).toBe(true);
    const state = stateOf(lastCard());
    expect(state.kind).toBe("landing");
    expect(state.dice).toEqual({ values: [5], sum: 3, label: "1D3" });
    expect(state.rows).toEqual([]);
    expect(lastCard().content).toContain("GENESYS.Hazard.Landing.Place");
    expect(counters(bill)).toEqual({ wounds: 0, fatigue: 0 });
    expect(animalOf(wolf).wounds.value).toBe(0);
    // From 20 m it is 1D6.
    dice(5);
    await narratorMacros.explosion({ formula: "8D6", at: "target", dodged: true, throwerDistance: 20 });
    expect(stateOf(lastCard()).dice).toEqual({ values: [5], sum: 5, label: "1D6" });
  });

  it("refuses no template, no or two targets, a bad formula, dodging at a template, a player", async () => {
    const { bill, billToken, wolfToken } = await field();
    const before = hazardCards().length;
    expect(await narratorMacros.explosion({ formula: "8D6" })).toBe(false);
    expect(lastNote()).toContain("GENESYS.Hazard.Warn.NoTemplate");
    expect(await narratorMacros.explosion({ formula: "8D6", at: "target" })).toBe(false);
    expect(lastNote()).toContain("GENESYS.Hazard.Warn.OneTarget");
    (game.user as unknown as { targets: Set<unknown> }).targets = new Set([{ document: billToken, name: "Bill" }, { document: wolfToken, name: "Lupo" }]);
    expect(await narratorMacros.explosion({ formula: "8D6", at: "target" })).toBe(false);
    expect(lastNote()).toContain("GENESYS.Hazard.Warn.OneTarget");
    placeTemplate(scene, 100, 50);
    expect(await narratorMacros.explosion({ formula: "8D6; 1d100" })).toBe(false);
    expect(lastNote()).toContain("GENESYS.Tools.Warn.BadInput");
    expect(await narratorMacros.explosion({ formula: "8D6", dodged: true, throwerDistance: 5 })).toBe(false);
    expect(lastNote()).toContain("GENESYS.Tools.Warn.BadInput");
    expect(await asPlayer(() => narratorMacros.explosion({ formula: "8D6" }))).toBe(false);
    expect(lastNote()).toContain("GENESYS.Tools.Warn.NarratorOnly");
    expect(hazardCards().length).toBe(before);
    expect(counters(bill)).toEqual({ wounds: 0, fatigue: 0 });
  });
});
