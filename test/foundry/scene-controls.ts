/**
 * ui.controls, the v13 SceneControls app, as far as the system uses it. Modelled:
 * - render({ reset: true }) prepares the controls record afresh and hands it to the "getSceneControlButtons" hook
 *   (foundryvtt.com/api hookEvents.getSceneControlButtons: "controls: Record<string, SceneControl>"); the record
 *   starts with core's token group and its "select" tool (assumption: only the one group, enough for ours to sit after).
 * - activate({ control }) opens a group; in v13 a group whose `activeTool` is not one of its own non-button tools
 *   throws, on opening or on leaving it (foundryvtt/foundryvtt#12803: "activeTool (required) is not defined";
 *   #12966: a group of only buttons and toggles breaks when switching away, fixed in v14). From v14 a group without an
 *   active tool is accepted (#12966), modelled by game.release.generation.
 * - control: the group open now, or null before the first render.
 */
interface Tool { name: string; button?: boolean; toggle?: boolean }
interface Group { name: string; activeTool?: string; tools?: Record<string, Tool> }

export class SceneControlsDouble {
  controls: Record<string, Group> = {};
  #control: string | null = null;

  get control(): Group | null {
    return this.#control === null ? null : (this.controls[this.#control] ?? null);
  }

  render(options: { reset?: boolean } = {}): Promise<this> {
    if (options.reset === true || Object.keys(this.controls).length === 0) {
      const controls: Record<string, Group> = { tokens: { name: "tokens", activeTool: "select", tools: { select: { name: "select" } } } };
      (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): boolean } }).Hooks.callAll("getSceneControlButtons", controls);
      this.controls = controls;
      this.#control ??= "tokens";
    }
    return Promise.resolve(this);
  }

  activate(options: { control: string }): Promise<void> {
    const next = this.controls[options.control];
    if (!next) return Promise.reject(new Error(`no control ${options.control}`));
    const generation = (globalThis as unknown as { game: { release: { generation: number } } }).game.release.generation;
    for (const group of [this.control, next]) {
      if (!group || generation >= 14) continue;
      const active = group.activeTool === undefined ? undefined : group.tools?.[group.activeTool];
      if (!active || active.button === true || active.toggle === true) return Promise.reject(new TypeError(`Cannot read properties of undefined (reading 'onChange') [${group.name}]`));
    }
    this.#control = options.control;
    return Promise.resolve();
  }
}

/** Puts ui.controls on the installed double. */
export function installSceneControls(): void {
  const ui = (globalThis as unknown as { ui: Record<string, unknown> }).ui;
  ui["controls"] = new SceneControlsDouble();
}
