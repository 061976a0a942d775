/**
 * §3.1.1 death by hunger or thirst on the Foundry double: the time card that runs the 2D6-hour deadline out
 * offers the Narrator a confirmation; the death is the Ferite that pass R (woundsToDie), applied through the damage
 * pipeline with a ledger record, shown on the card and the token, taken back by its own Undo or the card's, and never
 * applied without the confirmation, to someone fed since, or from a player's console. Linked character and unlinked token.
 *
 * The dying: Forza 7, so R = 28 and 29 Ferite kill (§1.5.2); 26 hunger points alone > ceil(7·28/8) = 25 (starvation
 * risk), with 2 hours left on the deadline: 3 hours without food run it out.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { timeQueue } from "../../src/time/time-advance.js";
import { readTimeCard, type TimeCardState } from "../../src/time/time-card.js";
import { requestTimeDeath, requestTimeUndo } from "../../src/time/time-requests.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { createScene, placeToken, type Scene } from "../foundry/scenes.js";
import { createActor, personOf } from "../documents/helpers.js";
import { HUMAN, playerId, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const notes = (): string[] => foundryDouble().notifications.map((n) => n.message);
interface Card { id: string; content: string; flags: Record<string, Record<string, unknown>> }
const lastCard = (): Card => {
  const card = (game.messages.contents as unknown as Card[]).filter((m) => m.flags["genesys-gdr"]?.["timeCard"] !== undefined).at(-1);
  if (!card) throw new Error("no time card");
  return card;
};
const now = (card: Card): Card | undefined => game.messages.get(card.id);
const stateOf = (card: Card): TimeCardState | null => readTimeCard(now(card)?.flags["genesys-gdr"]?.["timeCard"]);
const settled = (): Promise<void> => timeQueue.run(() => Promise.resolve());

const STARVING = {
  characteristics: HUMAN,
  fatigue: { value: 26, deprivation: 26 },
  deprivation: { daysWithoutFood: 26, points: { sleep: 0, hunger: 26, thirst: 0 }, deadline: { hunger: 2, thirst: null } },
};

let scene: Scene;

beforeEach(async () => {
  for (const s of game.scenes.contents as unknown as Scene[]) s.active = false;
  scene = createScene("Deserto");
  scene.active = true;
  await game.settings.set("genesys-gdr", "timeActors", "scene");
});

async function starving(name = "Alven", wounds = 0): Promise<GenesysActor> {
  return createActor({ name, type: "character", system: { ...STARVING, wounds: { value: wounds } }, ownership: { default: 0, [playerId()]: 3 } });
}

/** Three hours without food (water given): the deadline runs out; the card, and the row of `actor`. */
async function runOut(actor: GenesysActor): Promise<Card> {
  expect(await game.genesys.timePasses({ hours: 3, pastime: "rest", ate: false, drank: true, actors: [actor] })).toBe(true);
  await settled();
  const card = lastCard();
  expect(stateOf(card)?.rows.find((r) => r.actorUuid === actor.uuid)?.events).toContainEqual({ kind: "deadline", of: "hunger" });
  return card;
}

describe("§3.1.1 a starvation deadline runs out", () => {
  it("nobody dies until the Narrator confirms; the card offers the confirmation", async () => {
    const alven = await starving();
    const card = await runOut(alven);
    expect(personOf(alven).wounds.value).toBe(0);
    expect(personOf(alven).condition.key).toBe("collapsed");
    expect(card.content).toContain('data-time-action="death"');
    expect(card.content).toContain(`data-actor-uuid="${alven.uuid}"`);
    expect(card.content).toContain("GENESYS.Time.Death.Confirm");
  });

  it("confirmed: 29 Ferite through the damage pipeline, dead on the sheet and the token, the card says so", async () => {
    const alven = await starving();
    const token = placeToken(scene, alven, { actorLink: true });
    const card = await runOut(alven);
    expect(await requestTimeDeath(card.id, alven.uuid, false)).toBe(true);
    expect(personOf(alven).wounds.value).toBe(29);
    expect(personOf(alven).condition.key).toBe("dead");
    expect(personOf(alven).fatigue.value).toBe(26);
    await alven.syncConditionStatuses();
    expect(alven.statuses.has("dead")).toBe(true);
    expect(token.actor?.statuses.has("dead")).toBe(true);
    const row = stateOf(card)?.rows[0];
    expect(row?.death).toMatchObject({ of: "hunger", wounds: 29 });
    expect(alven.ledger.map((e) => e.id)).toContain(row?.death?.recordId);
    const content = now(card)?.content ?? "";
    expect(content).not.toContain('data-time-action="death"');
    expect(content).toContain("GENESYS.Time.Death.Confirmed");
    expect(content).toContain('data-time-action="undeath"');
    expect(notes().at(-1)).toContain("GENESYS.Time.Death.Applied");
  });

  it("a second confirmation adds nothing", async () => {
    const alven = await starving();
    const card = await runOut(alven);
    expect(await requestTimeDeath(card.id, alven.uuid, false)).toBe(true);
    expect(await requestTimeDeath(card.id, alven.uuid, false)).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Time.Death.Warn.Already");
    expect(personOf(alven).wounds.value).toBe(29);
  });

  it("Ferite already taken count: at 5 Ferite the death adds 24", async () => {
    const alven = await starving("Alven", 5);
    const card = await runOut(alven);
    expect(await requestTimeDeath(card.id, alven.uuid, false)).toBe(true);
    expect(personOf(alven).wounds.value).toBe(29);
    expect(stateOf(card)?.rows[0]?.death?.wounds).toBe(24);
  });

  it("the death's Undo takes back its own Ferite alone: a later hit stays, the confirmation is offered again", async () => {
    const alven = await starving();
    const card = await runOut(alven);
    expect(await requestTimeDeath(card.id, alven.uuid, false)).toBe(true);
    await alven.applyDamage({ amount: 3, type: "wounding", ignoreArmour: true });
    expect(personOf(alven).wounds.value).toBe(32);
    expect(await requestTimeDeath(card.id, alven.uuid, true)).toBe(true);
    expect(personOf(alven).wounds.value).toBe(3);
    expect(personOf(alven).condition.key).toBe("collapsed");
    expect(stateOf(card)?.rows[0]?.death).toBeUndefined();
    expect(now(card)?.content).toContain('data-time-action="death"');
    // Undone twice: the second finds no death to take back.
    expect(await requestTimeDeath(card.id, alven.uuid, true)).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Time.Death.Warn.NotConfirmed");
    expect(personOf(alven).wounds.value).toBe(3);
  });

  it("the card's Undo takes back the death too, then the advance: the deadline is back at 2 hours", async () => {
    const alven = await starving();
    const card = await runOut(alven);
    expect(personOf(alven).deprivation.deadline.hunger).toBe(0);
    expect(await requestTimeDeath(card.id, alven.uuid, false)).toBe(true);
    expect(await requestTimeUndo(card.id)).toBe(true);
    expect(personOf(alven).wounds.value).toBe(0);
    expect(personOf(alven).deprivation.deadline.hunger).toBe(2);
    expect(personOf(alven).condition.key).toBe("collapsed");
    expect(stateOf(card)?.undone).toBe(true);
    // An undone card confirms nothing more.
    expect(now(card)?.content).not.toContain('data-time-action="death"');
    expect(await requestTimeDeath(card.id, alven.uuid, false)).toBe(false);
    expect(personOf(alven).wounds.value).toBe(0);
  });

  it("A-35: fed since the deadline ran out, he is saved: the confirmation is refused", async () => {
    const alven = await starving();
    const card = await runOut(alven);
    expect(await game.genesys.timePasses({ hours: 1, pastime: "rest", ate: true, drank: true, actors: [alven] })).toBe(true);
    await settled();
    expect(personOf(alven).deprivation.deadline.hunger).toBeNull();
    expect(await requestTimeDeath(card.id, alven.uuid, false)).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Time.Death.Warn.Saved");
    expect(personOf(alven).wounds.value).toBe(0);
  });

  it("already dead of something else: nothing added", async () => {
    const alven = await starving();
    const card = await runOut(alven);
    await alven.applyDamage({ amount: 30, type: "wounding", ignoreArmour: true });
    expect(await requestTimeDeath(card.id, alven.uuid, false)).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Time.Death.Warn.AlreadyDead");
    expect(personOf(alven).wounds.value).toBe(30);
  });

  it("an unlinked token's actor dies on its own: the world actor it came from is untouched", async () => {
    const base = await createActor({ name: "Brigante", type: "npc", system: STARVING });
    const token = placeToken(scene, base);
    const bandit = token.actor as unknown as GenesysActor; // the double's synthetic actor is of the configured GenesysActor class
    const card = await runOut(bandit);
    expect(stateOf(card)?.rows[0]?.actorUuid).toBe(bandit.uuid);
    expect(await requestTimeDeath(card.id, bandit.uuid, false)).toBe(true);
    expect(personOf(bandit).wounds.value).toBe(29);
    expect(personOf(bandit).condition.key).toBe("dead");
    expect(personOf(base).wounds.value).toBe(0);
    expect(await requestTimeDeath(card.id, bandit.uuid, true)).toBe(true);
    expect(personOf(bandit).wounds.value).toBe(0);
  });

  it("a player's console confirms nothing, and a row without a deadline has nothing to confirm", async () => {
    const alven = await starving();
    const card = await runOut(alven);
    await onClient(users().player, () => requestTimeDeath(card.id, alven.uuid, false));
    expect(personOf(alven).wounds.value).toBe(0);
    expect(stateOf(card)?.rows[0]?.death).toBeUndefined();

    const rested = await createActor({ name: "Bera", type: "character", system: { characteristics: HUMAN, fatigue: { value: 2, deprivation: 0 } } });
    expect(await game.genesys.timePasses({ hours: 1, pastime: "rest", ate: true, drank: true, actors: [rested] })).toBe(true);
    await settled();
    const quiet = lastCard();
    expect(quiet.content).not.toContain('data-time-action="death"');
    expect(await requestTimeDeath(quiet.id, rested.uuid, false)).toBe(false);
    expect(notes().at(-1)).toContain("GENESYS.Time.Death.Warn.NoDeadline");
    expect(personOf(rested).wounds.value).toBe(0);
  });
});
