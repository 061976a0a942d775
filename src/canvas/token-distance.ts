/**
 * Distances between tokens from their documents, for the active GM's client, which may be viewing another scene or
 * none: `canvas.grid` is only the viewed scene's grid (foundryvtt/foundryvtt#10537), so each token's own scene is used.
 * - `Scene#grid` is that scene's BaseGrid since v12 (foundryvtt/foundryvtt#10089), the object `canvas.grid` is for the
 *   viewed scene (#10537), so on the attacker's scene this answers what the player's canvas measured (attack-flow.ts).
 * - `TokenDocument#getCenterPoint()` (v13, #11711) is the centre core gives `Token#center`, hexagonal centroids
 *   included (#10151), so it is core's rather than x + width × size / 2 by hand.
 * - Neither differs between v13 and v14: dnd5e (13.347 to 14) calls both without a generation check
 *   (module/data/region-behavior/rotate-area.mjs `doc.getCenterPoint()`, module/canvas/token.mjs `document.parent.grid`).
 * Measured in the plane, as `Token#center` is a 2D point: elevation is left out, like the player's measure.
 */

/** Scene.<id>.Token.<id>, the only tokens an attack names; ids as card-intents.ts accepts them. */
const TOKEN_UUID = /^Scene\.[A-Za-z0-9]{1,64}\.Token\.[A-Za-z0-9]{1,64}$/;
const MAX_UUID_LENGTH = 200;

/** Distance in the scene's units (metres in our worlds) between the tokens' centres; null off a shared scene. */
export function measuredDistance(from: TokenDocument, to: TokenDocument): number | null {
  const scene = from.parent;
  if (!scene || !to.parent || to.parent.uuid !== scene.uuid) return null;
  try {
    const a = from.getCenterPoint();
    const b = to.getCenterPoint();
    const distance = scene.grid.measurePath([{ x: a.x, y: a.y }, { x: b.x, y: b.y }], {}).distance;
    return Number.isFinite(distance) && distance >= 0 ? distance : null;
  } catch {
    // A scene whose grid cannot measure leaves the distance unknown rather than failing the attack.
    return null;
  }
}

/** The direction from one token's centre to another's, in degrees (screen axes); null off a shared scene. */
export function measuredBearing(from: TokenDocument, to: TokenDocument): number | null {
  const scene = from.parent;
  if (!scene || !to.parent || to.parent.uuid !== scene.uuid) return null;
  return bearingBetween(from.getCenterPoint(), to.getCenterPoint());
}

/** The direction from one point to another in degrees (screen axes), null when they coincide. */
export function bearingBetween(a: { x: number; y: number }, b: { x: number; y: number }): number | null {
  if (a.x === b.x && a.y === b.y) return null;
  return (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
}

/** The token document behind a uuid, or null when it is malformed, deleted or not a token. */
export async function tokenDocumentFrom(uuid: unknown): Promise<TokenDocument | null> {
  if (typeof uuid !== "string" || uuid.length > MAX_UUID_LENGTH || !TOKEN_UUID.test(uuid)) return null;
  try {
    // Matched above to the Scene.<id>.Token.<id> shape.
    const doc: unknown = await foundry.utils.fromUuid(uuid as `Scene.${string}.Token.${string}`);
    return doc instanceof foundry.documents.TokenDocument ? doc : null;
  } catch {
    return null;
  }
}
