/**
 * §2.1.1 the tie-break's d10s go to chat as real Rolls, one per combatant in the card's order (fastest first):
 * Dice So Nice throws them as it throws any roll message, and Foundry rebuilds them after a reload.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Roll, diceDouble, type RollJSON } from "../foundry/dice.js";
import { foundryDouble } from "../foundry/boot.js";
import { bootCombat, d10, fight, person, settle } from "./helpers.js";
import { registerChatCards } from "../../src/attack/card-hooks.js";

beforeAll(async () => {
  await bootCombat();
  registerChatCards();
});

describe("tie-break dice", () => {
  it("the message carries each member's d10s as a Roll that survives a reload, with the core dice sound", async () => {
    const anna = await person("Anna", 8);
    const bruno = await person("Bruno", 8);
    const { combat } = await fight(anna, bruno);
    // Anna 4, Bruno 4: a tie, rolled again; then Anna 9, Bruno 2.
    d10(4, 4, 9, 2);
    const before = diceDouble().messages.length;
    await combat.startCombat();
    await settle();
    const message = diceDouble().messages.slice(before).find((m) => m.isRoll);
    expect(message).toBeDefined();
    const reloaded = message!.rolls.map((r) => Roll.fromData(JSON.parse(JSON.stringify(r.toJSON())) as RollJSON));
    // Fastest first, as the card lists them: Anna (4, 9) then Bruno (4, 2).
    expect(reloaded.map((r) => ({ formula: r.formula, dice: r.dice.flatMap((d) => d.values), total: r.total }))).toEqual([
      { formula: "2d10", dice: [4, 9], total: 13 },
      { formula: "2d10", dice: [4, 2], total: 6 },
    ]);
    expect(message!.sound).toBe("sounds/dice.wav");
    // Not an attack card: Dice So Nice's own message hook animates it.
    const interception = { willTrigger3DRoll: true };
    foundryDouble().hooks.callAll("diceSoNiceMessagePreProcess", (message as unknown as { id: string }).id, interception);
    expect(interception.willTrigger3DRoll).toBe(true);
  });
});
