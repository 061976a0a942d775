/**
 * §1.7.4 influence rolls: the Narrator's difficulty moved by the opponent's characteristic − 7, checked against the
 * book's example EX-05 through src/rules, through the check flow (card line), and refused for an opponent that lacks
 * the characteristic.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkCardContext, registerDice } from "../../src/check/genesys-roll.js";
import { influenceOn } from "../../src/check/influence.js";
import { influenceDifficulty } from "../../src/rules/check.js";
import { createActor } from "../documents/helpers.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { diceDouble } from "../foundry/dice.js";
import { HUMAN, dice, jack, rollOf, skill, skillId } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
  registerDice();
});

beforeEach(() => {
  diceDouble().queue.length = 0;
});

const guard = (perception: number) => createActor({ name: "Guardia", type: "npc", system: { characteristics: { ...HUMAN, perception } } });
const localize = (k: string): string => k;

describe("EX-05 sneaking past a guard, Medium (15)", () => {
  it.each([
    [5, 13, -2],
    [9, 17, 2],
    [7, 15, 0],
  ])("guard Percezione %i → difficulty %i (shift %i), as influenceDifficulty says", async (per, difficulty, shift) => {
    const result = influenceOn(15, await guard(per), "perception", localize);
    expect(result).toEqual({ ok: true, difficulty, record: { name: "Guardia", characteristic: "perception", score: per, shift } });
    expect(influenceDifficulty(15, per)).toBe(difficulty);
  });

  it("through the check flow: stealth 12, dice 2 → 14 beats 13 (PER 5) and fails against 17 (PER 9); the card names the influence", async () => {
    const sneak = await jack({ items: [skill("Movimento furtivo", 12)] });
    const id = skillId(sneak, "Movimento furtivo");
    // Against PER 5 success is certain: rolled anyway, so that the dice show it.
    for (const [per, success] of [[5, true], [9, false]] as const) {
      const watcher = await guard(per);
      dice(1, 1);
      const posted = await sneak.rollCheck({ skillId: id, difficulty: 15, prompt: false, rollIfAutomatic: true, influence: { actorUuid: watcher.uuid, characteristic: "perception" } });
      if (!posted) throw new Error(JSON.stringify(foundryDouble().notifications.slice(-2)));
      const roll = rollOf(posted);
      expect(roll.options.difficulty).toBe(influenceDifficulty(15, per));
      expect(roll.outcome).toMatchObject({ total: 14, success });
      expect(roll.options.influence).toMatchObject({ name: "Guardia", score: per });
    }
    const i18n = { localize, format: (k: string, d: Record<string, string> = {}) => `${k}|${d["characteristic"] ?? ""} ${d["score"] ?? ""} ${d["name"] ?? ""}` };
    const line = checkCardContext({ label: "x", grade: 12, modifiers: 0, conditionPenalty: 0, condition: "normal", difficulty: 17, blind: false, dice: [1, 1], total: 14, result: null, increment: null, influence: { name: "Guardia", characteristic: "perception", score: 9, shift: 2 }, isPrivate: false, rolled: true }, i18n).lines.find((l) => l.cssClass === "influence");
    expect(line).toEqual({ label: "GENESYS.Check.Influence", value: "GENESYS.Check.InfluenceLine|GENESYS.Characteristic.perception 9 Guardia, +2", cssClass: "influence" });
  });
});

describe("bad input", () => {
  it("an opponent without the characteristic (an animal without Fascino): a warning, no roll", async () => {
    const wolf = await createActor({ name: "Lupo", type: "animal", system: { characteristics: { strength: 9, dexterity: 12, perception: 14, charm: null, experience: null } } });
    expect(influenceOn(15, wolf, "charm", localize)).toMatchObject({ ok: false, refusal: { warning: "GENESYS.Contest.Warn.Lacks", data: { name: "Lupo" } } });
    const talker = await jack({ items: [skill("Persuasione", 10)] });
    const before = game.messages.size;
    const notes = foundryDouble().notifications.length;
    expect(await talker.rollCheck({ skillId: skillId(talker, "Persuasione"), difficulty: 15, prompt: false, influence: { actorUuid: wolf.uuid, characteristic: "charm" } })).toBeNull();
    expect(game.messages.size).toBe(before);
    expect(foundryDouble().notifications.slice(notes).at(-1)?.message).toContain("GENESYS.Contest.Warn.Lacks");
  });

  it("no declared difficulty, or an opponent that is gone: a warning, no roll", async () => {
    const talker = await jack({ items: [skill("Persuasione", 10)] });
    const watcher = await guard(9);
    expect(influenceOn(null, watcher, "perception", localize)).toMatchObject({ ok: false, refusal: { warning: "GENESYS.Check.Warn.InfluenceNeedsDifficulty" } });
    expect(await talker.rollCheck({ skillId: skillId(talker, "Persuasione"), difficulty: 15, prompt: false, influence: { actorUuid: "Actor.gone0000000000", characteristic: "perception" } })).toBeNull();
    expect(foundryDouble().notifications.at(-1)?.message).toContain("GENESYS.Contest.Warn.ActorMissing");
  });
});
