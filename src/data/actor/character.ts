/** Protagonista (§1.1): a character under a player's control, with notes only the Narrator sees (a ready character's
 * notes say which values come from the book and which were chosen). */
import type { EmptyObject } from "fvtt-types/utils";
import { rulesOptions } from "../../settings/rules-settings.js";
import { gmNotesField } from "../fields.js";
import { SkillModel } from "../item/skill.js";
import { creationAllowance } from "../../settings/creation-settings.js";
import type { Characteristics } from "../../rules/types.js";
import { characterBalance, characteristicChangeRefusal, characteristicsAfter, creationChangeRefusal, creationField, startsInCreation } from "./creation.js";
import { personSchema, type PersonDerived } from "./person.js";
import { preparePerson } from "./prepare-person.js";
import { studyPlanField } from "./study-plan.js";

export function characterSchema() {
  return { ...personSchema(), gmNotes: gmNotesField(), study: studyPlanField(), creation: creationField() };
}
export type CharacterSchema = ReturnType<typeof characterSchema>;

export class CharacterModel extends foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation, EmptyObject, PersonDerived> {
  static override LOCALIZATION_PREFIXES = ["GENESYS.Actor.Person"];

  static override defineSchema(): CharacterSchema {
    return characterSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return super.migrateData(migratePersonSource(source));
  }

  override prepareDerivedData(): void {
    preparePerson(this, this.parent, rulesOptions());
  }

  /** §1.3.3 what this character spent at creation against the Narrator's allowance (with these scores, when given). */
  creationBalance(characteristics: Characteristics = this.characteristics) {
    const skills = this.parent.items.contents.flatMap((i) => (i.system instanceof SkillModel ? [{ characteristic: i.system.characteristic, bought: i.system.bought }] : []));
    return characterBalance(characteristics, skills, creationAllowance());
  }

  /** A new Protagonista starts in creation mode (see creation.ts). */
  protected override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation>["_preCreate"]>): ReturnType<foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation>["_preCreate"]> {
    if ((await super._preCreate(...args)) === false) return false;
    if (startsInCreation(args[0])) this.parent.updateSource({ system: { creation: { active: true } } });
  }

  /**
   * Only the Narrator reopens creation, finishes it over the allowance (judged on the scores this same write sets) or
   * changes characteristics after it (see creation.ts for what this cannot stop).
   */
  protected override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation>["_preUpdate"]>): ReturnType<foundry.abstract.TypeDataModel<CharacterSchema, Actor.Implementation>["_preUpdate"]> {
    if ((await super._preUpdate(...args)) === false) return false;
    const [changes, , user] = args;
    const wasActive = this.creation.active;
    const refusal =
      creationChangeRefusal({ changes, wasActive, isGM: user.isGM, balance: () => this.creationBalance(characteristicsAfter(this.characteristics, changes)) }) ??
      characteristicChangeRefusal({ changes, stored: this.characteristics, wasActive, isGM: user.isGM });
    if (!refusal) return;
    ui.notifications.warn(refusal, { localize: true });
    return false;
  }
}

/**
 * Data version 1 → 2: early worlds stored Ferite and Fatica as bare numbers named `ferite`/`fatica`.
 * Runs in place on every load, so old actors open without a manual migration.
 */
export function migratePersonSource(source: Record<string, unknown>): Record<string, unknown> {
  for (const [old, current] of [["ferite", "wounds"], ["fatica", "fatigue"]] as const) {
    const value = source[old];
    if (typeof value === "number" && !(current in source)) {
      source[current] = current === "fatigue" ? { value, deprivation: 0 } : { value };
    }
    Reflect.deleteProperty(source, old);
  }
  return source;
}
