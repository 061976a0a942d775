/**
 * Regression (review s17b, issue 11): the grapple row of an attack is read from the hold of the target's own token. The
 * token uuid comes from the attacker's client; naming an immobilised brute's token beside a free target's actor must
 * give no +6 against the free one (grapple-effects.ts holdOfTarget), while the brute's own row stands.
 */
import { describe, expect, it } from "vitest";
import { onContestAction } from "../../src/contest/contest-flow.js";
import { prepareAttack } from "../../src/attack/attack-roll.js";
import { declareGrappleContest, startGrapple } from "../../src/grapple/grapple-flow.js";
import { readGrapples } from "../../src/documents/grapple-state.js";
import { createActor } from "../documents/helpers.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { sharedScene, placeToken } from "../foundry/scenes.js";
import type { User } from "../foundry/documents.js";
import { HUMAN, PISTOL, dice, playerId, skill, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const gm = (): User => foundryDouble().users.find((u) => u.isGM)!;

async function roll(a: [number, number], b: [number, number]): Promise<void> {
  const card = game.messages.contents.at(-1)!;
  dice(...a);
  await onClient(gm(), () => onContestAction(card as never, "roll", "a"));
  dice(...b);
  await onClient(gm(), () => onContestAction(card as never, "roll", "b"));
}

describe("§2.3.7 the grapple row belongs to the target's own token", () => {
  it("another actor's token uuid lends its hold to no target; each contender's own row stands", async () => {
    const scene = sharedScene("Vicolo");
    const holder = await createActor({ name: "Tizio", type: "npc", system: { characteristics: HUMAN }, items: [skill("Lotta", 14)] });
    const base = await createActor({ name: "Bruto", type: "npc", system: { characteristics: HUMAN }, items: [skill("Lotta", 10)] });
    const free = await createActor({ name: "Libero", type: "npc", system: { characteristics: HUMAN } });
    const shooter = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Pistola", 12), PISTOL], ownership: { default: 0, [playerId()]: 3 } });
    const holderToken = placeToken(scene, holder, { actorLink: true });
    const bruteToken = placeToken(scene, base, { x: 100 });
    placeToken(scene, free, { actorLink: true, x: 200 });
    placeToken(scene, shooter, { actorLink: true, x: 300 });
    await onClient(gm(), () => startGrapple(holderToken as never, bruteToken as never, { prompt: false }));
    await roll([6, 6], [2, 2]);
    const id = readGrapples(scene)[0]!.id;
    for (let i = 0; i < 2; i++) {
      await onClient(gm(), () => declareGrappleContest(scene.id, id, "attacker", { prompt: false }));
      await roll([8, 8], [1, 1]);
    }
    expect(readGrapples(scene as never)[0]?.state.status).toBe("immobilised");

    const weapon = shooter.items.find((i) => i.type === "weapon")!.id!;
    const plan = prepareAttack(shooter, weapon, [{ actor: free, tokenUuid: bruteToken.uuid, name: "Libero", distance: 5 }], (k) => k);
    if (!plan.ok) throw new Error(plan.refusal.warning);
    expect(plan.value.targets[0]?.grapple ?? null).toBeNull();

    // The brute's own row stands, by his token's uuid or by none; the holder's token lends nothing to the free one either.
    const brute = bruteToken.actor as never; // the unlinked token's synthetic actor
    const rows = prepareAttack(shooter, weapon, [
      { actor: brute, tokenUuid: bruteToken.uuid, name: "Bruto", distance: 5 },
      { actor: brute, tokenUuid: null, name: "Bruto", distance: 5 },
      { actor: free, tokenUuid: holderToken.uuid, name: "Libero", distance: 5 },
      { actor: holder, tokenUuid: holderToken.uuid, name: "Tizio", distance: 5 },
    ], (k) => k);
    if (!rows.ok) throw new Error(rows.refusal.warning);
    expect(rows.value.targets.map((t) => t.grapple ?? null)).toEqual(["opponentImmobilised", "opponentImmobilised", null, "opponentGrappling"]);
  });
});
