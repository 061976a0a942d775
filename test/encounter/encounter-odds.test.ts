/**
 * Issue 13 "Encounter odds" on the double: combatants read from world and unlinked token actors (the pack's wolf, a
 * Protagonista with a pistol and a vest), the sides split by disposition, the warnings for who is left out, the run in
 * slices (to 100 %, equal to simulateEncounter for the seed, cancellable), the Narrator-only refusals and the card
 * whispered to the Narrators with the numbers of the results.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { openEncounterOddsDialog, oddsDialogContext, settingsFromForm } from "../../src/encounter/encounter-odds-dialog.js";
import { encounterFighterOf } from "../../src/encounter/encounter-fighter.js";
import { encounterLineup, encounterOdds, sideNames } from "../../src/encounter/encounter-odds.js";
import { combatEntries, lineupOf, selectedEntries, type EncounterLineup } from "../../src/encounter/encounter-sides.js";
import { ODDS_CARD_TEMPLATE, oddsCardContext, postOddsCard } from "../../src/encounter/odds-card.js";
import { applySettings, defaultSettings, OddsSession } from "../../src/encounter/odds-session.js";
import { shareView } from "../../src/encounter/odds-view.js";
import { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import { GenesysCombatTracker } from "../../src/combat/combat-tracker.js";
import { NARRATOR_CONTROL_TOOLS } from "../../src/applications/scene-controls.js";
import { ElementDouble } from "../foundry/sheets.js";
import { press } from "../applications/press-action.js";
import { animalFighter } from "../../src/rules/sim/fighter.js";
import { simulateEncounter } from "../../src/rules/sim/encounter.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { createScene, placeToken, type TokenDocument } from "../foundry/scenes.js";
import { createActor } from "../documents/helpers.js";
import { HUMAN, PISTOL, VEST, skill, useCardWorld } from "../attack/helpers.js";
import { bootCombat } from "../combat/helpers.js";

useCardWorld();
beforeAll(async () => {
  await bootCombat();
});

const ROOT = path.resolve(import.meta.dirname, "../..");
const WOLF = JSON.parse(fs.readFileSync(path.join(ROOT, "packs/animals/lupo_gnsAnimalWolf001.json"), "utf8")) as { name: string; type: string; system: object };
const FRIENDLY = 1;
const NEUTRAL = 0;
const HOSTILE = -1;
const SECRET = -2;

const localize = (key: string): string => key;

function tokenActor(token: TokenDocument): GenesysActor {
  const actor: unknown = token.actor;
  if (!(actor instanceof GenesysActor)) throw new Error("no token actor");
  return actor as GenesysActor; // checked just above
}

/** Selects these tokens as canvas placeables (their document carries the disposition). */
function select(...tokens: (TokenDocument | { orphan: string })[]): void {
  const c = (globalThis as unknown as { canvas: { tokens?: { controlled: object[] } } }).canvas;
  c.tokens = {
    controlled: tokens.map((t) => ("orphan" in t ? { name: t.orphan, actor: null, document: { disposition: HOSTILE } } : { name: t.name, actor: t.actor, document: t })),
  };
}

afterEach(() => {
  const c = (globalThis as unknown as { canvas: { tokens?: unknown } }).canvas;
  delete c.tokens;
});

const notesSince = (n: number): string => foundryDouble().notifications.slice(n).map((x) => x.message).join(" | ");
const mark = (): number => diceDouble().messages.length;
const newMessages = (before: number) => diceDouble().messages.slice(before) as unknown as { content: string; whisper: string[] }[];

const hero = (name = "Jack Quade", system: object = {}) =>
  createActor({ name, type: "character", system: { characteristics: HUMAN, ...system }, items: [skill("Pistola", 12), skill("Schivare", 9), PISTOL, VEST] });
const wolfActor = () => createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system });

/** Jack (friendly, linked) against two unlinked wolves of the same world actor, on one scene. */
async function forest() {
  const scene = createScene("Bosco");
  const jack = await hero();
  const wolf = await wolfActor();
  const jackToken = placeToken(scene, jack, { actorLink: true, disposition: FRIENDLY });
  const wolfA = placeToken(scene, wolf, { disposition: HOSTILE });
  const wolfB = placeToken(scene, wolf, { disposition: SECRET, delta: { system: { wounds: { value: 4 } } } });
  return { scene, jack, wolf, jackToken, wolfA, wolfB };
}

describe("combatants read from actors", () => {
  it("an unlinked wolf from the pack fights with its printed values and its own wounds", async () => {
    const { wolf, wolfB } = await forest();
    const reading = encounterFighterOf(tokenActor(wolfB), "w", localize);
    if (!reading.ok) throw new Error(reading.reason);
    // The book's wolf (the defence the book lost, 12 in the pack, A-31) with the token's 4 Ferite.
    const book = animalFighter("w", "wolf", { defenceGrade: 12, wounds: 4 });
    const { name: _bookName, attacks: bookAttacks, ...bookStats } = book;
    const { name, attacks, armour, fatigue, ...stats } = reading.fighter;
    expect(name).toBe("Lupo");
    expect(stats).toEqual(bookStats);
    expect(armour).toBe(0);
    expect(fatigue).toBe(0);
    expect(attacks).toHaveLength(1);
    expect({ ...attacks[0], name: "" }).toEqual({ ...bookAttacks[0], name: "" });
    // The world wolf is unhurt.
    const world = encounterFighterOf(wolf, "world", localize);
    expect(world.ok && world.fighter.wounds).toBe(0);
  });

  it("a Protagonista: the pistol with its skill, bare hands on Destrezza, Schivare, the vest, current Ferite and Fatica", async () => {
    const jack = await hero("Jack", { wounds: { value: 3 }, fatigue: { value: 2, deprivation: 0 } });
    const reading = encounterFighterOf(jack, jack.uuid, localize);
    if (!reading.ok) throw new Error(reading.reason);
    expect(reading.fighter).toMatchObject({ id: jack.uuid, name: "Jack", strength: 7, dexterity: 7, armour: 15, defenceGrade: 9, wounds: 3, fatigue: 2 });
    expect(reading.fighter.attacks).toEqual([
      { name: "Pistola", grade: 12, damage: { dice: 4, faces: 6, strengthBonus: null, flat: 0, type: "wounding" }, kind: "ranged", rangeMetres: 600, minStrength: 0, shots: 12, reload: 0, maxAttacks: 1 },
      { name: "GENESYS.Odds.BareHands", grade: 7, damage: "unarmed", kind: "melee" },
    ]);
  });

  it("leaves out a weapon whose skill the actor lacks, and says why an actor cannot fight", async () => {
    const unskilled = await createActor({ name: "Oste", type: "npc", system: { characteristics: HUMAN }, items: [PISTOL] });
    const reading = encounterFighterOf(unskilled, "o", localize);
    expect(reading.ok && reading.fighter.attacks.map((a) => a.damage)).toEqual(["unarmed"]);
    const fallen = await hero("Caduto", { wounds: { value: 30 } });
    expect(encounterFighterOf(fallen, "f", localize)).toEqual({ ok: false, reason: "down" });
    const cat = await createActor({ name: "Gatto", type: "animal", system: { attack: { grade: 10, defence: null } } });
    expect(encounterFighterOf(cat, "c", localize)).toEqual({ ok: false, reason: "noDefence" });
  });
});

describe("the sides", () => {
  it("splits the selection by disposition: friendly the party, hostile and secret the foes, neutral and orphans left out and named", async () => {
    const { scene, wolfA, wolfB, jackToken } = await forest();
    const bystander = await createActor({ name: "Passante", type: "npc", system: { characteristics: HUMAN } });
    const neutral = placeToken(scene, bystander, { disposition: NEUTRAL });
    select(jackToken, wolfA, wolfB, neutral, { orphan: "Fantasma" }, jackToken);
    const notes = foundryDouble().notifications.length;
    const lineup = encounterLineup("selection");
    if (!lineup) throw new Error("no lineup");
    expect(lineup.party.map((m) => m.actor.name)).toEqual(["Jack Quade"]);
    expect(lineup.foes.map((m) => m.actor)).toEqual([tokenActor(wolfA), tokenActor(wolfB)]);
    // Two wolves of one world actor are two combatants.
    expect(new Set(lineup.foes.map((m) => m.fighter.id)).size).toBe(2);
    const said = notesSince(notes);
    expect(said).toContain("GENESYS.Odds.Left.neutral");
    expect(said).toContain("Passante");
    expect(said).toContain("GENESYS.Odds.Left.noActor");
    expect(said).toContain("Fantasma");
  });

  it("reads a combat's combatants (token combatants, the unlinked wolves' own actors)", async () => {
    const { scene, jackToken, wolfA, wolfB } = await forest();
    type CombatFactory = { create(data?: object): Promise<{ id: string; combatants: { contents: object[] }; createEmbeddedDocuments(n: string, d: object[]): Promise<unknown> }> };
    const combat = await (CONFIG.Combat.documentClass as unknown as CombatFactory).create(); // the double's Combat, created as core does
    await combat.createEmbeddedDocuments("Combatant", [jackToken, wolfA, wolfB].map((t) => ({ actorId: t.actorId, sceneId: scene.id, tokenId: t.id })));
    const lineup = lineupOf(combatEntries(combat), localize);
    expect(lineup.party.map((m) => m.actor.name)).toEqual(["Jack Quade"]);
    expect(lineup.foes.map((m) => m.actor)).toEqual([tokenActor(wolfA), tokenActor(wolfB)]);
    expect(lineup.foes[1]?.fighter.wounds).toBe(4);
  });

  it("warns, runs nothing and posts nothing on bad input", async () => {
    const { jackToken } = await forest();
    const before = mark();
    const notes = foundryDouble().notifications.length;
    expect(await encounterOdds({ from: "selection", prompt: false })).toBeNull();
    select(jackToken);
    expect(await encounterOdds({ prompt: false })).toBeNull();
    expect(await encounterOdds({ from: "combat-that-is-not", prompt: false })).toBeNull();
    expect(await encounterOdds({ prompt: false, fights: 0 })).toBeNull();
    expect(await encounterOdds({ prompt: false, seed: -1 })).toBeNull();
    expect(await encounterOdds({ prompt: false, targeting: ["everyone", "spread"] })).toBeNull();
    expect(await encounterOdds("all" as never)).toBeNull(); // a macro's wrong argument
    const said = notesSince(notes);
    for (const key of ["Odds.Warn.NoTokens", "Odds.Warn.TwoSides", "Odds.Warn.NoCombat", "Odds.Warn.BadRequest"]) expect(said).toContain(`GENESYS.${key}`);
    expect(said).toContain('"field":"fights"');
    expect(said).toContain('"field":"seed"');
    expect(said).toContain('"field":"targeting"');
    expect(mark()).toBe(before);
  });
});

async function jackAndWolves(): Promise<EncounterLineup> {
  const { jackToken, wolfA, wolfB } = await forest();
  const lineup = lineupOf(
    [jackToken, wolfA, wolfB].map((t) => ({ name: t.name, actor: t.actor, disposition: t.disposition })),
    localize,
  );
  return lineup;
}

describe("the run", () => {
  it("goes by slices to 100 % and gives simulateEncounter's results for the same seed", async () => {
    const session = new OddsSession(await jackAndWolves(), sideNames(), defaultSettings(12345));
    const seen: number[] = [];
    const results = await session.run({ onProgress: (done) => seen.push(done) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(10_000);
    expect(session.state).toBe("done");
    expect(results).toEqual(simulateEncounter(session.setup(), 12345, 10_000));
    expect(results?.fights).toBe(10_000);
  });

  it("Cancel stops it: no results, the fights done so far fewer than asked", async () => {
    const session = new OddsSession(await jackAndWolves(), sideNames(), { ...defaultSettings(7), fights: 200_000 });
    const results = await session.run({
      onProgress: () => {
        session.cancel();
      },
    });
    expect(results).toBeNull();
    expect(session.state).toBe("cancelled");
    expect(session.done).toBeLessThan(200_000);
    expect(session.results).toBeNull();
  });

  it("the API's run without the dialog is reproducible by seed; a fight nobody can win stops at the round limit and says so", async () => {
    const { jackToken, wolfA } = await forest();
    select(jackToken, wolfA);
    const a = await encounterOdds({ prompt: false, seed: 99, fights: 500 });
    const b = await game.genesys.encounterOdds({ prompt: false, seed: 99, fights: 500 });
    expect(a).not.toBeNull();
    expect(b).toEqual(a);
    // Two unarmed Comparse in heavy armour cannot hurt each other.
    const tank = (name: string) => createActor({ name, type: "npc", system: { characteristics: HUMAN }, items: [{ ...VEST, system: { ...VEST.system, defence: 40, minStrength: 0 } }] });
    const scene = createScene("Arena");
    select(placeToken(scene, await tank("A"), { disposition: FRIENDLY }), placeToken(scene, await tank("B"), { disposition: HOSTILE }));
    const stuck = await encounterOdds({ prompt: false, seed: 1, fights: 20, roundLimit: 5 });
    expect(stuck?.stoppedAtRoundLimit.count).toBe(20);
    if (!stuck) throw new Error("no results");
    const html = await foundry.applications.handlebars.renderTemplate(ODDS_CARD_TEMPLATE, { ...oddsCardContext(stuck, game.i18n) });
    expect(html).toContain('data-odds="stopped"');
    expect(html).toContain('GENESYS.Odds.Stopped {&quot;count&quot;:&quot;20&quot;,&quot;limit&quot;:&quot;5&quot;}');
  });
});

describe("Narrators only, and the card", () => {
  it("a player is refused everywhere: the API, the dialog, the card; nothing posted", async () => {
    const { jackToken, wolfA } = await forest();
    select(jackToken, wolfA);
    const before = mark();
    const notes = foundryDouble().notifications.length;
    const player = users().player;
    expect(await onClient(player, () => encounterOdds({ prompt: false, fights: 10 }))).toBeNull();
    expect(await onClient(player, () => game.genesys.encounterOdds({ prompt: false, fights: 10 }))).toBeNull();
    expect(await onClient(player, () => game.genesys.macros.encounterOddsForSelected())).toBe(false);
    const lineup = await jackAndWolves();
    const session = new OddsSession(lineup, sideNames(), { ...defaultSettings(3), fights: 10 });
    expect(await onClient(player, () => openEncounterOddsDialog(session))).toBeNull();
    const results = await session.run();
    if (!results) throw new Error("no results");
    expect(await onClient(player, () => postOddsCard(results))).toBeNull();
    expect(notesSince(notes)).toContain("GENESYS.Odds.Warn.NarratorOnly");
    expect(mark()).toBe(before);
  });

  it("the card is whispered to the Narrators and shows the results' numbers", async () => {
    const { jackToken, wolfA, wolfB } = await forest();
    select(jackToken, wolfA, wolfB);
    const before = mark();
    const results = await encounterOdds({ prompt: false, post: true, seed: 2024, fights: 2000 });
    if (!results) throw new Error("no results");
    const [card, ...more] = newMessages(before);
    expect(more).toEqual([]);
    expect(card?.whisper).toEqual([users().gm.id]);
    const content = card?.content ?? "";
    for (const side of results.sides) expect(content).toContain(`<strong data-odds="wins">${shareView(side.wins).text}</strong> <span class="genesys-odds__interval">${shareView(side.wins).interval}</span>`);
    expect(content).toContain(`<strong data-odds="anyDown">${shareView(results.sides[0].anyDown).text}</strong>`);
    expect(content).toContain(`<strong data-odds="anyDead">${shareView(results.sides[0].anyDead).text}</strong>`);
    expect(content).toContain(`<strong data-odds="rounds">${results.rounds.mean.toFixed(1)}</strong>`);
    // The count in the world's language (the double's: "en", 2,000).
    expect(content).toContain(`GENESYS.Odds.Meta {&quot;fights&quot;:&quot;${(2000).toLocaleString(game.i18n.lang)}&quot;}`);
    // Who wins is said, not left to the reader; no seed on the card (the dialog has its field).
    expect(content).toContain('<span class="genesys-odds__wins-label">GENESYS.Odds.Wins</span>');
    expect(content.match(/data-odds-fighter=/g)).toHaveLength(3);
    for (const f of results.fighters) expect(content).toContain(`<td>${f.name}</td><td>${shareView(f.collapsed).text}</td><td>${shareView(f.dead).text}</td>`);
    expect(content).not.toContain('data-odds="stopped"');
  });

  it("the dialog opens for the Narrator with the sides and settings, and shows the results after a run", async () => {
    const session = new OddsSession(await jackAndWolves(), sideNames(), { ...defaultSettings(5), fights: 300 });
    const dialog = await openEncounterOddsDialog(session);
    // The double's render() records the context it prepared (test/foundry/sheets.ts).
    const rendered = dialog as unknown as { renders: { sides: { members: string[] }[]; fights: number; seed: number; results: unknown }[] } | null;
    const first = rendered?.renders[0];
    expect(first?.sides.map((s) => s.members)).toEqual([["Jack Quade"], ["Lupo", "Lupo"]]);
    expect(first).toMatchObject({ fights: 300, seed: 5, results: null });
    await session.run();
    const html = await foundry.applications.handlebars.renderTemplate("systems/genesys-gdr/templates/dialogs/encounter-odds-dialog.hbs", { ...oddsDialogContext(session, game.i18n) });
    expect(html).toContain('data-action="oddsPost"');
    expect(html.match(/data-odds-fighter=/g)).toHaveLength(3);
    expect(html).toContain('name="seed" min="0" step="1" value="5"');
  });

  it("reads the form: empty distance ignores range, numbers checked, the first bad field named", () => {
    const base = defaultSettings(1);
    const raw = settingsFromForm({ "targeting.0": "spread", "targeting.1": "focusWeakest", "defence.0": "whenHurt", "defence.1": "never", distance: "", fights: "5000", seed: "42", roundLimit: "30" });
    const applied = applySettings(base, raw);
    expect(applied).toEqual({ ok: true, settings: { policies: [{ targeting: "spread", defence: "whenHurt" }, { targeting: "focusWeakest", defence: "never" }], distanceMetres: null, fights: 5000, seed: 42, roundLimit: 30 } });
    expect(applySettings(base, settingsFromForm({ distance: "12", fights: "1.5" }))).toEqual({ ok: false, field: "fights" });
    expect(applySettings(base, settingsFromForm({ distance: "dieci" }))).toEqual({ ok: false, field: "distance" });
    const far = applySettings(base, settingsFromForm({ distance: "12" }));
    expect(far.ok && far.settings.distanceMetres).toBe(12);
  });
});

it("selectedEntries reads nothing when no canvas layer exists", () => {
  expect(selectedEntries()).toEqual([]);
});

describe("the entry points", () => {
  it("the tracker's button reads its combat; the scene control reads the selection; a player gets the Narrator-only warning", async () => {
    const { scene, jackToken, wolfA } = await forest();
    type CombatFactory = { create(data?: object): Promise<GenesysCombat> };
    const combat = await (CONFIG.Combat.documentClass as unknown as CombatFactory).create(); // the double's Combat, as core creates it
    await combat.createEmbeddedDocuments("Combatant", [jackToken, wolfA].map((t) => ({ actorId: t.actorId, sceneId: scene.id, tokenId: t.id })));
    const tracker = new GenesysCombatTracker();
    (tracker as unknown as { viewed: GenesysCombat }).viewed = combat; // v13's viewed combat, which the double lets a test set
    const notes = foundryDouble().notifications.length;
    await press(tracker, GenesysCombatTracker, "genesysEncounterOdds", new ElementDouble({ action: "genesysEncounterOdds" }));
    select(jackToken, wolfA);
    const tool = NARRATOR_CONTROL_TOOLS.find((t) => t.name === "encounterOdds");
    await tool?.run();
    expect(notesSince(notes)).toBe("");
    await onClient(users().player, () => press(tracker, GenesysCombatTracker, "genesysEncounterOdds", new ElementDouble({ action: "genesysEncounterOdds" })));
    await onClient(users().player, async () => tool?.run());
    expect(notesSince(notes).match(/GENESYS\.Odds\.Warn\.NarratorOnly/g)).toHaveLength(2);
    // The tracker's template draws the button only when the Narrator's label is given.
    const withButton = await foundry.applications.handlebars.renderTemplate("systems/genesys-gdr/templates/combat/tracker.hbs", { rows: [], encounterOdds: "Odds" });
    const without = await foundry.applications.handlebars.renderTemplate("systems/genesys-gdr/templates/combat/tracker.hbs", { rows: [], encounterOdds: null });
    expect(withButton).toContain('data-action="genesysEncounterOdds"');
    expect(without).not.toContain("genesysEncounterOdds");
  });
});

describe("shares as the user's language writes percents (issue 21)", () => {
  const share = { p: 0.7249, low: 0.7051, high: 0.7436, count: 1450, of: 2000 };
  it("whole percents, the interval with its own signs, no '72 %' in English", () => {
    expect(shareView(share, "en")).toMatchObject({ text: "72%", interval: "71%–74%" });
    expect(shareView(share, "it")).toMatchObject({ text: "72%", interval: "71%–74%" });
    // A language that spaces its percent sign gets its own (French: a no-break space, whichever ICU picks).
    expect(shareView(share, "fr").text).toMatch(/^72\s%$/u);
  });
});
