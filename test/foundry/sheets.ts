/**
 * Test double of the application classes our sheets extend at load time, of the v13 sheet registry
 * (foundry.documents.collections.Actors/Items.registerSheet), and of what core's ActorSheetV2 does with drag and drop.
 * Rendering and forms are not imitated (the templates are rendered with the real handlebars package by the tests); what
 * a sheet's `_prepareContext` / `_preparePartContext` / `_configureRenderParts` / `_prepareTabs` receive from core is
 * (see "Render context" below), so that the tests call the real sheets' own.
 *
 * What is modelled, and on what evidence (core's ActorSheetV2 code is not read here; its behaviour is inferred from
 * systems that subclass it or port it, and from Foundry's issue tracker):
 * - v13 ActorSheetV2 binds one DragDrop in `_onRender` whose drag selector is `.draggable`, with `_canDragStart` /
 *   `_canDragDrop` as permissions and `_onDragStart` / `_onDragOver` / `_onDrop` as callbacks; the selector is not an
 *   option (MetaMorphic-Digital/draw-steel#47 "v13 adding dragDrop handling to ActorSheetV2 … through the .draggable
 *   class"; foundryvtt/foundryvtt#12279 asks to parameterise those arguments; foundryvtt/foundryvtt#12914 rebuilds the
 *   handling by hand as `.draggable` + `draggable=true` + `app._onDragStart`; foundryvtt/foundryvtt#12354).
 *   Binding is DOM work and is not modelled; the drag markup is asserted on the rendered templates instead.
 * - Both permissions answer `isEditable` (foundryvtt/foundryvtt#12085: "the permission controls like _canDrop and
 *   _canDrag should handle the rest (like checking this.isEditable)"; DiamondOctopus/ATOW sheets/item-sheet.mjs).
 * - `_onDragStart` reads the dataset of the `.draggable` element itself (event.currentTarget): `data-item-id` gives
 *   `item.toDragData()` as JSON text/plain; a drag starting on a content link (`data-link`) is left alone
 *   (foundryvtt/dnd5e#6531: moving `.draggable` to a child without the dataset broke `_onDragStart`; dnd5e
 *   module/applications/actor/api/base-actor-sheet.mjs falls back to `super._onDragStart` for other rows;
 *   draw-steel src/module/applications/api/document-sheet.mjs has the same shape).
 * - `_onDrop` reads the drag data, lets `dropActorSheetData` veto (Hooks.call returning false), resolves the document
 *   with `fromDropData` and hands an Item to `_onDropItem` (foundryvtt/dnd5e#612 on the hook; dnd5e base-actor-sheet
 *   calls `super._onDrop`). Actor, ActiveEffect and Folder drops are not modelled.
 * - `_onDropItem`: only an owner may drop; an item already on this actor is re-sorted by `_onSortItem` (answering the
 *   item when something moved, else null); an item from elsewhere is copied onto this actor, keeping its id when that id
 *   is free; the source keeps its item (draw-steel src/module/applications/sheets/actor-sheet.mjs `_onDropItem`, a port
 *   of core's for a sheet that does not extend ActorSheetV2; foundryvtt/foundryvtt#10657 lists "Item Creation &
 *   Sorting" for ActorSheetV2).
 * - `_onSortItem`: the drop target is the closest `[data-item-id]`, the siblings are the other `[data-item-id]` children
 *   of its parent, the result is written with one `updateEmbeddedDocuments("Item", [{ _id, sort }])` (dnd5e
 *   base-actor-sheet.mjs `_onSortItem`, the same in draw-steel). The sort values come from foundry.utils
 *   .performIntegerSort, whose direction is "automatically determined" when not given
 *   (foundryvtt.com/api/functions/foundry.utils.performIntegerSort.html); here an item moved up lands before the target
 *   and one moved down lands after it, and the siblings are re-indexed in steps of CONST.SORT_INTEGER_DENSITY
 *   (100000, foundryvtt.com/api/variables/CONST.SORT_INTEGER_DENSITY.html) — assumption: core re-indexes only when it
 *   must, but the order it produces is this one.
 *
 * Render context (core's code is not read; the shapes come from published type declarations and peer sheets):
 * - A sheet is constructed with its options, the document among them: `new Sheet({ document })` (dnd5e and draw-steel
 *   register ActorSheetV2 subclasses that core builds this way; V13-API §6.2 lists `document` in the configuration).
 * - DocumentSheetV2#_prepareContext answers { document, source, fields, editable, user, rootId } (foundryvtt/pf2e
 *   types/foundry/client/applications/api/document-sheet.d.mts `DocumentSheetRenderContext`); ActorSheetV2 and
 *   ItemSheetV2 add nothing to it (the same repository's sheets/actor-sheet.d.mts declares no _prepareContext).
 *   `source` is the document's source data; `fields` and `rootId` are not read by our sheets and stand as {} and the
 *   application id (assumption).
 * - v13 ApplicationV2#_prepareContext prepares the tabs itself when exactly one tab group is configured (the v13 API
 *   page of ApplicationV2#_prepareContext says so); our sheets also call _prepareTabs("primary") when tabs are absent.
 * - `_prepareTabs(group)` reads static TABS[group]: each tab gets its `group`, `active` (the group's initial tab, or
 *   the first) and `cssClass` "active" or "", and a `label` of `${labelPrefix}.${id}` when a prefix is set (V13-API §6.2
 *   `Tab = { id; group; active; cssClass; icon?; label? }`, TABS `{ tabs, initial, labelPrefix }`; the label rule is an
 *   assumption consistent with draw-steel's and our lang keys).
 * - HandlebarsApplicationMixin#_configureRenderParts answers a copy of static PARTS; #_preparePartContext answers the
 *   context it is given (assumption: core may add members our templates do not read).
 * - TextEditor.implementation.enrichHTML answers the HTML, without `<section class="secret">` blocks unless
 *   `secrets` is true (foundryvtt.com/api TextEditor.enrichHTML option "secrets: include unrevealed secret tags in the
 *   final HTML? If false, unrevealed secret blocks will be removed"); links and inline rolls are not modelled.
 */
import type { Actor, Item } from "./documents.js";

export interface SheetRegistration {
  collection: "Actors" | "Items";
  scope: string;
  sheetClass: unknown;
  options: { types?: string[]; makeDefault?: boolean; label?: string };
}

const SORT_INTEGER_DENSITY = 100000;

/** The few DOM members core's drag handlers read: dataset, closest("[data-…]"), parentElement.children. */
export class ElementDouble {
  parentElement: ElementDouble | null = null;
  readonly children: ElementDouble[] = [];
  constructor(readonly dataset: Record<string, string> = {}, children: ElementDouble[] = []) {
    for (const child of children) this.append(child);
  }
  append(child: ElementDouble): this {
    child.parentElement = this;
    this.children.push(child);
    return this;
  }
  /** Attribute-presence selectors only, "[data-item-id]"; the element itself counts, as in the DOM. */
  closest(selector: string): ElementDouble | null {
    const attribute = /^\[data-([\w-]+)\]$/.exec(selector)?.[1];
    if (!attribute) throw new Error(`ElementDouble.closest only knows [data-…] selectors: ${selector}`);
    const key = attribute.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
    if (key in this.dataset) return this;
    return this.parentElement?.closest(selector) ?? null;
  }

  /** An input's text (HTMLInputElement#value); "" for other elements. */
  value = "";
  tagName = "DIV";

  /** An `<input>` with these data attributes and this value. */
  static input(dataset: Record<string, string>, value: string): ElementDouble {
    const el = new ElementDouble(dataset);
    el.tagName = "INPUT";
    el.value = value;
    return el;
  }

  /** The first descendant (depth first, document order) matching "tag[data-…]" or "[data-…]"; the element itself does
   *  not count, as in the DOM's querySelector. */
  querySelector(selector: string): ElementDouble | null {
    const m = /^(\w*)\[data-([\w-]+)\]$/.exec(selector);
    if (!m) throw new Error(`ElementDouble.querySelector only knows tag[data-…] selectors: ${selector}`);
    const tag = (m[1] ?? "").toUpperCase();
    const key = (m[2] ?? "").replace(/-(\w)/g, (_x, c: string) => c.toUpperCase());
    for (const child of this.children) {
      if (key in child.dataset && (tag === "" || child.tagName === tag)) return child;
      const deeper = child.querySelector(selector);
      if (deeper) return deeper;
    }
    return null;
  }
}

/** event.dataTransfer: a string per format; a missing format reads "" (the DOM's DataTransfer#getData). */
export class DataTransferDouble {
  readonly #data = new Map<string, string>();
  setData(format: string, value: string): void { this.#data.set(format, value); }
  getData(format: string): string { return this.#data.get(format) ?? ""; }
  get items(): { length: number } { return { length: this.#data.size }; }
}

export interface DragEventDouble { type: string; target: ElementDouble; currentTarget: ElementDouble; dataTransfer: DataTransferDouble }

export function dragEvent(type: "dragstart" | "drop", target: ElementDouble, currentTarget: ElementDouble = target, dataTransfer = new DataTransferDouble()): DragEventDouble {
  return { type, target, currentTarget, dataTransfer };
}

/** TextEditor.implementation.getDragEventData: the JSON of text/plain, `{}` when it is not JSON (V13-API §6.4 reads
 *  drop data with it; dnd5e drag-drop.mjs parses text/plain JSON the same way; the `{}` is an assumption). */
function getDragEventData(event: DragEventDouble): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(event.dataTransfer.getData("text/plain"));
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** TextEditor.implementation.enrichHTML: the HTML as given, unrevealed secrets removed unless asked for (file header). */
async function enrichHTML(html: string, options: { secrets?: boolean } = {}): Promise<string> {
  await Promise.resolve();
  return options.secrets === true ? html : html.replace(/<section class="secret(?! revealed)[^"]*"[^>]*>[\s\S]*?<\/section>/g, "");
}

interface HooksLike { call(name: string, ...args: unknown[]): boolean }
interface ItemClassLike { fromDropData(data: Record<string, unknown>): Promise<Item | null> }
const globals = () => globalThis as unknown as { Hooks: HooksLike; CONFIG: { Item: { documentClass: ItemClassLike } } };

/** The options an application is constructed with, kept as `options` (V13-API §6.2; merging DEFAULT_OPTIONS down the
 *  class chain is not modelled: test/applications/register.test.ts merges them itself). */
interface TabConfig { id: string; icon?: string; cssClass?: string; label?: string }
interface TabGroup { tabs: TabConfig[]; initial?: string | null; labelPrefix?: string | null }
type Tab = TabConfig & { group: string; active: boolean; cssClass: string };

class ApplicationV2 {
  static DEFAULT_OPTIONS: Record<string, unknown> = {};
  static TABS: Record<string, TabGroup> = {};
  readonly options: Record<string, unknown>;
  readonly id = `app-${randomId()}`;
  constructor(options: Record<string, unknown> = {}) {
    this.options = options;
  }

  /** The contexts each render() prepared, newest last. */
  readonly renders: Record<string, unknown>[] = [];

  /** v13 ApplicationV2#render(options) prepares the context, then draws the parts (V13-API §6.2 public methods); here
   *  no DOM exists (node), so it prepares the context and records it (assumption: drawing is not modelled). */
  async render(_options: Record<string, unknown> = {}): Promise<this> {
    this.renders.push(await this._prepareContext({}));
    return this;
  }

  #tabGroups(): Record<string, TabGroup> {
    return (this.constructor as typeof ApplicationV2).TABS;
  }

  protected async _prepareContext(_options: Record<string, unknown>): Promise<Record<string, unknown>> {
    await Promise.resolve();
    const groups = Object.keys(this.#tabGroups());
    return groups.length === 1 && groups[0] ? { tabs: this._prepareTabs(groups[0]) } : {};
  }

  protected _prepareTabs(group: string): Record<string, Tab> {
    const config = this.#tabGroups()[group];
    if (!config) return {};
    const active = config.initial ?? config.tabs[0]?.id;
    return Object.fromEntries(config.tabs.map((t) => {
      const on = t.id === active;
      const label = config.labelPrefix ? `${config.labelPrefix}.${t.id}` : t.label;
      return [t.id, { ...t, group, active: on, cssClass: on ? "active" : "", ...(label === undefined ? {} : { label }) }];
    }));
  }
}

function randomId(): string {
  return Math.random().toString(36).slice(2, 12);
}

class DocumentSheetV2 extends ApplicationV2 {
  get document(): Actor {
    return this.options["document"] as Actor;
  }
  /** The user has the sheet's edit permission, OWNER unless configured (assumption; compendium locks not modelled). */
  get isEditable(): boolean {
    return this.document.isOwner && this.options["editable"] !== false;
  }

  protected override async _prepareContext(options: Record<string, unknown>): Promise<Record<string, unknown>> {
    const base = await super._prepareContext(options);
    const user = (globalThis as unknown as { game: { user: unknown } }).game.user;
    return { ...base, document: this.document, source: this.document.toObject(), fields: {}, editable: this.isEditable, user, rootId: this.id };
  }
}

class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): Actor {
    return this.document;
  }

  protected _canDragStart(_selector: string): boolean {
    return this.isEditable;
  }

  protected _canDragDrop(_selector: string): boolean {
    return this.isEditable;
  }

  protected async _onDragStart(event: DragEventDouble): Promise<void> {
    await Promise.resolve();
    if ("link" in event.target.dataset) return;
    const itemId = event.currentTarget.dataset["itemId"];
    const dragData = itemId ? this.actor.items.get(itemId)?.toDragData() : undefined;
    if (dragData) event.dataTransfer.setData("text/plain", JSON.stringify(dragData));
  }

  protected _onDragOver(_event: DragEventDouble): void {}

  protected async _onDrop(event: DragEventDouble): Promise<void> {
    const data = getDragEventData(event);
    const { Hooks, CONFIG } = globals();
    if (!Hooks.call("dropActorSheetData", this.actor, this, data)) return;
    if (data["type"] !== "Item") return;
    const item = await CONFIG.Item.documentClass.fromDropData(data);
    if (item) await this._onDropItem(event, item);
  }

  protected async _onDropItem(event: DragEventDouble, item: Item): Promise<Item | null> {
    if (!this.actor.isOwner) return null;
    if (item.parent?.uuid === this.actor.uuid) {
      const sorted = await this._onSortItem(event, item);
      return sorted?.length ? item : null;
    }
    const keepId = !this.actor.items.has(item.id);
    const [created] = await this.actor.createEmbeddedDocuments("Item", [item.toObject()], { keepId });
    return created ?? null;
  }

  protected async _onSortItem(event: DragEventDouble, item: Item): Promise<Item[] | undefined> {
    const items = this.actor.items;
    const dropTarget = event.target.closest("[data-item-id]");
    const target = items.get(dropTarget?.dataset["itemId"] ?? "");
    if (!dropTarget || !target || target.id === item.id) return undefined;
    const siblings = (dropTarget.parentElement?.children ?? [])
      .map((el) => items.get(el.dataset["itemId"] ?? ""))
      .filter((s): s is Item => s !== undefined && s.id !== item.id)
      .sort((a, b) => a.sort - b.sort);
    const at = siblings.indexOf(target) + (item.sort > target.sort ? 0 : 1);
    const order = [...siblings.slice(0, at), item, ...siblings.slice(at)];
    const updates = order.map((doc, i) => ({ _id: doc.id, sort: (i + 1) * SORT_INTEGER_DENSITY })).filter((u, i) => order[i]?.sort !== u.sort);
    return this.actor.updateEmbeddedDocuments("Item", updates);
  }
}
/** No built-in drag and drop on item sheets (V13-API §6.4: "ItemSheetV2 / any ApplicationV2: wire it up yourself";
 *  dnd5e module/applications/item/item-sheet.mjs builds its own DragDrop). */
class ItemSheetV2 extends DocumentSheetV2 {
  /** v13 ItemSheetV2#item, the sheet's document (foundryvtt/pf2e types/foundry/client/applications/sheets/item-sheet.d.mts). */
  get item(): Item {
    return this.document as unknown as Item;
  }
}

/** v13 mixes Handlebars rendering into an application class and adds static PARTS (V13-API §6.1, §6.2); here only the
 *  class shape matters. */
function HandlebarsApplicationMixin<T extends typeof ApplicationV2>(Base: T): T {
  class HandlebarsApplication extends (Base as typeof ApplicationV2) {
    static PARTS: Record<string, unknown> = {};
    protected _configureRenderParts(_options: Record<string, unknown>): Record<string, unknown> {
      return structuredClone((this.constructor as typeof HandlebarsApplication).PARTS);
    }
    protected async _preparePartContext(_partId: string, context: Record<string, unknown>, _options: Record<string, unknown>): Promise<Record<string, unknown>> {
      await Promise.resolve();
      return context;
    }
  }
  // The subclass has Base's shape plus PARTS; TypeScript's mixin rule would need an any[] constructor to see that.
  return HandlebarsApplication as unknown as T;
}

/** Records each registration with its scope, class and options (V13-API §6.5 signatures); what core does with them
 *  (the sheet-config menu, defaults) is not modelled. */
function registry(collection: SheetRegistration["collection"], registrations: SheetRegistration[]) {
  return {
    registerSheet(scope: string, sheetClass: unknown, options: SheetRegistration["options"] = {}): void {
      registrations.push({ collection, scope, sheetClass, options });
    },
  };
}

export interface SheetsDouble {
  registrations: SheetRegistration[];
}

export function installSheets(): SheetsDouble {
  const g = globalThis as unknown as Record<string, Record<string, unknown>>;
  const s: SheetsDouble = { registrations: [] };
  g["sheetsDouble"] = s as unknown as Record<string, unknown>;
  const foundry = g["foundry"] ?? {};
  const applications = (foundry["applications"] ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const ux = applications["ux"] ?? {};
  foundry["applications"] = {
    ...applications,
    api: { ...applications["api"], ApplicationV2, DocumentSheetV2, HandlebarsApplicationMixin },
    sheets: { ...applications["sheets"], ActorSheetV2, ItemSheetV2 },
    // The v13 path of TextEditor (the global is deprecated, V13-API §6.5); `implementation` is the configured class.
    ux: { ...ux, TextEditor: { implementation: { getDragEventData, enrichHTML } } },
  };
  const documents = (foundry["documents"] ?? {}) as Record<string, unknown>;
  foundry["documents"] = { ...documents, collections: { Actors: registry("Actors", s.registrations), Items: registry("Items", s.registrations) } };
  return s;
}
