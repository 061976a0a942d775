/**
 * The contest card (§1.7.5, §1.8.2) end to end: a player's world actor against another player's unlinked token actor,
 * each rolling their own side from the card; ties rerolled or settled by the Narrator; increment points; and what a
 * player at the console cannot do. Totals are checked against src/rules (resolveContrast, contrastIncrements).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { NO_CONTEST_VIEWER, contestCardContext, readContestState, type ContestState } from "../../src/contest/contest-card.js";
import { contestState, decorateContestCard, onContestAction, startContest } from "../../src/contest/contest-flow.js";
import { carriesContest, registerContestCards } from "../../src/contest/contest-card-hook.js";
import { CONTEST_INTENTS } from "../../src/contest/contest-plan.js";
import { SkillModel } from "../../src/data/item/skill.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { resolveContrast } from "../../src/rules/check.js";
import { contrastIncrements } from "../../src/rules/increment.js";
import { createActor } from "../documents/helpers.js";
import { foundryDouble } from "../foundry/boot.js";
import { ChatMessage } from "../foundry/chat.js";
import { decorateMessage } from "../../src/chat/card-decorators.js";
import { onClient } from "../foundry/clients.js";
import { Roll } from "../foundry/dice.js";
import { User } from "../foundry/documents.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { HUMAN, dice, lastWarning, playerId, skill, useCardWorld } from "../attack/helpers.js";

useCardWorld();

/** A second player, so that each side of the contest has its own owner. */
const second = new User("pl00000000000002", "Giocatrice");
beforeAll(() => {
  const users = foundryDouble().users as unknown as Map<string, User> & { contents: User[] }; // the double's Collection is a Map
  users.set(second.id, Object.assign(second, { targets: new Set() }));
});
afterAll(() => {
  (foundryDouble().users as unknown as Map<string, User>).delete(second.id); // leave the double as other files expect it
});

const gm = (): User => foundryDouble().users.find((u) => u.isGM)!;
const first = (): User => foundryDouble().users.find((u) => u.id === playerId())!;
const asFirst = <T>(fn: () => Promise<T>): Promise<T> => onClient(first(), fn);
const asSecond = <T>(fn: () => Promise<T>): Promise<T> => onClient(second, fn);
const asGm = <T>(fn: () => Promise<T>): Promise<T> => onClient(gm(), fn);

function skillOf(actor: GenesysActor, name: string): { id: string; system: SkillModel } {
  const item = actor.items.find((i) => i.name === name);
  if (!item?.id || !(item.system instanceof SkillModel)) throw new Error(`no skill ${name}`);
  return { id: item.id, system: item.system };
}

/** Jack (world actor, the first player's, Atletica 12) and a brute's unlinked token (the second player's, Atletica 14). */
async function sides() {
  const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Atletica", 12)], ownership: { default: 0, [playerId()]: 3 } });
  const base = await createActor({ name: "Bruto", type: "npc", system: { characteristics: HUMAN }, items: [skill("Atletica", 14)], ownership: { default: 0, [second.id]: 3 } });
  const token = placeToken(createScene("Piazza"), base);
  const actor: unknown = token.actor;
  const brute: GenesysActor | null = actor instanceof GenesysActor ? actor : null;
  if (!brute) throw new Error("no token actor");
  return { jack, base, brute };
}

const athletics = (actor: GenesysActor) => ({ skillId: skillOf(actor, "Atletica").id, characteristic: null, modifiers: 0 });

function cardOf(message: unknown): ContestState {
  const state = contestState(message as ChatMessage as never); // the double's message stands in for Foundry's
  if (!state) throw new Error("no contest card");
  return state;
}

/** The rendered message's element as the chat hook gets it (no DOM in these tests: only what the hook touches). */
function chatHtml() {
  const content = { innerHTML: "stored", addEventListener: vi.fn() };
  const html = { querySelector: (selector: string) => (selector === ".message-content" ? content : null) } as unknown as HTMLElement;
  return { html, content };
}

function snapshot(...actors: GenesysActor[]): string {
  const cards = game.messages.contents.map((m) => JSON.stringify({ flags: (m as unknown as ChatMessage).flags, content: m.content }));
  return JSON.stringify({ actors: actors.map((a) => (a as unknown as { _source: unknown })._source), cards });
}

/** The first player starts Jack vs the brute; answers the card. */
async function started(jack: GenesysActor, brute: GenesysActor) {
  const before = game.messages.size;
  const id = await asFirst(() => startContest(jack, brute, { a: athletics(jack), b: athletics(brute) }));
  expect(game.messages.size).toBe(before + 1);
  expect(id).toBe(game.messages.contents.at(-1)?.id);
  return game.messages.contents.at(-1)!;
}

async function rollAs<T>(client: (fn: () => Promise<boolean>) => Promise<T>, message: unknown, side: "a" | "b", ...d: [number, number]): Promise<T> {
  dice(...d);
  return client(() => onContestAction(message as never, "roll", side));
}

describe("a contest between two players' actors (a world actor and an unlinked token actor)", () => {
  it("each rolls their own side; the card shows both totals, the winner and the margin, as resolveContrast says", async () => {
    const { jack, base, brute } = await sides();
    const card = await started(jack, brute);
    let state = cardOf(card);
    expect(state).toMatchObject({ a: { actorUuid: jack.uuid, name: "Jack" }, b: { actorUuid: brute.uuid, kind: "skill" }, settled: null });
    expect(brute.uuid).toContain(".Token.");
    // the brute's higher grade puts it in the advantageous position.
    expect(state.advantaged).toBe("b");

    // The first player may not roll the brute's side; the second may not roll Jack's.
    dice(9, 9);
    const nines = (await new Roll("2d10").evaluate()).toJSON();
    expect(await asFirst(() => sendIntent(CONTEST_INTENTS.roll, { messageId: card.id, side: "b", roll: nines }))).toMatchObject({ ok: false, warning: "GENESYS.Contest.Warn.NotAllowed" });
    const before = snapshot(jack, base, brute);
    expect(await rollAs(asSecond, card, "a", 9, 9)).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Contest.Warn.NotAllowed");
    expect(snapshot(jack, base, brute)).toBe(before);

    expect(await rollAs(asFirst, card, "a", 6, 6)).toBe(true); // 12 + 12 = 24
    // Rolled twice: refused, nothing changed.
    const once = snapshot(jack, base, brute);
    expect(await rollAs(asFirst, card, "a", 10, 10)).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Contest.Warn.AlreadyRolled");
    expect(snapshot(jack, base, brute)).toBe(once);

    expect(await rollAs(asSecond, card, "b", 4, 4)).toBe(true); // 8 + 14 = 22
    state = cardOf(card);
    const rules = resolveContrast([{ id: "a", dice: 12, grade: 12 }, { id: "b", dice: 8, grade: 14 }]);
    expect(rules).toMatchObject({ outcome: "win", winner: "a", margin: 2 });
    expect(state.settled).toEqual({ outcome: "win", winner: "a", margin: 2 });
    expect(state.rounds[0]).toMatchObject({ a: { total: 24, grade: 12 }, b: { total: 22, grade: 14 } });
    expect(card.content).toContain("GENESYS.Contest.Wins");
    // Each side's accepted dice are a Roll on the card (Dice So Nice, a reload); the refused ones are not.
    const rolled = (card as unknown as { rolls: { formula: string; dice: { results: { result: number }[] }[] }[] }).rolls;
    expect(rolled.map((r) => [r.formula, r.dice.flatMap((d) => d.results.map((x) => x.result))])).toEqual([["2d10", [6, 6]], ["2d10", [4, 4]]]);
    const i18n = { localize: (k: string) => k, format: (k: string, d: Record<string, string> = {}) => `${k}:${d["name"] ?? ""}:${d["margin"] ?? ""}` };
    expect(contestCardContext(state, NO_CONTEST_VIEWER, i18n).verdict).toEqual({ text: "GENESYS.Contest.Wins:Jack:2", cssClass: "win" });

    // §1.8.2 cond. 2: a win by 2 against the advantaged brute → one point on Jack's Atletica, once.
    expect(contrastIncrements({ dice: 12, grade: 12, experience: 7, opponentAdvantaged: true }, { dice: 8, grade: 14, experience: 7 }).winner.reason).toBe("narrowWin");
    expect(skillOf(jack, "Atletica").system.increment).toBe(1);
    expect(state.increments).toMatchObject({ a: { reason: "narrowWin", status: "stored", points: 1 }, b: null });
    // A settled card takes no more rolls: the point is not awarded twice.
    expect(await rollAs(asSecond, card, "b", 1, 1)).toBe(false);
    expect(skillOf(jack, "Atletica").system.increment).toBe(1);
    expect(skillOf(base, "Atletica").system.increment).toBe(0);
  });

  it("a tie: the Narrator rerolls (the tied round stays as history), or rules an intermediate outcome", async () => {
    const { jack, brute } = await sides();
    const card = await started(jack, brute);
    await rollAs(asFirst, card, "a", 5, 5); // 10 + 12 = 22
    await rollAs(asSecond, card, "b", 4, 4); // 8 + 14 = 22
    expect(cardOf(card).rounds[0]?.result).toEqual({ outcome: "tie" });
    expect(cardOf(card).settled).toBeNull();
    // Nobody rolls until the Narrator chooses; a player may not choose.
    expect(await rollAs(asFirst, card, "a", 9, 9)).toBe(false);
    expect(await asFirst(() => onContestAction(card as never, "reroll", null))).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Contest.Warn.NarratorOnly");

    expect(await asGm(() => onContestAction(card as never, "reroll", null))).toBe(true);
    expect(cardOf(card).rounds).toHaveLength(2);
    expect(card.content).toContain("GENESYS.Contest.RoundLine");
    await rollAs(asFirst, card, "a", 3, 3); // 18
    await rollAs(asSecond, card, "b", 1, 3); // 18
    expect(await asGm(() => onContestAction(card as never, "intermediate", null))).toBe(true);
    const state = cardOf(card);
    expect(state.settled).toEqual({ outcome: "intermediate" });
    expect(state.increments).toEqual({ a: null, b: null });
    expect(card.content).toContain("GENESYS.Contest.Intermediate");
    // Settled: no second choice.
    expect(await asGm(() => onContestAction(card as never, "reroll", null))).toBe(false);
  });

  it("the loser's good try at the impossible (§1.8.2 cond. 3) earns its skill a point", async () => {
    const hero = await createActor({ name: "Eroe", type: "character", system: { characteristics: HUMAN }, items: [skill("Atletica", 8)], ownership: { default: 0, [playerId()]: 3 } });
    const giant = await createActor({ name: "Gigante", type: "npc", system: { characteristics: HUMAN }, items: [skill("Atletica", 20)] });
    const card = await started(hero, giant);
    await rollAs(asFirst, card, "a", 3, 3); // 6 + 8 = 14
    await rollAs(asGm, card, "b", 9, 9); // 18 + 20 = 38: even 20 + 8 = 28 could not win
    expect(cardOf(card).settled).toMatchObject({ outcome: "win", winner: "b", margin: 24 });
    expect(cardOf(card).increments?.a).toMatchObject({ reason: "impossibleTry", status: "stored" });
    expect(skillOf(hero, "Atletica").system.increment).toBe(1);
    expect(skillOf(giant, "Atletica").system.increment).toBe(0);
  });

  it("the Narrator sets modifiers and the advantage; the totals count them and the condition penalty", async () => {
    const { jack, brute } = await sides();
    await jack.update({ system: { wounds: { value: 15 } } }); // R 28: Weak, −2
    const id = await asGm(() => startContest(jack, brute, { a: { ...athletics(jack), modifiers: 3 }, b: athletics(brute), advantaged: null }));
    const card = game.messages.get(id ?? "");
    expect(cardOf(card)).toMatchObject({ advantaged: null, a: { modifiers: 3 } });
    expect(await asGm(() => onContestAction(card as never, "advantage", "a"))).toBe(true);
    expect(cardOf(card).advantaged).toBe("a");
    expect(await asFirst(() => onContestAction(card as never, "advantage", "b"))).toBe(false);
    expect(cardOf(card).advantaged).toBe("a");
    await rollAs(asFirst, card, "a", 5, 5); // 10 + 12 + 3 − 2 = 23
    expect(cardOf(card).rounds[0]?.a).toMatchObject({ grade: 12, modifiers: 3, conditionPenalty: -2, condition: "weak", total: 23 });
  });
});

describe("refusals change nothing", () => {
  it("a contest with an actor that lacks the characteristic (an animal without Fascino): a warning, no card", async () => {
    const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, ownership: { default: 0, [playerId()]: 3 } });
    const wolf = await createActor({ name: "Lupo", type: "animal", system: { characteristics: { strength: 9, dexterity: 12, perception: 14, charm: null, experience: null } } });
    const before = game.messages.size;
    const charm = { skillId: null, characteristic: "charm" as const, modifiers: 0 };
    expect(await asFirst(() => startContest(jack, wolf, { a: charm, b: charm }))).toBeNull();
    expect(lastWarning()).toContain("GENESYS.Contest.Warn.Lacks");
    expect(lastWarning()).toContain("Lupo");
    // Straight to the Narrator's client, past this client's check: the same refusal.
    expect(await asFirst(() => sendIntent(CONTEST_INTENTS.start, { a: { ...charm, actorUuid: jack.uuid }, b: { ...charm, actorUuid: wolf.uuid }, advantaged: "auto" }))).toMatchObject({ ok: false, warning: "GENESYS.Contest.Warn.Lacks" });
    expect(game.messages.size).toBe(before);
  });

  it("a player may not start for an actor they do not own, nor give modifiers, nor name the advantage", async () => {
    const { jack, brute } = await sides();
    const before = game.messages.size;
    expect(await asSecond(() => startContest(jack, brute, { a: athletics(jack), b: athletics(brute) }))).toBeNull();
    expect(lastWarning()).toContain("GENESYS.Contest.Warn.NotAllowed");
    expect(await asFirst(() => startContest(jack, brute, { a: { ...athletics(jack), modifiers: 5 }, b: athletics(brute) }))).toBeNull();
    expect(lastWarning()).toContain("GENESYS.Contest.Warn.ModifiersGmOnly");
    expect(game.messages.size).toBe(before);
    // The advantage a player names is replaced by A-14's reading.
    await asFirst(() => startContest(jack, brute, { a: athletics(jack), b: athletics(brute), advantaged: "a" }));
    expect(cardOf(game.messages.contents.at(-1)).advantaged).toBe("b");
  });

  it("forged dice, a card a player wrote, malformed payloads", async () => {
    const { jack, base, brute } = await sides();
    const card = await started(jack, brute);
    const before = snapshot(jack, base, brute);
    dice(10, 10, 10);
    const three = (await new Roll("3d10").evaluate()).toJSON();
    for (const roll of [three, new Roll("2d10").toJSON(), "24", null]) {
      expect(await asFirst(() => sendIntent(CONTEST_INTENTS.roll, { messageId: card.id, side: "a", roll }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.BadDice" });
    }
    for (const payload of [null, { messageId: card.id, side: "c" }, { messageId: "../x", side: "a" }, { a: {}, b: {} }]) {
      expect(await asFirst(() => sendIntent(CONTEST_INTENTS.roll, payload))).toMatchObject({ ok: false });
      expect(await asFirst(() => sendIntent(CONTEST_INTENTS.start, payload))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    }
    expect(snapshot(jack, base, brute)).toBe(before);

    // A look-alike posted by a player: never decorated, never acted on.
    const fake = await asFirst(() => ChatMessage.create({ content: "x", flags: { "genesys-gdr": { contest: cardOf(card) } } }));
    expect(fake.author?.id).toBe(playerId());
    dice(6, 6);
    const sixes = (await new Roll("2d10").evaluate()).toJSON();
    expect(await asFirst(() => sendIntent(CONTEST_INTENTS.roll, { messageId: fake.id, side: "a", roll: sixes }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotNarratorCard" });
    const { html, content } = chatHtml();
    expect(await decorateContestCard(fake as never, html)).toBe(false);
    expect(content.innerHTML).toBe("stored");
  });
});

describe("the card as each viewer sees it", () => {
  it("roll buttons for the owner's side only; tie choices and the advantage for the Narrator", async () => {
    const { jack, brute } = await sides();
    const card = await started(jack, brute);
    const state = cardOf(card);
    const i18n = { localize: (k: string) => k, format: (k: string) => k };
    const mine = contestCardContext(state, { isGM: false, owns: (u) => u === jack.uuid }, i18n);
    expect(mine.sides.map((s) => s.canRoll)).toEqual([true, false]);
    expect(mine.sides[1]?.waiting).toBe("GENESYS.Contest.Waiting");
    expect(mine.advantage).toBeNull();
    expect(mine.advantageNote).toBe("GENESYS.Contest.AdvantageNote");
    const narrator = contestCardContext(state, { isGM: true, owns: () => true }, i18n);
    expect(narrator.sides.map((s) => s.canRoll)).toEqual([true, true]);
    expect(narrator.advantage?.options.find((o) => o.selected)?.value).toBe("b");
    // Rendered through the real template in the chat hook, for the first player.
    const { html, content } = chatHtml();
    expect(await asFirst(() => decorateContestCard(card as never, html))).toBe(true);
    expect(content.innerHTML.match(/data-contest-action="roll"/g)).toHaveLength(1);
    expect(content.innerHTML).toContain('data-contest-action="roll" data-side="a"');
    expect(content.addEventListener).toHaveBeenCalledWith("click", expect.any(Function));
  });

  it("a damaged flag is no card", () => {
    expect(readContestState({ version: 1 })).toBeNull();
    expect(readContestState(null)).toBeNull();
  });
});

describe("the card's decoration (contest-card-hook.ts)", () => {
  it("a message with a contest's state is decorated by the flow it loads; any other message is left alone", async () => {
    const { jack, brute } = await sides();
    const card = await started(jack, brute);
    registerContestCards();
    // Every decoration of the system sees the message, as in Foundry: the element answers what they ask of it.
    const hookHtml = () => {
      const { content } = chatHtml();
      const html = { querySelector: (selector: string) => (selector === ".message-content" ? content : null), querySelectorAll: () => [], addEventListener: vi.fn(), classList: { add: vi.fn(), toggle: vi.fn() } } as unknown as HTMLElement;
      return { html, content };
    };
    const shown = hookHtml();
    await decorateMessage(card, shown.html);
    expect(shown.content.innerHTML).toContain("data-contest-action");
    const plain = await ChatMessage.create({ content: "x" });
    const other = hookHtml();
    expect([carriesContest(card as never), carriesContest(plain as never)]).toEqual([true, false]);
    await decorateMessage(plain as never, other.html);
    expect(other.content.innerHTML).toBe("stored");
    expect(readContestState(cardStateSample())).not.toBeNull();
  });
});

function cardStateSample(): ContestState {
  const side = { actorUuid: "Actor.x", name: "X", kind: "characteristic" as const, skillId: null, characteristic: "strength" as const, label: "", modifiers: 0 };
  return { version: 1, a: side, b: { ...side, actorUuid: "Actor.y" }, advantaged: null, rounds: [{ a: null, b: null, result: null }], settled: null, increments: null };
}
