/**
 * game.keybindings and game.keyboard as far as a system reads them from a click (no key events are modelled):
 * - `register(namespace, action, data)` keeps the action's config; `get(namespace, action)` answers its bindings, the
 *   `uneditable` ones then the player's own (or the `editable` defaults), each with `modifiers` (empty when not given),
 *   and throws for an action nobody registered; `set(namespace, action, bindings)` replaces the player's own, as the
 *   Configure Controls menu does (foundryvtt.com/api/classes/foundry.helpers.interaction.ClientKeybindings.html: get
 *   "Get the current Bindings of a given namespace's Keybinding Action", set "Set the editable Bindings of a Keybinding
 *   Action for a certain namespace and Action"; the throw on an unknown action and the order uneditable-first are
 *   assumptions).
 * - `game.keyboard.downKeys`, the KeyboardEvent#code values held down (KeyboardManager#downKeys; foundryvtt/dnd5e
 *   module/utils.mjs `areKeysPressed` reads both, with the click's modifier flags).
 */
export interface KeybindingDouble {
  key: string;
  modifiers: string[];
}

export interface KeybindingAction {
  name?: string;
  hint?: string;
  editable?: { key: string; modifiers?: string[] }[];
  uneditable?: { key: string; modifiers?: string[] }[];
  restricted?: boolean;
}

const normal = (b: { key: string; modifiers?: string[] }): KeybindingDouble => ({ key: b.key, modifiers: [...(b.modifiers ?? [])] });

export class ClientKeybindings {
  readonly actions = new Map<string, KeybindingAction>();
  readonly #own = new Map<string, KeybindingDouble[]>();

  register(namespace: string, action: string, data: KeybindingAction): void {
    this.actions.set(`${namespace}.${action}`, data);
  }

  get(namespace: string, action: string): KeybindingDouble[] {
    const id = `${namespace}.${action}`;
    const config = this.actions.get(id);
    if (!config) throw new Error(`${id} is not a registered keybinding action`);
    return [...(config.uneditable ?? []).map(normal), ...(this.#own.get(id) ?? (config.editable ?? []).map(normal))];
  }

  async set(namespace: string, action: string, bindings: { key: string; modifiers?: string[] }[]): Promise<void> {
    const id = `${namespace}.${action}`;
    if (!this.actions.has(id)) throw new Error(`${id} is not a registered keybinding action`);
    this.#own.set(id, bindings.map(normal));
    await Promise.resolve();
  }

  /** Back to the registered defaults (test plumbing, like the menu's reset). */
  reset(namespace: string, action: string): void {
    this.#own.delete(`${namespace}.${action}`);
  }
}

export function installKeybindings(game: Record<string, unknown>): { keybindings: ClientKeybindings; downKeys: Set<string> } {
  const keybindings = new ClientKeybindings();
  const downKeys = new Set<string>();
  game["keybindings"] = keybindings;
  game["keyboard"] = { downKeys };
  return { keybindings, downKeys };
}
