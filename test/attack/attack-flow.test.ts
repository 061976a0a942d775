import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { onCardAction } from "../../src/attack/attack-flow.js";
import { registerChatCards } from "../../src/attack/card-hooks.js";
import { WeaponModel } from "../../src/data/item/weapon.js";
import { resetRulesOptionsCache } from "../../src/settings/rules-settings.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { personOf } from "../documents/helpers.js";
import { TokenDouble, target } from "../foundry/chat.js";
import { diceDouble } from "../foundry/dice.js";
import {
  DODGE_WITH_DEXTERITY,
  answerFor,
  asPlayer,
  attackCard,
  dice,
  itemId,
  lastWarning,
  npc,
  playerId,
  rowOf,
  shooter,
  skill,
  stateOf,
  targetActors,
  weapon,
  VEST,
} from "./helpers.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import type { AttackAnswer } from "../../src/attack/attack-roll.js";

beforeAll(async () => {
  await bootSystem();
  registerChatCards();
});

beforeEach(async () => {
  await game.settings.set("genesys-gdr", "grazingHits", false);
  await game.settings.set("genesys-gdr", "stunRule", false);
  resetRulesOptionsCache();
  target();
  diceDouble().queue.length = 0;
});

function roundsOf(actor: GenesysActor, name: string): number | null {
  const sys = actor.items.get(itemId(actor, name))?.system;
  return sys instanceof WeaponModel ? sys.rounds : null;
}

describe("D-08 pistol against a bulletproof vest", () => {
  it("attack 2D10+12 hits a Df 15 vest; 18 damage applied leaves 3 Ferite and the card shows the breakdown", async () => {
    const jack = await shooter();
    const thug = await npc("Scagnozzo", { items: [VEST] });
    targetActors(thug);
    const pistol = itemId(jack, "Pistola");
    dice(5, 5); // attack 10 + 12 − 1 (range 10 m) = 21
    const message = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [10] }) });
    expect(message).not.toBeNull();
    expect(rowOf(message, "r0").attack.total).toBe(21);
    expect(rowOf(message, "r0").parts).toEqual([{ key: "range", value: -1 }]);
    expect(roundsOf(jack, "Pistola")).toBe(11);

    dice(2, 3); // defence 5 + Destrezza 7 = 12 < 21
    expect(await onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY })).toBe(true);
    expect(rowOf(message, "r0").outcome).toBe("hit");

    dice(6, 6, 3, 3); // 4D6 = 18
    expect(await onCardAction(message!, "rollDamage", "r0")).toBe(true);
    expect(rowOf(message, "r0").damage?.total).toBe(18);

    expect(await onCardAction(message!, "apply", "r0")).toBe(true);
    expect(personOf(thug).wounds.value).toBe(3);
    const applied = rowOf(message, "r0").applied;
    expect(applied?.change.damage?.steps).toEqual([{ key: "rolled", value: 18 }, { key: "armour", value: 3 }]);
    expect(applied?.change.after).toEqual({ wounds: 3, fatigue: 0 });
  });
});

describe("EX-15 the machine-gun burst at the Exhausted alien (grazing hits on)", () => {
  it("four rolls against defences 20/20, 22/21, 16/24, 25/18: 3 hits, one grazing, 4 rounds spent", async () => {
    await game.settings.set("genesys-gdr", "grazingHits", true);
    const machineGun = weapon("Mitragliatrice", "fucile", { magazine: 30, multiAttack: 4, range: { kind: "metres", value: 300 } }, { rounds: 30 });
    const jb = await shooter([skill("Fucile", 10), machineGun]);
    // RES 28 with 22 Ferite: Exhausted, −5 to its defence rolls; it dodges with Destrezza 10.
    const alien = await npc("Alieno", { system: { characteristics: { ...{ dexterity: 10, experience: 7, charm: 7, strength: 7, perception: 7 } }, wounds: { value: 22 } } });
    expect(personOf(alien).condition.key).toBe("exhausted");
    targetActors(alien);
    const gun = itemId(jb, "Mitragliatrice");
    dice(5, 5, 6, 6, 3, 3, 7, 8); // 10, 12, 6, 15 + grade 10 at 5 m (no range penalty)
    const message = await attackCard(jb, gun, { answer: answerFor(jb, gun, { rolls: 4, distances: [5] }) });
    const state = stateOf(message);
    expect(state.order.map((id) => state.rows[id]?.attack.total)).toEqual([20, 22, 16, 25]);
    expect(state.rounds).toEqual({ used: 4, left: 26 });
    expect(roundsOf(jb, "Mitragliatrice")).toBe(26);

    dice(7, 8, 8, 8, 9, 10, 6, 7); // 15, 16, 19, 13 + 10 − 5
    for (const id of state.order) await onCardAction(message!, "defend", id, { defence: DODGE_WITH_DEXTERITY });
    const after = stateOf(message);
    expect(after.order.map((id) => {
      const defence = after.rows[id]?.defence;
      return defence?.kind === "roll" ? defence.roll.total : null;
    })).toEqual([20, 21, 24, 18]);
    expect(after.order.map((id) => after.rows[id]?.outcome)).toEqual(["grazing", "hit", "miss", "hit"]);
    expect(rowOf(message, "r0").defence).toMatchObject({ parts: [{ key: "condition", value: -5 }] });
  });

  it("a grazing hit is halved before armour when applied (§3.2.7)", async () => {
    await game.settings.set("genesys-gdr", "grazingHits", true);
    const jack = await shooter();
    const thug = await npc("Scagnozzo", { items: [{ ...VEST, system: { ...VEST.system, defence: 6 } }] });
    targetActors(thug);
    const pistol = itemId(jack, "Pistola");
    dice(4, 4); // 8 + 12 = 20
    const message = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [3] }) });
    dice(6, 7); // 13 + 7 = 20: a tie
    await onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    expect(rowOf(message, "r0").outcome).toBe("grazing");
    dice(4, 3, 3, 3); // 13
    await onCardAction(message!, "rollDamage", "r0");
    await onCardAction(message!, "apply", "r0");
    expect(rowOf(message, "r0").applied?.change.damage?.steps.map((s) => s.value)).toEqual([13, 6, 0]);
  });
});

describe("outcomes", () => {
  it("a defence strictly greater misses: no damage button, and Roll damage is refused", async () => {
    const jack = await shooter();
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const pistol = itemId(jack, "Pistola");
    dice(1, 2); // 3 + 12 = 15
    const message = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [2] }) });
    dice(4, 5); // 9 + 7 = 16 > 15
    await onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    expect(rowOf(message, "r0").outcome).toBe("miss");
    expect(await onCardAction(message!, "rollDamage", "r0")).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Attack.Warn.CardChanged");
    expect(rowOf(message, "r0").damage).toBeNull();
  });

  it("a tie without the grazing rule is a full hit (§2.3.1)", async () => {
    const jack = await shooter();
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const pistol = itemId(jack, "Pistola");
    dice(1, 2); // 15
    const message = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [2] }) });
    dice(4, 4); // 8 + 7 = 15
    await onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    expect(rowOf(message, "r0").outcome).toBe("hit");
  });

  it("a static target marked by the Narrator: the attack must beat the difficulty (§2.3.5)", async () => {
    const jack = await shooter();
    const sleeper = await npc("Dormiente");
    targetActors(sleeper);
    const pistol = itemId(jack, "Pistola");
    dice(1, 2); // 15
    const message = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [2] }) });
    await onCardAction(message!, "static", "r0", { staticDifficulty: 15 });
    expect(rowOf(message, "r0")).toMatchObject({ defence: { kind: "static", difficulty: 15 }, outcome: "miss" });
  });
});

/** A dialog answer for one target, for attacks that must be refused before the dialog would open. */
const ANSWER: AttackAnswer = {
  rolls: 1, targets: [{ distance: 5, prone: false }], advantages: [], focus: false, aimedArea: "trunk", weaponSize: null, bypassArmour: null,
  twoWeapons: false, arcDegrees: 0, desperateAggression: false, environment: null, modifier: 0, override: null, blind: false,
};

describe("preconditions: a clear warning, no roll, nothing changed", () => {
  async function refused(items: object[], distance: number, warning: string): Promise<void> {
    const jack = await shooter(items);
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const weaponName = jack.items.find((i) => i.type === "weapon")?.name ?? "";
    const id = itemId(jack, weaponName);
    const before = foundryDouble().notifications.length;
    const queued = [3, 3];
    dice(...queued);
    const rounds = roundsOf(jack, weaponName);
    expect(await attackCard(jack, id, { answer: { ...ANSWER, targets: [{ distance, prone: false }] } })).toBeNull();
    expect(foundryDouble().notifications.slice(before).map((n) => n.message).join("\n")).toContain(warning);
    expect(roundsOf(jack, weaponName)).toBe(rounds);
    // The dice were not touched.
    expect(diceDouble().queue.splice(0)).toEqual(queued);
  }

  it("an unready weapon", async () => {
    await refused([skill("Pistola", 12), weapon("Pistola", "pistola", { magazine: 12 }, { rounds: 12, ready: false })], 5, "GENESYS.Attack.Warn.NotReady");
  });

  it("a target beyond the range (thrown knife, Gt FOR × 2 = 14 m)", async () => {
    const knife = weapon("Coltello", "lancio", { key: "thrown", range: { kind: "strength", value: 2 }, damage: { dice: 1, faces: 6, strength: true, flat: -3, type: "wounding" } });
    await refused([skill("Lancio", 10), knife], 15, "GENESYS.Attack.Warn.OutOfRange");
  });

  it("an empty magazine, and a burst longer than the rounds left", async () => {
    await refused([skill("Pistola", 12), weapon("Pistola", "pistola", { magazine: 12 }, { rounds: 0 })], 5, "GENESYS.Attack.Warn.Empty");
    const jack = await shooter([skill("Fucile", 10), weapon("Mitra", "fucile", { magazine: 30, multiAttack: 4 }, { rounds: 2 })]);
    targetActors(await npc("Bersaglio"));
    const id = itemId(jack, "Mitra");
    expect(await attackCard(jack, id, { answer: answerFor(jack, id, { rolls: 3, distances: [5] }) })).toBeNull();
    expect(lastWarning()).toContain("GENESYS.Attack.Warn.FewRounds");
  });

  it("a targeted token without an actor (with none targeted, the attack goes at an object: object-attack.test.ts)", async () => {
    const jack = await shooter();
    const pistol = itemId(jack, "Pistola");
    target(new TokenDouble(null, "Token orfano"));
    expect(await attackCard(jack, pistol)).toBeNull();
    expect(lastWarning()).toContain("GENESYS.Attack.Warn.TargetMissing");
  });

  it("a weapon the actor does not have", async () => {
    const jack = await shooter();
    targetActors(await npc("Scagnozzo"));
    expect(await attackCard(jack, "nonexistent00000")).toBeNull();
    expect(lastWarning()).toContain("GENESYS.Attack.Warn.NoWeapon");
  });
});

describe("who does what", () => {
  it("a player's whole attack on the Narrator's thug: the GM's client posts the card, applies and undoes", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo", { items: [VEST] });
    const pistol = itemId(jack, "Pistola");
    const message = await asPlayer(async () => {
      targetActors(thug);
      dice(5, 5);
      return attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
    });
    // The card is the Narrator's: no player can write its flags.
    expect((message as unknown as { authorId: string }).authorId).toBe(foundryDouble().users.find((u) => u.isGM)?.id);
    expect(roundsOf(jack, "Pistola")).toBe(11);
    // The player may not defend for the Narrator's thug.
    expect(await asPlayer(() => onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }))).toBe(false);
    dice(1, 1);
    await onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }); // the Narrator rolls it
    dice(6, 6, 3, 3);
    expect(await asPlayer(() => onCardAction(message!, "rollDamage", "r0"))).toBe(true);
    expect(await asPlayer(() => onCardAction(message!, "apply", "r0"))).toBe(true);
    expect(personOf(thug).wounds.value).toBe(3);
    expect(rowOf(message, "r0").applied?.change.after.wounds).toBe(3);
    expect(await asPlayer(() => onCardAction(message!, "undo", "r0"))).toBe(true);
    expect(personOf(thug).wounds.value).toBe(0);
  });

  it("a player defending on the Narrator's card: the GM's client recomputes the grade and the total", async () => {
    const hero = await npc("Eroe", { ownership: { default: 0, [playerId()]: 3 } });
    const gunman = await shooter();
    targetActors(hero);
    const pistol = itemId(gunman, "Pistola");
    dice(5, 5);
    const message = await attackCard(gunman, pistol, { answer: answerFor(gunman, pistol, { distances: [4] }) });
    dice(9, 9);
    expect(await asPlayer(() => onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }))).toBe(true);
    // 18 + Destrezza 7 = 25 against 10 + 12 = 22: dodged.
    expect(rowOf(message, "r0").outcome).toBe("miss");
    expect(rowOf(message, "r0").defence).toMatchObject({ kind: "roll", grade: 7, roll: { total: 25 } });
  });

  it("Undo takes the damage back and offers Apply again", async () => {
    const jack = await shooter();
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const pistol = itemId(jack, "Pistola");
    dice(5, 5);
    const message = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
    dice(1, 1);
    await onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    dice(2, 2, 2, 2);
    await onCardAction(message!, "rollDamage", "r0");
    await onCardAction(message!, "apply", "r0");
    expect(personOf(thug).wounds.value).toBe(8);
    expect(await onCardAction(message!, "undo", "r0")).toBe(true);
    expect(personOf(thug).wounds.value).toBe(0);
    expect(rowOf(message, "r0")).toMatchObject({ undone: true, undo: { wounds: 8, fatigue: 0, partial: false } });
    expect(await onCardAction(message!, "undo", "r0")).toBe(false);
    expect(await onCardAction(message!, "apply", "r0")).toBe(true);
    expect(personOf(thug).wounds.value).toBe(8);
  });

  it("an Undo after the Narrator reset the counters and a later hit landed takes back nothing of the later hit", async () => {
    const jack = await shooter();
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const pistol = itemId(jack, "Pistola");
    const hit = async (d: number[]): Promise<NonNullable<Awaited<ReturnType<typeof attackCard>>>> => {
      dice(5, 5);
      const m = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
      dice(1, 1);
      await onCardAction(m!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
      dice(...d);
      await onCardAction(m!, "rollDamage", "r0");
      await onCardAction(m!, "apply", "r0");
      return m!;
    };
    const first = await hit([2, 2, 2, 2]); // 8
    await thug.update({ system: { wounds: { value: 0 } } }); // the Narrator heals the thug by hand
    await hit([1, 1, 1, 2]); // 5
    expect(personOf(thug).wounds.value).toBe(5);
    expect(await onCardAction(first, "undo", "r0")).toBe(true);
    expect(personOf(thug).wounds.value).toBe(5);
    expect(rowOf(first, "r0").undo).toEqual({ wounds: 0, fatigue: 0, poison: 0, partial: true });
  });

  it("an Undo after rest healed part of the hit takes back only what is left, and says so", async () => {
    const jack = await shooter();
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const pistol = itemId(jack, "Pistola");
    dice(5, 5);
    const m = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
    dice(1, 1);
    await onCardAction(m!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    dice(2, 2, 2, 2);
    await onCardAction(m!, "rollDamage", "r0");
    await onCardAction(m!, "apply", "r0"); // 8 Ferite
    await thug.update({ system: { wounds: { value: 6 } } });
    await onCardAction(m!, "undo", "r0");
    expect(personOf(thug).wounds.value).toBe(0);
    expect(rowOf(m, "r0").undo).toEqual({ wounds: 6, fatigue: 0, poison: 0, partial: true });
    expect(m!.content).toContain("GENESYS.Attack.UndonePartial");
  });

  it("a target deleted after the attack gives a notification, never an error", async () => {
    const jack = await shooter();
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const pistol = itemId(jack, "Pistola");
    dice(5, 5);
    const message = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
    (game.actors as unknown as Map<string, unknown>).delete(thug.id ?? "");
    expect(await onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY })).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Attack.Warn.TargetMissing");
    expect(await onCardAction(message!, "defend", "r9")).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Attack.Warn.CardMissing");
  });

  it("no Narrator connected gives a notification; a weapon gone before the damage roll still deals the hit's damage", async () => {
    const jack = await shooter();
    const hero = await npc("Eroe", { ownership: { default: 0, [playerId()]: 3 } });
    targetActors(hero);
    const pistol = itemId(jack, "Pistola");
    dice(5, 5);
    const message = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
    const gm = foundryDouble().users.find((u) => u.isGM)!;
    gm.active = false;
    try {
      dice(1, 1);
      expect(await asPlayer(() => onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }))).toBe(false);
      expect(lastWarning()).toContain("GENESYS.Authority.NoGm");
    } finally {
      gm.active = true;
    }
    diceDouble().queue.length = 0;
    dice(1, 1);
    await onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    expect(rowOf(message, "r0").outcome).toBe("hit");
    // The hit was made with the pistol: its damage is the card's, even once the pistol is gone.
    (jack.items as unknown as Map<string, unknown>).delete(pistol);
    dice(1, 2, 3, 4);
    expect(await onCardAction(message!, "rollDamage", "r0")).toBe(true);
    expect(rowOf(message, "r0").damage).toMatchObject({ dice: [1, 2, 3, 4], total: 10 });
  });
});

describe("stun and venom", () => {
  it("with the stun rule, an applied hit prompts a Forza check against the damage before armour", async () => {
    await game.settings.set("genesys-gdr", "stunRule", true);
    const jack = await shooter();
    const thug = await npc("Scagnozzo", { items: [VEST] });
    targetActors(thug);
    const pistol = itemId(jack, "Pistola");
    dice(5, 5);
    const message = await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
    dice(1, 1);
    await onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    dice(6, 6, 3, 3);
    await onCardAction(message!, "rollDamage", "r0");
    await onCardAction(message!, "apply", "r0");
    expect(rowOf(message, "r0").applied?.change.damage).toMatchObject({ stunCheck: true, stunDifficulty: 18 });
    dice(5, 5); // 10 + Forza 7 = 17, not above 18
    expect(await onCardAction(message!, "stun", "r0")).toBe(true);
  });

  it("a viper's bite that gets past armour injects 2D6 doses within its daily limit", async () => {
    const viper = await (await import("../documents/helpers.js")).createActor({
      name: "Vipera",
      type: "animal",
      system: {
        characteristics: { strength: 2, dexterity: 12, perception: 8, charm: null, experience: null },
        resistance: 8,
        reflexes: 9,
        attack: { grade: 15, defence: 15, damage: { dice: 1, faces: 3, strength: false, flat: 0, type: "trauma" }, attacksPerTurn: 1, natural: "Morso" },
        venom: { dice: 2, maxPerDay: 12, injectedToday: 5 },
      },
    });
    const walker = await npc("Escursionista");
    targetActors(walker);
    dice(5, 5); // 10 + 15 = 25
    const message = await attackCard(viper, null, { answer: answerFor(viper, null, { distances: [1] }) });
    expect(rowOf(message, "r0").attack.total).toBe(25);
    dice(1, 1);
    await onCardAction(message!, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    dice(3); // 1D3 = 3 trauma
    await onCardAction(message!, "rollDamage", "r0");
    expect(rowOf(message, "r0").damage?.total).toBe(3);
    dice(6, 5); // 11 doses wanted, 7 left today
    const rollDice = (): number[][] =>
      (message as unknown as { rolls: { dice: { results: { result: number }[] }[] }[] }).rolls.map((r) => r.dice.flatMap((d) => d.results.map((x) => x.result)));
    const rollsBefore = rollDice().length;
    await onCardAction(message!, "apply", "r0");
    expect(rowOf(message, "r0").applied?.venom).toEqual({ roll: 11, doses: 7, limited: true });
    // The venom dice join the card's Rolls (Dice So Nice, a reload), rolled once.
    expect(rollDice().slice(rollsBefore)).toEqual([[6, 5]]);
    expect((viper.system as unknown as { venom: { injectedToday: number } }).venom.injectedToday).toBe(12);
    // The doses land in the target's poison counter with the damage, and leave with Undo.
    expect((walker.system as unknown as { poison: { doses: number } }).poison.doses).toBe(7);
    await onCardAction(message!, "undo", "r0");
    expect((viper.system as unknown as { venom: { injectedToday: number } }).venom.injectedToday).toBe(5);
    expect((walker.system as unknown as { poison: { doses: number } }).poison.doses).toBe(0);
    // Applied again, the bite carries the doses it was rolled with: no new venom dice.
    diceDouble().queue.length = 0;
    dice(1, 1);
    await onCardAction(message!, "apply", "r0");
    expect(diceDouble().queue).toEqual([1, 1]);
    expect(rowOf(message, "r0").applied?.venom).toEqual({ roll: 11, doses: 7, limited: true });
    expect(rollDice().slice(rollsBefore)).toEqual([[6, 5]]);
    diceDouble().queue.length = 0;
  });
});
