/**
 * Grappling (§2.3.7, A-19) end to end on the double: a player's linked token grapples the Narrator's unlinked token;
 * each side rolls its own contest dice; the scene's record, both tokens' statuses and the grapple card follow the
 * rules; later contests, the streak under both A-19 setting values, release, deleted tokens and ended combats; the
 * advantage in the attack plan, the defence limits, movement; and what a hostile player at the console cannot do.
 */
import { describe, expect, it, vi } from "vitest";
import { gmQueue } from "../../src/authority/serial-queue.js";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { onContestAction } from "../../src/contest/contest-flow.js";
import { contestState } from "../../src/contest/contest-plan.js";
import { defencePlan } from "../../src/attack/defence-plan.js";
import { prepareAttack, defaultAnswer, specifyAttack } from "../../src/attack/attack-roll.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { onCombatEnded, onTurnEnded } from "../../src/grapple/grapple-intents.js";
import { GRAPPLE_INTENTS } from "../../src/grapple/grapple-intent-kinds.js";
import { declareGrappleContest, releaseHold, startGrapple } from "../../src/grapple/grapple-flow.js";
import { grappleLine } from "../../src/grapple/grapple-effects.js";
import { grappleBlocksMovement } from "../../src/documents/grapple-movement.js";
import { readGrapples, type GrappleRecord } from "../../src/documents/grapple-state.js";
import { defaultGrappleRoll } from "../../src/grapple/unarmed-skill.js";
import { resetRulesOptionsCache } from "../../src/settings/rules-settings.js";
import { createActor } from "../documents/helpers.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { sharedScene, deleteToken, placeToken, type Scene } from "../foundry/scenes.js";
import type { User } from "../foundry/documents.js";
import { HUMAN, dice, lastWarning, playerId, skill, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const gm = (): User => foundryDouble().users.find((u) => u.isGM)!;
const player = (): User => foundryDouble().users.find((u) => u.id === playerId())!;
const asPlayer = <T>(fn: () => Promise<T>): Promise<T> => onClient(player(), fn);
const asGm = <T>(fn: () => Promise<T>): Promise<T> => onClient(gm(), fn);
const i18n = { localize: (k: string) => k, format: (k: string, d: Record<string, string> = {}) => `${k}:${Object.values(d).join(",")}` };

/** Jack (the player's world actor, linked token, unarmed 12) and a brute (the Narrator's, unlinked token, Lotta 10), and a bystander. */
async function world() {
  const scene = sharedScene("Vicolo");
  const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Combattimento disarmato", 12), skill("Pistola", 14)], ownership: { default: 0, [playerId()]: 3 } });
  const base = await createActor({ name: "Bruto", type: "npc", system: { characteristics: HUMAN }, items: [skill("Lotta", 10)] });
  const third = await createActor({ name: "Terzo", type: "npc", system: { characteristics: HUMAN }, items: [skill("Pistola", 12), { name: "Pistola", type: "weapon", system: { skill: "pistola", modes: [{ key: "oneHanded", skill: "", damage: { dice: 4, faces: 6, strength: false, flat: 0, type: "wounding" }, minStrength: 0, magazine: 12, preparation: 0, range: { kind: "metres", value: 600 }, multiAttack: 1 }], mode: 0, ready: true, rounds: 12, explosive: false } }] });
  const jackToken = placeToken(scene, jack, { actorLink: true });
  const bruteToken = placeToken(scene, base, { x: 100 });
  const brute = bruteToken.actor as unknown as GenesysActor; // the unlinked token's synthetic actor, of the system's class
  return { scene, jack, base, brute, third, jackToken, bruteToken };
}

const card = () => game.messages.contents.at(-1)!;
const records = (scene: Scene): GrappleRecord[] => readGrapples(scene);

/** Rolls both sides of the newest contest card: side a as `aClient`, then side b as the GM. */
async function rollContest(aClient: <T>(fn: () => Promise<T>) => Promise<T>, a: [number, number], b: [number, number]): Promise<void> {
  const message = card();
  expect(contestState(message as never)).not.toBeNull();
  dice(...a);
  expect(await aClient(() => onContestAction(message as never, "roll", "a"))).toBe(true);
  dice(...b);
  expect(await asGm(() => onContestAction(message as never, "roll", "b"))).toBe(true);
}

async function started(w: Awaited<ReturnType<typeof world>>): Promise<GrappleRecord> {
  expect(await asPlayer(() => startGrapple(w.jackToken as never, w.bruteToken as never, { prompt: false }))).toBe(card().id);
  await rollContest(asPlayer, [6, 6], [3, 3]); // 24 against 16
  const [record] = records(w.scene);
  if (!record) throw new Error("no hold");
  return record;
}

describe("§2.3.7 a hold between a linked and an unlinked token", () => {
  it("the opening contest: unarmed skills by default; the attacker's win starts the hold on both tokens", async () => {
    const w = await world();
    expect(defaultGrappleRoll(w.jack.items).skillId).toBe(w.jack.items.find((i) => i.name === "Combattimento disarmato")?.id);
    const before = game.messages.size;
    await asPlayer(() => startGrapple(w.jackToken as never, w.bruteToken as never, { prompt: false }));
    expect(game.messages.size).toBe(before + 1);
    const state = contestState(card())!;
    expect(state.a).toMatchObject({ name: "Jack", label: "Combattimento disarmato" });
    expect(state.b).toMatchObject({ name: "Bruto", label: "Lotta", actorUuid: w.brute.uuid });
    expect(w.brute.uuid).toContain(".Token.");
    await rollContest(asPlayer, [6, 6], [3, 3]);
    const [record] = records(w.scene);
    expect(record).toMatchObject({ attacker: { tokenId: w.jackToken.id, name: "Jack" }, defender: { tokenId: w.bruteToken.id }, state: { status: "held", attackerStreak: 0 } });
    expect(w.jack.statuses.has("grappled")).toBe(true);
    expect(w.brute.statuses.has("grappled")).toBe(true);
    expect(w.base.statuses.has("grappled")).toBe(false); // the world actor of the unlinked token is untouched
    expect(card().content).toContain("GENESYS.Grapple.Event.started");
    expect(card().content).toContain('data-grapple-action="contest"');
    expect(grappleBlocksMovement(w.bruteToken as never)).toBe(true);
    expect(grappleBlocksMovement(w.jack)).toBe(true);
    expect(grappleBlocksMovement(w.third)).toBe(false);
    expect(grappleLine(w.jack, i18n)).toBe("GENESYS.Grapple.Row.Holds:Bruto");
    expect(grappleLine(w.brute, i18n)).toBe("GENESYS.Grapple.Row.HeldBy:Jack");
  });

  it("a defender's win or a tie at the start begins nothing", async () => {
    const w = await world();
    await asPlayer(() => startGrapple(w.jackToken as never, w.bruteToken as never, { prompt: false }));
    await rollContest(asPlayer, [1, 1], [9, 9]);
    expect(records(w.scene)).toEqual([]);
    expect(w.jack.statuses.has("grappled")).toBe(false);
    expect(card().content).toContain("GENESYS.Grapple.Event.notStarted");
  });

  it("two attacker-declared wins in a row immobilise (+6 to third parties); the defender's own win frees him", async () => {
    const w = await world();
    let record = await started(w);
    await asPlayer(() => declareGrappleContest(w.scene.id, record.id, "attacker", { prompt: false }));
    await rollContest(asPlayer, [8, 8], [2, 2]);
    expect(records(w.scene)[0]?.state).toEqual({ status: "held", attackerStreak: 1 });
    // A-19b: a contest the defender declared and lost does not add to the attacker's streak, nor break it.
    await asGm(() => declareGrappleContest(w.scene.id, record.id, "defender", { prompt: false }));
    await rollContest(asGm, [1, 1], [9, 9]);
    expect(records(w.scene)[0]?.state).toEqual({ status: "held", attackerStreak: 1 });
    await asPlayer(() => declareGrappleContest(w.scene.id, record.id, "attacker", { prompt: false }));
    await rollContest(asPlayer, [8, 8], [2, 2]);
    record = records(w.scene)[0]!;
    expect(record.state).toEqual({ status: "immobilised", attackerStreak: 2 });
    expect(w.brute.statuses.has("immobilised")).toBe(true);
    expect(w.jack.statuses.has("immobilised")).toBe(false);
    expect(card().content).toContain("GENESYS.Grapple.Event.immobilised");

    // §2.3.4 a third party's attack plan counts +6 against the immobilised brute, +4 against Jack.
    const weapon = w.third.items.find((i) => i.type === "weapon")!.id!;
    const plan = prepareAttack(w.third, weapon, [
      { actor: w.brute, tokenUuid: w.bruteToken.uuid, name: "Bruto", distance: 5 },
      { actor: w.jack, tokenUuid: w.jackToken.uuid, name: "Jack", distance: 5 },
    ], (k) => k);
    if (!plan.ok) throw new Error(plan.refusal.warning);
    expect(plan.value.targets.map((t) => t.grapple)).toEqual(["opponentImmobilised", "opponentGrappling"]);
    // Ticking the grapple row by hand too counts it once, never +4 and +6 together.
    const answer = { ...defaultAnswer(plan.value), rolls: 1, targets: plan.value.targets.map((t, i) => ({ distance: 5, prone: false, chosen: i === 0 })), advantages: ["opponentGrappling" as const] };
    const spec = specifyAttack(plan.value, answer, {}, false);
    if (!spec.ok) throw new Error(spec.refusal.warning);
    expect(spec.value.rows[0]?.parts).toContainEqual({ key: "advantage", value: 6 });
    // Jack attacking the brute he holds gets no third party's bonus.
    const own = prepareAttack(w.jack, null, [{ actor: w.brute, tokenUuid: w.bruteToken.uuid, name: "Bruto", distance: 1 }], (k) => k);
    if (own.ok) expect(own.value.targets[0]?.grapple).toBeNull();

    // A-19d: out of a fight too, the immobilised brute's defence adds neither Difesa nor a dive.
    const row = { target: { name: "Bruto", actorUuid: w.brute.uuid }, attack: { total: 20 } } as never; // only what defencePlan reads
    expect(defencePlan(w.brute, row, false, (k) => k)?.tracker).toEqual({ defenceManeuver: false, dive: false });
    expect(defencePlan(w.third, row, false, (k) => k)?.tracker).toBeNull();

    await asGm(() => declareGrappleContest(w.scene.id, record.id, "defender", { prompt: false }));
    await rollContest(asGm, [9, 9], [1, 1]);
    expect(records(w.scene)).toEqual([]);
    expect(w.brute.statuses.has("grappled")).toBe(false);
    expect(w.brute.statuses.has("immobilised")).toBe(false);
    expect(w.jack.statuses.has("grappled")).toBe(false);
    expect(card().content).toContain("GENESYS.Grapple.Event.escaped");
  });

  it("an attacker's lost contest breaks his streak", async () => {
    const w = await world();
    const record = await started(w);
    await asPlayer(() => declareGrappleContest(w.scene.id, record.id, "attacker", { prompt: false }));
    await rollContest(asPlayer, [8, 8], [2, 2]);
    await asPlayer(() => declareGrappleContest(w.scene.id, record.id, "attacker", { prompt: false }));
    await rollContest(asPlayer, [1, 1], [9, 9]);
    expect(records(w.scene)[0]?.state).toEqual({ status: "held", attackerStreak: 0 });
  });

  it("a declared contest whose card the server refuses leaves the hold as it was: no pending card, no declared round", async () => {
    const w = await world();
    const record = await started(w);
    const before = records(w.scene)[0];
    const refused = vi.spyOn(ChatMessage.implementation, "create").mockRejectedValueOnce(new Error("server refused"));
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await asPlayer(() => declareGrappleContest(w.scene.id, record.id, "attacker", { prompt: false }));
      await gmQueue.run(() => Promise.resolve());
    } finally {
      refused.mockRestore();
      quiet.mockRestore();
    }
    expect(records(w.scene)[0]).toEqual(before);
    // And the next declaration goes through.
    await asPlayer(() => declareGrappleContest(w.scene.id, record.id, "attacker", { prompt: false }));
    expect(records(w.scene)[0]?.pending.attacker).toBe(card().id);
  });

  it("the attacker lets go at any time: the record and both statuses go", async () => {
    const w = await world();
    const record = await started(w);
    expect(await asPlayer(() => releaseHold(w.scene.id, record.id))).toBe(true);
    expect(records(w.scene)).toEqual([]);
    expect(w.jack.statuses.has("grappled")).toBe(false);
    expect(w.brute.statuses.has("grappled")).toBe(false);
    expect(card().content).toContain("GENESYS.Grapple.Event.released");
  });
});

describe("A-19a a turn of the attacker's without a contest, under both setting values", () => {
  it.each([
    [false, 1],
    [true, 0],
  ])("grappleStreakBrokenByIdleTurn %s: the streak is %i after an idle turn", async (setting, streak) => {
    await game.settings.set("genesys-gdr", "grappleStreakBrokenByIdleTurn", setting);
    resetRulesOptionsCache();
    const w = await world();
    const record = await started(w);
    await asPlayer(() => declareGrappleContest(w.scene.id, record.id, "attacker", { prompt: false }));
    await rollContest(asPlayer, [8, 8], [2, 2]);
    const combatants = new Map([["c1", { actor: w.jack }]]);
    // The attacker declared in no combat round; his turn of round 2 ends.
    await asGm(() => onTurnEnded({ round: 2, combatantId: "c1" }, { combatants }));
    expect(records(w.scene)[0]?.state.attackerStreak).toBe(streak);
    await game.settings.set("genesys-gdr", "grappleStreakBrokenByIdleTurn", false);
    resetRulesOptionsCache();
  });
});

describe("holds end with their tokens and their fight", () => {
  it("a deleted token: the hold ends and the other token's status goes", async () => {
    const w = await world();
    await started(w);
    await asGm(() => deleteToken(w.bruteToken));
    await new Promise((r) => setTimeout(r, 20));
    expect(records(w.scene)).toEqual([]);
    expect(w.jack.statuses.has("grappled")).toBe(false);
    expect(card().content).toContain("GENESYS.Grapple.Event.ended");
  });

  it("an ended combat among its combatants", async () => {
    const w = await world();
    await started(w);
    await asGm(() => onCombatEnded({ combatants: [{ actor: w.jack }] }));
    expect(records(w.scene)).toEqual([]);
    expect(w.brute.statuses.has("grappled")).toBe(false);
  });
});

describe("a hostile player at the console", () => {
  it("cannot grapple with a token he does not own, contest or release for another, start a second hold, or write the record", async () => {
    const w = await world();
    const other = placeToken(w.scene, w.third, { x: 300 });
    expect(await asPlayer(() => sendIntent(GRAPPLE_INTENTS.start, { attackerTokenUuid: w.bruteToken.uuid, defenderTokenUuid: w.jackToken.uuid, skillId: null }))).toMatchObject({ ok: false, warning: "GENESYS.Grapple.Warn.NotYours" });
    const record = await started(w);
    const snapshot = JSON.stringify(records(w.scene));
    expect(await asPlayer(() => sendIntent(GRAPPLE_INTENTS.contest, { sceneId: w.scene.id, grappleId: record.id, side: "defender", skillId: null }))).toMatchObject({ ok: false, warning: "GENESYS.Grapple.Warn.NotYours" });
    expect(await asPlayer(() => sendIntent(GRAPPLE_INTENTS.start, { attackerTokenUuid: w.jackToken.uuid, defenderTokenUuid: (other).uuid, skillId: null }))).toMatchObject({ ok: false, warning: "GENESYS.Grapple.Warn.AlreadyGrappling" });
    expect(await asPlayer(() => sendIntent(GRAPPLE_INTENTS.contest, { sceneId: w.scene.id, grappleId: "nope", side: "attacker", skillId: null }))).toMatchObject({ ok: false, warning: "GENESYS.Grapple.Warn.Over" });
    expect(await asPlayer(() => sendIntent(GRAPPLE_INTENTS.contest, { sceneId: w.scene.id, grappleId: record.id, side: "attacker", skillId: 42 }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    await expect(asPlayer(() => w.scene.setFlag("genesys-gdr", "grapples", []))).rejects.toThrow(/permission/);
    expect(JSON.stringify(records(w.scene))).toBe(snapshot);

    // He declares his contest (a winner in the payload is not read), then cannot roll the brute's side nor declare twice.
    const posted = await asPlayer(() => sendIntent(GRAPPLE_INTENTS.contest, { sceneId: w.scene.id, grappleId: record.id, side: "attacker", skillId: null, winner: "attacker" }));
    expect(posted.ok).toBe(true);
    expect(records(w.scene)[0]?.state.attackerStreak).toBe(0);
    expect(await asPlayer(() => sendIntent(GRAPPLE_INTENTS.contest, { sceneId: w.scene.id, grappleId: record.id, side: "attacker", skillId: null }))).toMatchObject({ ok: false, warning: "GENESYS.Grapple.Warn.Pending" });
    dice(9, 9);
    expect(await asPlayer(() => onContestAction(card() as never, "roll", "b"))).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Contest.Warn.NotAllowed");

    // The Narrator's brute lets go? Only the attacker (or the Narrator) may; a player owning only the defender may not.
    // The double's update takes any ownership record; fvtt-types wants the literal levels.
    await w.jack.update({ ownership: { default: 0, [playerId()]: 0 } } as never);
    await w.base.update({ ownership: { default: 0, [playerId()]: 3 } } as never);
    expect(await asPlayer(() => sendIntent(GRAPPLE_INTENTS.release, { sceneId: w.scene.id, grappleId: record.id }))).toMatchObject({ ok: false, warning: "GENESYS.Grapple.Warn.OnlyAttackerReleases" });
    expect(records(w.scene)).toHaveLength(1);
    expect(await asGm(() => sendIntent(GRAPPLE_INTENTS.release, { sceneId: w.scene.id, grappleId: record.id }))).toMatchObject({ ok: true });
  });
});
