/**
 * §3.2.6 metres from a blast point to a token, measured as token-distance.ts measures between tokens: the scene's own
 * grid (`Scene#grid.measurePath`, foundryvtt/foundryvtt#10089) from the point to the token's centre
 * (`TokenDocument#getCenterPoint`, #11711), in the plane. Null when the grid cannot measure it.
 */
export function distanceFromPoint(scene: Scene.Implementation, point: { x: number; y: number }, token: TokenDocument): number | null {
  try {
    const centre = token.getCenterPoint();
    const distance = scene.grid.measurePath([{ x: point.x, y: point.y }, { x: centre.x, y: centre.y }], {}).distance;
    return Number.isFinite(distance) && distance >= 0 ? distance : null;
  } catch {
    // A scene whose grid cannot measure leaves the token out rather than failing the whole blast.
    return null;
  }
}
