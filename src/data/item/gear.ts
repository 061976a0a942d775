/** Equipaggiamento: quantity and weight for encumbrance (§3.1.5), and a situational check bonus. */
import type { EmptyObject } from "fvtt-types/utils";
import { htmlField, approvalsField, intField, realField } from "../fields.js";

const fields = foundry.data.fields;

export function gearSchema() {
  return {
    quantity: intField(1, 0, 100_000),
    /** Kilograms per unit. */
    weight: realField(0, 10_000),
    checkBonus: intField(0, -20, 20),
    /**
     * §3.1.5 a FOR minima the Narrator gives a bulky object, 0 for none: with the world setting on, carrying it hinders
     * like armour of that FM (§2.4.1).
     */
    minStrength: intField(0, 0, 30),
    /** When the bonus applies, in the Narrator's words (e.g. "scalare pareti"). */
    bonusApplies: new fields.StringField({ required: true, blank: true, initial: "" }),
    description: htmlField(),
    approvals: approvalsField(),
  };
}
export type GearSchema = ReturnType<typeof gearSchema>;

export class GearModel extends foundry.abstract.TypeDataModel<GearSchema, Item.Implementation, EmptyObject, { totalWeight: number }> {
  static override LOCALIZATION_PREFIXES = ["GENESYS.Item.Gear"];

  static override defineSchema(): GearSchema {
    return gearSchema();
  }

  override prepareDerivedData(): void {
    this.totalWeight = this.quantity * this.weight;
  }
}
