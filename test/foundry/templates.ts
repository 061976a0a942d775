/**
 * Where a Narrator marks a blast on the canvas, as src/compat/placed-template.ts reads it. Only what is read is modelled:
 * - v13: the TemplateLayer at `canvas.templates` is a PlaceablesLayer whose `controlled` lists the selected placeables,
 *   each with its `document` (v13 API PlaceablesLayer#controlled, PlaceableObject#document); a MeasuredTemplateDocument
 *   has `x`, `y` (its origin in pixels, a circle's centre), `author` and its Scene as `parent` (v13 API
 *   MeasuredTemplateDocument). The scene's templates are `canvas.scene.templates` (an EmbeddedCollection: `contents`).
 * - v14: templates became Scene Regions (Foundryborne/daggerheart#1605, PR #1621; EndlesNights/dnd4eBeta#609) on
 *   `canvas.regions`, a region's `shapes` holding `{ type: "circle", x, y, radius }` in pixels (foundryvtt/foundryvtt#13508,
 *   and the circle shape data Foundryborne/daggerheart builds in that PR).
 */
import type { Scene } from "./scenes.js";

type Board = Record<string, unknown>;
const board = (): Board => (globalThis as unknown as { canvas: Board }).canvas;

export interface PlacedTemplate { x: number; y: number; parent: Scene; author: { id: string } | null }

/** A v13 template on `scene`, selected (controlled) or only placed (in the viewed scene's collection). */
export function placeTemplate(scene: Scene, x: number, y: number, { controlled = true, authorId = null as string | null } = {}): PlacedTemplate {
  const doc: PlacedTemplate = { x, y, parent: scene, author: authorId ? { id: authorId } : null };
  const c = board();
  c["templates"] = { controlled: controlled ? [{ document: doc }] : [] };
  c["scene"] = { templates: { contents: [doc] } };
  return doc;
}

/** A v14 region with one circle shape, selected. */
export function placeRegion(scene: Scene, x: number, y: number, radius = 300): void {
  placeRegionShapes(scene, [{ type: "circle", x, y, radius }]);
}

/** A v14 region of any shapes, selected (the shapes' data: foundryvtt/crucible module/dice/action-use-dialog.mjs). */
export function placeRegionShapes(scene: Scene, shapes: Record<string, unknown>[]): void {
  board()["regions"] = { controlled: [{ document: { parent: scene, shapes } }] };
}

/** No template and no region on the canvas. */
export function clearTemplates(): void {
  const c = board();
  delete c["templates"];
  delete c["regions"];
  delete c["scene"];
}
