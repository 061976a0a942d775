import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GenesysCombat } from "../../src/documents/combat.js";
import { GenesysCombatant } from "../../src/documents/combatant.js";
import { GenesysCombatTracker } from "../../src/combat/combat-tracker.js";
import { assignTieBreaks } from "../../src/documents/combat-tie-breaks.js";
import { fixedRoller } from "../../src/rules/dice.js";
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

describe("registerCombat", () => {
  it("sets the document classes, the tracker and a whole-number initiative with no formula", () => {
    expect(CONFIG.Combat.documentClass).toBe(GenesysCombat);
    expect(CONFIG.Combatant.documentClass).toBe(GenesysCombatant);
    expect(CONFIG.ui.combat).toBe(GenesysCombatTracker);
    expect(CONFIG.Combat.initiative).toEqual({ formula: null, decimals: 0 });
  });
});

describe("who may act", () => {
  it("a collapsed combatant neither declares nor gets a slot", async () => {
    const hurt = await person("Svenuto", 9, false, { wounds: { value: 20 }, fatigue: { value: 6, deprivation: 0 } });
    const fine = await person("Sano", 7);
    const { combat, of } = await fight(hurt, fine);
    expect(of(hurt).actor?.genesys?.condition.key).toBe("collapsed");
    await combat.startCombat();
    await settle();
    expect(names(combat.pendingDeclarers())).toEqual(["Sano"]);
    expect(await combat.declare(of(hurt), "attack")).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.CannotAct");
    await combat.declare(of(fine), "attack");
    await settle();
    expect(combat.phase).toBe("execution");
    expect(names(combat.executionSlots().map((s) => s.combatant))).toEqual(["Sano"]);
    expect(of(hurt).initiative).toBeNull();
    // The collapsed one is listed after those who act, and the turn is never given to it.
    expect(names(combat.turns)).toEqual(["Sano", "Svenuto"]);
    await combat.nextTurn();
    await settle();
    expect(combat.round).toBe(2);
  });

  it("a player cannot declare, hold or trigger for a combatant they do not own", async () => {
    const pc = await person("Eroe", 8, true);
    const npc = await person("Sgherro", 6);
    const { combat, of } = await fight(pc, npc);
    await combat.startCombat();
    await settle();
    expect(of(npc).isNPC).toBe(true);
    expect(await asPlayer(() => combat.declare(of(npc), "attack"))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.NotOwner");
    expect(of(npc).genesysFlags.declaration).toBeNull();
    expect(await asPlayer(() => combat.setSurprised(of(pc), true))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.GmOnly");
    // The GM declares for the NPC; the player then for their own character, and execution begins.
    await combat.declare(of(npc), "defence");
    await settle();
    expect(await asPlayer(() => combat.declare(of(pc), "attack"))).toBe(true);
    await settle();
    expect(combat.phase).toBe("execution");
    expect(await asPlayer(() => combat.hold(of(npc)))).toBe(false);
    expect(await asPlayer(() => combat.replace(of(npc), "cancel"))).toBe(false);
    expect(of(npc).declarationFor(1)?.maneuver).toBe("defence");
  });

  it("a player ends their own slot; the GM's client moves the turn on", async () => {
    const pc = await person("Veloce", 9, true);
    const npc = await person("Lento", 5);
    const { combat, of } = await fight(pc, npc);
    await combat.startCombat();
    await settle();
    await combat.declare(of(npc), "attack");
    await settle();
    await asPlayer(() => combat.declare(of(pc), "attack"));
    await settle();
    expect(combat.combatant?.name).toBe("Veloce");
    await asPlayer(() => combat.nextTurn());
    await settle();
    expect(of(pc).hasActed(1)).toBe(true);
    expect(combat.combatant?.name).toBe("Lento");
    // Not the player's slot any more: nothing happens.
    await asPlayer(() => combat.nextTurn());
    await settle();
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.NotOwner");
    expect(combat.combatant?.name).toBe("Lento");
  });
});

describe("tie-breaks (§2.1.1, A-32)", () => {
  it("persist across rounds and are rolled for a newcomer without reordering the others", async () => {
    const a = await person("Anna", 8);
    const b = await person("Bruno", 8);
    const solo = await person("Solo", 6);
    const { combat, of } = await fight(a, b, solo);
    d10(2, 9);
    await combat.startCombat();
    await settle();
    const messages = diceDouble().messages.length;
    expect([of(a).tieBreak, of(b).tieBreak, of(solo).tieBreak]).toEqual([1, 2, 0]);

    // With nobody declaring, the GM's "next" ends the declaration phase, then the (empty) execution phase.
    for (let step = 0; step < 4; step++) {
      await combat.nextTurn();
      await settle();
      expect(combat.phase).toBe(step % 2 === 0 ? "execution" : "declaration");
    }
    expect(combat.round).toBe(3);
    expect([of(a).tieBreak, of(b).tieBreak]).toEqual([1, 2]);
    expect(diceDouble().messages.length).toBe(messages);

    // Carla joins with Riflessi 8: she beats Anna (9 vs 3) and loses to Bruno (4 vs 8).
    const carla = await person("Carla", 8);
    d10(3, 9, 8, 4);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: carla.id }]);
    await settle();
    const rank = (x: typeof a) => of(x).genesysFlags.tieBreak?.rank;
    expect([rank(a), rank(carla), rank(b)]).toEqual([1, 2, 3]);
    expect(combatDouble().uniforms).toEqual([]);
    expect(diceDouble().messages.length).toBe(messages + 1);
    expect(names(combat.declarationSequence())).toEqual(["Solo", "Anna", "Carla", "Bruno"]);
  });

  it("only the members without a kept rank roll; several newcomers keep their own order", () => {
    const result = assignTieBreaks(
      [
        { id: "old1", reflexes: 8, kept: 1 },
        { id: "old2", reflexes: 8, kept: 2 },
        { id: "new1", reflexes: 8, kept: null },
        { id: "new2", reflexes: 8, kept: null },
        { id: "alone", reflexes: 5, kept: null },
      ],
      // new1 vs new2: 6 / 2 → new2 slower. new2 vs old1: old1 2, new2 7 → wins; vs old2: 9 / 1 → loses.
      // new1 starts above new2: vs old2: 3 / 10 → wins; end of the list.
      fixedRoller([6, 2, 2, 7, 9, 1, 3, 10]),
    );
    expect(result).toHaveLength(1);
    expect(result[0]?.ranks).toEqual({ old1: 1, new2: 2, old2: 3, new1: 4 });
    expect(assignTieBreaks([{ id: "x", reflexes: 8, kept: 1 }, { id: "y", reflexes: 8, kept: 2 }], fixedRoller([]))).toEqual([]);
  });
});

describe("declarations and holds across rounds", () => {
  it("a new round clears last round's declarations and initiative; a hold stays until triggered or cancelled", async () => {
    const a = await person("Attaccante", 9);
    const h = await person("Cecchino", 7);
    const { combat, of } = await fight(a, h);
    await combat.startCombat();
    await settle();
    await combat.declare(of(h), "attack", { held: true });
    await combat.declare(of(a), "attack");
    await settle();
    expect(combat.phase).toBe("execution");
    expect(names(combat.executionSlots().map((s) => s.combatant))).toEqual(["Attaccante"]);
    await combat.nextTurn();
    await settle();

    expect(combat.round).toBe(2);
    expect(combat.phase).toBe("declaration");
    expect(of(a).genesysFlags.declaration).toBeNull();
    expect(of(a).initiative).toBeNull();
    expect(of(h).declarationFor(2)).toMatchObject({ maneuver: "attack", held: true, round: 1 });
    expect(names(combat.pendingDeclarers())).toEqual(["Attaccante"]);
    expect(await combat.declare(of(h), "movement")).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.StillHolding");

    // Cancelling the hold in the declaration phase: the sniper declares like everyone else.
    await combat.cancelHold(of(h));
    await settle();
    expect(names(combat.pendingDeclarers())).toEqual(["Cecchino", "Attaccante"]);
    expect(combat.turn).toBeNull();
  });

  it("an animal's attack uses the animalAttackManeuver setting (A-03)", async () => {
    const { declarationChoices } = await import("../../src/combat/maneuver-dialog.js");
    const i18n = { localize: (k: string) => k, format: (k: string, d: Record<string, string> = {}) => `${k} ${JSON.stringify(d)}` };
    const attack = declarationChoices("attack", i18n).find((c) => c.value === "animalAttack");
    expect(attack).toMatchObject({ maneuver: "attack", initiative: 2 });
    const execution = declarationChoices("execution", i18n).find((c) => c.value === "animalAttack");
    expect(execution).toMatchObject({ maneuver: "execution", initiative: 0 });
    expect(execution?.label).toContain("GENESYS.Combat.AnimalAttack");
    const person_ = declarationChoices(null, i18n);
    expect(person_.map((c) => [c.value, c.initiative])).toEqual([["defence", 4], ["attack", 2], ["execution", 0], ["focus", 0], ["movement", 0], ["preparation", 0]]);

    const dog = await animal("Cane", 9);
    const man = await person("Uomo", 7);
    const { combat, of } = await fight(dog, man);
    expect(of(dog).isAnimal).toBe(true);
    await combat.startCombat();
    await settle();
    await combat.declare(of(man), "attack");
    await combat.declare(of(dog), "execution");
    await settle();
    expect(combat.executionSlots().map((s) => [s.combatant.name, s.value])).toEqual([["Cane", 9], ["Uomo", 9]]);
  });

  it("rollInitiative does nothing but explain", async () => {
    const x = await person("X", 7);
    const { combat } = await fight(x);
    await combat.rollInitiative([]);
    expect(foundryDouble().notifications.at(-1)?.message).toBe("GENESYS.Combat.NoInitiativeRoll");
  });
});
