import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { combatDouble } from "../foundry/combat.js";
import { diceDouble } from "../foundry/dice.js";
import { foundryDouble } from "../foundry/boot.js";
import { animal, asPlayer, bootCombat, d10, fight, names, person, settle, warnings } from "./helpers.js";

beforeAll(async () => {
  await bootCombat();
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
  combatDouble().uniforms.length = 0;
});

describe("EX-12 Jack Quade ambushed in the Rod Hill crypt", () => {
  it("keeps the tie-break, leaves the surprised Jack out of round 1 and lets him act first in round 2", async () => {
    const jack = await person("Jack", 8, true);
    const creature = await animal("Creatura", 8);
    const { combat, of } = await fight(jack, creature);
    await combat.setSurprised(of(jack), true);
    expect(jack.statuses.has("surprised")).toBe(true);

    // §2.1.1: equal Riflessi, 1D10 each; Jack rolls 7, the creature 3.
    d10(7, 3);
    await combat.startCombat();
    await settle();
    expect(of(jack).genesysFlags.tieBreak).toEqual({ reflexes: 8, rank: 2 });
    expect(of(creature).genesysFlags.tieBreak).toEqual({ reflexes: 8, rank: 1 });
    const tieBreakCard = diceDouble().messages.at(-1)?.content ?? "";
    expect(tieBreakCard).toMatch(/Jack.*7.*Creatura.*3/s);

    // Round 1: Jack cannot act (§3.2.1); only the creature declares, and the declaration phase ends with it.
    expect(combat.round).toBe(1);
    expect(combat.phase).toBe("declaration");
    expect(names(combat.pendingDeclarers())).toEqual(["Creatura"]);
    expect(combat.turn).toBeNull();
    expect(await asPlayer(() => combat.declare(of(jack), "attack"))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.CannotAct");
    await combat.declare(of(creature), "attack");
    await settle();
    expect(combat.phase).toBe("execution");
    expect(names(combat.executionSlots().map((s) => s.combatant))).toEqual(["Creatura"]);
    expect(combat.combatant?.name).toBe("Creatura");
    expect(of(creature).initiative).toBe(10);
    expect(of(jack).initiative).toBeNull();

    // The creature's slot ends: nobody else acts, so round 2 begins, in its declaration phase.
    await combat.nextTurn();
    await settle();
    expect(combat.round).toBe(2);
    expect(combat.phase).toBe("declaration");
    expect(jack.statuses.has("surprised")).toBe(false);
    expect(of(creature).initiative).toBeNull();

    // Round 2: the tie-break loser declares first; Jack heard it and declares after.
    expect(names(combat.pendingDeclarers())).toEqual(["Creatura", "Jack"]);
    expect(await asPlayer(() => combat.declare(of(jack), "attack"))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.WaitForDeclarer");
    await combat.declare(of(creature), "attack");
    await settle();
    expect(names(combat.pendingDeclarers())).toEqual(["Jack"]);
    expect(combat.turn).toBeNull();
    expect(await asPlayer(() => combat.declare(of(jack), "attack"))).toBe(true);
    await settle();

    // 8 + 2 = 10 each: the tie goes to the later declarer, Jack.
    expect(combat.phase).toBe("execution");
    expect(combat.executionSlots().map((s) => [s.combatant.name, s.value])).toEqual([["Jack", 10], ["Creatura", 10]]);
    expect(names(combat.turns)).toEqual(["Jack", "Creatura"]);
    expect(combat.combatant?.name).toBe("Jack");
    // No die was rolled again for the tie: it is kept for the fight.
    expect(of(jack).genesysFlags.tieBreak).toEqual({ reflexes: 8, rank: 2 });
  });
});

describe("EX-13 duel of Bill Duran and Sonny Leeman", () => {
  it("Sonny wins the tie-break, Defence (12) beats Attack (10), and Sonny's held shot goes before normal actions", async () => {
    const bill = await person("Bill", 8);
    const sonny = await person("Sonny", 8);
    const { combat, of } = await fight(bill, sonny);
    d10(4, 9);
    await combat.startCombat();
    await settle();
    expect(of(sonny).tieBreak).toBeGreaterThan(of(bill).tieBreak);

    // When the coin lands both draw (Preparation, 8 + 0): Bill declares first, Sonny acts first.
    expect(names(combat.pendingDeclarers())).toEqual(["Bill", "Sonny"]);
    await combat.declare(of(bill), "preparation");
    await combat.declare(of(sonny), "preparation");
    await settle();
    expect(names(combat.turns)).toEqual(["Sonny", "Bill"]);
    expect(combat.combatant?.name).toBe("Sonny");
    await combat.nextTurn();
    await settle();
    expect(combat.combatant?.name).toBe("Bill");
    await combat.nextTurn();
    await settle();

    // Next turn: Bill dives for cover (Defence, 12), Sonny attacks anyway (10): Bill first.
    expect(combat.round).toBe(2);
    await combat.declare(of(bill), "defence");
    await combat.declare(of(sonny), "attack");
    await settle();
    expect(combat.executionSlots().map((s) => [s.combatant.name, s.value])).toEqual([["Bill", 12], ["Sonny", 10]]);
    expect([of(bill).initiative, of(sonny).initiative]).toEqual([12, 10]);
    expect(names(combat.turns)).toEqual(["Bill", "Sonny"]);
    await combat.nextTurn();
    await settle();

    // Sonny no longer sees Bill: in his slot he puts the Attack on hold.
    expect(combat.combatant?.name).toBe("Sonny");
    expect(await combat.hold(of(sonny))).toBe(true);
    await settle();
    expect(of(sonny).declarationFor(2)).toMatchObject({ maneuver: "attack", held: true, triggered: false });
    await combat.nextTurn();
    await settle();

    // The hold persists into round 3: only Bill declares; he leaves cover.
    expect(combat.round).toBe(3);
    expect(names(combat.pendingDeclarers())).toEqual(["Bill"]);
    await combat.declare(of(bill), "movement");
    await settle();
    expect(names(combat.executionSlots().map((s) => s.combatant))).toEqual(["Bill"]);

    // The awaited event: Sonny's held action goes before every normal action.
    await combat.trigger(of(sonny));
    await settle();
    expect(combat.executionSlots().map((s) => [s.combatant.name, s.held])).toEqual([["Sonny", true], ["Bill", false]]);
    // Bill's slot had begun: it stays on top, and Sonny's shot interrupts it.
    expect(names(combat.turns)).toEqual(["Bill", "Sonny"]);
    expect(combat.combatant?.name).toBe("Sonny");
    await combat.nextTurn();
    await settle();
    expect(of(sonny).declarationFor(3)).toBeNull();
    expect(combat.combatant?.name).toBe("Bill");
  });
});

describe("D-36 execution ties go to the later declarer", () => {
  it("REF 9 Attack and REF 7 Defence both make 11: REF 9 acts first", async () => {
    const a = await person("A", 9);
    const b = await person("B", 7);
    const { combat, of } = await fight(a, b);
    await combat.startCombat();
    await settle();
    expect(names(combat.pendingDeclarers())).toEqual(["B", "A"]);
    // In the declaration phase the tracker lists the declaration order, and it is nobody's turn.
    expect(names(combat.turns)).toEqual(["B", "A"]);
    expect(combat.combatant).toBeNull();
    await combat.declare(of(b), "defence");
    await combat.declare(of(a), "attack");
    await settle();
    expect(combat.executionSlots().map((s) => [s.combatant.name, s.value])).toEqual([["A", 11], ["B", 11]]);
    expect(names(combat.turns)).toEqual(["A", "B"]);
  });
});

describe("EX-16 replacing a maneuver at execution", () => {
  it("only a higher initiative replaces, in the same slot; cancelling is always allowed", async () => {
    const doer = await person("Esecutore", 8);
    const other = await person("Altro", 6);
    const { combat, of } = await fight(doer, other);
    await combat.startCombat();
    await settle();
    await combat.declare(of(other), "movement");
    await combat.declare(of(doer), "execution");
    await settle();
    expect(combat.combatant?.name).toBe("Esecutore");

    for (const lower of ["movement", "focus", "preparation"] as const) {
      expect(await combat.replace(of(doer), lower)).toBe(false);
      expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.ReplaceNotHigher");
    }
    expect(of(doer).declarationFor(1)?.maneuver).toBe("execution");

    expect(await combat.replace(of(doer), "attack")).toBe(true);
    await settle();
    expect(of(doer).declarationFor(1)).toMatchObject({ maneuver: "attack", slot: "execution" });
    // same slot, same place in the order; Attack cannot go back down to Execution.
    expect(combat.combatant?.name).toBe("Esecutore");
    expect(of(doer).initiative).toBe(8);
    expect(await combat.replace(of(doer), "execution")).toBe(false);
    expect(await combat.replace(of(doer), "defence")).toBe(true);

    // The other combatant may not replace outside its own slot.
    expect(await combat.replace(of(other), "attack")).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.NotCurrent");

    expect(await combat.replace(of(doer), "cancel")).toBe(true);
    await settle();
    expect(of(doer).declarationFor(1)).toBeNull();
    expect(combat.combatant?.name).toBe("Altro");
  });
});
