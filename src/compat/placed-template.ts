/**
 * Where the Narrator put the blast: the point of a template on the viewed scene, read at call time by generation.
 * - v13: MeasuredTemplate placeables on `canvas.templates` (a PlaceablesLayer: `controlled`); the document's `x`, `y`
 *   are its origin in pixels, the centre of a circle (V13 API, MeasuredTemplateDocument). Without one selected, the
 *   newest template on the scene that this user placed (`author`) is taken: placing one deselects nothing else.
 * - v14: templates are gone, folded into Scene Regions (Foundryborne/daggerheart#1605 and PR #1621; EndlesNights/
 *   dnd4eBeta#609 "templates … are now just scene regions"); a region's `shapes` hold `{ type: "circle", x, y, radius }`
 *   in pixels (foundryvtt/foundryvtt#13508: template mode makes one shape per region). Only a selected region counts,
 *   as a region carries no author and scenes hold regions for other uses.
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

/** The centre of a v14 region shape, or null for a shape without one we know. */
function shapeCentre(shape: unknown): { x: number; y: number } | null {
  if (!isObject(shape)) return null;
  const { type, x, y, width, height } = shape;
  if (!isNumber(x) || !isNumber(y)) return null;
  if (type === "circle" || type === "ellipse") return { x, y };
  if (type === "rectangle" && isNumber(width) && isNumber(height)) return { x: x + width / 2, y: y + height / 2 };
  return null;
}

function templatePoint(doc: unknown): PlacedPoint | null {
  if (!isObject(doc) || !isNumber(doc["x"]) || !isNumber(doc["y"])) return null;
  const scene = sceneOf(doc);
  return scene ? { scene, x: doc["x"], y: doc["y"] } : null;
}

function regionPoint(doc: unknown): PlacedPoint | null {
  if (!isObject(doc)) return null;
  const shapes = doc["shapes"];
  const first: unknown = Array.isArray(shapes) ? (shapes as unknown[])[0] : null; // an array, checked
  const centre = shapeCentre(first);
  const scene = sceneOf(doc);
  return centre && scene ? { scene, ...centre } : null;
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
    return null;
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
