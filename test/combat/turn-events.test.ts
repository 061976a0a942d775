/**
 * Foundry's turn events (start and end of a turn, combatTurnChange) as modules and our own code see them: the double
 * fires them the way v13 does (test/foundry/combat.ts, header). The declaration phase is nobody's turn; each slot of
 * the execution phase is one turn, in execution order.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { combatDouble, type HistoryData, type TurnEvent } from "../foundry/combat.js";
import { foundryDouble } from "../foundry/boot.js";
import { asPlayer, bootCombat, d10, fight, names, person, settle } from "./helpers.js";

beforeAll(async () => {
  await bootCombat();
});

const changes: HistoryData[] = [];

beforeAll(() => {
  foundryDouble().hooks.on("combatTurnChange", (_combat: unknown, _prior: unknown, current: unknown) => {
    // The double passes its HistoryData.
    changes.push(current as HistoryData);
  });
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
  combatDouble().uniforms.length = 0;
  combatDouble().turnEvents.length = 0;
  changes.length = 0;
});

function events(kind: TurnEvent["event"], round?: number): string[] {
  return combatDouble().turnEvents.filter((e) => e.event === kind && (round === undefined || e.round === round)).map((e) => e.name ?? `${e.event} ${String(e.round)}`);
}

describe("turn events over a round", () => {
  it("no turn starts while declaring; then each combatant's turn starts once and ends once, in execution order", async () => {
    const eroe = await person("Eroe", 9, true);
    const bruto = await person("Bruto", 7);
    const lento = await person("Lento", 5);
    const { combat, of } = await fight(eroe, bruto, lento);
    await combat.startCombat();
    await settle();

    // Declarations, slowest first: nobody's turn, whatever is declared.
    await combat.declare(of(lento), "defence");
    await settle();
    await combat.declare(of(bruto), "attack");
    await settle();
    expect(combat.turn).toBeNull();
    expect(events("startTurn")).toEqual([]);
    await asPlayer(() => combat.declare(of(eroe), "movement"));
    await settle();

    // Execution order from the rules (Riflessi + the maneuver's initiative, ties to the later declarer).
    expect(combat.phase).toBe("execution");
    const order = names(combat.executionSlots().map((s) => s.combatant));
    expect(order).toHaveLength(3);
    expect(events("startTurn")).toEqual([order[0]]);
    expect(combat.combatant?.name).toBe(order[0]);

    // Slot by slot: the first ends its slot, the second cancels its maneuver in its own slot, the third ends.
    await combat.nextTurn();
    await settle();
    expect(combat.combatant?.name).toBe(order[1]);
    const second = [of(eroe), of(bruto), of(lento)].find((c) => c.name === order[1]);
    if (!second) throw new Error("no second slot");
    expect(await combat.replace(second, "cancel")).toBe(true);
    await settle();
    expect(combat.combatant?.name).toBe(order[2]);
    await combat.nextTurn();
    await settle();
    expect(combat.round).toBe(2);

    expect(events("startTurn", 1)).toEqual(order);
    expect(events("endTurn", 1)).toEqual(order);
    // The round's events frame the turns: start of round 1 before the first turn, end of round 1 after the last.
    const sequence = combatDouble().turnEvents.map((e) => `${e.event} ${e.name ?? String(e.round)}`);
    expect(sequence).toEqual([
      "startRound 1",
      `startTurn ${String(order[0])}`,
      `endTurn ${String(order[0])}`,
      `startTurn ${String(order[1])}`,
      `endTurn ${String(order[1])}`,
      `startTurn ${String(order[2])}`,
      `endTurn ${String(order[2])}`,
      "endRound 1",
      "startRound 2",
    ]);
    // combatTurnChange names the same turns, once each (and nobody at the round changes).
    expect(changes.map((c) => (c.combatantId === null ? null : combat.combatants.get(c.combatantId)?.name))).toEqual([null, ...order, null]);

    // Round 2 declares in turn again: still nobody's turn.
    await combat.declare(of(lento), "attack");
    await settle();
    expect(combat.turn).toBeNull();
    expect(events("startTurn", 2)).toEqual([]);
  });

  it("a held shot interrupting a slot gets its own turn, and the interrupted slot starts again when it resumes (EX-13)", async () => {
    const bill = await person("Bill", 8);
    const sonny = await person("Sonny", 8);
    const { combat, of } = await fight(bill, sonny);
    d10(4, 9);
    await combat.startCombat();
    await settle();
    await combat.declare(of(bill), "movement");
    await combat.declare(of(sonny), "attack", { held: true });
    await settle();
    expect(combat.combatant?.name).toBe("Bill");

    // Bill leaves cover during his movement: Sonny's held attack goes at once.
    await combat.trigger(of(sonny));
    await settle();
    expect(combat.combatant?.name).toBe("Sonny");
    await combat.nextTurn();
    await settle();
    expect(combat.combatant?.name).toBe("Bill");
    await combat.nextTurn();
    await settle();
    expect(combat.round).toBe(2);

    const turns = combatDouble().turnEvents.filter((e) => e.event === "startTurn" || e.event === "endTurn").map((e) => `${e.event} ${String(e.name)}`);
    expect(turns).toEqual(["startTurn Bill", "endTurn Bill", "startTurn Sonny", "endTurn Sonny", "startTurn Bill", "endTurn Bill"]);
  });
});
