/** One sheet for every item type: a header, the section of the item's type, and its description. */
import { WeaponModel } from "../../data/item/weapon.js";
import type { ItemSheetData } from "./context/item.js";
import { EFFECT_ACTIONS } from "./effect-actions.js";
import { lockStateOf, sheetEnv } from "./actor-sheet.js";
import { lockProtectedInputs } from "./protected-inputs.js";
import { submitAsOwner } from "./protected-submit.js";
import { arraysFromForm, withoutRow, withRow } from "./form-arrays.js";
import { HandlebarsItemSheet, type ItemSheetContext, type PrepareContextOptions, type SheetRenderOptions, type TemplatePart } from "./handlebars-sheet-base.js";

export type GenesysItemSheetContext = ItemSheetContext & ItemSheetData;

const T = "systems/genesys-gdr/templates/item";
const TYPE_PARTS = ["skill", "trait", "weapon", "armor", "gear"] as const;

export class GenesysItemSheet extends HandlebarsItemSheet<GenesysItemSheetContext> {
  static override DEFAULT_OPTIONS: typeof foundry.applications.sheets.ItemSheetV2.DEFAULT_OPTIONS = {
    classes: ["genesys", "sheet", "item"],
    position: { width: 560, height: 600 },
    window: { resizable: true },
    form: { submitOnChange: true, closeOnSubmit: false },
    actions: {
      addMode: GenesysItemSheet.#onAddMode,
      removeMode: GenesysItemSheet.#onRemoveMode,
      ...EFFECT_ACTIONS,
    },
  };

  static override PARTS = {
    header: { template: `${T}/header.hbs` },
    skill: { template: `${T}/skill.hbs` },
    trait: { template: `${T}/trait.hbs` },
    weapon: { template: `${T}/weapon.hbs`, scrollable: [""] },
    armor: { template: `${T}/armor.hbs` },
    gear: { template: `${T}/gear.hbs` },
    description: { template: `${T}/description.hbs` },
    effects: { template: "systems/genesys-gdr/templates/actor/parts/effects-list.hbs" },
  };

  /** Only the section of this item's type is rendered. */
  protected override _configureRenderParts(options: SheetRenderOptions): Record<string, TemplatePart> {
    const parts = super._configureRenderParts(options);
    for (const type of TYPE_PARTS) if (type !== this.item.type) Reflect.deleteProperty(parts, type);
    // A skill's effects would not reach its owner's numbers in any useful way: the list is for what an item gives.
    if (this.item.type === "skill") Reflect.deleteProperty(parts, "effects");
    return parts;
  }

  protected override async _prepareContext(options: PrepareContextOptions): Promise<GenesysItemSheetContext> {
    const base = await super._prepareContext(options);
    const sys = this.item.system;
    const html = "description" in sys && typeof sys.description === "string" ? sys.description : "";
    // fvtt-types types the sheet's item structurally, which the lint rule cannot match to the Item class.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
    const enriched = await foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { relativeTo: this.item, secrets: this.item.isOwner });
    // The context builders load with the first sheet opened.
    const { buildItemContext } = await import("./context/item.js");
    return { ...base, ...buildItemContext({ item: this.item, env: sheetEnv({ isEditable: this.isEditable, limited: this.item.limited }), enrichedDescription: enriched }) };
  }

  /** A player's inputs of the item's numbers are closed unless the Narrator would take them (protected-inputs.ts). */
  protected override async _onRender(...args: Parameters<foundry.applications.sheets.ItemSheetV2["_onRender"]>): Promise<void> {
    await super._onRender(...args);
    if (this.isEditable) lockProtectedInputs(this.element, "Item", this.item.type, lockStateOf(this.item.actor), game.i18n.localize("GENESYS.Sheet.NarratorValue"));
  }

  /** Weapon modes arrive keyed "0", "1"…: make them an array again, keeping fields the form does not show. */
  protected override _processFormData(...args: Parameters<foundry.applications.sheets.ItemSheetV2["_processFormData"]>): ReturnType<foundry.applications.sheets.ItemSheetV2["_processFormData"]> {
    const data = super._processFormData(...args);
    const sys = this.item.system;
    if (sys instanceof WeaponModel) arraysFromForm(data, { "system.modes": sys.toObject().modes });
    return data;
  }

  /** A player's protected values go to the Narrator's client (protected-submit.ts); the rest is core's write. */
  protected override async _processSubmitData(...args: Parameters<foundry.applications.sheets.ItemSheetV2["_processSubmitData"]>): Promise<void> {
    const [event, form, submitData, options] = args;
    // The types name this FormDataExtended, but core hands over what _prepareSubmitData returns, a plain object (its
    // own return type here; peers read submitData.system… in this override).
    const prepared = submitData as unknown as Record<string, unknown>;
    const forward = (data: Record<string, unknown>): Promise<void> => super._processSubmitData(event, form, data as unknown as typeof submitData, options);
    await submitAsOwner(this.item, prepared, forward);
  }

  /** The modes are the weapon's numbers: a player's change goes to the Narrator's client (protected-submit.ts). */
  private async write(data: Record<string, unknown>): Promise<void> {
    await submitAsOwner(this.item, data, (own) => this.item.update(own).then(() => undefined));
  }

  /** A new mode starts as a copy of the one in use: most weapons differ only in one or two values between modes. */
  static async #onAddMode(this: GenesysItemSheet): Promise<void> {
    const sys = this.item.system;
    if (!(sys instanceof WeaponModel)) return;
    const modes = sys.toObject().modes;
    const template = modes[sys.mode] ?? modes[0];
    if (!template) return;
    await this.write({ system: { modes: withRow(modes, structuredClone(template)) } });
  }

  static async #onRemoveMode(this: GenesysItemSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const sys = this.item.system;
    const index = Number(target.closest<HTMLElement>("[data-index]")?.dataset["index"]);
    if (!(sys instanceof WeaponModel) || !Number.isInteger(index)) return;
    const modes = withoutRow(sys.toObject().modes, index, 1);
    if (modes.length === sys.modes.length) return;
    const mode = sys.mode === index ? 0 : sys.mode > index ? sys.mode - 1 : sys.mode;
    await this.write({ system: { modes, mode } });
  }
}
