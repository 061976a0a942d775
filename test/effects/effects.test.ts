/** Active Effects with GeneSys keys: items' effects change characteristics, skills, derived values and check odds. */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { effectChangesData, readEffectChanges, type EffectChange } from "../../src/compat/effect-changes.js";
import { GenesysActiveEffect } from "../../src/effects/active-effect.js";
import { isGenesysKey, parseEffectKey } from "../../src/effects/effect-keys.js";
import { applyModifiers } from "../../src/effects/effect-math.js";
import { SkillModel } from "../../src/data/item/skill.js";
import { prepareCheck } from "../../src/check/check-request.js";
import { checkDialogContext, dialogPreview } from "../../src/check/check-dialog.js";
import { initialFormValues } from "../../src/check/check-form.js";
import { immunitiesOf } from "../../src/tools/losing-control.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { createActor, personOf } from "../documents/helpers.js";

beforeAll(async () => {
  await bootSystem();
});

function setGeneration(n: number): void {
  // The double's game.release is a plain object (globals.ts); tests of the v14 shape set 14.
  (game.release as unknown as { generation: number }).generation = n;
}

afterEach(() => {
  setGeneration(13);
});

const add = (key: string, value: string): EffectChange => ({ key, kind: "add", value });
const effect = (name: string, changes: EffectChange[], extra: Record<string, unknown> = {}) => ({ name, ...effectChangesData(changes), ...extra });

const STATS = { dexterity: 8, experience: 7, charm: 8, strength: 5, perception: 7 };
const RING = { name: "Anello di forza", type: "gear", system: { weight: 0 }, effects: [effect("Anello di forza", [add("system.characteristics.strength", "1")])] };
const CLIMB = { name: "Arrampicarsi", type: "skill", system: { characteristic: "strength", bought: 2 } };

async function hero(items: object[] = [RING, CLIMB], system: object = {}): Promise<GenesysActor> {
  return createActor({ name: "Alven", type: "character", system: { characteristics: STATS, ...system }, items });
}

function skillOf(actor: GenesysActor, name: string): SkillModel {
  const s = actor.items.find((i) => i.name === name)?.system;
  if (!(s instanceof SkillModel)) throw new Error(`no skill ${name}`);
  return s;
}

describe("change shapes by generation (src/compat)", () => {
  it("v13 reads changes[] with numeric modes, v14 system.changes[] with string types", () => {
    setGeneration(13);
    const v13 = effectChangesData([add("system.characteristics.strength", "1"), { key: "system.derived.speed", kind: "override", value: "3" }]);
    expect(v13).toEqual({ changes: [{ key: "system.characteristics.strength", mode: 2, value: "1", priority: null }, { key: "system.derived.speed", mode: 5, value: "3", priority: null }] });
    expect(readEffectChanges(v13)).toEqual([add("system.characteristics.strength", "1"), { key: "system.derived.speed", kind: "override", value: "3" }]);
    setGeneration(14);
    const v14 = effectChangesData([add("genesys.check", "-2")]);
    expect(v14).toEqual({ system: { changes: [{ key: "genesys.check", type: "add", value: "-2", phase: "initial", priority: null }] } });
    expect(readEffectChanges(v14)).toEqual([add("genesys.check", "-2")]);
    // A v13-shaped effect read on v14 has no changes there (and the other way round): nothing is guessed.
    expect(readEffectChanges(v13)).toEqual([]);
    setGeneration(13);
    expect(readEffectChanges(v14)).toEqual([]);
  });

  it("the same item effect works on either generation", async () => {
    for (const generation of [13, 14]) {
      setGeneration(generation);
      const ring = { ...RING, effects: [effect("Anello di forza", [add("system.characteristics.strength", "1")])] };
      const actor = await hero([ring, CLIMB]);
      expect(personOf(actor).effective.strength, `v${String(generation)}`).toBe(6);
    }
  });
});

describe("keys and arithmetic", () => {
  it("names characteristics, derived values, skills, check modifiers and immunities; other keys stay core's", () => {
    expect(parseEffectKey("system.characteristics.strength")).toEqual({ kind: "characteristic", key: "strength" });
    expect(parseEffectKey("system.derived.resistance")).toEqual({ kind: "derived", key: "resistance" });
    expect(parseEffectKey("genesys.skill.arrampicarsi")).toEqual({ kind: "skill", ref: "arrampicarsi" });
    expect(parseEffectKey("genesys.check")).toEqual({ kind: "check", scope: "all" });
    expect(parseEffectKey("genesys.check.perception")).toEqual({ kind: "check", scope: "perception" });
    expect(parseEffectKey("genesys.immunity")).toEqual({ kind: "immunity" });
    expect(parseEffectKey("system.characteristics.luck")).toBeNull();
    expect(parseEffectKey("system.biography")).toBeNull();
    expect(isGenesysKey("genesys.anything")).toBe(true);
    expect(isGenesysKey("flags.other.key")).toBe(false);
  });

  it("adds, then caps and floors, then overrides; a non-number is left out and reported", () => {
    const m = (kind: EffectChange["kind"], value: string, item: string) => ({ target: { kind: "derived" as const, key: "speed" as const }, kind, value, effect: item, item });
    const r = applyModifiers(4, [m("override", "9", "Stivali"), m("add", "2", "Anello"), m("add", "due", "Rotto"), m("upgrade", "3", "Cintura")]);
    expect(r.value).toBe(9);
    expect(r.parts).toEqual([{ label: "Anello", value: 2 }, { label: "Stivali", value: 3 }]);
    expect(r.ignored.map((x) => x.item)).toEqual(["Rotto"]);
    expect(applyModifiers(1, [m("add", "-5", "Maledizione")]).value).toBe(0);
  });

  it("core's application skips GeneSys keys on either generation's entry point", () => {
    const fx = Object.create(GenesysActiveEffect.prototype) as GenesysActiveEffect; // no construction: only the guard is under test
    expect(fx.apply({} as never, { key: "system.characteristics.strength", value: "1", mode: 2, priority: null } as never)).toEqual({});
    expect(GenesysActiveEffect.applyChange({}, { key: "genesys.check", value: "-2" })).toEqual({});
  });
});

describe("effects through the data model", () => {
  it("a characteristic change moves the skills and derived values that rest on it, with its source", async () => {
    const actor = await hero();
    const sys = personOf(actor);
    expect(sys.characteristics.strength).toBe(5); // the stored score the player edits is untouched
    expect(sys.effective.strength).toBe(6);
    expect(sys.sources.characteristics.strength).toEqual([{ label: "Anello di forza", value: 1 }]);
    expect(skillOf(actor, "Arrampicarsi").grade).toBe(8); // 6 + 2 bought
    expect(sys.derived.resistance).toBe(24); // 4 × 6
    expect(sys.derived.speed).toBe(Math.round((6 + 8) / 3));
    expect(actor.getRollData()["strength"]).toBe(6);
  });

  it("a disabled effect changes nothing; enabling it from the sheet's toggle brings it back", async () => {
    const off = { ...RING, effects: [effect("Anello di forza", [add("system.characteristics.strength", "1")], { disabled: true })] };
    const actor = await hero([off, CLIMB]);
    expect(personOf(actor).effective.strength).toBe(5);
    const ring = actor.items.find((i) => i.name === "Anello di forza");
    const fx = [...(ring?.effects ?? [])][0];
    await fx?.update({ disabled: false });
    expect(personOf(actor).effective.strength).toBe(6);
    expect(skillOf(actor, "Arrampicarsi").grade).toBe(8);
  });

  it("armour's effects apply only while it is worn", async () => {
    const helm = { name: "Elmo", type: "armor", system: { worn: false, defence: 1 }, effects: [effect("Elmo", [add("genesys.check.perception", "-1")])] };
    const actor = await hero([helm]);
    expect(personOf(actor).sources.checks.by.perception).toEqual([]);
    await actor.items.find((i) => i.name === "Elmo")?.update({ system: { worn: true } });
    expect(personOf(actor).sources.checks.by.perception).toEqual([{ label: "Elmo", value: -1 }]);
  });

  it("derived changes apply after the formula; a Narrator's override still wins", async () => {
    const boots = { name: "Stivali", type: "gear", system: {}, effects: [effect("Passo lungo", [add("system.derived.speed", "2"), add("system.derived.resistance", "4")])] };
    const actor = await hero([boots]);
    const sys = personOf(actor);
    expect(sys.derived.speed).toBe(Math.round((5 + 8) / 3) + 2);
    expect(sys.derived.resistance).toBe(24);
    expect(sys.sources.derived.speed).toEqual([{ label: "Stivali: Passo lungo", value: 2 }]);
    await actor.update({ system: { overrides: { speed: 1 } } });
    expect(personOf(actor).derived.speed).toBe(1);
  });

  it("a skill grade change finds the skill by its key or id", async () => {
    const gloves = { name: "Guanti", type: "gear", system: {}, effects: [effect("Guanti", [add("genesys.skill.arrampicarsi", "2")])] };
    const actor = await hero([gloves, CLIMB]);
    expect(skillOf(actor, "Arrampicarsi").grade).toBe(5 + 2 + 2);
    expect(skillOf(actor, "Arrampicarsi").effects).toEqual([{ label: "Guanti", value: 2 }]);
  });

  it("an immunity effect adds to the traits' immunities for losing control", async () => {
    const amulet = { name: "Amuleto", type: "gear", system: {}, effects: [effect("Amuleto", [{ key: "genesys.immunity", kind: "override", value: "fear" }])] };
    const actor = await hero([amulet]);
    expect(immunitiesOf(actor)).toEqual(["fear"]);
  });

  it("an unlinked token's actor carries its items' effects", async () => {
    const base = await hero();
    const scene = createScene("Effetti");
    const token = placeToken(scene, base, { actorLink: false });
    const synthetic = token.actor as unknown as GenesysActor; // the double's synthetic actor is of the configured class
    expect(personOf(synthetic).effective.strength).toBe(6);
    expect(skillOf(synthetic, "Arrampicarsi").grade).toBe(8);
  });
});

describe("checks and odds include the effects, each with its source", () => {
  it("a check bonus raises the dialog's chance and lists where it comes from; the situational field stays the user's", async () => {
    const lens = { name: "Lente", type: "gear", system: {}, effects: [effect("Lente", [add("genesys.check.perception", "2")])] };
    const plain = await hero([]);
    const helped = await hero([lens]);
    const before = prepareCheck(plain, { characteristic: "perception", difficulty: 20 }, (k) => k);
    const after = prepareCheck(helped, { characteristic: "perception", difficulty: 20 }, (k) => k);
    if (!before.ok || !after.ok) throw new Error("no plan");
    expect(after.plan).toMatchObject({ situational: 0, modifiers: 2, effects: [{ label: "Lente", value: 2 }] });
    const values = { ...initialFormValues({ ...after.plan, modifiers: after.plan.situational }), difficulty: "custom", custom: "20" };
    const withLens = dialogPreview(after.plan, values).chance;
    const without = dialogPreview(before.plan, values).chance;
    expect(Number.parseInt(withLens, 10)).toBeGreaterThan(Number.parseInt(without, 10));
    const context = checkDialogContext(after.plan, { localize: (k) => k, format: (k) => k });
    expect(context.effects).toEqual([{ label: "Lente", value: "+2" }]);
    expect(context.modifiers.value).toBe(0);
    // A Strength check is not touched by a Percezione modifier.
    const strength = prepareCheck(helped, { characteristic: "strength" }, (k) => k);
    expect(strength.ok && strength.plan.effects).toEqual([]);
  });

  it("a running fever puts −5 on every check, named as the fever (§3.3.3)", async () => {
    const actor = await hero([CLIMB], { poison: { doses: 0, fever: { startsInHours: null, hoursLeft: 30 } } });
    const plan = prepareCheck(actor, { skillId: actor.items.find((i) => i.name === "Arrampicarsi")?.id ?? "", modifiers: 1 }, (k) => k);
    if (!plan.ok) throw new Error("no plan");
    expect(plan.plan.effects).toEqual([{ label: "", value: -5, i18n: "GENESYS.Effects.Source.Fever" }]);
    expect(plan.plan.modifiers).toBe(1 - 5);
    expect(plan.plan.situational).toBe(1);
    const context = checkDialogContext(plan.plan, { localize: (k) => k, format: (k) => k });
    expect(context.effects).toEqual([{ label: "GENESYS.Effects.Source.Fever", value: "\u22125" }]);
    // Before the onset there is no penalty yet.
    const waiting = await hero([], { poison: { doses: 0, fever: { startsInHours: 3, hoursLeft: 30 } } });
    const early = prepareCheck(waiting, { characteristic: "strength" }, (k) => k);
    expect(early.ok && early.plan.effects).toEqual([]);
  });
});

describe("encumbrance (§3.1.5)", () => {
  it("beyond 20 × FOR the character cannot move: Velocità 0, with the reason", async () => {
    const anvil = { name: "Incudine", type: "gear", system: { weight: 101, quantity: 1 } };
    const actor = await hero([anvil]);
    const sys = personOf(actor);
    expect(sys.load).toEqual({ kg: 101, level: "unbearable" });
    expect(sys.derived.speed).toBe(0);
    expect(sys.sources.derived.speed).toEqual([{ label: "", value: -4, i18n: "GENESYS.Effects.Source.Unbearable" }]);
    const light = await hero([{ ...anvil, system: { weight: 100, quantity: 1 } }]);
    expect(personOf(light).derived.speed).toBe(4);
  });

  it("armour too heavy for Forza lowers Destrezza and Velocità, shown as the armour's", async () => {
    const plate = { name: "Corazza", type: "armor", system: { worn: true, defence: 3, minStrength: 7 } };
    const actor = await hero([plate]);
    const sys = personOf(actor);
    expect(sys.effective.dexterity).toBe(6);
    expect(sys.sources.characteristics.dexterity).toEqual([{ label: "Corazza", value: -2, i18n: "GENESYS.Effects.Source.Armour" }]);
    expect(sys.sources.derived.speed).toEqual([{ label: "Corazza", value: -2, i18n: "GENESYS.Effects.Source.Armour" }]);
  });

  it("bulky gear hinders like armour only when the Narrator's setting is on", async () => {
    const chest = { name: "Baule", type: "gear", system: { weight: 10, minStrength: 6 } };
    const off = await hero([chest]);
    expect(personOf(off).effective.dexterity).toBe(8);
    await game.settings.set("genesys-gdr", "bulkyGearHinders", true);
    try {
      const on = await hero([chest]);
      expect(personOf(on).effective.dexterity).toBe(7);
      expect(personOf(on).armour.shortfall).toBe(1);
    } finally {
      await game.settings.set("genesys-gdr", "bulkyGearHinders", false);
    }
  });
});

describe("derived overrides are the Narrator's", () => {
  it("a player's write of an override is refused with a warning and nothing changes; the Narrator's goes through", async () => {
    const actor = await createActor({ name: "Alven", type: "character", system: { characteristics: STATS }, ownership: { default: 3 } });
    const notes = foundryDouble().notifications;
    const before = notes.length;
    await asPlayer(() => actor.update({ system: { overrides: { reflexes: 12 } } }));
    expect(personOf(actor).overrides.reflexes).toBeNull();
    expect(notes.slice(before)).toContainEqual({ level: "warn", message: "GENESYS.Warn.OverrideNarratorOnly" });
    // A player's other edits (the whole form, the override unchanged) still save.
    await asPlayer(() => actor.update({ system: { biography: "<p>x</p>", overrides: { reflexes: null } } }));
    expect(personOf(actor).biography).toBe("<p>x</p>");
    await actor.update({ system: { overrides: { reflexes: 12 } } });
    expect(personOf(actor).derived.reflexes).toBe(12);
  });
});
