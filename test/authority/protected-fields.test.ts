/**
 * The values the book gives to the Narrator or to play are the server's to guard (src/data/protected-fields.ts):
 * system.json declares them as gmOnlyFields, and a player's write of any of them, through the ordinary document API
 * (what a sheet or the console does) or straight to the server past every client hook, is refused by the double's
 * server model (test/foundry/server-guard.ts) and leaves the value as it was, on world actors, on their items and on
 * unlinked token actors. Each stored field of every type is classified, so a new one cannot be left open by accident.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { OPEN_FIELDS, PROTECTED_FIELDS, splitSystemUpdate, valueAt } from "../../src/data/protected-fields.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { rawUpdate } from "../foundry/documents.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { createActor } from "../documents/helpers.js";

type Manifest = { documentTypes: Record<string, Record<string, { gmOnlyFields?: string[] }>> };
const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as Manifest;

beforeAll(async () => {
  await bootSystem();
});

const playerId = (): string => foundryDouble().users.find((u) => !u.isGM)?.id ?? "";

type SchemaLike = { fields?: Record<string, SchemaLike>; constructor: { name: string } };

/** The stored leaves of a schema: a SchemaField is gone into, any other field (arrays and sets too) is a leaf. */
function leaves(schema: Record<string, SchemaLike>, prefix = ""): string[] {
  return Object.entries(schema).flatMap(([key, field]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return field.constructor.name === "SchemaField" && field.fields ? leaves(field.fields, path) : [path];
  });
}

function schemaOf(documentName: "Actor" | "Item", type: string): Record<string, SchemaLike> {
  const models = (documentName === "Actor" ? CONFIG.Actor.dataModels : CONFIG.Item.dataModels) as unknown as Record<string, { defineSchema(): Record<string, SchemaLike> }>;
  const model = models[type];
  if (!model) throw new Error(`no model for ${type}`);
  return model.defineSchema();
}

const SUBTYPES = [
  ...Object.keys(PROTECTED_FIELDS.Actor).map((type) => ["Actor", type] as const),
  ...Object.keys(PROTECTED_FIELDS.Item).map((type) => ["Item", type] as const),
];

describe("system.json declares exactly the protected fields", () => {
  it.each(SUBTYPES)("%s %s: gmOnlyFields is the module's list", (documentName, type) => {
    const declared = manifest.documentTypes[documentName]?.[type]?.gmOnlyFields;
    expect(declared).toEqual([...(PROTECTED_FIELDS[documentName] as Record<string, readonly string[]>)[type] ?? []]);
  });

  it.each(SUBTYPES)("%s %s: every stored field is either protected or the owner's, none both, none unknown", (documentName, type) => {
    const guarded = (PROTECTED_FIELDS[documentName] as Record<string, readonly string[]>)[type] ?? [];
    const open = (OPEN_FIELDS[documentName] as Record<string, readonly string[]>)[type] ?? [];
    const stored = leaves(schemaOf(documentName, type));
    expect([...guarded, ...open].sort()).toEqual([...stored].sort());
    expect(guarded.filter((p) => open.includes(p as never))).toEqual([]);
  });
});

/** A value different from `current` that the field accepts, so that a refusal is the server's, not the schema's. */
function otherValue(path: string, current: unknown): unknown {
  if (typeof current === "boolean") return !current;
  if (typeof current === "number") {
    if (path.endsWith("rate")) return 0.5;
    if (path.endsWith("faces")) return current === 10 ? 6 : 10;
    if (path.includes("flat") || path === "reputation" || path === "reflexesModifier" || path.endsWith("attacksPerTurn")) return current + 1;
    return current === 0 ? 1 : current - 1;
  }
  if (current === null) return path.endsWith("bypassPenalty") ? -3 : path.includes("deadline") || path.includes("fever") ? 5 : 3;
  if (Array.isArray(current)) return path === "ledger" ? [{ id: "forged", wounds: 0, fatigue: 0, poison: 0 }] : current.length > 1 ? current.slice(0, 1) : null;
  if (typeof current === "string") return CHOICES[path] ?? "forged";
  return undefined;
}

const CHOICES: Record<string, string> = {
  "study.status": "paused",
  "study.note": "skillMissing",
  "attack.damage.type": "trauma",
  characteristic: "charm",
  coverage: "wholeBody",
  key: "forged_key",
  "study.skillId": "abcdefabcdef0001",
};

/** Values for fields whose stored default has nothing to change into without a shape (sets, empty lists). */
const LIST_VALUES: Record<string, unknown> = {
  traits: ["holdsBreathOneHour"],
  knockedDown: ["forgedHit"],
  narratorStatuses: ["surprised"],
  crippledLimbs: [{ limb: "leg", recordId: "forged", wounds: 0, fatigue: 0 }],
  immunities: ["fear"],
  areas: ["head"],
  environments: [{ environment: "water", attack: 3, defence: 3, canAct: true }],
  capabilities: [{ key: "custom", label: "x", bonus: 2, condition: "" }],
  speeds: [{ mode: "swim", metres: 9 }],
  approvals: [{ digest: "forged", narrator: false, snapshot: "" }],
  modes: [{ key: "ranged", skill: "", damage: { dice: 9, faces: 6, strength: false, flat: 0, type: "wounding" }, minStrength: 0, magazine: null, preparation: 0, range: { kind: "metres", value: 9 }, multiAttack: 1 }],
};

function forged(path: string, current: unknown): unknown {
  const value = path in LIST_VALUES ? LIST_VALUES[path] : otherValue(path, current);
  if (value === undefined || value === null) throw new Error(`no other value for ${path} (${JSON.stringify(current)})`);
  return value;
}

async function ownedActor(type: string): Promise<GenesysActor> {
  return createActor({ name: `Protetto ${type}`, type, ownership: { default: 0, [playerId()]: 3 }, system: type === "character" ? { creation: { active: false } } : {} });
}

async function ownedItemOn(actor: GenesysActor, type: string): Promise<Item.Implementation> {
  // As the Narrator, who may create any item (plain sources; fvtt-types wants its branded create data).
  const created = (await actor.createEmbeddedDocuments("Item", [{ name: `Oggetto ${type}`, type }] as never)) as unknown as Item.Implementation[];
  const item = created[0];
  if (!item) throw new Error("no item");
  return item;
}

type Writable = { update(changes: never, options?: never): Promise<unknown>; system: unknown };

async function refusedBoth(doc: () => Writable, path: string): Promise<void> {
  const before = valueAt((doc().system as { toObject(): unknown }).toObject(), path);
  const value = forged(path, before);
  // Through the document API our client code may refuse first (its hooks warn and write nothing); if it lets the
  // write go, the server refuses it.
  await asPlayer(() => doc().update({ [`system.${path}`]: value } as never)).then(
    () => undefined,
    (error: unknown) => { expect(String(error)).toContain(`system.${path} may only be modified by a GM or Assistant GM user.`); },
  );
  expect(valueAt((doc().system as { toObject(): unknown }).toObject(), path)).toEqual(before);
  const raw = asPlayer(() => rawUpdate(doc() as never, { system: expandOne(path, value) }));
  await expect(raw).rejects.toThrow("may only be modified by a GM");
  expect(valueAt((doc().system as { toObject(): unknown }).toObject(), path)).toEqual(before);
}

function expandOne(path: string, value: unknown): Record<string, unknown> {
  return path.split(".").reduceRight<Record<string, unknown>>((inner, key, i, all) => (i === all.length - 1 ? { [key]: value } : { [key]: inner }), {});
}

describe("a player's write of a protected value is refused by the server, ordinary or raw, and changes nothing", () => {
  for (const type of Object.keys(PROTECTED_FIELDS.Actor) as (keyof typeof PROTECTED_FIELDS.Actor)[]) {
    it.each([...PROTECTED_FIELDS.Actor[type]])(`world ${type}: system.%s`, async (path) => {
      const actor = await ownedActor(type);
      await refusedBoth(() => actor, path);
    });
  }

  it.each([...PROTECTED_FIELDS.Actor.animal.filter((p) => !p.startsWith("characteristics.charm") && !p.startsWith("characteristics.experience"))])("an unlinked token of a player's animal: system.%s", async (path) => {
    const base = await ownedActor("animal");
    const scene = createScene();
    const token = placeToken(scene, base);
    const tokenActor = (): Writable => {
      const a = token.actor;
      if (!a) throw new Error("no token actor");
      return a;
    };
    await refusedBoth(tokenActor, path);
  });

  for (const type of Object.keys(PROTECTED_FIELDS.Item) as (keyof typeof PROTECTED_FIELDS.Item)[]) {
    it.each([...PROTECTED_FIELDS.Item[type]])(`${type} on a player's character: system.%s`, async (path) => {
      const actor = await ownedActor("character");
      const item = await ownedItemOn(actor, type);
      await refusedBoth(() => actor.items.get(item.id ?? "") as unknown as Writable, path);
    });
  }

  it("what stays the owner's is written at once: a biography, a weapon's mode, armour worn, gear carried", async () => {
    const actor = await ownedActor("character");
    const weapon = await ownedItemOn(actor, "weapon");
    const armour = await ownedItemOn(actor, "armor");
    const gear = await ownedItemOn(actor, "gear");
    await asPlayer(async () => {
      await actor.update({ system: { biography: "<p>Nato a Lucca.</p>" } });
      await weapon.update({ system: { mode: 1 } });
      await armour.update({ system: { worn: true } });
      await gear.update({ system: { quantity: 3 } });
    });
    expect(valueAt(actor.system, "biography")).toBe("<p>Nato a Lucca.</p>");
    expect([valueAt(weapon.system, "mode"), valueAt(armour.system, "worn"), valueAt(gear.system, "quantity")]).toEqual([1, true, 3]);
  });

  it("the Narrator writes every protected value", async () => {
    const actor = await ownedActor("character");
    await actor.update({ system: { characteristics: { strength: 12 }, wounds: { value: 3 }, freeEdit: true } });
    expect([valueAt(actor.system, "characteristics.strength"), valueAt(actor.system, "wounds.value"), valueAt(actor.system, "freeEdit")]).toEqual([12, 3, true]);
  });
});

describe("a sheet's submit, split for a player", () => {
  it("keeps the owner's values and only the protected values that change", () => {
    const stored = { characteristics: { strength: 7, dexterity: 8 }, biography: "", wounds: { value: 0 } };
    const submitted = { characteristics: { strength: 9, dexterity: 8 }, biography: "<p>x</p>", wounds: { value: 0 } };
    expect(splitSystemUpdate("Actor", "character", stored, submitted)).toEqual({
      open: { biography: "<p>x</p>" },
      guarded: { "characteristics.strength": 9 },
    });
  });

  it("a dotted or a deletion key on a protected path counts as protected", () => {
    const split = splitSystemUpdate("Actor", "character", { overrides: { resistance: 40 } }, { "overrides.-=resistance": null });
    expect(split.open).toEqual({});
    expect(Object.keys(split.guarded)).toEqual(["overrides.-=resistance"]);
  });
});
