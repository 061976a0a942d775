import { decideClaimedPoint } from "../../src/check/claimed-point.js";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { registerDice, GenesysCheckRoll } from "../../src/check/genesys-roll.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { diceDouble } from "../foundry/dice.js";
import { gmQueue } from "../../src/authority/serial-queue.js";
import { HUMAN, dice, jack, lastMessage, readableByAnyone, rollOf, sealedRollOf, skill, skillData, skillId } from "./helpers.js";
import { createActor } from "../documents/helpers.js";

beforeAll(async () => {
  await bootSystem();
  registerDice();
});

beforeEach(() => {
  diceDouble().queue.length = 0;
});

describe("registerDice", () => {
  it("adds the check roll once to the classes chat messages are rebuilt from", () => {
    registerDice();
    expect(CONFIG.Dice.rolls.filter((c) => c === GenesysCheckRoll)).toHaveLength(1);
  });

  it("keeps its class name, by which chat messages find it again, whatever the minifier does", () => {
    expect(GenesysCheckRoll.name).toBe("GenesysCheckRoll");
    expect(GenesysCheckRoll.build({ difficulty: 10, grade: 7, modifiers: 0, conditionPenalty: 0, condition: "normal", label: "x", blind: false, actorUuid: null }).toJSON()).toMatchObject({ class: "GenesysCheckRoll" });
  });

  it("a roll survives its JSON: same class, options, dice and outcome", async () => {
    const roll = GenesysCheckRoll.build({ difficulty: 20, grade: 12, modifiers: 1, conditionPenalty: -2, condition: "weak", label: "Corsa", blind: false, actorUuid: "Actor.x", skillId: "s1", experience: 7 });
    dice(6, 3);
    await roll.evaluate();
    const copy = foundry.dice.Roll.fromData(JSON.parse(JSON.stringify(roll)) as Parameters<typeof foundry.dice.Roll.fromData>[0]);
    if (!(copy instanceof GenesysCheckRoll)) throw new Error("not rebuilt as a GenesysCheckRoll");
    const check = copy;
    expect(check.options).toMatchObject({ difficulty: 20, grade: 12, modifiers: 1, conditionPenalty: -2, label: "Corsa" });
    expect(check.diceResults).toEqual([6, 3]);
    expect(check.outcome).toMatchObject({ dice: 9, total: 20, success: false, margin: 0 });
  });
});

describe("a stored roll with damaged options", () => {
  it("renders without an outcome instead of throwing", async () => {
    const roll = GenesysCheckRoll.build({ difficulty: 20, grade: -4, modifiers: 0, conditionPenalty: 0, condition: "normal", label: "Rotto", blind: false, actorUuid: null });
    dice(5, 5);
    await roll.evaluate();
    expect(roll.outcome).toBeNull();
    expect(await roll.render()).toContain("genesys-check unjudged");
  });
});

describe("EX-06 Jack runs down the tunnel: difficulty 20, running 12", () => {
  it("dice 8 fails (20 is not more than 20), with 72 % shown and no increment point", async () => {
    const actor = await jack();
    dice(5, 3);
    const message = await actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 20, prompt: false });
    expect(message).not.toBeNull();
    const roll = rollOf(message);
    expect(roll.formula).toBe("2d10 + 12 + 0");
    expect(roll.total).toBe(20);
    expect(roll.outcome).toMatchObject({ dice: 8, total: 20, success: false, margin: 0, minimumDice: 9 });
    expect(roll.options.increment).toBeNull();
    const html = await roll.render();
    expect(html).toContain("genesys-check failure");
    expect(html).toContain("GENESYS.Check.Failure");
    expect(html).toContain("72%");
    expect(html).not.toContain("genesys-check__increment");
    expect(skillData(actor, "Corsa").increment).toBe(0);
  });

  it("dice 9 succeeds by 1", async () => {
    const actor = await jack();
    dice(4, 5);
    const roll = rollOf(await actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 20, prompt: false }));
    expect(roll.outcome).toMatchObject({ total: 21, success: true, margin: 1 });
    const html = await roll.render();
    expect(html).toContain("genesys-check success");
    expect(html).toContain("GENESYS.Check.Success");
    expect(html).toContain("+1");
    expect(skillData(actor, "Corsa").increment).toBe(0);
  });
});

describe("EX-07 Jack on the ladder: difficulty 25, climbing 10, dice 16", () => {
  it("succeeds with 26 and stores one increment point on the skill (T = 15 ≥ 13)", async () => {
    const actor = await jack();
    dice(8, 8);
    const roll = rollOf(await actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, prompt: false }));
    expect(roll.outcome).toMatchObject({ total: 26, success: true, threshold: 15 });
    expect(roll.options.increment).toEqual({ reason: "hardSuccess", status: "stored", points: 1, grade: null });
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
    expect(skillData(actor, "Arrampicata").grade).toBe(10);
    const html = await roll.render();
    expect(html).toContain("genesys-check__increment increment stored");
    expect(html).toContain("GENESYS.Check.Increment.Stored");
  });

  it("the sixth point raises the grade to 11 and restarts the count at 0", async () => {
    const actor = await jack({ items: [skill("Arrampicata", 10, 5)] });
    dice(8, 8);
    const roll = rollOf(await actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, prompt: false }));
    expect(roll.options.increment).toEqual({ reason: "hardSuccess", status: "gradeGained", points: 0, grade: 11 });
    const climbing = skillData(actor, "Arrampicata");
    expect([climbing.increment, climbing.earned, climbing.grade]).toEqual([0, 1, 11]);
    expect(await roll.render()).toContain("increment gradeGained");
  });
});

describe("EX-08 the wet roof: grade 11 against Easy 10 is an automatic success (A-15)", () => {
  it("posts a success card without dice", async () => {
    const actor = await jack({ items: [skill("Corsa", 11)] });
    const before = diceDouble().messages.length;
    const message = await actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 10, prompt: false });
    expect(diceDouble().messages.length).toBe(before + 1);
    expect(message?.isRoll).toBe(false);
    expect(lastMessage()?.content).toContain("genesys-check success automatic");
    expect(lastMessage()?.content).toContain("GENESYS.Check.AutomaticNoRoll");
    expect(lastMessage()?.content).not.toContain("genesys-check__die");
  });

  it("rolls anyway when asked, and the card still says the success was certain", async () => {
    const actor = await jack({ items: [skill("Corsa", 11)] });
    dice(1, 1);
    const roll = rollOf(await actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 10, prompt: false, rollIfAutomatic: true }));
    expect(roll.outcome).toMatchObject({ total: 13, success: true, automatic: true });
    const html = await roll.render();
    expect(html).toContain("GENESYS.Check.Automatic<");
    expect(html).toContain("100%");
  });

  it("grade 8 against 10 is not automatic: the dice are rolled", async () => {
    const actor = await jack({ items: [skill("Corsa", 8)] });
    dice(1, 1);
    const roll = rollOf(await actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 10, prompt: false }));
    expect(roll.outcome).toMatchObject({ total: 10, success: false, automatic: false });
  });
});

describe("D-06 a Weak character (R 28) rolls with −2", () => {
  it("skill 12, difficulty 15, dice 4 → 4 + 12 − 2 = 14 fails; the penalty is in the formula and on the card", async () => {
    const actor = await jack({ system: { wounds: { value: 15 } } });
    dice(2, 2);
    const roll = rollOf(await actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 15, prompt: false }));
    expect(roll.options).toMatchObject({ conditionPenalty: -2, condition: "weak", modifiers: 0 });
    expect(roll.formula).toBe("2d10 + 12 + 0 - 2");
    expect(roll.total).toBe(14);
    expect(roll.outcome).toMatchObject({ total: 14, success: false });
    const html = await roll.render();
    expect(html).toContain("genesys-check__line condition-penalty");
    expect(html).toContain("−2");
    expect(html).toContain("GENESYS.Condition.weak");
  });

  it("Exhausted gives −5", async () => {
    const actor = await jack({ system: { wounds: { value: 20 }, fatigue: { value: 2 } } });
    dice(5, 5);
    const roll = rollOf(await actor.rollCheck({ characteristic: "strength", difficulty: 10, prompt: false }));
    expect(roll.options).toMatchObject({ conditionPenalty: -5, condition: "exhausted", grade: 7 });
    expect(roll.outcome).toMatchObject({ total: 12, success: true });
  });
});

describe("D-26 an impossible roll (T ≥ 20) earns a point when the dice are ≤ Esperienza 7", () => {
  it("dice 7 earns it, dice 8 does not; the card says the check was impossible", async () => {
    const actor = await jack();
    const id = skillId(actor, "Arrampicata");
    dice(3, 4);
    const lucky = rollOf(await actor.rollCheck({ skillId: id, difficulty: 30, prompt: false }));
    expect(lucky.outcome).toMatchObject({ success: false, impossible: true, threshold: 20 });
    expect(lucky.options.increment).toMatchObject({ reason: "impossibleTry", status: "stored", points: 1 });
    const html = await lucky.render();
    expect(html).toContain("GENESYS.Check.Impossible<");
    expect(html).toContain("0%");
    dice(4, 4);
    const other = rollOf(await actor.rollCheck({ skillId: id, difficulty: 30, prompt: false }));
    expect(other.options.increment).toBeNull();
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
  });

  it("a characteristic check never earns increment points", async () => {
    const actor = await jack();
    dice(3, 4);
    const roll = rollOf(await actor.rollCheck({ characteristic: "dexterity", difficulty: 40, prompt: false }));
    expect(roll.outcome?.impossible).toBe(true);
    expect(roll.options.increment).toBeNull();
    expect(roll.incrementAward).toBeNull();
  });
});

describe("who may roll and what they may change", () => {
  it("a Collapsed actor cannot roll: a warning and no message, no dialog", async () => {
    const double = foundryDouble();
    const actor = await jack({ system: { wounds: { value: 20 }, fatigue: { value: 6 } } });
    const before = { messages: diceDouble().messages.length, dialogs: diceDouble().dialogs.length };
    expect(await actor.rollCheck({ skillId: skillId(actor, "Corsa") })).toBeNull();
    expect(double.notifications.at(-1)).toMatchObject({ level: "warn" });
    expect(double.notifications.at(-1)?.message).toContain("GENESYS.Check.Warn.CannotRoll");
    expect(double.notifications.at(-1)?.message).toContain("GENESYS.Condition.collapsed");
    expect(diceDouble().messages.length).toBe(before.messages);
    expect(diceDouble().dialogs.length).toBe(before.dialogs);
  });

  it("a player rolling for an actor they do not own gets the card but no skill update", async () => {
    const double = foundryDouble();
    const actor = await jack();
    const gm = double.users.activeGM;
    const player = double.users.find((u) => !u.isGM);
    if (!player || !gm) throw new Error("users missing");
    double.setUser(player);
    try {
      dice(8, 8);
      const roll = rollOf(await actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, prompt: false }));
      expect(roll.outcome?.success).toBe(true);
      expect(roll.options.increment).toEqual({ reason: "hardSuccess", status: "notOwner", points: 0, grade: null });
      expect(await roll.render()).toContain("GENESYS.Check.Increment.NotOwner");
    } finally {
      double.setUser(gm);
    }
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
  });

  it("a player who owns the actor claims the point; a Narrator awards it and it is stored", async () => {
    const double = foundryDouble();
    const player = double.users.find((u) => !u.isGM);
    const gm = double.users.activeGM;
    if (!player || !gm) throw new Error("users missing");
    const actor = await jack({ ownership: { default: 0, [player.id]: 3 } });
    double.setUser(player);
    try {
      dice(8, 8);
      const message = await actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, prompt: false });
      // The card first says the Narrator records it; his client looks at it, told by the server who posted it.
      expect(rollOf(message).options.increment?.reason).toBe("hardSuccess");
      expect(skillData(actor, "Arrampicata").increment).toBe(0);
    } finally {
      double.setUser(gm);
    }
    await gmQueue.run(() => Promise.resolve());
    // The difficulty of 25 is the player's word: the point waits for a Narrator (check/claimed-point.ts).
    expect(rollOf(lastMessage() as never).options.increment?.status).toBe("claimed");
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
    expect(await decideClaimedPoint(game.messages.contents.at(-1)?.id ?? "", true)).toBe(true);
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
    expect(rollOf(lastMessage() as never).options.increment).toEqual({ reason: "hardSuccess", status: "stored", points: 1, grade: null });
  });

  it("a blind roll is a sealed card whispered to the Narrator; players see neither dice nor result", async () => {
    const double = foundryDouble();
    const actor = await jack();
    dice(8, 8);
    const message = await actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, blind: true, prompt: false });
    expect(message).not.toBeNull();
    expect(lastMessage()?.whisper).toEqual(double.users.filter((u) => u.isGM).map((u) => u.id));
    expect(readableByAnyone(lastMessage())).not.toMatch(/26|\b8\b|Success/);
    const roll = sealedRollOf(message);
    const hidden = await roll.render({ isPrivate: true });
    expect(hidden).toContain("genesys-check hidden");
    expect(hidden).toContain("GENESYS.Check.Hidden");
    expect(hidden).not.toContain("genesys-check__die");
    expect(hidden).not.toContain("26");
    expect(hidden).not.toContain("GENESYS.Check.Increment");
    // The Narrator sees it all; the earned point waits for the reveal, so the sheet gives nothing away.
    const open = await roll.render();
    expect(open).toContain("GENESYS.Check.Success");
    expect(roll.options.increment).toMatchObject({ status: "blind", points: 0 });
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
  });

  it("a blind roll without a difficulty shows the total to the Narrator, who judges it", async () => {
    const actor = await jack();
    dice(6, 6);
    const roll = sealedRollOf(await actor.rollCheck({ skillId: skillId(actor, "Corsa"), blind: true, prompt: false }));
    expect(roll.outcome).toBeNull();
    expect(roll.total).toBe(24);
    const html = await roll.render();
    expect(html).toContain("genesys-check unjudged");
    expect(html).toContain("GENESYS.Check.DifficultyUndeclared");
    expect(html).toContain("24");
  });

  it("public rolls follow the user's roll mode setting", async () => {
    const double = foundryDouble();
    const actor = await jack();
    await double.settings.set("core", "rollMode", "gmroll");
    try {
      dice(5, 5);
      await actor.rollCheck({ characteristic: "perception", difficulty: 15, prompt: false });
      expect(lastMessage()).toMatchObject({ rollMode: "gmroll", blind: false });
    } finally {
      await double.settings.set("core", "rollMode", "publicroll");
    }
  });
});

describe("bad input gives a localized warning and no roll", () => {
  const cases: [string, object, string][] = [
    ["unknown characteristic", { characteristic: "luck" }, "GENESYS.Check.Warn.UnknownCharacteristic"],
    ["nothing to roll", {}, "GENESYS.Check.Warn.NoTarget"],
    ["both a characteristic and a skill", { characteristic: "strength", skillId: "x" }, "GENESYS.Check.Warn.NoTarget"],
    ["missing skill", { skillId: "nope" }, "GENESYS.Check.Warn.UnknownSkill"],
    ["NaN modifier", { characteristic: "strength", modifiers: Number.NaN }, "GENESYS.Check.Warn.BadModifier"],
    ["infinite modifier", { characteristic: "strength", modifiers: Infinity }, "GENESYS.Check.Warn.BadModifier"],
    ["fractional modifier", { characteristic: "strength", modifiers: 1.5 }, "GENESYS.Check.Warn.BadModifier"],
    ["difficulty as text", { characteristic: "strength", difficulty: "hard" }, "GENESYS.Check.Warn.BadDifficulty"],
  ];
  for (const [name, options, key] of cases) {
    it(name, async () => {
      const double = foundryDouble();
      const actor = await jack();
      const before = diceDouble().messages.length;
      await expect(actor.rollCheck({ ...options, prompt: false })).resolves.toBeNull();
      expect(double.notifications.at(-1)).toMatchObject({ level: "warn" });
      expect(double.notifications.at(-1)?.message).toContain(key);
      expect(diceDouble().messages.length).toBe(before);
    });
  }

  it("an animal without Esperienza cannot roll on it", async () => {
    const double = foundryDouble();
    const hawk = await createActor({ name: "Falco", type: "animal", system: { characteristics: { strength: 2, dexterity: 12, perception: 14, charm: null, experience: null } } });
    expect(await hawk.rollCheck({ characteristic: "experience", difficulty: 10, prompt: false })).toBeNull();
    expect(double.notifications.at(-1)?.message).toContain("GENESYS.Check.Warn.NoScore");
    dice(5, 5);
    const roll = rollOf(await hawk.rollCheck({ characteristic: "perception", difficulty: 20, prompt: false }));
    expect(roll.outcome).toMatchObject({ total: 24, success: true });
  });

  it("a skill the actor does not have (another actor's) is refused", async () => {
    const a = await jack();
    const b = await createActor({ name: "Altro", type: "npc", system: { characteristics: HUMAN } });
    expect(await b.rollCheck({ skillId: skillId(a, "Corsa"), prompt: false })).toBeNull();
    expect(foundryDouble().notifications.at(-1)?.message).toContain("GENESYS.Check.Warn.UnknownSkill");
  });
});

describe("an actor with no skills, weapons or armour", () => {
  it("rolls a characteristic check", async () => {
    const actor = await jack({ items: [] });
    expect(actor.items.size).toBe(0);
    dice(4, 6);
    const roll = rollOf(await actor.rollCheck({ characteristic: "perception", difficulty: 15, prompt: false }));
    expect(roll.options).toMatchObject({ grade: 7, modifiers: 0, conditionPenalty: 0 });
    expect(roll.outcome).toMatchObject({ total: 17, success: true });
  });
});
