/**
 * Installs the Foundry test double as globals, the way Foundry exposes them to a system's module (foundry.*, CONFIG,
 * game, ui, Hooks, Actor, Item: V13-API §1 and §6.5). Each member names its evidence or says "assumption".
 */
import { DataModel, TypeDataModel } from "./data-model.js";
import { Actor, Collection, Item, User, Users, randomID } from "./documents.js";
import { ActiveEffect } from "./effects.js";
import * as fields from "./fields.js";
import { installDice } from "./dice.js";
import { installSheets } from "./sheets.js";
import { installChat } from "./chat.js";
import { installCombat } from "./combat.js";
import { embeddedDocument, installScenes, type Scene } from "./scenes.js";
import { currentClientUser } from "./clients.js";
import { installTokens } from "./tokens.js";
import { installMacros } from "./macros.js";
import { installTime } from "./time.js";
import { installKeybindings } from "./keybindings.js";

export interface Notification { level: "info" | "warn" | "error"; message: string }

type SettingDef = { default: unknown; onChange?: (v: unknown) => void };

/**
 * game.settings: register, then get (the stored value, else the registered default) and set (stores, calls the
 * setting's onChange, resolves with the value). An unregistered key throws `"<ns>.<key>" is not a registered game
 * setting` (foundryvtt/foundryvtt#9148). onChange firing on the writing client is core's SettingConfig.onChange;
 * firing it synchronously before set resolves is an assumption, and scopes (world/client) are not modelled.
 */
export class Settings {
  registry = new Map<string, SettingDef & Record<string, unknown>>();
  values = new Map<string, unknown>();
  register(ns: string, key: string, data: SettingDef & Record<string, unknown>): void {
    this.registry.set(`${ns}.${key}`, data);
  }
  /** Settings menus by "ns.key" (V13-API §9 registerMenu: name, label, hint, icon, type, restricted). */
  menus = new Map<string, Record<string, unknown>>();
  registerMenu(ns: string, key: string, data: Record<string, unknown>): void {
    this.menus.set(`${ns}.${key}`, data);
  }
  get(ns: string, key: string): unknown {
    const id = `${ns}.${key}`;
    const def = this.registry.get(id);
    if (!def) throw new Error(`"${id}" is not a registered game setting`);
    return this.values.has(id) ? this.values.get(id) : def.default;
  }
  async set(ns: string, key: string, value: unknown): Promise<unknown> {
    const id = `${ns}.${key}`;
    const def = this.registry.get(id);
    if (!def) throw new Error(`"${id}" is not a registered game setting`);
    this.values.set(id, value);
    def.onChange?.(value);
    await Promise.resolve();
    return value;
  }
}

/** Hooks.on / once / off / callAll: handlers in registration order, `once` dropped after its first call, callAll never
 *  stopped by a handler's answer, `on` answers an id that `off` takes, as does the function itself
 *  (foundryvtt.com/api/classes/foundry.helpers.Hooks.html). */
class HooksDouble {
  #handlers = new Map<string, { fn: (...a: unknown[]) => unknown; once: boolean; id: number }[]>();
  #nextId = 1;
  on(name: string, fn: (...a: unknown[]) => unknown): number {
    const id = this.#nextId++;
    this.#handlers.set(name, [...(this.#handlers.get(name) ?? []), { fn, once: false, id }]);
    return id;
  }
  off(name: string, fn: number | ((...a: unknown[]) => unknown)): void {
    this.#handlers.set(name, (this.#handlers.get(name) ?? []).filter((h) => (typeof fn === "number" ? h.id !== fn : h.fn !== fn)));
  }
  once(name: string, fn: (...a: unknown[]) => unknown): number {
    const id = this.#nextId++;
    this.#handlers.set(name, [...(this.#handlers.get(name) ?? []), { fn, once: true, id }]);
    return id;
  }
  callAll(name: string, ...args: unknown[]): boolean {
    const list = this.#handlers.get(name) ?? [];
    this.#handlers.set(name, list.filter((h) => !h.once));
    for (const h of list) h.fn(...args);
    return true;
  }
  /** Stops at the first handler returning false and answers false; else true (foundryvtt.com/api
   *  classes/foundry.helpers.Hooks.html: "Continue calling hooks until either all have been called or one returns false"). */
  call(name: string, ...args: unknown[]): boolean {
    const list = this.#handlers.get(name) ?? [];
    for (const h of list) {
      if (h.once) this.#handlers.set(name, (this.#handlers.get(name) ?? []).filter((x) => x !== h));
      if (h.fn(...args) === false) return false;
    }
    return true;
  }
}

export interface FoundryDouble {
  notifications: Notification[];
  settings: Settings;
  users: Users;
  setUser(user: User): void;
  hooks: HooksDouble;
}

/**
 * Resolves world actors and scenes, then each embedded step (Scene.s.Token.t.Actor.a.Item.i, scenes.ts); null when any
 * document on the way is gone. Foundry builds a uuid from the collection path: "Actor.<id>" or "Scene.<id>.Token.<id>…".
 */
async function fromUuid(uuid: string): Promise<unknown> {
  await Promise.resolve();
  const [kind, id = "", ...path] = uuid.split(".");
  const world = (globalThis as unknown as { game: { actors: Collection<Actor>; scenes: Collection<Scene> } }).game;
  let doc: unknown = kind === "Actor" ? world.actors.get(id) : kind === "Scene" ? world.scenes.get(id) : undefined;
  for (let i = 0; i < path.length && doc !== undefined; i += 2) doc = embeddedDocument(doc, path[i], path[i + 1]);
  return doc ?? null;
}

/** Fresh globals for each test file; returns handles to inspect what the code under test did. */
export function installFoundry(): FoundryDouble {
  const notifications: Notification[] = [];
  const settings = new Settings();
  const gm = new User("gm00000000000001", "Narratore", true);
  const player = new User("pl00000000000001", "Giocatore");
  const users = new Users(gm, player);
  const hooks = new HooksDouble();
  let seat: User = gm;
  const g: Record<string, unknown> = {
    users,
    settings,
    actors: new Collection<Actor>(),
    // game.items: the world's items (v13 API Game#items, a WorldCollection); empty unless a test puts one there.
    items: new Collection<Item>(),
    // game.world: the World package (v13 API Game#world); only its id is modelled, for keys kept per world.
    world: { id: "genesys-test-world" },
    // v13's game.release.generation; tests of the v14 shape set 14 (foundryvtt/dnd5e active-effect.mjs reads it). Its
    // version, the build the types describe (foundry-vtt-types 13.345.1).
    release: { generation: 13, version: "13.345" },
    // game.system: the System package (v13 API Game#system); its id and a version, read by the self-test's report.
    system: { id: "genesys-gdr", version: "0.0.0-test" },
    // Not Foundry's strings: localize answers the key (what core answers for a missing translation, v13 API
    // Localization#localize) and format the key with its data as JSON, so tests read which string and which values.
    i18n: {
      lang: "en",
      localize: (key: string) => key,
      format: (key: string, data: Record<string, string> = {}) => `${key} ${JSON.stringify(data)}`,
    },
  };
  // game.user is the user of the client the code runs on (clients.ts), else the test's seat.
  Object.defineProperty(g, "user", { get: () => currentClientUser() ?? seat, enumerable: true });
  // ui.notifications.info/warn/error record the message as given (a `{ localize: true }` key stays a key here).
  const note = (level: Notification["level"]) => (message: string) => { notifications.push({ level, message }); };
  Object.assign(globalThis, {
    // escapeHTML: v13 foundry.utils.escapeHTML replaces & < > " ' by their entities (foundryvtt.com/api/functions/foundry.utils.escapeHTML.html).
    foundry: { abstract: { DataModel, TypeDataModel }, data: { fields }, utils: { fromUuid, randomID, escapeHTML } },
    // CONFIG.<Document>.documentClass / dataModels (V13-API §2.4, §3), trackableAttributes for token bars, statusEffects
    // (an array in v13: documents.ts), queries for User#query handlers (clients.ts).
    CONFIG: {
      Actor: { documentClass: Actor, dataModels: {}, trackableAttributes: {} },
      Item: { documentClass: Item, dataModels: {} },
      // CONFIG.ActiveEffect.documentClass and legacyTransferral (V13-API §8; true is core's default, systems set false).
      ActiveEffect: { documentClass: ActiveEffect, legacyTransferral: true },
      statusEffects: [],
      // Enrichers a system adds to text (dnd5e and MetaMorphic-Digital/draw-steel push { pattern, enricher } into
      // CONFIG.TextEditor.enrichers at init); the double only keeps the list, it enriches nothing.
      TextEditor: { enrichers: [] },
      queries: {},
      // CONFIG.time.roundTime, which a system sets at init (dnd5e dnd5e.mjs: `CONFIG.time.roundTime = 6`); the
      // starting values are an assumption. The double's combat does not move the world clock by it.
      time: { roundTime: 6, turnTime: 0 },
    },
    game: g,
    ui: { notifications: { info: note("info"), warn: note("warn"), error: note("error") } },
    Hooks: hooks,
    Actor,
    Item,
    ActiveEffect,
  });
  installDice();
  installSheets();
  installChat();
  installCombat();
  installTokens();
  installScenes();
  installMacros();
  installTime();
  installKeybindings(g);
  return { notifications, settings, users, hooks, setUser: (u) => { seat = u; } };
}

function escapeHTML(text: string): string {
  const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}
