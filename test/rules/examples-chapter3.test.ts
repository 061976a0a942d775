import { describe, it, expect } from "vitest";
import { activityFatigue, sleepDeprivationFatigue } from "../../src/rules/advanced/tiredness.js";
import { fallDamage, fallDice, fallDifficulty, poisonEffect } from "../../src/rules/advanced/generic-damage.js";
import { npcReaction } from "../../src/rules/advanced/reaction.js";
import { isRecognised, reputationReactionModifier } from "../../src/rules/advanced/reputation-effects.js";
import { liftingCapacity } from "../../src/rules/advanced/encumbrance.js";
import { losingControlOutcome, requiresLosingControlCheck } from "../../src/rules/advanced/losing-control.js";
import { stunCheck } from "../../src/rules/advanced/stun.js";
import { ANIMALS, animalCombatGrades, venomDoses } from "../../src/rules/advanced/animals.js";

describe("Chapter 3 worked examples", () => {
  it("EX-10 the agents jump 3 m onto a fire escape: 2D6 trauma, DEX 15, Andy unhurt, Frederik 1 Fatica + 1 Ferita", () => {
    expect(fallDice(3)).toBe(2);
    expect(fallDifficulty("jump")).toBe(15);
    // Dice values are not printed: any reduction ≥ the damage leaves Andy unhurt; Frederik keeps 2 points.
    const andy = fallDamage({ rolled: 6, reductionRoll: 9, checkSucceeded: true });
    const frederik = fallDamage({ rolled: 9, reductionRoll: 7, checkSucceeded: true });
    expect(andy.damage).toBe(0);
    expect(frederik).toEqual({ damage: 2, reduction: 7, type: "trauma", fatigue: 1, wounds: 1 });
  });

  it("EX-15a J.B. Vanlet's fear-immunity trait: no Losing Control check on seeing the alien", () => {
    expect(requiresLosingControlCheck("fear", ["fear"])).toBe(false);
    const outcome = losingControlOutcome({ total: 2, difficulty: 30, immune: true });
    expect(outcome.checked).toBe(false);
    expect(outcome.failed).toBe(false);
    expect(outcome.band).toBe("none");
    // Without the trait the same roll would have been a strong failure.
    expect(losingControlOutcome({ total: 2, difficulty: 30 }).band).toBe("strong");
  });

  it("EX-15d the alien's Strength check 18 fails against 20 (example) and 26 (rule): knocked down", () => {
    const afterArmour = stunCheck({ strengthCheckTotal: 18, damageBeforeArmour: 20 }, { stunRule: true });
    const beforeArmour = stunCheck({ strengthCheckTotal: 18, damageBeforeArmour: 30 - 4 * 1 }, { stunRule: true });
    expect(afterArmour.knockedDown).toBe(true);
    expect(beforeArmour.difficulty).toBe(26);
    expect(beforeArmour.knockedDown).toBe(true);
  });

  it("EX-17 the viper and the average man (RES 28): never lethal in a day, mild from 10 doses", () => {
    // However many bites in one day, the injected total stays ≤ 12 < 28.
    let today = 0;
    for (let bite = 0; bite < 10; bite++) {
      today = venomDoses({ damageAfterArmour: 3, roll2d6: 12, dosesInjectedToday: today }).dosesInjectedToday;
      expect(poisonEffect(today, 28)).not.toBe("full");
    }
    expect(today).toBe(12);
    for (let doses = 0; doses <= 12; doses++) expect(poisonEffect(doses, 28) === "full").toBe(false);
    expect(poisonEffect(10, 28)).toBe("firstEffects");
    expect(poisonEffect(9, 28)).toBe("none");
    // A first bite reaches mild poisoning on 6 of the 36 2D6 outcomes.
    let mild = 0;
    for (let a = 1; a <= 6; a++) {
      for (let b = 1; b <= 6; b++) {
        const { doses } = venomDoses({ damageAfterArmour: 1, roll2d6: a + b, dosesInjectedToday: 0 });
        if (poisonEffect(doses, 28) === "firstEffects") mild++;
      }
    }
    expect(mild).toBe(6);
    expect(ANIMALS.viper.venom?.mildEffect.checkModifier).toBe(-5);
  });
});

describe("Chapter 3 derived tests", () => {
  it("D-16 falls of 3 / 4.4 / 4.5 m → 2D6 / 2D6 / 3D6; accidental fall DEX difficulty 30", () => {
    expect([fallDice(3), fallDice(4.4), fallDice(4.5)]).toEqual([2, 2, 3]);
    expect(fallDifficulty("accident")).toBe(30);
  });

  it("D-17 poison, RES 28: 9 / 10 / 28 / 29 doses → none / first effects / first effects / full", () => {
    expect([9, 10, 28, 29].map((d) => poisonEffect(d, 28))).toEqual(["none", "firstEffects", "firstEffects", "full"]);
  });

  it("D-18 reaction, CHA 7: 1D6 = 1 / 2 / 6 → 8 Bad / 9 Neutral / 13 Good", () => {
    expect([1, 2, 6].map((d6) => npcReaction({ charm: 7, d6 }))).toMatchObject([
      { total: 8, band: "bad" },
      { total: 9, band: "neutral" },
      { total: 13, band: "good" },
    ]);
  });

  it("D-19 reaction of an animal-intelligence NPC, CHA 7, 1D6 = 3 → 6 Bad", () => {
    expect(npcReaction({ charm: 7, d6: 3, modifiers: ["animalIntelligence"] })).toMatchObject({ total: 6, band: "bad" });
  });

  it("D-20 recognition, Fame 7: 2D6 7 / 8 → yes / no; abroad (+5) with 2 / 3 → yes / no", () => {
    expect(isRecognised({ fame: 7, roll2d6: 7 })).toBe(true);
    expect(isRecognised({ fame: 7, roll2d6: 8 })).toBe(false);
    expect(isRecognised({ fame: 7, roll2d6: 2, modifiers: ["abroad"] })).toBe(true);
    expect(isRecognised({ fame: 7, roll2d6: 3, modifiers: ["abroad"] })).toBe(false);
  });

  it("D-21 Reputation 14 / −14 / 4 / −5 / 20 → +2 / −2 / 0 / −1 / +4", () => {
    expect([14, -14, 4, -5, 20].map(reputationReactionModifier)).toEqual([2, -2, 0, -1, 4]);
  });

  it("D-22 FOR 7 lifts 28 kg with one arm, 112 kg with both, 140 kg on the shoulders", () => {
    expect(liftingCapacity(7)).toEqual({ oneArm: 28, bothArms: 112, shoulders: 140 });
  });

  it("D-23 Losing Control, difficulty 20: results 20 / 18 / 17 / 10 / 9 → rows 1 / 1 / 2 / 3 / 4", () => {
    const outcomes = [20, 18, 17, 10, 9].map((total) => losingControlOutcome({ total, difficulty: 20 }));
    expect(outcomes.map((o) => o.difference)).toEqual([0, 2, 3, 10, 11]);
    expect(outcomes.map((o) => o.band)).toEqual(["minor", "minor", "slight", "disabling", "strong"]);
    expect(outcomes.every((o) => o.failed)).toBe(true);
  });

  it("D-24 one minute of fighting: 60 turns → 6 Fatica", () => {
    expect(activityFatigue("veryTiring", 60)).toBe(6);
  });

  it("D-25 sleep, FOR 7: nothing for 14 waking hours, then 1 Fatica per 30 minutes", () => {
    expect(sleepDeprivationFatigue(7, 14)).toBe(0);
    expect(sleepDeprivationFatigue(7, 14.5)).toBe(1);
    expect(sleepDeprivationFatigue(7, 15)).toBe(2);
    expect(sleepDeprivationFatigue(7, 16)).toBe(4);
  });

  it("D-35 hit for 12 absorbed by armour 15; FOR 7 check with dice 5 → 12 ≤ 12 → knocked down anyway", () => {
    expect(Math.max(0, 12 - 15)).toBe(0);
    expect(stunCheck({ strengthCheckTotal: 5 + 7, damageBeforeArmour: 12 }, { stunRule: true }).knockedDown).toBe(true);
  });

  it("D-38 hawk in flight vs on the ground → ATK/DEF 15 / 5", () => {
    expect(animalCombatGrades("hawk", "flight")).toMatchObject({ attack: 15, defence: 15 });
    expect(animalCombatGrades("hawk", "ground")).toMatchObject({ attack: 5, defence: 5 });
  });
});
