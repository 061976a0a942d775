/** Tratti (§1.4): innate features; a trait may grant immunity to a cause of losing control (§3.1.6). */
import { LOSING_CONTROL_CAUSES } from "../../rules/advanced/losing-control.js";
import { htmlField, approvalsField } from "../fields.js";

const fields = foundry.data.fields;

export function traitSchema() {
  return {
    immunities: new fields.SetField(new fields.StringField({ required: true, choices: [...LOSING_CONTROL_CAUSES] })),
    description: htmlField(),
    approvals: approvalsField(),
  };
}
export type TraitSchema = ReturnType<typeof traitSchema>;

export class TraitModel extends foundry.abstract.TypeDataModel<TraitSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["GENESYS.Item.Trait"];

  static override defineSchema(): TraitSchema {
    return traitSchema();
  }
}
