/**
 * Issue 19, "a click waits at most two round trips: the player's one write, then the Narrator's writes". Counted on
 * the double's clock (trip-clock.ts: fake timers, a fixed latency a trip), from the click until its promise settles on
 * the clicking client, for each table procedure. The Narrator's own clicks run on his client: one round of his writes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { attack, onCardAction, type CardMessage } from "../../src/attack/attack-flow.js";
import { onContestAction, startContest } from "../../src/contest/contest-flow.js";
import { askForCheck, rollRequestRow } from "../../src/request/request-flow.js";
import { requestStateOf } from "../../src/request/request-card.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { narratorMacros } from "../../src/macros/narrator-macros.js";
import { requestHazardUndo } from "../../src/hazards/hazard-chat.js";
import { readHazardCard } from "../../src/hazards/hazard-card.js";
import { users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { createScene, placeToken, sharedScene } from "../foundry/scenes.js";
import { requestAddItem, requestReload } from "../../src/authority/owner-requests.js";
import { requestProtectedEdit } from "../../src/authority/protected-edit-request.js";
import { requestIntent } from "../../src/authority/intent-channel.js";
import { SEAL_REVEAL_INTENT } from "../../src/chat/sealed-card.js";
import { rollNpcReaction } from "../../src/tools/npc-reaction.js";
import { rollRecognition } from "../../src/tools/recognition.js";
import { rollLosingControl } from "../../src/tools/losing-control.js";
import { setStudyStatus, startStudy } from "../../src/study/study-intents.js";
import { declareGrappleContest, releaseHold, startGrapple } from "../../src/grapple/grapple-flow.js";
import { readGrapples } from "../../src/documents/grapple-state.js";
import { tripsWaited } from "../foundry/trip-clock.js";
import { createActor } from "../documents/helpers.js";
import { fight, settle } from "../combat/helpers.js";
import { answerFor, DODGE_WITH_DEXTERITY, HUMAN, dice, itemId, npc, playerId, shooter, skill, targetActors, useCardWorld, weapon } from "../attack/helpers.js";

useCardWorld();

// A chunk a click loads on its first use is a file fetched once, not a round trip of the server's: they are loaded
// here first, so the counts below are the server's trips alone (a player's first intent of a session also fetches the
// answer boxes' chunk, authority/intent-channel.ts).
beforeAll(async () => {
  await Promise.all([
    import("../../src/authority/answer-box.js"),
    import("../../src/hazards/hazard-tools.js"),
    import("../../src/tools/selected-tools.js"),
    import("../../src/time/time-intents.js"),
    import("../../src/encounter/encounter-odds.js"),
  ]);
});

const asPlayer = <T>(fn: () => Promise<T>): Promise<T> => onClient(users().player, fn);
const asGm = <T>(fn: () => Promise<T>): Promise<T> => onClient(users().gm, fn);
const last = (): CardMessage => game.messages.contents.at(-1) as unknown as CardMessage; // the double's message stands in for core's

/** Trips waited by one click, which must go through. */
async function click(fn: () => Promise<unknown>): Promise<number> {
  const { value, trips } = await tripsWaited(fn);
  expect(value === false || value === null ? "refused" : "done").toBe("done");
  return trips;
}

const counted: Record<string, number> = {};


describe("round trips a click waits for", () => {
  it("the attack card: attack, defend, roll damage, apply, stun check, undo", async () => {
    await game.settings.set("genesys-gdr", "stunRule", true);
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo", { ownership: { default: 0, [playerId()]: 3 } });
    const pistol = itemId(jack, "Pistola");
    dice(7, 8);
    counted["attack"] = await click(() => asPlayer(async () => {
      targetActors(thug);
      return attack(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
    }));
    const card = last();
    dice(1, 1);
    counted["defend"] = await click(() => asPlayer(() => onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY })));
    dice(6, 6, 3, 3);
    counted["damage"] = await click(() => asPlayer(() => onCardAction(card, "rollDamage", "r0")));
    counted["apply"] = await click(() => asPlayer(() => onCardAction(card, "apply", "r0")));
    // §3.2.2 the thug (the player's too) fails its stun check: the card and the prone status in one round.
    dice(1, 1);
    counted["stun"] = await click(() => asPlayer(() => onCardAction(card, "stun", "r0")));
    expect(thug.statuses.has("prone")).toBe(true);
    counted["undo"] = await click(() => asPlayer(() => onCardAction(card, "undo", "r0")));
    expect(thug.statuses.has("prone")).toBe(false);
    expect(thug.genesys?.wounds.value).toBe(0);
    const waited = ["attack", "defend", "damage", "apply", "stun", "undo"].map((k) => counted[k]);
    expect(waited).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it("a check: open (the player's own card), blind (the Narrator's sealed card)", async () => {
    const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Corsa", 12)], ownership: { default: 0, [playerId()]: 3 } });
    const corsa = jack.items.find((i) => i.name === "Corsa")?.id ?? "";
    dice(5, 5);
    counted["open check"] = await click(() => asPlayer(() => jack.rollCheck({ skillId: corsa, difficulty: 20, prompt: false })));
    dice(5, 5);
    const blind = await tripsWaited(() => asPlayer(() => jack.rollCheck({ skillId: corsa, difficulty: 20, blind: true, prompt: false })));
    counted["blind check"] = blind.trips;
    expect({ open: counted["open check"], blind: counted["blind check"] }).toEqual({ open: 1, blind: 2 });
  });

  it("a contest: started by one player, each side rolled by its owner", async () => {
    const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Atletica", 12)], ownership: { default: 0, [playerId()]: 3 } });
    const base = await createActor({ name: "Bruto", type: "npc", system: { characteristics: HUMAN }, items: [skill("Atletica", 14)], ownership: { default: 0, [playerId()]: 3 } });
    const token = placeToken(createScene("Piazza"), base);
    const brute = token.actor as unknown as GenesysActor; // the double's token actor is our configured class
    const side = (a: GenesysActor) => ({ skillId: a.items.find((i) => i.name === "Atletica")?.id ?? "", characteristic: null, modifiers: 0 });
    counted["contest start"] = await click(() => asPlayer(() => startContest(jack, brute, { a: side(jack), b: side(brute) })));
    const card = last();
    dice(9, 9);
    counted["contest roll"] = await click(() => asPlayer(() => onContestAction(card as never, "roll", "a")));
    expect({ start: counted["contest start"], roll: counted["contest roll"] }).toEqual({ start: 2, roll: 2 });
  });

  it("the Narrator's request: posted by him, rolled by the player", async () => {
    const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Corsa", 12)], ownership: { default: 0, [playerId()]: 3 } });
    const posted = await tripsWaited(() => asGm(() => askForCheck({ skill: "corsa", difficulty: 20 }, { recipients: [jack], prompt: false })));
    counted["request post"] = posted.trips;
    const card = last();
    const state = requestStateOf(card);
    const rowId = state?.order[0] ?? "";
    dice(6, 6);
    counted["request roll"] = await click(() => asPlayer(() => rollRequestRow(card, rowId)));
    expect({ post: counted["request post"], roll: counted["request roll"] }).toEqual({ post: 1, roll: 2 });
  });

  it("a player's own actions: reload, add an item, a hit on himself, study, a grapple's start, contest and release", async () => {
    const gun = weapon("Pistola", "pistola", { magazine: 12 }, { rounds: 3 });
    const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Pistola", 12), skill("Lotta", 12), gun], ownership: { default: 0, [playerId()]: 3 } });
    counted["reload"] = await click(() => asPlayer(() => requestReload(jack, itemId(jack, "Pistola"))));
    expect(jack.items.get(itemId(jack, "Pistola"))?.system).toMatchObject({ rounds: 12 });
    counted["add item"] = await click(() => asPlayer(() => requestAddItem(jack, { type: "gear", name: "Corda" })));
    expect(jack.items.find((i) => i.name === "Corda")).toBeDefined();
    counted["own hit"] = await click(() => asPlayer(() => jack.applyDamage({ amount: 3, type: "wounding", ignoreArmour: true })));
    const lotta = jack.items.find((i) => i.name === "Lotta")?.id ?? "";
    counted["study"] = await click(() => asPlayer(() => startStudy(jack, lotta, { related: false, teacher: "none", teacherGrade: 0, teacherCharm: 7, rate: 1 })));
    counted["study pause"] = await click(() => asPlayer(() => setStudyStatus(jack, "paused")));
    const scene = sharedScene("Vicolo");
    const jackToken = placeToken(scene, jack, { actorLink: true });
    const brute = placeToken(scene, await createActor({ name: "Bruto", type: "npc", system: { characteristics: HUMAN }, items: [skill("Lotta", 10)] }), { x: 100 });
    counted["grapple start"] = await click(() => asPlayer(() => startGrapple(jackToken as never, brute as never, { prompt: false })));
    const start = last();
    dice(8, 8);
    await asPlayer(() => onContestAction(start as never, "roll", "a"));
    dice(1, 1);
    await asGm(() => onContestAction(start as never, "roll", "b"));
    const hold = readGrapples(scene)[0];
    if (!hold) throw new Error("no hold");
    counted["grapple contest"] = await click(() => asPlayer(() => declareGrappleContest(scene.id, hold.id, "attacker", { prompt: false })));
    counted["grapple release"] = await click(() => asPlayer(() => releaseHold(scene.id, hold.id)));
    // The sheet: an edit of a protected value, here under the Narrator's free editing.
    const open = await createActor({ name: "Mara", type: "character", system: { characteristics: HUMAN, freeEdit: true }, ownership: { default: 0, [playerId()]: 3 } });
    counted["sheet edit"] = await click(() => asPlayer(() => requestProtectedEdit(open.uuid, { fame: 3 })));
    expect(open.system).toMatchObject({ fame: 3 });
    // §2.1.1 the tracker: the player declares his hero's maneuver (the only one in the fight), then ends his slot.
    const { combat, of } = await fight(jack);
    await combat.startCombat();
    await settle();
    counted["declare"] = await click(() => asPlayer(() => combat.declare(of(jack), "attack")));
    await settle();
    counted["end slot"] = await click(() => asPlayer(() => combat.nextTurn()));
    const keys = ["reload", "add item", "own hit", "study", "study pause", "grapple start", "grapple contest", "grapple release", "sheet edit", "declare", "end slot"];
    expect(Object.fromEntries(keys.map((k) => [k, counted[k]]))).toEqual(Object.fromEntries(keys.map((k) => [k, 2])));
  });

  it("the Narrator's sealed tools: NPC reaction, recognition, losing control; the Reveal of a blind check", async () => {
    const wolf = await createActor({ name: "Oste", type: "npc", system: { characteristics: HUMAN } });
    const hero = await createActor({ name: "Alven", type: "character", system: { characteristics: HUMAN, fame: 9, reputation: 14 }, items: [skill("Corsa", 12)], ownership: { default: 0, [playerId()]: 3 } });
    dice(4);
    counted["reaction"] = await click(() => asGm(() => rollNpcReaction(wolf, { protagonist: { name: "Alven", charm: 8, reputation: 5 } })));
    dice(3, 3);
    counted["recognition"] = await click(() => asGm(() => rollRecognition(hero, { observer: "person" })));
    dice(5, 5);
    counted["losing control"] = await click(() => asGm(() => rollLosingControl(hero, { cause: "fear", difficulty: 15 })));
    const corsa = hero.items.find((i) => i.name === "Corsa")?.id ?? "";
    dice(9, 9);
    await asPlayer(() => hero.rollCheck({ skillId: corsa, difficulty: 25, blind: true, prompt: false }));
    const sealed = last();
    counted["reveal"] = await click(() => asGm(() => requestIntent(SEAL_REVEAL_INTENT, { messageId: sealed.id })));
    // Losing control posts its Esperienza check, then the band card; the Reveal opens the card, then stores the point.
    expect({ reaction: counted["reaction"], recognition: counted["recognition"], losing: counted["losing control"], reveal: counted["reveal"] }).toEqual({ reaction: 1, recognition: 1, losing: 2, reveal: 2 });
    expect(hero.items.find((i) => i.name === "Corsa")?.system).toMatchObject({ increment: 1 });
  });

  // Time passes in two: the world clock's write, then (on its hook) the actors' and the card's.
  it("the Narrator's tools: time passes, damage on the selected tokens, a row's Undo", async () => {
    const hero = await createActor({ name: "Alven", type: "character", system: { characteristics: HUMAN } });
    counted["time passes"] = await click(() => asGm(() => game.genesys.timePasses({ hours: 8, actors: [hero] })));
    const scene = createScene("Rupe");
    const a = placeToken(scene, await createActor({ name: "Bill", type: "character", system: { characteristics: HUMAN } }), { actorLink: true });
    const b = placeToken(scene, await createActor({ name: "Lupo", type: "npc", system: { characteristics: HUMAN } }));
    const board = (globalThis as unknown as { canvas: { tokens?: { controlled: unknown[] } } }).canvas;
    board.tokens = { controlled: [a, b].map((t) => ({ actor: t.actor, name: t.actor?.name, document: t })) };
    try {
      dice(3, 3);
      counted["hazard"] = await click(() => asGm(() => narratorMacros.genericDamageForSelected({ kind: "damage", formula: "2D6", type: "wounding" })));
      // A fall on both: the two Destrezza cards go out together, then the card with the victims' writes.
      dice(1, 1, 1, 1, 1, 1);
      counted["fall, two checks"] = await click(() => asGm(() => narratorMacros.genericDamageForSelected({ kind: "fall", height: 1.5, cause: "accident" })));
    } finally {
      delete board.tokens;
    }
    const card = last() as unknown as { id: string; flags: Record<string, Record<string, unknown>> };
    const row = readHazardCard(card.flags["genesys-gdr"]?.["hazardCard"])?.rows[0];
    expect(readHazardCard(card.flags["genesys-gdr"]?.["hazardCard"])?.kind).toBe("fall");
    counted["hazard undo"] = await click(() => asGm(() => requestHazardUndo(card.id, row?.recordId ?? "")));
    console.log("round trips waited", JSON.stringify(counted));
    expect({ time: counted["time passes"], hazard: counted["hazard"], fall: counted["fall, two checks"], undo: counted["hazard undo"] }).toEqual({ time: 2, hazard: 1, fall: 2, undo: 1 });
  });
});
