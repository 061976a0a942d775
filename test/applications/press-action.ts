/**
 * Presses an action button as ApplicationV2 dispatches a click on a `[data-action]` element: the handler registered
 * under that name in DEFAULT_OPTIONS.actions runs with `this` = the application and (event, target) (V13-API §6.2
 * ClickAction, "`this` = app at runtime"; dnd5e and draw-steel declare their static `#on…` handlers the same way).
 * Merging DEFAULT_OPTIONS down the class chain is core's; here the class that declares the action is named.
 * No DOM in these tests: the event is a plain Event (Node has no PointerEvent), the target an ElementDouble.
 */
import type { ElementDouble } from "../foundry/sheets.js";

export async function press(app: object, declaring: { DEFAULT_OPTIONS: { actions?: unknown } }, action: string, target: ElementDouble): Promise<void> {
  // DEFAULT_OPTIONS.actions is a record of handlers (or { handler, buttons }); read as unknown and checked below.
  const entry: unknown = (declaring.DEFAULT_OPTIONS.actions as Record<string, unknown> | undefined)?.[action];
  const handler: unknown = typeof entry === "object" && entry !== null && "handler" in entry ? entry.handler : entry;
  if (typeof handler !== "function") throw new Error(`no action "${action}"`);
  await Reflect.apply(handler, app, [new Event("click"), target]);
}
