/**
 * Where the Narrator put the blast: the point of a template on the viewed scene, read at call time by generation.
 * - v13: MeasuredTemplate placeables on `canvas.templates` (a PlaceablesLayer: `controlled`); the document's `x`, `y`
 *   are its origin in pixels, the centre of a circle (V13 API, MeasuredTemplateDocument). Without one selected, the
 *   newest template on the scene that this user placed (`author`) is taken: placing one deselects nothing else.
 * - v14: templates are folded into Scene Regions (Foundryborne/daggerheart#1605 and PR #1621; EndlesNights/
 *   dnd4eBeta#609 "templates … are now just scene regions"); template mode makes one shape per region
 *   (foundryvtt/foundryvtt#13508). Only a selected region counts, as a region carries no author and scenes hold regions
 *   for other uses, and only one with a single solid shape: a union of shapes has no one centre. The shapes' data as
 *   Foundry's own v14 system builds them (foundryvtt/crucible module/dice/action-use-dialog.mjs): circle and ellipse
 *   `{ x, y }` their centre; cone `{ x, y, radius, angle, rotation }` and line `{ x, y, length, width, rotation }` from
 *   their origin `x, y`; rectangle `{ x, y, width, height, anchorX, anchorY, rotation }`, `x, y` the anchor point
 *   (anchor 0 the top-left corner, as v13's rectangles had no anchor) and the rotation in degrees about it; emanation
 *   `{ radius, base: { type: "token", x, y, width, height } }` around a token, its size in grid spaces. A polygon's
 *   `points` are flat `[x0, y0, x1, y1, …]` (v13 API PolygonShapeData); a ring `{ x, y }` (assumption: like a circle).
 *   A shape with `hole: true` cuts the others and is no blast point.
 *   MeasuredTemplates other modules still make on v14 (dnd5e 5.3) are read as on v13, after the regions.
 * Everything is read as unknown and checked: the 13.345 types know no v14 regions' shapes.
 */

export interface PlacedPoint {
  /** The scene the template is on (its tokens are the ones in reach). */
  scene: Scene.Implementation;
  x: number;
  y: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** The controlled placeables of a canvas layer, as documents. */
function controlledDocuments(layer: unknown): unknown[] {
  if (!isObject(layer) || !Array.isArray(layer["controlled"])) return [];
  return (layer["controlled"] as unknown[]).map((p) => (isObject(p) ? p["document"] : null)); // an array, checked above
}

function sceneOf(doc: Record<string, unknown>): Scene.Implementation | null {
  const parent = doc["parent"];
  if (!isObject(parent) || !isObject(parent["tokens"]) || !isObject(parent["grid"])) return null;
  // A template's or region's parent is its Scene (an embedded document); its tokens and grid are checked above.
  return parent as unknown as Scene.Implementation;
}

export interface Point { x: number; y: number }

const numbers = (v: unknown): number[] | null => (Array.isArray(v) && v.every(isNumber) ? v : null);

/** A polygon's centroid (its area's), or its vertices' mean when it has no area. */
function polygonCentre(flat: readonly number[]): Point | null {
  const n = Math.floor(flat.length / 2);
  if (n === 0) return null;
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    const [x0, y0, x1, y1] = [flat[2 * i] ?? 0, flat[2 * i + 1] ?? 0, flat[(2 * i + 2) % (2 * n)] ?? 0, flat[(2 * i + 3) % (2 * n)] ?? 0];
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (Math.abs(area) < 1e-9) {
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < n; i++) { sx += flat[2 * i] ?? 0; sy += flat[2 * i + 1] ?? 0; }
    return { x: sx / n, y: sy / n };
  }
  return { x: cx / (3 * area), y: cy / (3 * area) };
}

/** The blast point of one v14 region shape, or null for a shape without one we know; `gridSize` in pixels. */
export function shapeCentre(shape: unknown, gridSize: number): Point | null {
  if (!isObject(shape) || shape["hole"] === true) return null;
  const { type, x, y, width, height } = shape;
  if (type === "polygon") return polygonCentre(numbers(shape["points"]) ?? []);
  if (type === "emanation") {
    const base = shape["base"];
    if (isObject(base) && isNumber(base["x"]) && isNumber(base["y"]) && isNumber(base["width"]) && isNumber(base["height"])) {
      return { x: base["x"] + (base["width"] * gridSize) / 2, y: base["y"] + (base["height"] * gridSize) / 2 };
    }
    return isNumber(x) && isNumber(y) ? { x, y } : null;
  }
  if (!isNumber(x) || !isNumber(y)) return null;
  if (type === "circle" || type === "ellipse" || type === "ring" || type === "cone" || type === "line") return { x, y };
  if (type === "rectangle" && isNumber(width) && isNumber(height)) {
    const ax = isNumber(shape["anchorX"]) ? shape["anchorX"] : 0;
    const ay = isNumber(shape["anchorY"]) ? shape["anchorY"] : 0;
    const turn = ((isNumber(shape["rotation"]) ? shape["rotation"] : 0) * Math.PI) / 180;
    const dx = (0.5 - ax) * width;
    const dy = (0.5 - ay) * height;
    return { x: x + dx * Math.cos(turn) - dy * Math.sin(turn), y: y + dx * Math.sin(turn) + dy * Math.cos(turn) };
  }
  return null;
}

function templatePoint(doc: unknown): PlacedPoint | null {
  if (!isObject(doc) || !isNumber(doc["x"]) || !isNumber(doc["y"])) return null;
  const scene = sceneOf(doc);
  return scene ? { scene, x: doc["x"], y: doc["y"] } : null;
}

function regionPoint(doc: unknown): PlacedPoint | null {
  if (!isObject(doc)) return null;
  const scene = sceneOf(doc);
  const shapes: unknown[] = Array.isArray(doc["shapes"]) ? (doc["shapes"] as unknown[]) : []; // an array, checked
  const solid = shapes.filter((shape) => !isObject(shape) || shape["hole"] !== true);
  const [only] = solid;
  if (!scene || solid.length !== 1) return null;
  const grid = (scene as unknown as { grid: { size?: unknown } }).grid; // sceneOf checked the grid is an object
  const centre = shapeCentre(only, isNumber(grid.size) ? grid.size : 100);
  return centre ? { scene, ...centre } : null;
}

/** The blast point the Narrator placed, or null when there is none (see above for which one counts). */
export function placedTemplatePoint(): PlacedPoint | null {
  // The canvas's layers by name: `templates` on v13, `regions` on v14; read as unknown and checked.
  const board = canvas as unknown as Record<string, unknown> | undefined;
  if (!board) return null;
  if (game.release.generation >= 14) {
    for (const doc of controlledDocuments(board["regions"])) {
      const point = regionPoint(doc);
      if (point) return point;
    }
  }
  for (const doc of controlledDocuments(board["templates"])) {
    const point = templatePoint(doc);
    if (point) return point;
  }
  const scene = board["scene"];
  const templates = isObject(scene) ? scene["templates"] : null;
  const contents = isObject(templates) && Array.isArray(templates["contents"]) ? (templates["contents"] as unknown[]) : []; // checked to be an array
  for (const doc of [...contents].reverse()) {
    if (!isObject(doc)) continue;
    const author = doc["author"];
    if (isObject(author) && author["id"] === game.user.id) return templatePoint(doc);
  }
  return null;
}
