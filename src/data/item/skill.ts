/** Abilità (§1.3): grade = reference characteristic + bought + earned grades; increment points §1.8. */
import type { EmptyObject } from "fvtt-types/utils";
import { skillGradeFrom, type SkillGradeBreakdown } from "../../rules/skill.js";
import { ownerOf, same } from "../remembered.js";
import type { CharacteristicKey, Characteristics } from "../../rules/types.js";
import type { SourcedPart } from "../../effects/effect-math.js";
import { characteristicChoiceField, htmlField, approvalsField, intField } from "../fields.js";
import { allocatedChangeRefusal, inCreation, newSkillGradesRefusal } from "../actor/creation.js";

const fields = foundry.data.fields;

export function skillSchema() {
  return {
    /**
     * The skill's language-free key, which weapons name it by (`system.skill`): a translated compendium skill keeps
     * its key whatever its name becomes. Blank for skills made in the world, whose key comes from their name.
     */
    key: new fields.StringField({ required: true, blank: true, initial: "", trim: true, validate: (v: string) => v === "" || /^[a-z0-9_]{1,64}$/.test(v) }),
    characteristic: characteristicChoiceField(),
    bought: intField(0, 0, 40),
    earned: intField(0, 0, 40),
    /** §1.8.1 stored points run 0–5: the sixth turns into a grade. */
    increment: intField(0, 0, 5),
    /** §1.8.3 related to the character's work: study takes 2 × grade days per point instead of 3 ×. */
    related: new fields.BooleanField({ initial: false }),
    description: htmlField(),
    approvals: approvalsField(),
  };
}
export type SkillSchema = ReturnType<typeof skillSchema>;

export type SkillDerived = {
  /** Key for roll data (`@skills.<slug>`) and for weapons: the stored key, else the name folded (slugify). */
  slug: string;
  /** null until an owning actor supplies the characteristic. */
  grade: number | null;
  breakdown: SkillGradeBreakdown | null;
  /** Grades that Active Effects add (or take) on top of the book's grade, each with its source. */
  effects: SourcedPart[];
};

export class SkillModel extends foundry.abstract.TypeDataModel<SkillSchema, Item.Implementation, EmptyObject, SkillDerived> {
  static override LOCALIZATION_PREFIXES = ["GENESYS.Item.Skill"];

  static override defineSchema(): SkillSchema {
    return skillSchema();
  }

  /**
   * A player's new skill on a Protagonista comes without the grades that are not his to set (data/actor/creation.ts):
   * allocated ones after creation, earned ones during it. The skill is added all the same, with a warning.
   */
  protected override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<SkillSchema, Item.Implementation>["_preCreate"]>): ReturnType<foundry.abstract.TypeDataModel<SkillSchema, Item.Implementation>["_preCreate"]> {
    if ((await super._preCreate(...args)) === false) return false;
    const user = args[2];
    const dropped = newSkillGradesRefusal({ bought: this.bought, earned: this.earned, ownerInCreation: inCreation(this.parent.actor), isGM: user.isGM });
    if (!dropped) return;
    this.parent.updateSource({ system: Object.fromEntries(dropped.fields.map((f) => [f, 0])) });
    ui.notifications.warn(dropped.refusal, { localize: true });
  }

  /** A player's write of the grades that are not his to set (allocated after creation, earned during it) is refused. */
  protected override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<SkillSchema, Item.Implementation>["_preUpdate"]>): ReturnType<foundry.abstract.TypeDataModel<SkillSchema, Item.Implementation>["_preUpdate"]> {
    if ((await super._preUpdate(...args)) === false) return false;
    const [changes, , user] = args;
    const refusal = allocatedChangeRefusal({ changes, bought: this.bought, earned: this.earned, ownerInCreation: inCreation(this.parent.actor), isGM: user.isGM });
    if (!refusal) return;
    ui.notifications.warn(refusal, { localize: true });
    return false;
  }

  /** The effects last handed out: none again hands out the same empty list (see `remembered` below for why). */
  #lastEffects: SourcedPart[] | null = null;

  override prepareDerivedData(): void {
    this.slug = this.key || slugify(this.parent.name);
    this.grade = null;
    this.breakdown = null;
    this.effects = [];
  }

  /** Called by the owning actor with its unreduced characteristics; the rules apply the armour shortfall. */
  applyActor(characteristics: Characteristics, armourShortfall: number): number {
    const score = characteristics[this.characteristic];
    const item = ownerOf(this);
    const last = item === null ? undefined : remembered.get(item);
    let breakdown: SkillGradeBreakdown;
    if (last !== undefined && madeFrom(last, score, this.bought, this.earned, this.characteristic, armourShortfall)) breakdown = last.breakdown;
    else {
      breakdown = skillGradeFrom(score, this.bought, this.earned, this.characteristic, armourShortfall);
      if (item !== null) remember(item, last, score, this, armourShortfall, breakdown);
    }
    this.breakdown = breakdown;
    this.grade = breakdown.grade;
    return breakdown.grade;
  }

  /** Called by the owning actor after applyActor: the grade with its effects, and where they come from. */
  applyEffects(grade: number, parts: SourcedPart[]): void {
    const last = this.#lastEffects;
    this.grade = grade;
    this.effects = parts.length === 0 && last !== null && last.length === 0 ? last : parts;
    this.#lastEffects = this.effects;
  }
}

/** A breakdown with the inputs it was made from and a copy of what it held then. */
type GradeMade = { score: number; bought: number; earned: number; reference: CharacteristicKey; shortfall: number; breakdown: SkillGradeBreakdown; as: SkillGradeBreakdown };

/**
 * Each skill's last breakdown, by its item. The owner prepares its skills again on each of its own updates, mostly
 * with nothing a skill rests on changed: the same inputs then hand the same breakdown out again rather than a new copy
 * (one fewer object for the collector to carry each time). It must also still hold what it was made with, since
 * whoever reads it may write into it. Kept by the item, which outlives the re-creations of its data model.
 */
const remembered = new WeakMap<object, GradeMade>();

/** Keeps a new breakdown for the item, in the record it had if any (a changed skill then costs no new memory). */
function remember(item: object, last: GradeMade | undefined, score: number, skill: SkillModel, shortfall: number, b: SkillGradeBreakdown): void {
  if (last === undefined) {
    const as = { grade: b.grade, base: b.base, bought: b.bought, earned: b.earned, armourPenalty: b.armourPenalty };
    remembered.set(item, { score, bought: skill.bought, earned: skill.earned, reference: skill.characteristic, shortfall, breakdown: b, as });
    return;
  }
  last.score = score;
  last.bought = skill.bought;
  last.earned = skill.earned;
  last.reference = skill.characteristic;
  last.shortfall = shortfall;
  last.breakdown = b;
  const as = last.as;
  as.grade = b.grade;
  as.base = b.base;
  as.bought = b.bought;
  as.earned = b.earned;
  as.armourPenalty = b.armourPenalty;
}

/** Whether `made` came from these inputs and still holds what it was made with. */
function madeFrom(made: GradeMade, score: number, bought: number, earned: number, reference: CharacteristicKey, shortfall: number): boolean {
  const b = made.breakdown;
  const a = made.as;
  return same(made.score, score) && same(made.bought, bought) && same(made.earned, earned) && made.reference === reference && same(made.shortfall, shortfall) &&
    same(b.grade, a.grade) && same(b.base, a.base) && same(b.bought, a.bought) && same(b.earned, a.earned) && same(b.armourPenalty, a.armourPenalty);
}

/** The skill an actor has under this key (`system.key`, else its name folded): weapons, macros and the API name skills so. */
export function skillByKey<I extends { system: unknown }>(items: { find(fn: (item: I) => boolean): I | undefined }, key: string): I | undefined {
  return items.find((item) => item.system instanceof SkillModel && item.system.slug === key);
}

const slugs = new Map<string, string>();

/** "Movimento furtivo" → "movimento_furtivo"; "Abilità" → "abilita". Underscores keep `@skills.x` a valid roll-data path. */
export function slugify(name: string): string {
  // Every preparation of every actor asks again for the same few names: remember them.
  let slug = slugs.get(name);
  if (slug === undefined) {
    slug = computeSlug(name);
    if (slugs.size > 5_000) slugs.clear();
    slugs.set(name, slug);
  }
  return slug;
}

function computeSlug(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}
