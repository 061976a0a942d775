/**
 * The Narrator's chapter 3 tools end to end on the double: NPC reaction (§3.1.3), recognition (§3.1.4) and losing
 * control (§3.1.6), from the selected tokens (unlinked token actors), an Extra's sheet and the API; the dialog's answer
 * → the card → the actors (which none of the three changes, so there is nothing to undo) and the refusals.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { narratorMacros } from "../../src/macros/narrator-macros.js";
import { rollNpcReaction } from "../../src/tools/npc-reaction.js";
import { rollLosingControl } from "../../src/tools/losing-control.js";
import { onNpcReaction } from "../../src/applications/sheets/reaction-action.js";
import type { ReactionAnswer } from "../../src/tools/reaction-dialog.js";
import { decorateSealedCard, sealedCardOf } from "../../src/chat/sealed-card.js";
import type { ChatMessage } from "../foundry/chat.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { TokenDouble } from "../foundry/chat.js";
import { onClient } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { createScene, placeToken, type TokenDocument } from "../foundry/scenes.js";
import { createActor } from "../documents/helpers.js";
import { HUMAN, dice, npc, targetActors, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const ROOT = path.resolve(import.meta.dirname, "../..");
const WOLF = JSON.parse(fs.readFileSync(path.join(ROOT, "packs/animals/lupo_gnsAnimalWolf001.json"), "utf8")) as { name: string; type: string; system: object };

type Selectable = GenesysActor | null;
function select(...actors: Selectable[]): void {
  const c = (globalThis as unknown as { canvas: { tokens?: { controlled: TokenDouble[] } } }).canvas;
  c.tokens = { controlled: actors.map((a) => new TokenDouble(a, a?.name ?? "Orfano")) };
}

afterEach(() => {
  const c = (globalThis as unknown as { canvas: { tokens?: unknown } }).canvas;
  delete c.tokens;
  targetActors();
  diceDouble().dialogAnswers.length = 0;
});

function tokenActor(token: TokenDocument): GenesysActor {
  const actor: unknown = token.actor;
  const ours: GenesysActor | null = actor instanceof GenesysActor ? actor : null;
  if (!ours) throw new Error("no token actor");
  return ours;
}

/** An unlinked wolf on a scene: its own actor lives in the token. */
async function wolfToken(): Promise<{ wolf: GenesysActor; token: TokenDocument; actor: GenesysActor }> {
  const wolf = await createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system });
  const token = placeToken(createScene("Bosco"), wolf);
  return { wolf, token, actor: tokenActor(token) };
}

const hero = (name: string, system: object = {}, items: object[] = []) =>
  createActor({ name, type: "character", system: { characteristics: { ...HUMAN, charm: 8 }, ...system }, items });

const notesSince = (n: number): string => foundryDouble().notifications.slice(n).map((x) => x.message).join(" | ");
/** Every message posted (roll cards too: the double's Roll#toMessage records them here, not in game.messages). */
const mark = (): number => diceDouble().messages.length;
type Posted = { content: string; whisper: string[]; rolls: { total: number }[]; sealed: boolean; raw: string };
/**
 * The messages posted since `before`, each as the Narrator's client shows it: a sealed Narrator-only card opened in
 * place of its placeholder (`raw` is what every client receives).
 */
async function newMessages(before: number): Promise<Posted[]> {
  const out: Posted[] = [];
  for (const m of diceDouble().messages.slice(before) as unknown as (ChatMessage & { content: string; whisper: string[]; rolls: { total: number }[] })[]) {
    const raw = JSON.stringify({ content: m.content, flags: m.flags, rolls: m.rolls });
    const sealed = sealedCardOf(m as unknown as Parameters<typeof sealedCardOf>[0]) !== null; // the double's message stands in for core's
    let content = m.content;
    if (sealed) {
      const element = { innerHTML: m.content, addEventListener: () => undefined };
      const html = { querySelector: (selector: string) => (selector === ".message-content" ? element : null) } as unknown as HTMLElement;
      await decorateSealedCard(m as unknown as Parameters<typeof decorateSealedCard>[0], html);
      content = element.innerHTML;
    }
    out.push({ content, whisper: m.whisper, rolls: m.rolls, sealed, raw });
  }
  return out;
}
const snapshot = (...actors: GenesysActor[]) => JSON.stringify(actors.map((a) => a.toObject()));

function reactionAnswer(over: Partial<ReactionAnswer>): ReactionAnswer {
  return { protagonist: "custom", charm: 7, reputation: 0, modifiers: [], otherModifier: 0, recognised: false, hidden: true, ...over };
}

describe("Narrator-only cards are sealed (issue 19)", () => {
  it("a reaction card's box has one length whatever the names and the band; only a player's names travel beside it", async () => {
    const lengths: number[] = [];
    const tables: string[][] = [];
    const labels: string[] = [];
    for (const [name, die] of [["Alven", 1], [`Alven${"\u200b".repeat(3000)}`, 6], ["Bo", 3]] as const) {
      const extra = await npc("Comparsa");
      // The player's own character, named as he likes.
      const pc = await createActor({ name, type: "character", system: { characteristics: { ...HUMAN, charm: 7 } }, ownership: { default: 0, [users().player.id]: 3 } });
      dice(die);
      const message = await rollNpcReaction(extra, { protagonist: { actor: pc }, hidden: true });
      if (!message) throw new Error("no reaction card");
      const card = sealedCardOf(message);
      if (!card) throw new Error(`no sealed card for ${name}`);
      lengths.push(card.box.data.length);
      tables.push(card.box.strings);
      labels.push(card.label);
    }
    expect(new Set(lengths).size).toBe(1);
    // The NPC's name stays inside; the player's goes beside the box (but a two-letter one, which would only grow it).
    expect(tables).toEqual([["Alven"], [`Alven${"\u200b".repeat(3000)}`], []]);
    expect(new Set(labels)).toEqual(new Set(["GENESYS.Seal.NarratorCardLabel"]));
  });
});

describe("blind losing control says nothing by its messages (hostile review, issue 19)", () => {
  it("an immune character's blind check posts what anyone's does: a sealed check, then a sealed card", async () => {
    const count = (): number => game.messages.contents.length;
    const brave = await npc("Impavido", { items: [{ name: "Impavido", type: "trait", system: { immunities: ["fear"] } }] });
    const scared = await npc("Pauroso");
    dice(5, 5);
    const a = count();
    expect(await rollLosingControl(brave, { cause: "fear", difficulty: 25, blind: true })).not.toBeNull();
    const immune = game.messages.contents.slice(a);
    dice(5, 5);
    const b = count();
    expect(await rollLosingControl(scared, { cause: "fear", difficulty: 25, blind: true })).not.toBeNull();
    const checked = game.messages.contents.slice(b);
    expect(immune.length).toBe(2);
    expect(checked.length).toBe(2);
    expect(immune.map((m) => sealedCardOf(m)?.kind)).toEqual(checked.map((m) => sealedCardOf(m)?.kind));
  });
});

describe("§3.1.3 NPC reaction", () => {
  it("an unlinked wolf meets Alven (Fascino 8): 1D6 4 + 8 − 4 = 8, Bad; whispered to the Narrator; no actor changes", async () => {
    const { wolf, token, actor } = await wolfToken();
    const alven = await hero("Alven", { reputation: 14 });
    select(actor);
    const before = mark();
    const unchanged = snapshot(wolf, actor, alven);
    const delta = JSON.stringify(token.delta);
    // The dialog's answer: Alven chosen, "recognised" ticked (which an animal ignores).
    diceDouble().dialogAnswers.push(reactionAnswer({ protagonist: alven.uuid, recognised: true }));
    dice(4);
    expect(await narratorMacros.reactionForSelected()).toBe(1);
    const [card] = (await newMessages(before));
    expect(card?.content).toContain("GENESYS.Tools.Reaction.Band.bad");
    expect(card?.content).toContain("GENESYS.Tools.Reaction.Modifier.animalIntelligence");
    expect(card?.content).not.toContain("GENESYS.Tools.Reaction.Reputation");
    expect(card?.content).toMatch(/<strong>8<\/strong>/);
    // Sealed: what every client receives carries no roll, no band, no total; only the Narrator's client opens it.
    expect(card?.sealed).toBe(true);
    expect(card?.rolls).toEqual([]);
    expect(card?.raw).not.toMatch(/Band|<strong>8<\/strong>|animalIntelligence/);
    expect(card?.whisper).toEqual([users().gm.id]);
    expect(snapshot(wolf, actor, alven)).toBe(unchanged);
    expect(JSON.stringify(token.delta)).toBe(delta);
    // The dialog offered Alven by name, Fascino and Reputazione.
    expect(diceDouble().dialogs.at(-1)?.content).toContain(alven.uuid);
  });

  it("a Comparsa who recognised a hero of Reputazione 14, similar culture: 6 + 7 + 1 + 2 = 16, Excellent, for all to see", async () => {
    const oste = await npc("Oste");
    const jb = await hero("J.B.", { reputation: 14, characteristics: HUMAN });
    select(oste);
    const before = mark();
    dice(6);
    expect(await narratorMacros.reactionForSelected({ protagonist: jb.uuid, modifiers: ["similarCulture"], recognised: true, hidden: false })).toBe(1);
    const [card] = (await newMessages(before));
    expect(card?.content).toContain("GENESYS.Tools.Reaction.Band.excellent");
    expect(card?.content).toContain("GENESYS.Tools.Reaction.Reputation");
    expect(card?.content).toMatch(/<strong>16<\/strong>/);
    expect(card?.whisper).toEqual([]);
  });

  it("from the Comparsa's sheet: the sheet's actor (an unlinked token's own) reacts to typed numbers", async () => {
    const { actor } = await wolfToken();
    const before = mark();
    diceDouble().dialogAnswers.push(reactionAnswer({ charm: 10, modifiers: ["muchInCommon"] }));
    dice(3);
    await onNpcReaction.call({ document: actor }, new Event("click") as PointerEvent, {} as HTMLElement);
    const [card] = (await newMessages(before));
    // 10 + 3 − 4 + 2 = 11: Neutral.
    expect(card?.content).toContain("GENESYS.Tools.Reaction.Band.neutral");
    expect(card?.content).toMatch(/<strong>11<\/strong>/);
  });

  it("refuses with a warning, rolling nothing: no selection, a deleted actor's token, a Protagonist selected, a bad key, a player", async () => {
    const jack = await hero("Jack");
    const oste = await npc("Oste");
    const before = mark();
    const rolled = diceDouble().evaluations.length;
    const notes = foundryDouble().notifications.length;
    expect(await narratorMacros.reactionForSelected({ charm: 7 })).toBe(0);
    select(null);
    expect(await narratorMacros.reactionForSelected({ charm: 7 })).toBe(0);
    select(jack);
    expect(await narratorMacros.reactionForSelected({ charm: 7 })).toBe(0);
    select(oste);
    expect(await narratorMacros.reactionForSelected({ charm: 7, modifiers: ["bribe"] })).toBe(0);
    expect(await narratorMacros.reactionForSelected({})).toBe(0);
    expect(await onClient(users().player, () => narratorMacros.reactionForSelected({ charm: 7 }))).toBe(0);
    const said = notesSince(notes);
    for (const key of ["Macro.Warn.NoSelection", "Tools.Warn.NoActor", "Tools.Warn.NotAnExtra", "Tools.Warn.BadInput", "Tools.Warn.NoProtagonist", "Tools.Warn.NarratorOnly"]) expect(said).toContain(`GENESYS.${key}`);
    expect(mark()).toBe(before);
    expect(diceDouble().evaluations.length).toBe(rolled);
  });
});

describe("§3.1.4 recognition", () => {
  it("Fama 9 far from home: 2D6 3+3 + 2 = 8 ≤ 9, recognised; Reputazione −12 gives −2 to reactions", async () => {
    const bill = await hero("Bill", { fame: 9, reputation: -12 });
    select(bill);
    const before = mark();
    diceDouble().dialogAnswers.push({ observer: "person", modifiers: ["farFromHomeTown"], otherModifier: 0, hidden: true });
    dice(3, 3);
    expect(await narratorMacros.recognitionForSelected()).toBe(1);
    const [card] = (await newMessages(before));
    expect(card?.content).toContain("GENESYS.Tools.Recognition.Recognised");
    expect(card?.content).toContain("modifier&quot;:&quot;−2");
    expect(card?.content).toMatch(/<strong>8<\/strong>/);
    expect(card?.whisper).toEqual([users().gm.id]);
  });

  it("abroad, 2D6 4+3 + 5 = 12 > Fama 9: not recognised; an animal observer never recognises and rolls nothing", async () => {
    const bill = await hero("Bill", { fame: 9 });
    select(bill);
    const before = mark();
    dice(4, 3);
    expect(await narratorMacros.recognitionForSelected({ modifiers: ["abroad"] })).toBe(1);
    expect((await newMessages(before))[0]?.content).toContain("GENESYS.Tools.Recognition.NotRecognised");
    const rolled = diceDouble().evaluations.length;
    expect(await narratorMacros.recognitionForSelected({ observer: "animal" })).toBe(1);
    expect(diceDouble().evaluations.length).toBe(rolled);
    expect((await newMessages(before))[1]?.content).toContain("GENESYS.Tools.Recognition.Never");
  });

  it("an animal's Fama does not exist: a warning names it and nothing is posted; an unknown observer is refused", async () => {
    const { actor } = await wolfToken();
    const oste = await npc("Oste");
    const before = mark();
    const notes = foundryDouble().notifications.length;
    select(actor);
    expect(await narratorMacros.recognitionForSelected({})).toBe(0);
    select(oste);
    expect(await narratorMacros.recognitionForSelected({ observer: "robot" })).toBe(0);
    expect(notesSince(notes)).toContain("GENESYS.Tools.Warn.NoFame");
    expect(notesSince(notes)).toContain("GENESYS.Tools.Warn.BadInput");
    expect(mark()).toBe(before);
  });
});

describe("§3.1.6 losing control", () => {
  it("an unlinked Comparsa, fear at difficulty 20: Esperienza 7 + 3 + 4 = 14, missed by 6, Disabling; a check card, then the band card", async () => {
    const base = await npc("Guardia");
    const token = placeToken(createScene("Cripta"), base);
    const guard = tokenActor(token);
    select(guard);
    const before = mark();
    const unchanged = snapshot(base, guard);
    dice(3, 4);
    expect(await narratorMacros.losingControlForSelected({ cause: "fear", difficulty: 20 })).toBe(1);
    const [check, card] = (await newMessages(before));
    expect(check?.rolls.map((r) => r.total)).toEqual([14]);
    expect(card?.content).toContain("GENESYS.Tools.LosingControl.Band.disabling");
    expect(card?.content).toContain("GENESYS.Tools.LosingControl.Option.vomit");
    expect(card?.content).toContain("GENESYS.Tools.LosingControl.Option.desperateFlight");
    expect(card?.content).toMatch(/<dd>6<\/dd>/);
    expect(snapshot(base, guard)).toBe(unchanged);
  });

  it("a pass keeps control; a tie is a failure by 0 (A-36), nothing really disabling", async () => {
    const jack = await hero("Jack");
    select(jack);
    const before = mark();
    dice(9, 9);
    await narratorMacros.losingControlForSelected({ cause: "shock", difficulty: 20 });
    dice(6, 7);
    await narratorMacros.losingControlForSelected({ cause: "disgust", difficulty: 20 });
    const cards = (await newMessages(before));
    expect(cards[1]?.content).toContain("GENESYS.Tools.LosingControl.Band.none");
    expect(cards[3]?.content).toContain("GENESYS.Tools.LosingControl.Band.minor");
    expect(cards[3]?.content).toContain("GENESYS.Tools.LosingControl.Option.surprised");
  });

  it("a trait's immunity to fear: no check, a card saying so; disgust is still checked", async () => {
    const vanlet = await hero("Vanlet", {}, [{ name: "Impavido", type: "trait", system: { immunities: ["fear"] } }]);
    select(vanlet);
    const before = mark();
    const rolled = diceDouble().evaluations.length;
    expect(await narratorMacros.losingControlForSelected({ cause: "fear", difficulty: 25 })).toBe(1);
    expect(diceDouble().evaluations.length).toBe(rolled);
    expect((await newMessages(before))[0]?.content).toContain("GENESYS.Tools.LosingControl.Immune");
    dice(10, 10);
    await narratorMacros.losingControlForSelected({ cause: "disgust", difficulty: 25 });
    expect((await newMessages(before))).toHaveLength(3);
  });

  it("blind: the check is sealed, and the band card is whispered to the Narrator, read from the sealed roll", async () => {
    const jack = await hero("Jack");
    select(jack);
    const before = mark();
    dice(2, 2);
    expect(await narratorMacros.losingControlForSelected({ cause: "fear", difficulty: 30, blind: true })).toBe(1);
    expect(game.messages.contents.some((m) => sealedCardOf(m)?.label.includes("Jack") === true)).toBe(true);
    const card = (await newMessages(before)).at(-1);
    // 7 + 4 = 11 against 30: missed by 19.
    expect(card?.content).toContain("GENESYS.Tools.LosingControl.Band.strong");
    expect(card?.whisper).toEqual([users().gm.id]);
  });

  it("refuses an animal without Esperienza, a bad cause or difficulty, and a player; the dialog's answer is used when no request is given", async () => {
    const { actor } = await wolfToken();
    const jack = await hero("Jack");
    const before = mark();
    const notes = foundryDouble().notifications.length;
    select(actor);
    expect(await narratorMacros.losingControlForSelected({ cause: "fear", difficulty: 15 })).toBe(0);
    select(jack);
    expect(await narratorMacros.losingControlForSelected({ cause: "boredom", difficulty: 15 })).toBe(0);
    expect(await narratorMacros.losingControlForSelected({ cause: "fear", difficulty: Number.NaN })).toBe(0);
    expect(await onClient(users().player, () => narratorMacros.losingControlForSelected({ cause: "fear", difficulty: 15 }))).toBe(0);
    const said = notesSince(notes);
    for (const key of ["NoExperience", "BadInput", "NarratorOnly"]) expect(said).toContain(`GENESYS.Tools.Warn.${key}`);
    expect(mark()).toBe(before);
    diceDouble().dialogAnswers.push({ cause: "shock", difficulty: 15, modifiers: 0, blind: false });
    dice(5, 5);
    expect(await narratorMacros.losingControlForSelected()).toBe(1);
    expect((await newMessages(before)).at(-1)?.content).toContain("GENESYS.Tools.LosingControl.Band.none");
  });
});

describe("the macros compendium's three tools", () => {
  interface MacroSource { _id: string; command: string }
  const macro = (id: string): MacroSource => {
    const file = fs.readdirSync(path.join(ROOT, "packs/macros")).find((f) => f.endsWith(`_${id}.json`)) ?? "";
    return JSON.parse(fs.readFileSync(path.join(ROOT, "packs/macros", file), "utf8")) as MacroSource;
  };
  type AsyncFn = () => Promise<unknown>;
  const asyncPrototype = Object.getPrototypeOf(async function () { /* any async function */ }) as { constructor: new (body: string) => AsyncFn };
  const run = (id: string): Promise<unknown> => new asyncPrototype.constructor(macro(id).command)();

  it("each opens its dialog on the selected tokens and posts what the answer rolls", async () => {
    const { actor } = await wolfToken();
    const bill = await hero("Bill", { fame: 12 });
    const before = mark();
    select(actor);
    diceDouble().dialogAnswers.push(reactionAnswer({ charm: 9 }));
    dice(6);
    await run("gnsMacroReaction");
    select(bill);
    diceDouble().dialogAnswers.push({ observer: "person", modifiers: [], otherModifier: 0, hidden: true });
    dice(1, 1);
    await run("gnsMacroRecognit");
    diceDouble().dialogAnswers.push({ cause: "fear", difficulty: 10, modifiers: 0, blind: false });
    dice(10, 10);
    await run("gnsMacroLoseCtrl");
    const contents = (await newMessages(before)).map((m) => m.content).join("\n");
    expect(contents).toContain("GENESYS.Tools.Reaction.Band.neutral");
    expect(contents).toContain("GENESYS.Tools.Recognition.Recognised");
    expect(contents).toContain("GENESYS.Tools.LosingControl.Band.none");
  });
});
