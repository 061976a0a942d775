/**
 * Core's v13 TokenRuler (foundry.canvas.placeables.tokens.TokenRuler) as far as a system's subclass uses it. Foundry's
 * code is not read; what is modelled comes from systems that extend it:
 * - It is built with its Token placeable, which `token` answers; subclasses read `this.token.actor` and
 *   `this.token.document` (foundryvtt/crucible module/canvas/token-ruler.mjs; MetaMorphic-Digital/draw-steel
 *   src/module/canvas/placeables/tokens/token-ruler.mjs).
 * - `_getSegmentStyle(waypoint)` returns a style object with a `color` a subclass replaces, and so does
 *   `_getGridHighlightStyle(waypoint, offset)` (draw-steel `#speedValueStyle` sets `style.color` on both;
 *   sun-dragon-cult/fvtt-system-rqg tokenRuler.ts on the first). Width 4, alpha 1 and the user's colour are
 *   assumptions (dnd5e module/canvas/ruler.mjs draws waypoints in the user's colour).
 * - `_getWaypointLabelContext(waypoint, state)` returns nothing for the first waypoint (it has no `previous`) and for
 *   one whose segment has no length, else the label's context: `action` (the action config), `cssClass`, `secret`,
 *   `units`, `distance: {total, delta?}`, `cost: {total, units, delta?}`, `elevation: {total, icon, hidden}`
 *   (dnd5e TokenRuler5e builds exactly this in place of core's; assumption: core's is the same). Totals are strings.
 * - `WAYPOINT_LABEL_TEMPLATE` is a static template path a subclass replaces (foundryvtt/foundryvtt#12542); core's value is
 *   not modelled.
 * A waypoint carries `measurement.cost` and `measurement.distance` up to it, `previous`, `next`, `actionConfig`
 * (draw-steel reads `waypoint.measurement.cost` and `waypoint.actionConfig`); only what these methods read is given.
 */

export interface RulerWaypoint {
  measurement: { cost: number; distance: number };
  previous: RulerWaypoint | null;
  next: RulerWaypoint | null;
  actionConfig: { label: string; icon: string | null };
  hidden?: boolean;
  elevation?: number;
}

export interface RulerTokenPlaceable {
  actor: unknown;
  document: unknown;
}

export class TokenRulerDouble {
  static WAYPOINT_LABEL_TEMPLATE = "core-waypoint-label.hbs";
  readonly #token: RulerTokenPlaceable;
  constructor(token: RulerTokenPlaceable) {
    this.#token = token;
  }

  get token(): RulerTokenPlaceable { return this.#token; }

  _getSegmentStyle(_waypoint: RulerWaypoint): { width: number; color: number; alpha: number } {
    return { width: 4, color: USER_COLOUR, alpha: 1 };
  }

  _getGridHighlightStyle(_waypoint: RulerWaypoint, _offset: { i: number; j: number; k: number }): { color: number; alpha: number } {
    return { color: USER_COLOUR, alpha: 0.5 };
  }

  _getWaypointLabelContext(waypoint: RulerWaypoint, _state: Record<string, unknown>): Record<string, unknown> | undefined {
    const previous = waypoint.previous;
    if (!previous || waypoint.measurement.distance === previous.measurement.distance) return undefined;
    const total = (n: number): string => (Number.isFinite(n) ? String(Math.round(n * 100) / 100) : "∞");
    return {
      action: waypoint.actionConfig,
      cssClass: [waypoint.hidden === true ? "secret" : "", waypoint.next ? "" : "last"].filter((c) => c !== "").join(" "),
      secret: waypoint.hidden === true,
      units: "m",
      distance: { total: total(waypoint.measurement.distance) },
      cost: { total: total(waypoint.measurement.cost), units: "m" },
      elevation: { total: waypoint.elevation ?? 0, icon: "fa-solid fa-arrows-up-down", hidden: true },
    };
  }
}

/** The colour core would draw in (assumption, above). */
export const USER_COLOUR = 0x123456;

/** Puts the class where a system finds it (foundry.canvas.placeables.tokens.TokenRuler); the double models nothing else of foundry.canvas. */
export function installTokenRuler(): void {
  const g = globalThis as unknown as { foundry: Record<string, unknown> };
  g.foundry["canvas"] = { placeables: { tokens: { TokenRuler: TokenRulerDouble } } };
}

/** Takes the class away again, as on a core that has none. */
export function removeTokenRuler(): void {
  const g = globalThis as unknown as { foundry: Record<string, unknown> };
  Reflect.deleteProperty(g.foundry, "canvas");
}

/** A path of straight segments of these lengths from the token's start, each waypoint linked to its neighbours. */
export function path(...lengths: number[]): RulerWaypoint[] {
  const action = { label: "TOKEN.MOVEMENT.ACTIONS.walk.label", icon: "fa-solid fa-person-walking" };
  const points: RulerWaypoint[] = [{ measurement: { cost: 0, distance: 0 }, previous: null, next: null, actionConfig: action }];
  let at = 0;
  for (const length of lengths) {
    at += length;
    const previous = points.at(-1) ?? null;
    const point: RulerWaypoint = { measurement: { cost: at, distance: at }, previous, next: null, actionConfig: action };
    if (previous) previous.next = point;
    points.push(point);
  }
  return points;
}
