/** Armature (§2.4.3): Df subtracted from each hit, FM that hinders weaker wearers, coverage for aimed shots (§3.2.5). */
import { htmlField, approvalsField, intField, optionalIntField, realField } from "../fields.js";

const fields = foundry.data.fields;

export const ARMOUR_COVERAGE = ["torso", "wholeBody", "areas"] as const;
export const BODY_AREAS = ["head", "torso", "arms", "legs"] as const;
export type BodyArea = (typeof BODY_AREAS)[number];

export function armorSchema() {
  return {
    defence: intField(0, 0, 50),
    minStrength: intField(0, 0, 30),
    coverage: new fields.StringField({ required: true, choices: [...ARMOUR_COVERAGE], initial: "torso" }),
    /** Used when coverage is "areas". */
    areas: new fields.SetField(new fields.StringField({ required: true, choices: [...BODY_AREAS] })),
    /** §3.2.5 extra attack penalty to aim at a gap in this armour (−2 … −6); null = no gap to aim at. */
    bypassPenalty: optionalIntField(-6, -2),
    worn: new fields.BooleanField({ initial: false }),
    weight: realField(0, 1_000),
    description: htmlField(),
    approvals: approvalsField(),
  };
}
export type ArmorSchema = ReturnType<typeof armorSchema>;

export class ArmorModel extends foundry.abstract.TypeDataModel<ArmorSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["GENESYS.Item.Armor"];

  static override defineSchema(): ArmorSchema {
    return armorSchema();
  }

  /** Whether this armour protects a body area (the trunk is where unaimed attacks land). */
  covers(area: BodyArea): boolean {
    if (this.coverage === "wholeBody") return true;
    if (this.coverage === "torso") return area === "torso";
    return this.areas.has(area);
  }
}
