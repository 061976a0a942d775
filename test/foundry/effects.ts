/**
 * ActiveEffect documents embedded in actors and items, as far as GeneSys reads them (V13-API §8):
 * - source fields `name, disabled, transfer, changes` (v13: `changes[]` with numeric `mode`) or `system.changes` (v14:
 *   string `type`, foundryvtt/foundryvtt#13740 and #13566); the double stores whatever shape it is given;
 * - `transfer` defaults to true (assumption on core's BaseActiveEffect initial value; V13-API's creation example sets
 *   it explicitly); `disabled` to false;
 * - `active` is `!disabled && !isSuppressed` (V13-API §8 instance members `active`, `isSuppressed`); on v14 an effect
 *   whose `duration.expired` core set is suppressed (foundryvtt/foundryvtt#13743, dnd5e#6995), on v13 none is;
 * - the effect's data lives in its parent's source (`effects[]`), so a token actor built from the base actor's items
 *   (scenes.ts) carries them, and `toObject()` of the parent includes them;
 * - `update` and `delete` are owners only, after a server round trip, and re-prepare the owning actor (as items do,
 *   documents.ts). Core's own application of non-GeneSys keys (`apply`) is not modelled.
 * - Effects are instances of the configured class (CONFIG.ActiveEffect.documentClass, V13-API §8), so a system's
 *   overrides run. `_preCreate(data, options, user)`, `_preUpdate(changes, options, user)` and `_preDelete(options,
 *   user)` run on the writing client before the server, and `false` drops the document from the operation (v13 API
 *   hookEvents.preCreateDocument / preUpdateDocument / preDeleteDocument "explicitly return false to prevent …", which
 *   the document's own _pre* method shares: https://foundryvtt.com/api/functions/hookEvents.preDeleteDocument.html);
 *   a refused update or deletion resolves to undefined (assumption: Document#update returns the first updated
 *   document, none here). `updateSource` in `_preCreate` adjusts the document being created (as documents.ts).
 * - After a write, every connected client fires `createActiveEffect(effect, options, userId)`, `updateActiveEffect(
 *   effect, changes, options, userId)` or `deleteActiveEffect(effect, options, userId)` with the writer's id, as the
 *   server broadcasts it (V13-API §10: document hooks after a change are told who made it; the same as createItem in
 *   documents.ts); the writing client fires `preUpdateActiveEffect(effect, changes, options, userId)` and
 *   `preDeleteActiveEffect(effect, options, userId)` before sending
 *   (v13 API hookEvents.preUpdateDocument), and the options it was given reach every client's hook (assumption: the
 *   operation's options travel with it, as dnd5e reads its own update options in `_onUpdate` on other clients).
 */
import { onClient, roundTrip } from "./clients.js";
import { mergeObject } from "./data-model.js";

type WritingUser = { id: string; isGM: boolean };

/** Marks a write that skips the writing client's code (as documents.ts rawUpdate); never a Foundry option. */
const RAW = Symbol("raw socket write");

/**
 * An effect's update sent past every client hook (the console's socket write): the server checks only ownership, and
 * the options the console chose travel with it (as any operation's options do, the hooks' assumption above).
 */
export function rawEffectUpdate(effect: ActiveEffect, changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<ActiveEffect | undefined> {
  return effect.update(changes, { ...options, [RAW]: true });
}

/** An effect's deletion sent past every client hook. */
export function rawEffectDelete(effect: ActiveEffect): Promise<ActiveEffect | undefined> {
  return effect.delete({ [RAW]: true });
}

interface HookUser extends WritingUser { name: string; active: boolean }
type HookGlobals = { Hooks: { callAll(name: string, ...args: unknown[]): boolean; call(name: string, ...args: unknown[]): boolean }; game: { user: WritingUser; users: { contents: HookUser[] } } };

/** The hook on every connected client, each in its own context, with the writer's id last. */
export async function broadcastHook(name: string, ...args: unknown[]): Promise<void> {
  const g = globalThis as unknown as HookGlobals;
  const writer = g.game.user.id;
  for (const client of g.game.users.contents.filter((u) => u.active)) {
    await onClient(client, async () => {
      await Promise.resolve();
      g.Hooks.callAll(name, ...args, writer);
    });
  }
}

/** A pre-hook on the writing client: a handler answering false cancels the write (v13 API hookEvents.preUpdateDocument,
 *  preDeleteDocument: "return false to prevent"), as Hooks.call stops there. */
function callHere(name: string, ...args: unknown[]): boolean {
  const g = globalThis as unknown as HookGlobals;
  return g.Hooks.call(name, ...args, g.game.user.id);
}

/** This client's user, as the _pre* methods receive it. */
function writingUser(): WritingUser {
  // The double's game is a plain global (globals.ts); only its current user is read.
  return (globalThis as unknown as { game: { user: WritingUser } }).game.user;
}

interface Parent {
  _source: Record<string, unknown>;
  isOwner: boolean;
  uuid: string;
  parent: unknown;
  reset(): void;
}

export class ActiveEffect {
  static documentName = "ActiveEffect";
  readonly parent: Parent;
  readonly id: string;
  overlay = false;

  /** The source of an effect being created, before it is stored in its parent. */
  #pending: Record<string, unknown> | null;

  constructor(id: string, parent: Parent, pending: Record<string, unknown> | null = null) {
    this.id = id;
    this.parent = parent;
    this.#pending = pending;
  }

  get _data(): Record<string, unknown> {
    if (this.#pending) return this.#pending;
    const list = (this.parent._source["effects"] ?? []) as Record<string, unknown>[];
    const found = list.find((e) => e["_id"] === this.id);
    if (!found) throw new Error(`ActiveEffect "${this.id}" does not exist in ${this.parent.uuid}`);
    return found;
  }
  get name(): string { const n = this._data["name"]; return typeof n === "string" ? n : ""; }
  get img(): string | null { return typeof this._data["img"] === "string" ? this._data["img"] : null; }
  get disabled(): boolean { return this._data["disabled"] === true; }
  get transfer(): boolean { return this._data["transfer"] !== false; }
  get changes(): unknown { return this._data["changes"] ?? []; }
  get system(): unknown { return this._data["system"] ?? {}; }
  get flags(): Record<string, unknown> { const f = this._data["flags"]; return typeof f === "object" && f !== null ? (f as Record<string, unknown>) : {}; }
  get statuses(): Set<string> { return new Set((this._data["statuses"] ?? []) as string[]); }
  /** v14 only: an effect core marked expired (`duration.expired`, foundryvtt/foundryvtt#13743) is suppressed. */
  get isSuppressed(): boolean {
    const generation = (globalThis as unknown as { game: { release: { generation: number } } }).game.release.generation;
    const duration = this._data["duration"];
    return generation >= 14 && typeof duration === "object" && duration !== null && (duration as { expired?: unknown }).expired === true;
  }
  get active(): boolean { return !this.disabled && !this.isSuppressed; }
  get uuid(): string { return `${this.parent.uuid}.ActiveEffect.${this.id}`; }
  /** Core's ActiveEffectConfig; the double records that it was asked to render. */
  readonly sheet = { rendered: 0, render: (_force?: boolean) => { this.sheet.rendered += 1; } };

  /** The actor whose preparation reads this effect: the parent, or the parent item's actor. */
  #actor(): Parent {
    const p = this.parent.parent;
    return typeof p === "object" && p !== null && "reset" in p ? (p as Parent) : this.parent;
  }

  _preCreate(_data: unknown, _options: unknown, _user: WritingUser): Promise<boolean | undefined> {
    return Promise.resolve(undefined);
  }
  _preUpdate(_changes: unknown, _options: unknown, _user: WritingUser): Promise<boolean | undefined> {
    return Promise.resolve(undefined);
  }
  _preDelete(_options: unknown, _user: WritingUser): Promise<boolean | undefined> {
    return Promise.resolve(undefined);
  }

  /** Changes merged into this effect's source (v13 API DataModel#updateSource). */
  updateSource(changes: Record<string, unknown>): Record<string, unknown> {
    const next = mergeObject(this._data, changes);
    const data = this._data;
    for (const key of Object.keys(data)) Reflect.deleteProperty(data, key);
    Object.assign(data, next);
    return changes;
  }

  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this | undefined> {
    if (!this.parent.isOwner) throw new Error(`lacks permission to update ${this.uuid}`);
    if (!(RAW in options)) {
      if ((await this._preUpdate(changes, options, writingUser())) === false) return undefined;
      if (!callHere("preUpdateActiveEffect", this, changes, options)) return undefined;
    }
    await roundTrip();
    Object.assign(this._data, structuredClone(changes));
    this.parent.reset();
    if (this.#actor() !== this.parent) this.#actor().reset();
    await broadcastHook("updateActiveEffect", this, changes, options);
    return this;
  }

  /** Core's toObject: a copy of the source. */
  toObject(): Record<string, unknown> {
    return structuredClone(this._data);
  }

  async delete(options: Record<string, unknown> = {}): Promise<this | undefined> {
    if (!this.parent.isOwner) throw new Error(`lacks permission to delete ${this.uuid}`);
    if (!(RAW in options)) {
      if ((await this._preDelete(options, writingUser())) === false) return undefined;
      if (!callHere("preDeleteActiveEffect", this, options)) return undefined;
    }
    await roundTrip();
    const gone = this.toObject();
    const list = (this.parent._source["effects"] ?? []) as Record<string, unknown>[];
    this.parent._source["effects"] = list.filter((e) => e["_id"] !== this.id);
    this.parent.reset();
    if (this.#actor() !== this.parent) this.#actor().reset();
    // The deleted document still reads its data in the hooks (its parent no longer holds it).
    this.#pending = gone;
    await broadcastHook("deleteActiveEffect", this, options);
    return this;
  }
}

/** CONFIG.ActiveEffect.documentClass once the system has set it, else the double's own class. */
function effectClass(): typeof ActiveEffect {
  // The double's CONFIG is a plain global object (globals.ts); only the configured effect class is read.
  const config = (globalThis as unknown as { CONFIG?: { ActiveEffect?: { documentClass?: typeof ActiveEffect } } }).CONFIG;
  return config?.ActiveEffect?.documentClass ?? ActiveEffect;
}

/** The effects of a parent, rebuilt from its source (each with an `_id`, given one when it lacks it). */
export function effectsOf(parent: Parent, newId: () => string): ActiveEffect[] {
  const list = parent._source["effects"];
  if (!Array.isArray(list)) return [];
  for (const e of list as Record<string, unknown>[]) if (typeof e["_id"] !== "string") e["_id"] = newId();
  const Effect = effectClass();
  return (list as Record<string, unknown>[]).map((e) => new Effect(String(e["_id"]), parent));
}

/** The sources of the effects a creation keeps: each given an id, put through its `_preCreate` (false drops it). */
export async function preCreateEffects(parent: Parent, data: readonly Record<string, unknown>[], newId: () => string, keepId = false): Promise<Record<string, unknown>[]> {
  const kept: Record<string, unknown>[] = [];
  const Effect = effectClass();
  const held = new Set(((parent._source["effects"] ?? []) as Record<string, unknown>[]).map((e) => e["_id"]));
  for (const d of data) {
    // With keepId the data's id is kept, and one the parent already holds refused (as items, documents.ts).
    const given = d["_id"];
    if (keepId && typeof given === "string" && held.has(given)) throw new Error(`ActiveEffect "${given}" already exists in ${parent.uuid}`);
    const id = keepId && typeof given === "string" ? given : newId();
    const pending = new Effect(id, parent, { ...structuredClone(d), _id: id });
    if ((await pending._preCreate(structuredClone(d), {}, writingUser())) === false) continue;
    kept.push(pending._data);
  }
  return kept;
}
