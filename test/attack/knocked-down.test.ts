/**
 * Issue 19, statuses the system set stay until its own flow takes them off: §3.2.2 a victim knocked down by a failed
 * stun check gets up with a Movimento maneuver (documents/knocked-down-guard.ts). Taken off by its owner before that,
 * from the token HUD or past every client hook, the prone status comes back on the Narrator's client; after a Movimento
 * of his this round, outside a fight, or by a Narrator's hand, he stands and the record of the hits goes.
 */
import { describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import { knockedDownWritesSettled, standUpAllowed, sweepKnockedDown } from "../../src/documents/knocked-down-guard.js";
import { knockedDownBy, liftProne, startLayProne } from "../../src/documents/stun-prone.js";
import { proneAfterDive } from "../../src/documents/dive-prone.js";
import { mayStandUp } from "../../src/rules/maneuver-effects.js";
import { fight, settle } from "../combat/helpers.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { rawStatusOff } from "../foundry/documents.js";
import { npc, playerId, useCardWorld } from "./helpers.js";

useCardWorld();

const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(users().player, fn);
const warnings = (): string => foundryDouble().notifications.filter((n) => n.level === "warn").map((n) => n.message).join(" | ");

/** The player's hero, knocked down by hit "h1" on the Narrator's client; in a started fight unless told. */
async function knockedDown({ inFight = true } = {}): Promise<{ hero: GenesysActor; combat: GenesysCombat | null }> {
  const hero = await npc("Eroe", { ownership: { default: 0, [playerId()]: 3 } });
  await startLayProne(hero, "h1").written;
  expect(knockedDownBy(hero)).toEqual(["h1"]);
  if (!inFight) return { hero, combat: null };
  const { combat } = await fight(hero, await npc("Bandito"));
  await combat.startCombat();
  await settle();
  return { hero, combat };
}

/** The Narrator's combat records a Movimento of the hero executed this round. */
async function movedThisRound(combat: GenesysCombat, hero: GenesysActor): Promise<void> {
  const id = combat.combatants.contents.find((c) => c.actor?.id === hero.id)?.id ?? "";
  const all = (combat.getFlag("genesys-gdr", "combatants") ?? {}) as Record<string, object>;
  await combat.setFlag("genesys-gdr", "combatants", { ...all, [id]: { ...all[id], executed: [{ round: combat.round, maneuver: "movement", target: null }] } });
}

const settled = async (): Promise<void> => {
  await settle();
  await knockedDownWritesSettled();
};

describe("§3.2.2 the rule", () => {
  it("a Movimento executed this round stands him up; last round's, or another maneuver, does not", () => {
    expect(mayStandUp([{ round: 2, maneuver: "movement", target: null }], 2)).toBe(true);
    expect(mayStandUp([{ round: 1, maneuver: "movement", target: null }], 2)).toBe(false);
    expect(mayStandUp([{ round: 2, maneuver: "attack", target: null }], 2)).toBe(false);
    expect(mayStandUp([], 1)).toBe(false);
  });
});

describe("a knocked-down player's hero", () => {
  it("in a fight, before a Movimento: the HUD's click is refused on his own client, with the reason", async () => {
    const { hero } = await knockedDown();
    expect(await asP(() => hero.toggleStatusEffect("prone", { active: false }))).toBe(true);
    await settled();
    expect(hero.statuses.has("prone")).toBe(true);
    expect(warnings()).toContain("GENESYS.Warn.StandUpWithMovement");
  });

  it("in a fight, before a Movimento, taken off past every client hook: the Narrator's client lays him down again", async () => {
    const { hero } = await knockedDown();
    await asP(() => rawStatusOff(hero, "prone"));
    expect(hero.statuses.has("prone")).toBe(false);
    await settled();
    expect(hero.statuses.has("prone")).toBe(true);
    expect(knockedDownBy(hero)).toEqual(["h1"]);
  });

  it("switched off, or its statuses edited, past every client hook: the same effect is put back as it was", async () => {
    const { hero } = await knockedDown();
    type Editable = { statuses: Set<string>; disabled: boolean; update(c: object): Promise<unknown> };
    const prone = (): Editable => [...hero.effects].find((e) => e.id === "genesysprone0000" || e.statuses.has("prone")) as unknown as Editable; // the double's status effect
    await asP(() => prone().update({ disabled: true }));
    expect(hero.statuses.has("prone")).toBe(false);
    await settled();
    expect(hero.statuses.has("prone")).toBe(true);
    expect(prone().disabled).toBe(false);
    await asP(() => prone().update({ statuses: [] }));
    expect(hero.statuses.has("prone")).toBe(false);
    await settled();
    expect(hero.statuses.has("prone")).toBe(true);
    expect([...hero.effects].filter((e) => e.statuses.has("prone"))).toHaveLength(1);
  });

  it("in a fight, after a Movimento of his this round: he stands, and the hits no longer hold him", async () => {
    const { hero, combat } = await knockedDown();
    if (!combat) throw new Error("no fight");
    await movedThisRound(combat, hero);
    expect(standUpAllowed(hero)).toBe(true);
    expect(await asP(() => hero.toggleStatusEffect("prone", { active: false }))).toBe(false);
    await settled();
    expect(hero.statuses.has("prone")).toBe(false);
    expect(knockedDownBy(hero)).toEqual([]);
  });

  it("a Movimento he used before he fell, this round, does not stand him up; one in a later round does", async () => {
    const hero = await npc("Lesto", { ownership: { default: 0, [playerId()]: 3 } });
    const { combat } = await fight(hero, await npc("Bandito"));
    await combat.startCombat();
    await settle();
    await movedThisRound(combat, hero);
    await startLayProne(hero, "h1").written;
    expect(knockedDownBy(hero)).toEqual(["h1", `spent:${String(combat.round)}`]);
    expect(standUpAllowed(hero)).toBe(false);
    await asP(() => rawStatusOff(hero, "prone"));
    await settled();
    expect(hero.statuses.has("prone")).toBe(true);
    await combat.update({ round: combat.round + 1 });
    await movedThisRound(combat, hero);
    expect(standUpAllowed(hero)).toBe(true);
    // Undo of the hit lifts him: the marker holds nobody down.
    expect(await liftProne(hero, "h1")).toBe(true);
    expect(knockedDownBy(hero)).toEqual([]);
  });

  it("outside a fight he gets up when he likes", async () => {
    const { hero } = await knockedDown({ inFight: false });
    await asP(() => rawStatusOff(hero, "prone"));
    await settled();
    expect(hero.statuses.has("prone")).toBe(false);
    expect(knockedDownBy(hero)).toEqual([]);
  });

  it("a Narrator may stand him up at any time", async () => {
    const { hero } = await knockedDown();
    await hero.toggleStatusEffect("prone", { active: false });
    await settled();
    expect(hero.statuses.has("prone")).toBe(false);
    expect(knockedDownBy(hero)).toEqual([]);
  });

  it("the record of the hits is the Narrator's: the owner's write of it is refused by the server", async () => {
    const { hero } = await knockedDown();
    await expect(asP(() => hero.update({ "system.knockedDown": [] } as Actor.UpdateData))).rejects.toThrow();
    expect(knockedDownBy(hero)).toEqual(["h1"]);
  });

  it("a dive holds him down the same way: in a fight he gets up with a Movimento, and no Undo of a hit lifts him", async () => {
    const hero = await npc("Tuffatore", { ownership: { default: 0, [playerId()]: 3 } });
    await proneAfterDive(hero, [{ key: "dive", value: 2 }], { ok: true });
    expect(knockedDownBy(hero)).toEqual(["dive"]);
    const { combat } = await fight(hero, await npc("Bandito"));
    await combat.startCombat();
    await settle();
    await asP(() => rawStatusOff(hero, "prone"));
    await settled();
    expect(hero.statuses.has("prone")).toBe(true);
    // A failed stun check while he lies there holds him too; its Undo leaves him in his dive.
    await startLayProne(hero, "h9").written;
    expect(knockedDownBy(hero)).toEqual(["dive", "h9"]);
    expect(await liftProne(hero, "h9")).toBe(false);
    expect(hero.statuses.has("prone")).toBe(true);
    await movedThisRound(combat, hero);
    await asP(() => rawStatusOff(hero, "prone"));
    await settled();
    expect(hero.statuses.has("prone")).toBe(false);
    expect(knockedDownBy(hero)).toEqual([]);
  });

  it("lying down of his own from the HUD before a failed check does not spare him: the check holds him down too", async () => {
    const hero = await npc("Furbo", { ownership: { default: 0, [playerId()]: 3 } });
    await asP(() => hero.toggleStatusEffect("prone", { active: true }));
    const { combat } = await fight(hero, await npc("Bandito"));
    await combat.startCombat();
    await settle();
    await startLayProne(hero, "h1").written;
    expect(knockedDownBy(hero)).toEqual(["lying", "h1"]);
    await asP(() => rawStatusOff(hero, "prone"));
    await settled();
    expect(hero.statuses.has("prone")).toBe(true);
    // Undo of the hit leaves him as he was before it: lying.
    expect(await liftProne(hero, "h1")).toBe(false);
    expect(hero.statuses.has("prone")).toBe(true);
  });

  it("stood up while no Narrator was connected: looked at again when one connects", async () => {
    const { hero } = await knockedDown();
    const { gm } = users();
    gm.active = false;
    try {
      await asP(() => rawStatusOff(hero, "prone"));
    } finally {
      gm.active = true;
    }
    expect(hero.statuses.has("prone")).toBe(false);
    sweepKnockedDown();
    await settled();
    expect(hero.statuses.has("prone")).toBe(true);
  });
});
