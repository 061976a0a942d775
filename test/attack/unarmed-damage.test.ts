/**
 * §2.3.7 an unarmed blow's damage, FOR − 1D6 trauma never below 0, rolled through Foundry's Roll with the formula the
 * system builds ("max(@strength - 1d6, 0)", rules/weapons.ts UNARMED): the double parses it as Foundry's grammar does
 * for the Math functions it models (test/foundry/dice.ts, Term), the card totals it with the rules (unarmedDamage),
 * and the hit goes into the target. The compendium's "Colpo a mani nude" against a Comparsa, and an unlinked token.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { onCardAction } from "../../src/attack/attack-flow.js";
import { personOf } from "../documents/helpers.js";
import { Roll, diceDouble } from "../foundry/dice.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { DODGE_WITH_DEXTERITY, HUMAN, answerFor, attackCard, dice, itemId, npc, rowOf, skill, targetActors, useCardWorld } from "./helpers.js";
import { createActor } from "../documents/helpers.js";

useCardWorld();

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIST = JSON.parse(fs.readFileSync(path.join(ROOT, "packs/weapons/colpo_a_mani_nude_gnsWeaponUnarmd1.json"), "utf8")) as { name: string; type: string; system: object };

async function brawler(strength: number): Promise<GenesysActor> {
  return createActor({ name: "Rissoso", type: "character", system: { characteristics: { ...HUMAN, strength } }, items: [skill("Combattimento disarmato", 12), { name: FIST.name, type: FIST.type, system: FIST.system }] });
}

/** An unarmed hit on `victim` (attack 5 + 5 + 12 against a defence of 2 + 3 + 7), then the damage die `d6`. */
async function punch(attacker: GenesysActor, victim: GenesysActor, d6: number) {
  targetActors(victim);
  const fist = itemId(attacker, FIST.name);
  dice(5, 5);
  const card = await attackCard(attacker, fist, { answer: answerFor(attacker, fist, { distances: [1] }) });
  if (!card) throw new Error("no attack card");
  dice(2, 3);
  expect(await onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY })).toBe(true);
  expect(rowOf(card, "r0").outcome).toBe("hit");
  dice(d6);
  expect(await onCardAction(card, "rollDamage", "r0")).toBe(true);
  return card;
}

describe("§2.3.7 the unarmed damage formula through the Roll grammar", () => {
  it("parses max/min/floor over sums, rolls the die inside, and shows the formula as written", async () => {
    const roll = new Roll("max(@strength - 1d6, 0)", { strength: 7 });
    expect(roll.formula).toBe("max(7 - 1d6, 0)");
    diceDouble().queue.push(3);
    await roll.evaluate();
    expect(roll.total).toBe(4);
    expect(roll.dice.map((d) => d.values)).toEqual([[3]]);
    diceDouble().queue.push(6);
    expect((await new Roll("max(5 - 1d6, 0)").evaluate()).total).toBe(0);
    diceDouble().queue.push(2, 5);
    expect((await new Roll("min(1d6, 3) + floor(1d6)").evaluate()).total).toBe(2 + 5);
    expect(() => new Roll("sqrt(4)")).toThrow(/cannot parse/);
    expect(() => new Roll("floor(1, 2)")).toThrow(/cannot parse/);
    expect(() => new Roll("max(1d6, 0")).toThrow(/cannot parse/);
    expect(() => new Roll("max(1d6, 0)2")).toThrow(/missing operator/);
  });
});

describe("§2.3.7 an unarmed blow on the card (EX-11: FOR 7 → 1–6 trauma, FOR 5 → 0–4)", () => {
  it("FOR 7, die 3: 4 trauma on the card, 2 Ferite and 2 Fatica on the Comparsa", async () => {
    const thug = await npc("Scagnozzo");
    const card = await punch(await brawler(7), thug, 3);
    expect(rowOf(card, "r0").damage).toEqual({ formula: "max(7 - 1d6, 0)", dice: [3], total: 4 });
    expect(await onCardAction(card, "apply", "r0")).toBe(true);
    expect(personOf(thug).wounds.value).toBe(2);
    expect(personOf(thug).fatigue.value).toBe(2);
  });

  it("FOR 5, die 6: never below 0, nothing on an unlinked token's actor, its world actor untouched", async () => {
    const base = await npc("Passante");
    const victim = placeToken(createScene("Vicolo"), base).actor as unknown as GenesysActor; // the double's synthetic actor is a GenesysActor
    const card = await punch(await brawler(5), victim, 6);
    expect(rowOf(card, "r0").damage).toEqual({ formula: "max(5 - 1d6, 0)", dice: [6], total: 0 });
    expect(await onCardAction(card, "apply", "r0")).toBe(true);
    expect(personOf(victim).wounds.value + personOf(victim).fatigue.value).toBe(0);
    expect(personOf(base).wounds.value).toBe(0);
  });

  it("FOR 7, die 1: the top of the range, 6", async () => {
    const card = await punch(await brawler(7), await npc("Scagnozzo"), 1);
    expect(rowOf(card, "r0").damage?.total).toBe(6);
  });
});
