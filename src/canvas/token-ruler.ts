/**
 * The token's ruler, measured against its Movimento allowance (§2.2.5): the path and the grid cells it crosses are
 * green while within the allowance, red beyond it, and each waypoint's label says the allowance ("/ 5 m",
 * "/ 1.25 m prone", "held: grapple"). In combat or not, the allowance is the actor's as its token stands now.
 *
 * How core's v13 TokenRuler is extended, and on what evidence (Foundry's code is not read here):
 * - A system registers its subclass of foundry.canvas.placeables.tokens.TokenRuler as CONFIG.Token.rulerClass
 *   (MetaMorphic-Digital/draw-steel src/module/canvas/placeables/tokens/token-ruler.mjs; foundryvtt/dnd5e
 *   module/canvas/ruler.mjs; foundryvtt/crucible module/canvas/token-ruler.mjs).
 * - `_getSegmentStyle(waypoint)` and `_getGridHighlightStyle(waypoint, offset)` return styles whose `color` a subclass
 *   may replace; `waypoint.measurement.cost` is the path's cost up to that waypoint (draw-steel colours by it).
 * - `_getWaypointLabelContext(waypoint, state)` returns the label's context, or nothing for a waypoint without a
 *   label; the static WAYPOINT_LABEL_TEMPLATE renders it (foundryvtt/foundryvtt#12542, which named both). The context
 *   carries `action`, `cssClass`, `distance`, `cost`, `elevation`, `secret`, and the units at its root in v13
 *   (dnd5e builds the same object), inside `distance` in v14 (crucible's template reads `distance.units`): our
 *   template reads both, so no generation check is needed.
 * The ruler is a nicety: anything that goes wrong in our part leaves core's ruler as it was.
 */
import { withinAllowance, type MovementAllowance } from "../rules/movement.js";
import { allowanceOf } from "../documents/movement-allowance.js";
import { GenesysActor } from "../documents/actor.js";
import { allowanceText, type AllowanceLocalizer } from "../format/movement-allowance.js";

export const WAYPOINT_LABEL_TEMPLATE = "systems/genesys-gdr/templates/canvas/waypoint-label.hbs";

export type RulerBand = "within" | "beyond";

/** Path and cell colours: readable over light and dark maps alike, and not the user colours core draws waypoints in. */
export const RULER_COLOURS: Readonly<Record<RulerBand, number>> = { within: 0x2f9e44, beyond: 0xd9362b };

/** The token as the ruler sees it: only its actor is read, whatever class a module may have given it. */
export interface RulerToken {
  actor: unknown;
}

/** The allowance the token's ruler measures against, or null (no token, no actor, not a GeneSys actor, bad data). */
export function rulerAllowance(token: RulerToken | null | undefined): MovementAllowance | null {
  try {
    const found = token?.actor;
    const actor: GenesysActor | null = found instanceof GenesysActor ? found : null;
    return actor ? allowanceOf(actor) : null;
  } catch {
    // A half-prepared or foreign actor leaves the ruler as core draws it.
    return null;
  }
}

/** §2.2.5 a path costing `cost` (scene units, metres in our worlds) is within the allowance or beyond it. */
export function rulerBand(cost: number, allowance: MovementAllowance): RulerBand {
  // Core gives an unreachable waypoint an infinite cost.
  if (!Number.isFinite(cost) || cost < 0) return "beyond";
  return withinAllowance(cost, allowance) ? "within" : "beyond";
}

export interface RulerAllowanceLabel {
  text: string;
  hint: string;
  band: RulerBand;
}

/** What the waypoint's label adds: the allowance, and whether the path so far is within it. */
export function rulerLabel(cost: number, allowance: MovementAllowance, i18n: AllowanceLocalizer): RulerAllowanceLabel {
  const { text, hint } = allowanceText(allowance, i18n);
  return { text, hint, band: rulerBand(cost, allowance) };
}

type CoreTokenRuler = typeof foundry.canvas.placeables.tokens.TokenRuler;

/** Core's class, or null where this Foundry has none (then the ruler stays core's). */
export function coreTokenRuler(): CoreTokenRuler | null {
  // Read as unknown: the types say the namespace is always there; the guard is for a core that lacks it.
  const root: unknown = foundry;
  const base = ["canvas", "placeables", "tokens", "TokenRuler"].reduce<unknown>((node, key) => member(node, key), root);
  // A class is a function; checked so, it is core's TokenRuler, whose type the namespace declares.
  return typeof base === "function" ? (base as CoreTokenRuler) : null;
}

function member(node: unknown, key: string): unknown {
  // Any object may be indexed by name; what is found is checked by the caller.
  return typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
}

/** The subclass of core's ruler that shows the allowance; built from the class present at call time. */
export function genesysTokenRulerClass(Base: CoreTokenRuler): CoreTokenRuler {
  return class GenesysTokenRuler extends Base {
    static override WAYPOINT_LABEL_TEMPLATE = WAYPOINT_LABEL_TEMPLATE;

    /** The band of the path up to `waypoint`, or null when the token has no allowance. */
    #band(waypoint: foundry.canvas.placeables.tokens.TokenRuler.Waypoint): RulerBand | null {
      const allowance = rulerAllowance(this.token);
      return allowance ? rulerBand(waypoint.measurement.cost, allowance) : null;
    }

    override _getSegmentStyle(waypoint: foundry.canvas.placeables.tokens.TokenRuler.Waypoint): foundry.canvas.placeables.tokens.TokenRuler.SegmentStyle {
      const style = super._getSegmentStyle(waypoint);
      try {
        const band = this.#band(waypoint);
        if (band) style.color = RULER_COLOURS[band];
      } catch {
        // Core's colour stays.
      }
      return style;
    }

    override _getGridHighlightStyle(
      waypoint: foundry.canvas.placeables.tokens.TokenRuler.Waypoint,
      offset: Parameters<InstanceType<CoreTokenRuler>["_getGridHighlightStyle"]>[1],
    ): foundry.canvas.placeables.tokens.TokenRuler.GridHighlightStyle {
      const style = super._getGridHighlightStyle(waypoint, offset);
      try {
        const band = this.#band(waypoint);
        if (band) style.color = RULER_COLOURS[band];
      } catch {
        // Core's colour stays.
      }
      return style;
    }

    override _getWaypointLabelContext(
      waypoint: foundry.canvas.placeables.tokens.TokenRuler.Waypoint,
      state: foundry.canvas.placeables.tokens.TokenRuler.State,
    ): ReturnType<InstanceType<CoreTokenRuler>["_getWaypointLabelContext"]> {
      const context = super._getWaypointLabelContext(waypoint, state);
      if (!context) return context;
      try {
        const allowance = rulerAllowance(this.token);
        const extra: Record<string, unknown> = {
          // Localized here: the template has no localize helper of its own to rely on.
          genesysActionLabel: actionLabel(context),
          genesysAllowance: allowance ? rulerLabel(waypoint.measurement.cost, allowance, game.i18n) : null,
        };
        return Object.assign(context, extra);
      } catch {
        return context;
      }
    }
  };
}

/** The localized name of the waypoint's movement action, for a label without its icon. */
function actionLabel(context: object): string | null {
  const action: unknown = (context as { action?: unknown }).action;
  if (typeof action !== "object" || action === null) return null;
  const label: unknown = (action as { label?: unknown }).label;
  return typeof label === "string" && label !== "" ? game.i18n.localize(label) : null;
}

/** Makes our ruler the tokens' ruler; where core has no TokenRuler, nothing changes. */
export function registerTokenRuler(): void {
  const Base = coreTokenRuler();
  if (!Base) return;
  // Core reads rulerClass as a class (draw-steel and dnd5e assign theirs); the 13.345 types declare an instance there.
  CONFIG.Token.rulerClass = genesysTokenRulerClass(Base) as unknown as typeof CONFIG.Token.rulerClass;
}
