import { beforeAll, describe, expect, it } from "vitest";
import { ArmorModel } from "../../src/data/item/armor.js";
import { SkillModel, slugify } from "../../src/data/item/skill.js";
import { WeaponModel } from "../../src/data/item/weapon.js";
import { toDamageSpec } from "../../src/data/item/wield.js";
import { CHARACTERISTICS } from "../../src/rules/types.js";
import { ARMOUR_KEYS, ARMOUR_TABLE, UNARMED, WEAPON_KEYS, WEAPON_TABLE, type WeaponKey, type WeaponRow } from "../../src/rules/weapons.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { createActor } from "../documents/helpers.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { allEnglish, allItalian, armourSources, byName, entryOf, paragraphs, skillSources, storedSystem, translation, weaponSources, type ItemSource, type WeaponModeSource } from "./sources.js";

beforeAll(async () => {
  await bootSystem();
});

const weapons = weaponSources();
const armour = armourSources();
const skills = skillSources();
/** The English text of each item pack, in Babele's format (lang/babele/en/genesys-gdr.<pack>.json). */
const english = { weapons: translation("weapons"), armour: translation("armour"), skills: translation("skills") };

const UNARMED_NAME = "Colpo a mani nude";

/** The Gt a mode must store for a table row: melee reach, fixed metres, a multiple of Forza, or unprinted (A-06, the spear). */
function expectedRange(row: WeaponRow): WeaponModeSource["range"] {
  if (row.range === null) return row.thrown ? { kind: "unprinted", value: 0 } : { kind: "reach", value: 0 };
  return "metres" in row.range ? { kind: "metres", value: row.range.metres } : { kind: "strength", value: row.range.strengthMultiple };
}

function modeOf(row: WeaponRow): WeaponModeSource {
  const mode = byName(weapons, row.name).system.modes.find((m) => m.key === row.mode);
  if (!mode) throw new Error(`${row.name} has no ${row.mode} mode`);
  return mode;
}

/** §2.4.2 DERIVED at FOR 7, before armour: the spec's worked ranges (and Gt 14 m for thrown weapons). */
const AT_STRENGTH_7: Record<WeaponKey, { book: string; min: number; max: number; range: number | null; half: number | null; penalty: number }> = {
  hatchetMelee: { book: "1D6+[FOR] / F", min: 8, max: 13, range: null, half: null, penalty: 0 },
  hatchetThrown: { book: "1D6+[FOR−2] / F", min: 6, max: 11, range: 14, half: 28 / 3, penalty: 0 },
  staffOneHanded: { book: "1D6+[FOR] / T", min: 8, max: 13, range: null, half: null, penalty: 0 },
  staffTwoHanded: { book: "1D6+[FOR+2] / T", min: 10, max: 15, range: null, half: null, penalty: 0 },
  knifeMelee: { book: "1D6+[FOR−2] / F", min: 6, max: 11, range: null, half: null, penalty: 0 },
  knifeThrown: { book: "1D6+[FOR−3] / F", min: 5, max: 10, range: 14, half: 28 / 3, penalty: 0 },
  clubOneHanded: { book: "1D6+[FOR+2] / T", min: 10, max: 15, range: null, half: null, penalty: -4 },
  clubTwoHanded: { book: "2D6+[FOR] / T", min: 9, max: 19, range: null, half: null, penalty: 0 },
  spearOneHanded: { book: "1D6+[FOR] / F", min: 8, max: 13, range: null, half: null, penalty: 0 },
  spearTwoHanded: { book: "1D6+[FOR+2] / F", min: 10, max: 15, range: null, half: null, penalty: 0 },
  spearThrown: { book: "1D6+[FOR] / F", min: 8, max: 13, range: 14, half: 28 / 3, penalty: 0 },
  pistolOneHanded: { book: "4D6 / F", min: 4, max: 24, range: 600, half: 400, penalty: 0 },
  pistolTwoHanded: { book: "4D6 / F", min: 4, max: 24, range: 600, half: 400, penalty: 0 },
};

const HUMAN = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };

async function bearer(characteristics: Record<string, number> = HUMAN): Promise<GenesysActor> {
  return createActor({ name: "Portatore", type: "character", system: { characteristics } });
}

async function embed(actor: GenesysActor, docs: readonly ItemSource[]) {
  const data = docs.map((d) => ({ name: d.name, type: d.type, img: d.img, system: d.system }));
  const created = await actor.createEmbeddedDocuments("Item", data);
  if (!created) throw new Error("createEmbeddedDocuments returned nothing");
  return created;
}

function weaponModel(system: unknown): WeaponModel {
  if (!(system instanceof WeaponModel)) throw new Error("not a weapon");
  return system;
}

describe("weapons pack", () => {
  it("one item per weapon of §2.4.2 plus the unarmed blow", () => {
    const names = [...new Set(WEAPON_KEYS.map((k) => WEAPON_TABLE[k].name))];
    expect(weapons.map((w) => w.name).sort()).toEqual([...names, UNARMED_NAME].sort());
    for (const w of weapons) expect(w.type).toBe("weapon");
  });

  it("each weapon has exactly the table's modes, in the book's order", () => {
    for (const w of weapons.filter((x) => x.name !== UNARMED_NAME)) {
      const rows = WEAPON_KEYS.map((k) => WEAPON_TABLE[k]).filter((r) => r.name === w.name);
      expect([w.name, w.system.modes.map((m) => m.key)]).toEqual([w.name, rows.map((r) => r.mode)]);
    }
  });

  it.each(WEAPON_KEYS.map((k) => [k] as const))("%s: Dn, FM, C, P and Gt as printed", (key) => {
    const row = WEAPON_TABLE[key];
    const mode = modeOf(row);
    expect(toDamageSpec(mode.damage)).toEqual(row.damage);
    expect(mode.damage.faces).toBe(6);
    expect(mode.minStrength).toBe(row.minStrength);
    expect(mode.magazine).toBe(row.shots);
    expect(mode.preparation).toBe(row.preparation);
    expect(mode.range).toEqual(expectedRange(row));
    expect(mode.multiAttack).toBe(1);
  });

  it("the thrown spear's range, blank in the book, follows the A-06 setting: FOR × 2 by default, none when off", async () => {
    const spear = byName(weapons, "Lancia");
    expect(WEAPON_TABLE.spearThrown.range).toBeNull();
    expect(modeOf(WEAPON_TABLE.spearThrown).range).toEqual({ kind: "unprinted", value: 0 });
    expect(spear.system.description).toMatch(/A-06/);
    const thrower = await createActor({ name: "Lanciatore", type: "character", items: [{ ...spear, system: { ...spear.system, mode: 2 } }] });
    const wielded = () => (thrower.items.contents[0]?.system as unknown as WeaponModel).wielded;
    expect(wielded()?.range).toBe(14);
    const { settings } = foundryDouble();
    await settings.set("genesys-gdr", "thrownSpearRangeFromStrength", false);
    try {
      thrower.reset();
      expect(wielded()?.range).toBeNull();
    } finally {
      await settings.set("genesys-gdr", "thrownSpearRangeFromStrength", true);
    }
  });

  it("thrown modes roll with the throwing skill, the others with the weapon's", () => {
    for (const w of weapons) {
      for (const m of w.system.modes) expect([w.name, m.key, m.skill]).toEqual([w.name, m.key, m.key === "thrown" ? "lancio" : ""]);
    }
  });

  it("the pistol starts with a full magazine of 12", () => {
    const pistol = byName(weapons, "Pistola");
    expect(pistol.system.rounds).toBe(WEAPON_TABLE.pistolOneHanded.shots);
    for (const w of weapons.filter((x) => x.name !== "Pistola")) expect(w.system.rounds).toBeNull();
  });

  it("the unarmed blow has a single unarmed mode (FOR − 1D6 trauma) and is always ready", () => {
    const fists = byName(weapons, UNARMED_NAME);
    expect(fists.system.modes.map((m) => m.key)).toEqual(["unarmed"]);
    expect(fists.system.modes[0]?.damage.type).toBe(UNARMED.type);
    expect(fists.system.ready).toBe(true);
    expect(fists.system.skill).toBe("combattimento_disarmato");
  });

  it("each weapon, and each mode with a skill of its own, names a skill of the skills pack by its key", () => {
    const expected: Record<string, string> = {
      Accetta: "armi_da_mischia", Bastone: "armi_da_mischia", Coltello: "armi_da_mischia", Clava: "armi_da_mischia",
      Lancia: "armi_da_mischia", Pistola: "pistola", [UNARMED_NAME]: "combattimento_disarmato",
    };
    expect(Object.fromEntries(weapons.map((w) => [w.name, w.system.skill]))).toEqual(expected);
    const skillKeys = skills.map((s) => s.system.key);
    for (const w of weapons) {
      expect([w.name, skillKeys.includes(w.system.skill)]).toEqual([w.name, true]);
      for (const m of w.system.modes.filter((x) => x.skill !== "")) expect([w.name, m.key, skillKeys.includes(m.skill)]).toEqual([w.name, m.key, true]);
    }
  });

  it("on a FOR 7 character every mode gives the spec's damage range, Gt and FM penalty", async () => {
    const actor = await bearer();
    for (const key of WEAPON_KEYS) {
      const row = WEAPON_TABLE[key];
      const doc = byName(weapons, row.name);
      const index = doc.system.modes.findIndex((m) => m.key === row.mode);
      const [item] = await embed(actor, [{ ...doc, system: { ...doc.system, mode: index } }]);
      const wielded = weaponModel(item?.system).wielded;
      const want = AT_STRENGTH_7[key];
      expect([key, wielded?.damage.book, wielded?.damage.min, wielded?.damage.max, wielded?.damage.type]).toEqual([key, want.book, want.min, want.max, row.damage.type]);
      expect([key, wielded?.range, wielded?.halfDamageFrom, wielded?.attackPenalty]).toEqual([key, want.range, want.half, want.penalty]);
    }
  });

  it("the unarmed blow on FOR 7 does 1–6 trauma, on FOR 5 0–4 (EX-11)", async () => {
    const fists = byName(weapons, UNARMED_NAME);
    for (const [strength, min, max] of [[7, 1, 6], [5, 0, 4]] as const) {
      const [item] = await embed(await bearer({ ...HUMAN, strength }), [fists]);
      expect(weaponModel(item?.system).wielded?.damage).toEqual({ book: UNARMED.book, formula: UNARMED.foundry, min, max, type: "trauma" });
    }
  });
});

describe("armour pack", () => {
  it.each(ARMOUR_KEYS.map((k) => [ARMOUR_TABLE[k].name, k] as const))("%s: Df, FM and coverage as printed; no bypass gap given by the book", (name, key) => {
    const row = ARMOUR_TABLE[key];
    const doc = byName(armour, name);
    expect(doc.type).toBe("armor");
    expect(doc.system).toMatchObject({ defence: row.defence, minStrength: row.minStrength, coverage: row.coverage, areas: [], bypassPenalty: null, worn: false });
  });

  it("holds exactly the two armours of §2.4.3", () => {
    expect(armour.map((a) => a.name).sort()).toEqual(ARMOUR_KEYS.map((k) => ARMOUR_TABLE[k].name).sort());
  });

  it("worn on a FOR 7 character: the vest covers only the torso; the knight's armour covers the head and costs 2 DES", async () => {
    const actor = await bearer();
    const items = await embed(actor, armour.map((a) => ({ ...a, system: { ...a.system, worn: a.name === "Armatura da Cavaliere" } })));
    const models = items.map((i) => {
      const s: unknown = i.system;
      if (!(s instanceof ArmorModel)) throw new Error("not an armour");
      return [i.name, s] as const;
    });
    const vest = models.find(([n]) => n === "Corpetto Antiproiettile")?.[1];
    const knight = models.find(([n]) => n === "Armatura da Cavaliere")?.[1];
    expect([vest?.covers("torso"), vest?.covers("head"), knight?.covers("head"), knight?.covers("legs")]).toEqual([true, false, true, true]);
    expect(actor.armourFor("head")).toBe(12);
    expect(actor.getRollData()["destrezza"]).toBe(5);
  });
});

describe("skills pack", () => {
  /** §1.2.1 / §1.3.2 IMPL: the reference characteristic the book points to for the skills it names. */
  const BOOK_SKILLS: Record<string, string> = {
    "Movimento furtivo": "dexterity", Borseggio: "dexterity", "Armi da mischia": "dexterity", "Combattimento disarmato": "dexterity",
    Pistola: "perception", Veterinaria: "experience", Naturalistica: "experience",
    Corsa: "strength", Arrampicata: "strength", Salto: "strength", Nuoto: "strength",
  };

  it("a starter list of about thirty skills, the book's own among them with the characteristic it suggests", () => {
    expect(skills.length).toBeGreaterThanOrEqual(28);
    expect(skills.length).toBeLessThanOrEqual(36);
    for (const [name, characteristic] of Object.entries(BOOK_SKILLS)) expect([name, byName(skills, name).system.characteristic]).toEqual([name, characteristic]);
    for (const name of ["Lancio", "Armi da tiro", "Fucile", "Seguire tracce", "Cercare indizi", "Osservare"]) expect([name, byName(skills, name).system.characteristic]).toEqual([name, "perception"]);
    for (const name of ["Persuasione", "Intimidire", "Recitazione"]) expect([name, byName(skills, name).system.characteristic]).toEqual([name, "charm"]);
  });

  it("every skill starts with no grades of its own and an Italian description naming its characteristic; the English one is in the translation", () => {
    for (const s of skills) {
      expect(s.type).toBe("skill");
      expect(CHARACTERISTICS).toContain(s.system.characteristic);
      expect([s.name, s.system.bought, s.system.earned, s.system.increment, s.system.related]).toEqual([s.name, 0, 0, 0, false]);
      const it = paragraphs(s.system.description);
      const en = paragraphs(entryOf(english.skills, s).description ?? "");
      expect([s.name, it.length, allItalian(s.system.description), en.length, allEnglish(entryOf(english.skills, s).description ?? "")]).toEqual([s.name, 1, true, 1, true]);
      expect(it[0]).toMatch(/Caratteristica di riferimento: (Destrezza|Esperienza|Fascino|Forza|Percezione)\./);
      expect(en[0]).toMatch(/Reference characteristic: (Dexterity|Experience|Charm|Strength|Perception)\./);
    }
  });

  it("every skill's key is the slug of its Italian name, so weapons find it by the same key whatever the name is translated to", () => {
    for (const s of skills) expect([s.name, s.system.key]).toEqual([s.name, slugify(s.name)]);
    expect(new Set(skills.map((s) => s.system.key)).size).toBe(skills.length);
  });

  it("on a character each skill's grade equals its characteristic and its slug is unique in roll data", async () => {
    const scores: Record<string, number> = { dexterity: 8, experience: 6, charm: 9, strength: 5, perception: 10 };
    const actor = await bearer(scores);
    const items = await embed(actor, skills);
    const grades = Object.fromEntries(items.map((i) => {
      const s: unknown = i.system;
      if (!(s instanceof SkillModel)) throw new Error("not a skill");
      return [i.name, s.grade];
    }));
    expect(grades).toEqual(Object.fromEntries(skills.map((s) => [s.name, scores[s.system.characteristic]])));
    const rollSkills: unknown = actor.getRollData()["skills"];
    const keys = typeof rollSkills === "object" && rollSkills !== null ? Object.keys(rollSkills).sort() : [];
    expect(keys).toEqual(skills.map((s) => s.system.key).sort());
    expect(new Set(keys).size).toBe(skills.length);
  });
});

describe("every item validates against its data model", () => {
  it("creates through createEmbeddedDocuments and stores exactly the pack's system data", async () => {
    const all: ItemSource[] = [...weapons, ...armour, ...skills];
    const items = await embed(await bearer(), all);
    expect(items.length).toBe(all.length);
    for (const [i, item] of items.entries()) {
      const doc = all[i];
      expect([item.name, storedSystem(item)]).toEqual([doc?.name, doc?.system]);
    }
  });

  it("weapon and armour descriptions are one Italian paragraph in the source, one English paragraph in the translation", () => {
    for (const [docs, file] of [[weapons, english.weapons], [armour, english.armour]] as const) {
      for (const d of docs) {
        const en = entryOf(file, d).description ?? "";
        expect([d.name, paragraphs(d.system.description).length, allItalian(d.system.description), paragraphs(en).length, allEnglish(en)]).toEqual([d.name, 1, true, 1, true]);
      }
    }
  });
});
