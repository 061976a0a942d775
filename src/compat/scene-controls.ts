/**
 * The one place that shapes a scene-control group for the Foundry generation it runs on (read at call time):
 * - v13: `getSceneControlButtons` hands a record of controls, each with a `tools` record; a group must name an
 *   `activeTool` that is one of its own non-button tools, or switching away from it throws (foundryvtt/foundryvtt#12803,
 *   #12966, #12258). Buttons resolve on click through `onChange` (foundryvtt.com/api/v13 SceneControlTool).
 * - v14: `activeTool` may be left out (foundryvtt/foundryvtt#12966), but a group without a usable tool still fails to
 *   render (foundryvtt/foundryvtt#13814, open on 14.354), so the group keeps its pointer tool; v14's tools also say
 *   whether they let placeables be controlled and interacted with (`control`, `interaction`: foundryvtt.com/api/v14
 *   SceneControlTool), which the pointer tool must claim so the Narrator can still select tokens while the group is open.
 */

/** One tool as core's controls record holds it (the fields both generations read). */
export interface ControlTool {
  name: string;
  title: string;
  icon: string;
  order: number;
  visible?: boolean;
  button?: boolean;
  onChange?: (event: Event, active: boolean) => void;
  /** v14 only: the tool lets placeables be controlled / interacted with. */
  control?: boolean;
  interaction?: boolean;
}

/** One control group as core's record holds it. */
export interface ControlGroup {
  name: string;
  title: string;
  icon: string;
  order: number;
  visible: boolean;
  activeTool: string;
  tools: Record<string, ControlTool>;
  onChange?: (event: Event, active: boolean) => void;
}

/** The group's pointer tool: its active tool, doing nothing itself, so token selection goes on as usual. */
export const POINTER_TOOL = "select";

/** A group of `buttons` after a pointer tool, shaped for this generation; `order` puts it after core's groups. */
export function controlGroup(base: { name: string; title: string; icon: string; order: number; visible: boolean; pointerTitle: string }, buttons: readonly Omit<ControlTool, "order" | "button">[]): ControlGroup {
  const pointer: ControlTool = { name: POINTER_TOOL, title: base.pointerTitle, icon: "fa-solid fa-expand", order: 0 };
  // Named like core's token pointer, so the token layer's box selection (which looks for that tool) still works on v13.
  if (game.release.generation >= 14) Object.assign(pointer, { control: true, interaction: true });
  const tools: Record<string, ControlTool> = { [POINTER_TOOL]: pointer };
  buttons.forEach((b, i) => {
    tools[b.name] = { ...b, order: i + 1, button: true };
  });
  const { pointerTitle: _unused, ...group } = base;
  return { ...group, activeTool: POINTER_TOOL, tools };
}

/** Adds `group` to the hook's controls record (both generations hand a record keyed by control name). */
export function addControlGroup(controls: unknown, group: ControlGroup): boolean {
  if (typeof controls !== "object" || controls === null || Array.isArray(controls)) return false;
  // The hook's record, typed by fvtt-types with core's own control type; our group carries the fields it reads.
  (controls as Record<string, ControlGroup>)[group.name] = group;
  return true;
}

/** What the self-test reads of core's scene-controls app (v13/v14 SceneControls: controls, control, activate, render). */
export interface SceneControlsApp {
  readonly controls: Record<string, { tools: Record<string, { button?: boolean }> } | undefined>;
  readonly control: { name: string } | null;
  render(options: { reset?: boolean }): Promise<unknown>;
  activate(options: { control: string }): Promise<unknown>;
}

/** ui.controls as v13 and v14 shape it (foundryvtt.com/api SceneControls, foundryvtt/foundryvtt#11789 for activate). */
export function sceneControlsApp(): SceneControlsApp {
  // The 13.345 types describe ui.controls without these members; v13's ApplicationV2 SceneControls has each of them.
  return ui.controls as unknown as SceneControlsApp;
}
