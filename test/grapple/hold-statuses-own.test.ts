/**
 * Regression (review s17b, issue 11): a hold switches on only the statuses it adds and clears only those, as its record
 * says (grapple-intents.ts showStatuses, GrappleRecord.shown). A Narrator's own "immobilised" on a tied-up defender
 * (config/statuses.ts: a general status) outlives a hold's start and release; what the hold set goes with it.
 */
import { describe, expect, it } from "vitest";
import { onContestAction } from "../../src/contest/contest-flow.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { declareGrappleContest, releaseHold, startGrapple } from "../../src/grapple/grapple-flow.js";
import { GRAPPLES_FLAG, readGrapples } from "../../src/documents/grapple-state.js";
import { createActor } from "../documents/helpers.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { sharedScene, placeToken } from "../foundry/scenes.js";
import type { User } from "../foundry/documents.js";
import { HUMAN, dice, playerId, skill, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const gm = (): User => foundryDouble().users.find((u) => u.isGM)!;
const player = (): User => foundryDouble().users.find((u) => u.id === playerId())!;

describe("§2.3.7 a hold leaves the statuses it did not set", () => {
  it("a tied-up defender stays immobilised through a hold's start and its release", async () => {
    const scene = sharedScene("Vicolo");
    const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Combattimento disarmato", 12)], ownership: { default: 0, [playerId()]: 3 } });
    const base = await createActor({ name: "Bruto", type: "npc", system: { characteristics: HUMAN }, items: [skill("Lotta", 10)] });
    const jackToken = placeToken(scene, jack, { actorLink: true });
    const bruteToken = placeToken(scene, base, { x: 100 });
    const brute = bruteToken.actor as unknown as GenesysActor; // the unlinked token's synthetic actor
    // The Narrator ties the brute up.
    await brute.toggleStatusEffect("immobilised", { active: true });
    expect(brute.statuses.has("immobilised")).toBe(true);

    await onClient(player(), () => startGrapple(jackToken as never, bruteToken as never, { prompt: false }));
    const card = game.messages.contents.at(-1)!;
    dice(6, 6);
    await onClient(player(), () => onContestAction(card as never, "roll", "a"));
    dice(3, 3);
    await onClient(gm(), () => onContestAction(card as never, "roll", "b"));
    const [record] = readGrapples(scene);
    expect(record?.state.status).toBe("held");
    expect(brute.statuses.has("immobilised")).toBe(true);
    expect(record?.shown).toEqual({ attacker: ["grappled"], defender: ["grappled"] });

    await onClient(player(), () => releaseHold(scene.id, record!.id));
    expect(readGrapples(scene as never)).toEqual([]);
    expect(brute.statuses.has("immobilised")).toBe(true);
    expect(brute.statuses.has("grappled") || jack.statuses.has("grappled")).toBe(false);
  });

  it("what the hold set it clears: its immobilised at release, a grappled taken off by hand comes back with the next contest", async () => {
    const scene = sharedScene("Vicolo");
    const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Combattimento disarmato", 12)], ownership: { default: 0, [playerId()]: 3 } });
    const base = await createActor({ name: "Bruto", type: "npc", system: { characteristics: HUMAN }, items: [skill("Lotta", 10)] });
    const jackToken = placeToken(scene, jack, { actorLink: true });
    const bruteToken = placeToken(scene, base, { x: 100 });
    const brute = bruteToken.actor as unknown as GenesysActor; // the unlinked token's synthetic actor
    const roll = async (a: [number, number], b: [number, number]): Promise<void> => {
      const card = game.messages.contents.at(-1)!;
      dice(...a);
      await onClient(player(), () => onContestAction(card as never, "roll", "a"));
      dice(...b);
      await onClient(gm(), () => onContestAction(card as never, "roll", "b"));
    };
    await onClient(player(), () => startGrapple(jackToken as never, bruteToken as never, { prompt: false }));
    await roll([6, 6], [3, 3]);
    const id = readGrapples(scene)[0]!.id;
    await onClient(player(), () => jack.toggleStatusEffect("grappled", { active: false }));
    for (let i = 0; i < 2; i++) {
      await onClient(player(), () => declareGrappleContest(scene.id, id, "attacker", { prompt: false }));
      await roll([8, 8], [1, 1]);
    }
    const [record] = readGrapples(scene);
    expect(record?.state.status).toBe("immobilised");
    expect(record?.shown).toEqual({ attacker: ["grappled"], defender: ["grappled", "immobilised"] });
    expect(jack.statuses.has("grappled") && brute.statuses.has("grappled") && brute.statuses.has("immobilised")).toBe(true);

    await onClient(player(), () => releaseHold(scene.id, id));
    expect([jack.statuses.has("grappled"), brute.statuses.has("grappled"), brute.statuses.has("immobilised")]).toEqual([false, false, false]);
  });

  it("a record written before holds listed their statuses still clears what it shows", async () => {
    const scene = sharedScene("Vicolo");
    const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Combattimento disarmato", 12)], ownership: { default: 0, [playerId()]: 3 } });
    const base = await createActor({ name: "Bruto", type: "npc", system: { characteristics: HUMAN }, items: [skill("Lotta", 10)] });
    const jackToken = placeToken(scene, jack, { actorLink: true });
    const bruteToken = placeToken(scene, base, { x: 100 });
    const brute = bruteToken.actor as unknown as GenesysActor; // the unlinked token's synthetic actor
    await scene.setFlag("genesys-gdr", GRAPPLES_FLAG, [{
      id: "hold0001",
      attacker: { tokenId: jackToken.id, name: "Jack" },
      defender: { tokenId: bruteToken.id, name: "Bruto" },
      state: { status: "immobilised", attackerStreak: 2 },
      attackerDeclaredRound: null,
      pending: { attacker: null, defender: null },
    }]);
    for (const a of [jack, brute]) await a.toggleStatusEffect("grappled", { active: true });
    await brute.toggleStatusEffect("immobilised", { active: true });
    expect(readGrapples(scene)[0]?.shown).toEqual({ attacker: ["grappled"], defender: ["grappled", "immobilised"] });

    await onClient(player(), () => releaseHold(scene.id, "hold0001"));
    expect([jack.statuses.has("grappled"), brute.statuses.has("grappled"), brute.statuses.has("immobilised")]).toEqual([false, false, false]);
  });
});
