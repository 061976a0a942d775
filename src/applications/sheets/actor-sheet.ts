/**
 * What every GeneSys actor sheet shares: the click actions (rolls, item rows, counters, rest), dropping items with a
 * per-type policy, and the HTML enrichment. Person and animal sheets add their parts and context.
 *
 * Dragging an item row is core's: v13 ActorSheetV2#_onRender binds a DragDrop on `.draggable` elements, and
 * ActorSheetV2#_onDragStart puts the row's `item.toDragData()` ({ type: "Item", uuid }) on the drag, which another
 * sheet, this sheet or the hotbar (a macro toggling the item's sheet) reads. So the templates mark each item row
 * `draggable` on the element carrying `data-item-id`, and nothing here overrides the drag start. Evidence:
 * MetaMorphic-Digital/draw-steel#47, foundryvtt/foundryvtt#12914 and #12279 (the `.draggable` binding, not an option),
 * foundryvtt/dnd5e#6531 (the dataset is read on the `.draggable` element), foundryvtt/foundryvtt#7807 and
 * Savantford/foundry-weirdwizard#180 (the hotbar's toggle macro for an item dragged off an actor sheet). What rolls
 * also carries its roll for the hotbar (macros/roll-drag.ts): a characteristic's roll button (`.draggable` too) the
 * roll alone, a skill's or a weapon's row core's Item data with the roll beside it.
 */
import type { CharacteristicKey } from "../../rules/types.js";
import { CHARACTERISTICS } from "../../rules/types.js";
import { characteristicDrag, itemDrag } from "../../macros/roll-drag.js";
import { addShortcutTooltips, checkTargetOf, quickCheck, SHEET_ROLL_BUTTONS } from "../../check/quick-roll.js";
import { creatableItemTypes, dropVerdict } from "../../data/accepted-items.js";
import { guarded } from "../../ui/guarded.js";
import { requestAddItem } from "../../authority/owner-requests.js";
import { onNpcReaction } from "./reaction-action.js";
import { onGrapple } from "./grapple-action.js";
import { HandlebarsActorSheet, type ActorSheetContext, type PartialRenderOptions, type SheetRenderOptions, type TemplatePart } from "./handlebars-sheet-base.js";
import type { SheetEnv } from "./context/shared.js";
import { submitAsOwner } from "./protected-submit.js";
import { lockProtectedInputs, type LockState } from "./protected-inputs.js";
import { freeEditing } from "../../authority/protected-edit-request.js";
import { inCreation } from "../../data/actor/creation.js";

function isCharacteristic(value: string | undefined): value is CharacteristicKey {
  return (CHARACTERISTICS as readonly string[]).includes(value ?? "");
}

/** Shows an item's sheet (ours are ApplicationV2; the typed union still includes the V1 shape). */
async function openSheet(item: Item.Implementation | null | undefined): Promise<void> {
  const sheet = item?.sheet;
  if (sheet instanceof foundry.applications.api.ApplicationV2) await sheet.render({ force: true });
}

/** The shape of DEFAULT_OPTIONS (a partial configuration); subclasses add classes and actions, Foundry merges them. */
export type SheetOptions = typeof foundry.applications.sheets.ActorSheetV2.DEFAULT_OPTIONS;

export type GenesysActorSheetContext = ActorSheetContext & { tab?: foundry.applications.api.ApplicationV2.Tab };

export function sheetEnv(document: { isEditable: boolean; limited: boolean }): SheetEnv {
  return {
    localize: (key) => game.i18n.localize(key),
    format: (key, data) => game.i18n.format(key, data),
    isGM: game.user.isGM,
    editable: document.isEditable,
    limited: document.limited,
  };
}

/** What the viewer may type on an actor's sheet, or on the sheet of one of its items. */
export function lockStateOf(actor: Actor.Implementation | null): LockState {
  return { isGM: game.user.isGM, freeEdit: actor !== null && freeEditing(actor), inCreation: inCreation(actor) === true };
}

export abstract class GenesysActorSheet<Ctx extends GenesysActorSheetContext = GenesysActorSheetContext> extends HandlebarsActorSheet<Ctx> {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["genesys", "sheet", "actor"],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true, closeOnSubmit: false },
    actions: {
      rollCheck: GenesysActorSheet.#onRollCheck,
      createItem: GenesysActorSheet.#onCreateItem,
      editItem: GenesysActorSheet.#onEditItem,
      deleteItem: GenesysActorSheet.#onDeleteItem,
      adjustCounter: GenesysActorSheet.#onAdjustCounter,
      recover: GenesysActorSheet.#onRecover,
      npcReaction: onNpcReaction,
      grapple: onGrapple,
      toggleFreeEdit: GenesysActorSheet.#onToggleFreeEdit,
    },
  };

  /** The tab a user with only Limited permission sees (with the header): the public text, never the numbers. */
  protected abstract readonly publicTab: string;

  protected override _configureRenderParts(options: SheetRenderOptions): Record<string, TemplatePart> {
    const parts = super._configureRenderParts(options);
    if (!this.actor.limited) return parts;
    return Object.fromEntries(Object.entries(parts).filter(([id]) => id === "header" || id === this.publicTab));
  }

  protected override _prepareTabs(group: string): Record<string, foundry.applications.api.ApplicationV2.Tab> {
    const tabs = super._prepareTabs(group);
    const tab = tabs[this.publicTab];
    if (group !== "primary" || !this.actor.limited || !tab) return tabs;
    return { [this.publicTab]: { ...tab, active: true, cssClass: "active" } };
  }

  /** Each roll button's tooltip names the keys that skip its dialog or roll blind, as bound now. */
  protected override async _onRender(context: Ctx, options: SheetRenderOptions): Promise<void> {
    await super._onRender(context, options);
    addShortcutTooltips(this.element, SHEET_ROLL_BUTTONS);
    if (this.isEditable) lockProtectedInputs(this.element, "Actor", this.actor.type, lockStateOf(this.actor), game.i18n.localize("GENESYS.Sheet.NarratorValue"));
  }

  /** Rich text through Foundry's enricher (links, rolls, secrets for owners). */
  protected async enrich(html: string): Promise<string> {
    // fvtt-types types the sheet's actor structurally, which the lint rule cannot match to the Actor class.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
    return foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { relativeTo: this.actor, secrets: this.actor.isOwner });
  }

  protected override async _preparePartContext(partId: string, context: Ctx, options: PartialRenderOptions): Promise<Ctx> {
    const ctx = await super._preparePartContext(partId, context, options);
    ctx.tabs ??= this._prepareTabs("primary");
    const tab = ctx.tabs[partId];
    if (tab) ctx.tab = tab;
    return ctx;
  }

  /** The embedded item a click refers to (the row carrying data-item-id). */
  protected itemFor(target: HTMLElement): Item.Implementation | null {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset["itemId"];
    return id ? (this.actor.items.get(id) ?? null) : null;
  }

  /**
   * Core's drag start, plus the roll a characteristic, a skill or a weapon offers the hotbar. Core's Item data of a
   * row is read back and kept (other sheets copy and sort by it); the roll goes beside it.
   */
  protected override async _onDragStart(event: DragEvent): Promise<void> {
    // Core's DragDrop calls this from the listener of the `.draggable` element itself, whose dataset says what it is.
    const dataset = (event.currentTarget as HTMLElement | null)?.dataset ?? {};
    const transfer = event.dataTransfer;
    const characteristic = dataset["characteristic"];
    if (transfer && dataset["itemId"] === undefined && isCharacteristic(characteristic)) {
      transfer.setData("text/plain", JSON.stringify(characteristicDrag(this.actor, characteristic)));
      return;
    }
    await super._onDragStart(event);
    const item = this.actor.items.get(dataset["itemId"] ?? "");
    const roll = item ? itemDrag(this.actor, item) : null;
    if (!transfer || !roll) return;
    let given: unknown = null;
    try {
      given = JSON.parse(transfer.getData("text/plain"));
    } catch {
      return;
    }
    // Core's drag data is JSON of an object; only its type is read.
    if (typeof given === "object" && given !== null && (given as Record<string, unknown>)["type"] === "Item") {
      transfer.setData("text/plain", JSON.stringify({ ...given, genesysRoll: roll }));
    }
  }

  /**
   * Items dropped from the sidebar, a compendium, another sheet or this one. Core's _onDrop does the same steps (the
   * dropActorSheetData hook, fromDropData, _onDropItem); this one adds a warning when the dragged item cannot be found
   * (deleted meanwhile, a compendium that no longer exists). The drag data is read synchronously, since browsers empty
   * it once the drop event ends. Other drops (actors, effects, folders) are core's.
   */
  protected override async _onDrop(event: DragEvent): Promise<void> {
    // Drag data is JSON of any shape; only its `type` is read here, Foundry parses the rest.
    const raw = foundry.applications.ux.TextEditor.implementation.getDragEventData(event) as Record<string, unknown>;
    if (raw["type"] !== "Item") {
      await super._onDrop(event);
      return;
    }
    const data = { ...raw, type: "Item" };
    // Foundry's own _onDrop offers the drop to modules first; this path does the same.
    // The hook's sheet type is fvtt-types' structural ActorSheetV2, which the lint rule cannot match to our class.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
    if (!Hooks.call("dropActorSheetData", this.actor, this, data)) return;
    let item: Item.Implementation | null | undefined = null;
    try {
      // getDragEventData returns plain JSON; an Item drag carries { type: "Item", uuid } (or data), which fromDropData reads.
      item = await Item.implementation.fromDropData(data as unknown as Item.DropData);
    } catch (error) {
      console.error("GeneSys | drop failed", error);
    }
    if (!item) {
      ui.notifications.warn("GENESYS.Sheet.Drop.Missing", { localize: true });
      return;
    }
    await this._onDropItem(event, item);
  }

  /**
   * Only what core does not do: refuse, with a warning, an item whose type this actor cannot hold (data/accepted-items.ts), and
   * turn a failed creation into a notification. The rest is core's ActorSheetV2#_onDropItem: an item from elsewhere
   * (sidebar, compendium, another actor's sheet) is copied here, keeping its id when free, and the source keeps its
   * own; an item already on this actor goes to _onSortItem, which gives the dropped-on row and its siblings new `sort`
   * values (the contexts list rows by `sort`). Such an item is always one the policy accepts, since the sheets only
   * show rows of accepted types. Evidence for core's part: draw-steel src/module/applications/sheets/actor-sheet.mjs
   * `_onDropItem` (a port of core's), dnd5e module/applications/actor/api/base-actor-sheet.mjs `_onSortItem`.
   * A player's copy from elsewhere is made by the Narrator's client (authority/owner-actions.ts): its numbers are
   * protected values.
   */
  protected override async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<Item.Implementation | null> {
    if (!this.isEditable) return null;
    const verdict = dropVerdict(this.actor.type, item.type);
    if (!verdict.ok) {
      ui.notifications.warn(
        game.i18n.format(verdict.reason, {
          item: item.name,
          type: game.i18n.localize(`TYPES.Item.${item.type}`),
          actor: game.i18n.localize(`TYPES.Actor.${this.actor.type}`),
        }),
      );
      return null;
    }
    try {
      const here = item.actor?.uuid === this.actor.uuid;
      // A player's drop, and a Narrator's from another actor (whose copy keeps only the approvals it had there), go
      // through the Narrator's client; a Narrator's from a compendium or the sidebar is core's.
      if ((!game.user.isGM || item.actor) && !here) return await requestAddItem(this.actor, { source: item.uuid });
      return await super._onDropItem(event, item);
    } catch (error) {
      console.error("GeneSys | drop failed", error);
      ui.notifications.error("GENESYS.Sheet.Drop.Failed", { localize: true });
      return null;
    }
  }

  /** A player's protected values go to the Narrator's client (protected-submit.ts); the rest is core's write. */
  protected override async _processSubmitData(...args: Parameters<foundry.applications.sheets.ActorSheetV2["_processSubmitData"]>): Promise<void> {
    const [event, form, submitData, options] = args;
    // The types name this FormDataExtended, but core hands over what _prepareSubmitData returns, a plain object (its
    // own return type here; peers read submitData.system… in this override).
    const prepared = submitData as unknown as Record<string, unknown>;
    const forward = (data: Record<string, unknown>): Promise<void> => super._processSubmitData(event, form, data as unknown as typeof submitData, options);
    await submitAsOwner(this.actor, prepared, forward);
  }

  /** A check of the row's skill or the button's characteristic; the click's modifiers may skip the dialog or roll blind. */
  static async #onRollCheck(this: GenesysActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const check = checkTargetOf(target);
    if (check) await quickCheck(this.actor, check, event);
  }

  static async #onCreateItem(this: GenesysActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const type = target.dataset["type"] ?? "";
    if (!creatableItemTypes(this.actor.type).includes(type)) return;
    const name = game.i18n.format("GENESYS.Sheet.NewItem", { type: game.i18n.localize(`TYPES.Item.${type}`) });
    // A player's new item is made by the Narrator's client (its numbers are protected: authority/owner-actions.ts).
    if (!game.user.isGM) {
      await openSheet(await requestAddItem(this.actor, { type, name }));
      return;
    }
    // The type comes from our own button and was checked against the policy above.
    const created = await this.actor.createEmbeddedDocuments("Item", [{ name, type: type as Item.SubType }]);
    // createEmbeddedDocuments answers Item.Stored, which the lint rule cannot match to the GenesysItem class.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
    await openSheet(created?.[0]);
  }

  static async #onEditItem(this: GenesysActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await openSheet(this.itemFor(target));
  }

  static async #onDeleteItem(this: GenesysActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.itemFor(target);
    if (!item) return;
    const answer = await foundry.applications.api.DialogV2.wait({
      window: { title: game.i18n.localize("GENESYS.Sheet.Delete.Title") },
      content: `<p>${foundry.utils.escapeHTML(game.i18n.format("GENESYS.Sheet.Delete.Confirm", { name: item.name }))}</p>`,
      buttons: [
        { action: "delete", label: "GENESYS.Sheet.Delete.Yes", icon: "fa-solid fa-trash" },
        { action: "keep", label: "GENESYS.Sheet.Delete.No", default: true },
      ],
    });
    if (answer === "delete") await item.delete();
  }

  static async #onAdjustCounter(this: GenesysActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const counter = target.dataset["counter"];
    const delta = Number(target.dataset["delta"] ?? "0");
    const sys = this.actor.genesys;
    if (!sys || !Number.isInteger(delta) || (counter !== "wounds" && counter !== "fatigue")) return;
    const value = Math.max(0, sys[counter].value + delta);
    // A typed correction of a protected counter: the Narrator's write, or the player's under free editing.
    await submitAsOwner(this.actor, { system: { [counter]: { value } } }, (data) => this.actor.update(data).then(() => undefined));
  }

  /** The Narrator opens (or closes) this actor's protected values to its owner's own sheet edits. */
  static async #onToggleFreeEdit(this: GenesysActorSheet): Promise<void> {
    if (!game.user.isGM) return;
    const open = freeEditing(this.actor);
    await guarded(undefined, () => this.actor.update({ system: { freeEdit: !open } }).then(() => undefined));
  }

  static async #onRecover(this: GenesysActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const box = target.closest<HTMLElement>("[data-rest]") ?? this.element;
    const read = (which: string): number => {
      const input = box.querySelector<HTMLInputElement>(`input[data-rest-${which}]`);
      const n = Math.floor(Number(input?.value ?? "0"));
      return Number.isFinite(n) && n > 0 ? n : 0;
    };
    const minutes = read("minutes");
    const days = read("days");
    if (minutes === 0 && days === 0) {
      ui.notifications.info("GENESYS.Sheet.Rest.Nothing", { localize: true });
      return;
    }
    await this.actor.recover({ minutes, days });
  }
}
