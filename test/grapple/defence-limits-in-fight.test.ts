/**
 * Regression (review s17b, issue 11): in a started fight a grappler's defence is limited by the scene's record of the
 * hold as well as by the tracker (defence-plan.ts). The player owns his actor and may switch its "grappled" status off;
 * Difesa's bonus and the dive stay away while the record says he is held (A-19d), and come back once the hold is over.
 */
import { rawStatusOff } from "../foundry/documents.js";
import { holdStatusWritesSettled } from "../../src/grapple/hold-status-guard.js";
import { beforeAll, describe, expect, it } from "vitest";
import type { AttackRow } from "../../src/attack/attack-card.js";
import { defencePlan } from "../../src/attack/defence-plan.js";
import { grappleBlocksMovement } from "../../src/documents/grapple-movement.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { sharedScene, placeToken } from "../foundry/scenes.js";
import { HUMAN, PISTOL, npc, shooter, skill } from "../attack/helpers.js";
import { asPlayer, bootCombat, fight, player, settle } from "../combat/helpers.js";

beforeAll(async () => {
  await bootCombat();
});

function rowAgainst(target: GenesysActor): AttackRow {
  return {
    id: "r0",
    target: { actorUuid: target.uuid, tokenUuid: null, name: target.name },
    distance: 1,
    beyondHalf: false,
    parts: [],
    chance: null,
    attack: { formula: "2d10 + 12", dice: [5, 5], total: 22 },
    defence: null,
    outcome: null,
    damage: null,
    applied: null,
    undone: false,
    undo: null,
  };
}

describe("A-19d a grappler's defence in a started fight", () => {
  it("a held defender who executed Difesa gets neither its bonus nor the dive, with or without his grappled status", async () => {
    const jack = await shooter([skill("Pistola", 12), PISTOL]);
    const guard = await npc("Guardia", { system: { characteristics: { ...HUMAN, dexterity: 9 } }, ownership: { default: 0, [player().id]: 3 } });
    const scene = sharedScene("Vicolo");
    const jackToken = placeToken(scene, jack, { actorLink: true });
    const guardToken = placeToken(scene, guard, { actorLink: true, x: 100 });
    // The hold as the GM's client writes it (grapple-intents.ts settleStart), and both statuses on.
    await scene.setFlag("genesys-gdr", "grapples", [{
      id: "hold0001",
      attacker: { tokenId: jackToken.id, name: "Jack" },
      defender: { tokenId: guardToken.id, name: "Guardia" },
      state: { status: "held", attackerStreak: 0 },
      attackerDeclaredRound: null,
      pending: { attacker: null, defender: null },
    }]);
    await guard.toggleStatusEffect("grappled", { active: true });
    await jack.toggleStatusEffect("grappled", { active: true });

    const { combat, of } = await fight(jack, guard);
    await combat.startCombat();
    await settle();
    await combat.declare(of(jack), "attack");
    await combat.declare(of(guard), "defence");
    await settle();
    expect(defencePlan(guard, rowAgainst(guard), false, (k) => k, { attacker: jack, kind: "melee" })?.tracker).toEqual({ defenceManeuver: false, dive: false });

    // The player, owner of the guard, takes the status off his own actor past every client hook; the scene's record
    // still says "held", and the rules read it, not the token.
    await asPlayer(() => rawStatusOff(guard, "grappled"));
    expect(guard.statuses.has("grappled")).toBe(false);
    expect(grappleBlocksMovement(guard)).toBe(true); // the movement check reads the record and holds
    expect(defencePlan(guard, rowAgainst(guard), false, (k) => k, { attacker: jack, kind: "melee" })?.tracker).toEqual({ defenceManeuver: false, dive: false });
    // The Narrator's client shows the hold's status again (grapple/hold-status-guard.ts).
    await settle();
    await holdStatusWritesSettled();
    expect(guard.statuses.has("grappled")).toBe(true);
    // From the token HUD, his own client refuses the click.
    expect(await asPlayer(() => guard.toggleStatusEffect("grappled", { active: false }))).toBe(true);
    expect(guard.statuses.has("grappled")).toBe(true);
    // Switched off past every client hook: switched on again.
    const effect = [...guard.effects].find((e) => e.statuses.has("grappled")) as unknown as { disabled: boolean; update(c: object): Promise<unknown> }; // the double's status effect
    await asPlayer(() => effect.update({ disabled: true }));
    expect(guard.statuses.has("grappled")).toBe(false);
    await settle();
    await holdStatusWritesSettled();
    expect(guard.statuses.has("grappled")).toBe(true);

    // The hold over (the record gone), the Difesa he executed counts again.
    await scene.setFlag("genesys-gdr", "grapples", []);
    await jack.toggleStatusEffect("grappled", { active: false });
    await guard.toggleStatusEffect("grappled", { active: false });
    expect(defencePlan(guard, rowAgainst(guard), false, (k) => k, { attacker: jack, kind: "melee" })?.tracker).toEqual({ defenceManeuver: true, dive: true });
  });
});
