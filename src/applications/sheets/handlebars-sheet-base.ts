/**
 * Typed facade for `HandlebarsApplicationMixin(ActorSheetV2 | ItemSheetV2)` (V13-API §6.1 "Workaround B").
 *
 * fvtt-types 13.345.1 cannot type a class that extends the mixin result (TS2589, and minutes of type-checking).
 * The runtime classes below ARE the real mixins; TypeScript sees flat `declare class`es with the members our
 * sheets use. A `declare class` emits no JavaScript.
 */
import type { DeepPartial } from "fvtt-types/utils";
import ActorSheetV2 = foundry.applications.sheets.ActorSheetV2;
import ItemSheetV2 = foundry.applications.sheets.ItemSheetV2;
import HAM = foundry.applications.api.HandlebarsApplicationMixin;

export type SheetRenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions & HAM.RenderOptions;
export type PartialRenderOptions = DeepPartial<SheetRenderOptions>;
export type PrepareContextOptions = PartialRenderOptions & { isFirstRender: boolean };
export type TemplatePart = HAM.HandlebarsTemplatePart;
export type ActorSheetContext = ActorSheetV2.RenderContext;
// The ItemSheetV2 namespace is not exported in 13.345.1 (TS2702): DocumentSheetV2's context is the same shape.
export type ItemSheetContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;

// Type-only: the runtime value is the mixin below.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
declare class HandlebarsActorSheetV2<Ctx extends ActorSheetContext = ActorSheetContext> extends ActorSheetV2 {
  static PARTS: Record<string, TemplatePart>;
  get parts(): Record<string, HTMLElement>;
  protected _configureRenderParts(options: SheetRenderOptions): Record<string, TemplatePart>;
  protected override _prepareContext(options: PrepareContextOptions): Promise<Ctx>;
  protected _preparePartContext(partId: string, context: Ctx, options: PartialRenderOptions): Promise<Ctx>;
  protected _attachPartListeners(partId: string, htmlElement: HTMLElement, options: PartialRenderOptions): void;
  // v13 ActorSheetV2 drag & drop exists at runtime but is missing from 13.345.1 (signatures of the 13.346 types).
  protected _canDragStart(selector: string): boolean;
  protected _canDragDrop(selector: string): boolean;
  protected _onDragStart(event: DragEvent): Promise<void>;
  protected _onDragOver(event: DragEvent): void;
  protected _onDrop(event: DragEvent): Promise<void>;
  protected _onDropItem(event: DragEvent, item: Item.Implementation): Promise<Item.Implementation | null>;
}

// Type-only: the runtime value is the mixin below.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
declare class HandlebarsItemSheetV2<Ctx extends ItemSheetContext = ItemSheetContext> extends ItemSheetV2 {
  static PARTS: Record<string, TemplatePart>;
  get parts(): Record<string, HTMLElement>;
  protected _configureRenderParts(options: SheetRenderOptions): Record<string, TemplatePart>;
  protected override _prepareContext(options: PrepareContextOptions): Promise<Ctx>;
  protected _preparePartContext(partId: string, context: Ctx, options: PartialRenderOptions): Promise<Ctx>;
  protected _attachPartListeners(partId: string, htmlElement: HTMLElement, options: PartialRenderOptions): void;
}

// Type-only view of the real mixin classes (see the file comment): the cast is the whole point of the facade.
export const HandlebarsActorSheet = HAM(ActorSheetV2) as unknown as typeof HandlebarsActorSheetV2;
// Same facade for items.
export const HandlebarsItemSheet = HAM(ItemSheetV2) as unknown as typeof HandlebarsItemSheetV2;
