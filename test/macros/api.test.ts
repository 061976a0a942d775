/**
 * game.genesys as a macro or a module calls it: actors by document or uuid, skills by key, damage through
 * GenesysActor#applyDamage and its owner rule, and the genesys.* hooks around each step (fired by the double's Hooks,
 * which stop at a handler answering false as core's Hooks.call does).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GenesysCheckPlan } from "../../src/api-contract.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { diceDouble } from "../foundry/dice.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { createActor } from "../documents/helpers.js";
import { HUMAN, dice, jack, pressRoll, rollOf, skill, skillId } from "../check/helpers.js";
import { bootCombat, fight, person, settle } from "../combat/helpers.js";

const HOOKS = ["genesys.preRollCheck", "genesys.rollCheck", "genesys.preApplyDamage", "genesys.applyDamage", "genesys.declareManeuver"] as const;
type HookName = (typeof HOOKS)[number];
const calls: { hook: HookName; args: unknown[] }[] = [];
/** The hook whose handler answers false, as a module vetoing the step would. */
let veto: HookName | null = null;

beforeAll(async () => {
  await bootSystem();
  await bootCombat();
  for (const hook of HOOKS) {
    foundryDouble().hooks.on(hook, (...args: unknown[]) => {
      calls.push({ hook, args });
      return veto === hook ? false : undefined;
    });
  }
});

beforeEach(() => {
  calls.length = 0;
  veto = null;
  foundryDouble().notifications.length = 0;
  diceDouble().queue.length = 0;
  diceDouble().dialogAnswers.length = 0;
  diceDouble().dialogs.length = 0;
});

const seen = (hook: HookName) => calls.filter((c) => c.hook === hook).map((c) => c.args);
const warnings = (): string[] => foundryDouble().notifications.filter((n) => n.level === "warn").map((n) => n.message);

/** Jack with Osservare under a translated name: the key stays "osservare". */
async function observer(): Promise<GenesysActor> {
  const base = skill("Osservare", 12) as { system: object };
  return jack({ items: [{ ...base, name: "Observation", system: { ...base.system, key: "osservare" } }, skill("Corsa", 12)] });
}

describe("game.genesys.rollCheck", () => {
  it("by uuid: a characteristic check posted without a dialog", async () => {
    const actor = await jack();
    const before = diceDouble().messages.length;
    dice(5, 5);
    const message = await game.genesys.rollCheck(actor.uuid, { characteristic: "perception", difficulty: 15, prompt: false });
    expect(diceDouble().messages.length).toBe(before + 1);
    expect(rollOf(message).options).toMatchObject({ grade: HUMAN.perception, difficulty: 15, actorUuid: actor.uuid });
    expect(diceDouble().dialogs.length).toBe(0);
  });

  it("by document, a skill by its language-free key whatever its name", async () => {
    const actor = await observer();
    dice(4, 4);
    const roll = rollOf(await game.genesys.rollCheck(actor, { skill: "osservare", difficulty: 20, prompt: false }));
    expect(roll.options).toMatchObject({ label: "Observation", skillId: skillId(actor, "Observation"), grade: 12 });
  });

  it("an unlinked token's actor by its uuid rolls for the token", async () => {
    const base = await jack();
    const token = placeToken(createScene(), base);
    const uuid = `${token.uuid}.Actor.${base.id ?? ""}`;
    dice(5, 5);
    expect(rollOf(await game.genesys.rollCheck(uuid, { characteristic: "charm", prompt: false })).options.actorUuid).toBe(uuid);
  });

  it("opens the check dialog unless told not to, and rolls its answer", async () => {
    const actor = await jack();
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "complex" }));
    dice(5, 5);
    const roll = rollOf(await game.genesys.rollCheck(actor, { skill: "corsa" }));
    expect(diceDouble().dialogs.length).toBeGreaterThan(0);
    expect(roll.options.difficulty).toBe(20);
  });

  it("a deleted actor, an unknown skill key or a bad request: a warning naming it, nothing posted", async () => {
    const actor = await jack();
    const uuid = actor.uuid;
    game.actors.delete(actor.id ?? "");
    const before = diceDouble().messages.length;
    expect(await game.genesys.rollCheck(uuid, { characteristic: "perception", prompt: false })).toBeNull();
    expect(warnings().at(-1)).toBe(`GENESYS.Api.Warn.NoActor ${JSON.stringify({ ref: uuid })}`);
    const other = await jack();
    expect(await game.genesys.rollCheck(other, { skill: "volare", prompt: false })).toBeNull();
    expect(warnings().at(-1)).toContain("GENESYS.Macro.Warn.NoSkill");
    expect(await game.genesys.rollCheck(other, { skill: "corsa", characteristic: "strength", prompt: false })).toBeNull();
    expect(warnings().at(-1)).toContain("GENESYS.Check.Warn.NoTarget");
    expect(diceDouble().messages.length).toBe(before);
  });
});

describe("the check hooks", () => {
  it("genesys.preRollCheck gets the actor and the final plan; genesys.rollCheck the message and the plan", async () => {
    const actor = await jack();
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "difficult", modifiers: "2" }));
    dice(6, 6);
    const message = await actor.rollCheck({ skillId: skillId(actor, "Corsa") });
    const [pre] = seen("genesys.preRollCheck");
    const plan = pre?.[1] as GenesysCheckPlan;
    expect(pre?.[0]).toBe(actor);
    expect(plan).toMatchObject({ actorUuid: actor.uuid, kind: "skill", label: "Corsa", grade: 12, difficulty: 25, modifiers: 2, blind: false });
    const posted = seen("genesys.rollCheck");
    expect(posted).toHaveLength(1);
    expect(posted[0]?.[0]).toBe(actor);
    expect(posted[0]?.[1]).toBe(message);
    expect(posted[0]?.[2]).toEqual(plan);
  });

  it("a pre-hook answering false stops the roll: no dice, no card, no post-hook", async () => {
    const actor = await jack();
    veto = "genesys.preRollCheck";
    dice(6, 6);
    const before = diceDouble().messages.length;
    expect(await game.genesys.rollCheck(actor, { characteristic: "strength", prompt: false })).toBeNull();
    expect(diceDouble().messages.length).toBe(before);
    expect(diceDouble().queue).toEqual([6, 6]);
    expect(seen("genesys.preRollCheck")).toHaveLength(1);
    expect(seen("genesys.rollCheck")).toEqual([]);
  });

  it("a hook changing the plan it was given changes nothing", async () => {
    const actor = await jack();
    foundryDouble().hooks.once("genesys.preRollCheck", (_actor: unknown, plan: unknown) => {
      (plan as GenesysCheckPlan).grade = 30;
    });
    dice(5, 5);
    expect(rollOf(await game.genesys.rollCheck(actor, { characteristic: "strength", prompt: false })).options.grade).toBe(HUMAN.strength);
  });
});

describe("game.genesys.applyDamage", () => {
  const target = () => createActor({ name: "Bersaglio", type: "npc", system: { characteristics: HUMAN } });

  it("by uuid, through the damage pipeline, with the hooks around it", async () => {
    const actor = await target();
    const change = await game.genesys.applyDamage(actor.uuid, { amount: 5, type: "trauma" });
    expect(change).toMatchObject({ kind: "damage", actorUuid: actor.uuid, before: { wounds: 0, fatigue: 0 }, after: { wounds: 2, fatigue: 3 } });
    expect(seen("genesys.preApplyDamage")).toEqual([[actor, { amount: 5, type: "trauma" }]]);
    expect(seen("genesys.applyDamage")).toEqual([[actor, change, { amount: 5, type: "trauma" }]]);
  });

  it("a pre-hook answering false leaves the counters alone", async () => {
    const actor = await target();
    veto = "genesys.preApplyDamage";
    expect(await game.genesys.applyDamage(actor, { amount: 9, type: "wounding" })).toBeNull();
    expect(actor.genesys?.wounds.value).toBe(0);
    expect(seen("genesys.applyDamage")).toEqual([]);
  });

  it("keeps the owner rule: a player cannot damage an actor they do not own; bad input and gone actors are warnings", async () => {
    const actor = await target();
    expect(await asPlayer(() => game.genesys.applyDamage(actor, { amount: 9, type: "wounding" }))).toBeNull();
    expect(warnings().at(-1)).toContain("GENESYS.Warn.NotOwner");
    expect(actor.genesys?.wounds.value).toBe(0);
    expect(await game.genesys.applyDamage(actor, { amount: -3, type: "wounding" })).toBeNull();
    expect(warnings().at(-1)).toContain("GENESYS.Api.Warn.BadDamage");
    expect(await game.genesys.applyDamage("Actor.gone000000000001", { amount: 3, type: "wounding" })).toBeNull();
    expect(warnings().at(-1)).toContain("GENESYS.Api.Warn.NoActor");
  });
});

describe("game.genesys.attack", () => {
  const armed = () =>
    createActor({
      name: "Jack Quade",
      type: "character",
      system: { characteristics: HUMAN },
      items: [skill("Pistola", 12), { name: "Pistola", type: "weapon", system: { skill: "pistola", ready: true } }],
    });

  it("opens the attack dialog for a weapon named by id or by name, at targets given by uuid", async () => {
    const actor = await armed();
    const foe = await createActor({ name: "Scagnozzo", type: "npc", system: { characteristics: HUMAN } });
    const id = skillId(actor, "Pistola");
    const weaponId = actor.items.find((i) => i.type === "weapon")?.id ?? "";
    expect(id).not.toBe(weaponId);
    expect(await game.genesys.attack(actor, "Pistola", { targets: [foe.uuid] })).toBe(false); // the dialog is dismissed
    expect(await game.genesys.attack(actor.uuid, weaponId, { targets: [foe.uuid] })).toBe(false);
    expect(diceDouble().dialogs).toHaveLength(2);
    expect(diceDouble().dialogs[0]?.content).toContain("Scagnozzo");
  });

  it("a weapon, target or actor that is not there: a warning, no dialog", async () => {
    const actor = await armed();
    expect(await game.genesys.attack(actor, "Bazooka")).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Api.Warn.NoWeapon");
    expect(await game.genesys.attack(actor, "Pistola", { targets: ["Actor.gone000000000001"] })).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Api.Warn.NoTarget");
    expect(await game.genesys.attack("Actor.gone000000000001", null)).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Api.Warn.NoActor");
    expect(diceDouble().dialogs).toHaveLength(0);
  });
});

describe("genesys.declareManeuver", () => {
  it("fires once the declaration is stored, with the combat, the combatant and the declaration", async () => {
    const a = await person("Lento", 5);
    const b = await person("Svelto", 9);
    const { combat, of } = await fight(a, b);
    await combat.startCombat();
    await settle();
    expect(await combat.declare(of(a), "attack")).toBe(true);
    const [args] = seen("genesys.declareManeuver");
    expect(args?.[0]).toBe(combat);
    expect(args?.[1]).toBe(of(a));
    expect(args?.[2]).toEqual({ maneuver: "attack", slot: "attack", held: false, triggered: false, target: null, round: combat.round, prepare: null });
    expect(of(a).declarationFor(combat.round)?.maneuver).toBe("attack");
    expect(await combat.declare(of(b), "defence", { held: true })).toBe(true);
    expect(seen("genesys.declareManeuver").map((c) => [c[1], (c[2] as { maneuver: string; held: boolean }).held])).toEqual([[of(a), false], [of(b), true]]);
  });
});
