/**
 * §3.2.5 an aimed shot at an arm or a leg, end to end on the card: 4D6 = 24 at a leg, no armour there, halved after
 * armour to 12 Ferite, more than the thug's Forza 7: the leg is crippled. His Speed falls to 1 (both legs: 0.5), his
 * token shows it, the hit's Undo takes it back, and so does healing the hit's damage. A crippled arm stops a two-handed
 * weapon (both arms: every weapon but bare hands). A linked Comparsa and an unlinked token's own actor.
 */
import { describe, expect, it } from "vitest";
import { onCardAction, type CardMessage } from "../../src/attack/attack-flow.js";
import { readAttackState } from "../../src/attack/attack-card.js";
import { prepareAttack } from "../../src/attack/attack-roll.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { NpcModel } from "../../src/data/actor/npc.js";
import { placeToken, sharedScene } from "../foundry/scenes.js";
import { DODGE_WITH_DEXTERITY, HUMAN, answerFor, attackCard, dice, itemId, npc, rowOf, shooter, skill, stateOf, targetActors, useCardWorld, weapon } from "./helpers.js";

useCardWorld();

/** Lets the Narrator's status syncs and the mended limbs' writes land (a round trip each, one macrotask apiece). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

function personOf(actor: GenesysActor): NpcModel {
  if (!(actor.system instanceof NpcModel)) throw new Error(`${actor.name} is no Comparsa`);
  return actor.system;
}

/** Jack's pistol at the target's `area`: hit (the defence rolls 1 + 1), then 4D6 of 6s = 24; the card. */
async function shootAt(victim: GenesysActor, area: "arm" | "leg"): Promise<CardMessage> {
  const jack = await shooter();
  const pistol = itemId(jack, "Pistola");
  targetActors(victim);
  dice(5, 5);
  const message = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4], aimedArea: area }) });
  if (!message) throw new Error("no card");
  dice(1, 1);
  expect(await onCardAction(message, "defend", "r0", { defence: DODGE_WITH_DEXTERITY })).toBe(true);
  expect(rowOf(message, "r0").outcome).toBe("hit");
  dice(6, 6, 6, 6);
  expect(await onCardAction(message, "rollDamage", "r0")).toBe(true);
  return message;
}

describe("§3.2.5 a leg crippled by an aimed shot", () => {
  it("24 at a leg → 12 Ferite > Forza 7: the leg is recorded, Speed 1, the token shows it; Undo takes it all back", async () => {
    const thug = await npc("Scagnozzo");
    const speed = personOf(thug).derived.speed;
    expect(speed).toBeGreaterThan(1);
    const message = await shootAt(thug, "leg");
    expect(await onCardAction(message, "apply", "r0")).toBe(true);
    await settle();
    expect(rowOf(message, "r0").applied?.change.damage).toMatchObject({ inflicted: 12, wounds: 12, limbDisabled: true });
    expect(personOf(thug).crippledLimbs).toEqual([{ limb: "leg", recordId: expect.any(String) as string, wounds: 0, fatigue: 0 }]);
    expect(personOf(thug).crippled).toEqual({ arm: 0, leg: 1 });
    expect(personOf(thug).derived.speed).toBe(1);
    expect(personOf(thug).sources.derived.speed.at(-1)).toMatchObject({ value: 1 - speed, i18n: "GENESYS.Effects.Source.CrippledLeg" });
    expect(thug.statuses.has("crippledLeg")).toBe(true);
    expect(message.content).toContain("GENESYS.Attack.LimbDisabled");

    expect(await onCardAction(message, "undo", "r0")).toBe(true);
    await settle();
    expect(personOf(thug).crippledLimbs).toEqual([]);
    expect(personOf(thug).derived.speed).toBe(speed);
    expect(thug.statuses.has("crippledLeg")).toBe(false);
  });

  it("the second leg: half a metre a turn; healing one hit's damage mends only its leg", async () => {
    const thug = await npc("Scagnozzo");
    expect(await onCardAction(await shootAt(thug, "leg"), "apply", "r0")).toBe(true);
    expect(await onCardAction(await shootAt(thug, "leg"), "apply", "r0")).toBe(true);
    expect(personOf(thug).wounds.value).toBe(24);
    expect(personOf(thug).crippled).toEqual({ arm: 0, leg: 2 });
    expect(personOf(thug).derived.speed).toBe(0.5);
    // The Narrator heals the second hit's 12 Ferite: back where they stood before it, that leg has mended.
    await thug.update({ system: { wounds: { value: 12 } } });
    await settle();
    expect(personOf(thug).crippledLimbs.map((l) => [l.limb, l.wounds])).toEqual([["leg", 0]]);
    expect(personOf(thug).derived.speed).toBe(1);
    await thug.update({ system: { wounds: { value: 0 } } });
    await settle();
    expect(personOf(thug).crippledLimbs).toEqual([]);
    expect(thug.statuses.has("crippledLeg")).toBe(false);
  });

  it("a hit whose Ferite do not exceed Forza cripples nothing: 13 at a leg → 6 ≤ 7", async () => {
    const thug = await npc("Scagnozzo");
    const jack = await shooter();
    const pistol = itemId(jack, "Pistola");
    targetActors(thug);
    dice(5, 5);
    const message = (await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4], aimedArea: "leg" }) }))!;
    dice(1, 1);
    await onCardAction(message, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    dice(4, 3, 3, 3);
    await onCardAction(message, "rollDamage", "r0");
    expect(await onCardAction(message, "apply", "r0")).toBe(true);
    expect(rowOf(message, "r0").applied?.change.damage).toMatchObject({ inflicted: 6, limbDisabled: false });
    expect(personOf(thug).crippledLimbs).toEqual([]);
  });
});

describe("§3.2.5 a crippled arm holds nothing", () => {
  const RIFLE = weapon("Fucile", "pistola", { key: "twoHanded", magazine: 6, range: { kind: "metres", value: 600 } }, { rounds: 6 });
  const REVOLVER = weapon("Revolver", "pistola", { key: "oneHanded", magazine: 6, range: { kind: "metres", value: 600 } }, { rounds: 6 });
  const FISTS = weapon("Pugni", "pistola", { key: "unarmed", range: { kind: "reach", value: 0 } });

  it("one arm: the two-handed rifle is refused, the revolver is not; both arms: only bare hands", async () => {
    const thug = await npc("Scagnozzo", { items: [skill("Pistola", 10), RIFLE, REVOLVER, FISTS] });
    const victim = await npc("Bersaglio");
    const can = (name: string) => {
      const plan = prepareAttack(thug, itemId(thug, name), [{ actor: victim, tokenUuid: null, name: victim.name, distance: 1 }], (k) => k);
      return plan.ok ? "ok" : plan.refusal.warning;
    };
    expect([can("Fucile"), can("Revolver"), can("Pugni")]).toEqual(["ok", "ok", "ok"]);
    expect(await onCardAction(await shootAt(thug, "arm"), "apply", "r0")).toBe(true);
    await settle();
    expect(personOf(thug).crippled).toEqual({ arm: 1, leg: 0 });
    expect(thug.statuses.has("crippledArm")).toBe(true);
    expect([can("Fucile"), can("Revolver"), can("Pugni")]).toEqual(["GENESYS.Attack.Warn.CrippledArm", "ok", "ok"]);
    expect(await onCardAction(await shootAt(thug, "arm"), "apply", "r0")).toBe(true);
    expect([can("Fucile"), can("Revolver"), can("Pugni")]).toEqual(["GENESYS.Attack.Warn.CrippledArm", "GENESYS.Attack.Warn.CrippledArm", "ok"]);
    // The arms leave Speed alone.
    expect(personOf(thug).derived.speed).toBe(personOf(await npc("Confronto")).derived.speed);
  });
});

describe("§3.2.5 an unlinked token's own actor", () => {
  it("its leg is crippled on the token's actor only; the world actor runs on", async () => {
    const bandit = await npc("Bandito", { system: { characteristics: HUMAN } });
    const token = placeToken(sharedScene("Vicolo"), bandit);
    const found: unknown = token.actor;
    const actor: GenesysActor | null = found instanceof GenesysActor ? found : null;
    if (!actor) throw new Error("no token actor");
    const message = await shootAt(actor, "leg");
    expect(await onCardAction(message, "apply", "r0")).toBe(true);
    await settle();
    expect(personOf(actor).crippled.leg).toBe(1);
    expect(personOf(actor).derived.speed).toBe(1);
    expect(actor.statuses.has("crippledLeg")).toBe(true);
    expect(personOf(bandit).crippledLimbs).toEqual([]);
    expect(personOf(bandit).derived.speed).toBeGreaterThan(1);
  });
});

describe("a card posted before arms and legs were told apart", () => {
  it("its aimed 'limb' reads as an arm, as its damage was worked out then (the arms' armour)", async () => {
    const thug = await npc("Scagnozzo");
    const message = await shootAt(thug, "arm");
    const stored = JSON.parse(JSON.stringify(stateOf(message))) as Record<string, unknown>;
    expect(readAttackState({ ...stored, aimedArea: "limb" })?.aimedArea).toBe("arm");
    expect(readAttackState({ ...stored, aimedArea: "elbow" })).toBeNull();
  });
});
