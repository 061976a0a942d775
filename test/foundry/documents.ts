/**
 * Test double of the few Document behaviours our classes rely on: construction from source with a typed
 * `system`, embedded items, update with validation, prepareData order, statuses from effects, ownership, sorting and
 * drag data. Each member names its evidence or says "assumption".
 */
import { ActiveEffect, broadcastHook, effectsOf, preCreateEffects } from "./effects.js";
import { DataModelValidationError } from "./fields.js";
import { expandObject, mergeObject, type TypeDataModel } from "./data-model.js";
import { onClient, roundTrip } from "./clients.js";
import { refuseGmOnlyChange, refuseGmOnlyCreation } from "./server-guard.js";

/** Marks a write that skips the writing client's hooks (rawUpdate below); never a Foundry option. */
const RAW = Symbol("raw socket write");

let nextId = 0;
/** Like foundry.utils.randomID(length = 16): letters and digits (V13-API; src calls randomID(16)); deterministic here
 *  so that tests can be replayed (not Foundry's behaviour, which is random). */
export function randomID(length = 16): string {
  nextId++;
  return `id${String(nextId).padStart(length - 2, "0")}`;
}

export class User {
  /** A user's own flags: v13 lets a player update their own User document (Dice So Nice keeps each player's dice
   *  appearance there), and nobody else's; a GM may update any user (assumption, consistent with core's User config). */
  flags: Record<string, Record<string, unknown>> = {};
  constructor(readonly id: string, readonly name: string, readonly isGM = false, public active = true) {}
  /** This client's user (v13 API User#isSelf). */
  get isSelf(): boolean {
    return game().user === this;
  }
  /** `user === game.users.activeGM` (foundryvtt/foundryvtt#11678). */
  get isActiveGM(): boolean {
    return this.isGM && this.active && game().users.activeGM === this;
  }
  /** A world document's uuid is "<DocumentName>.<id>" (globals.ts fromUuid; Savantford/foundry-weirdwizard#180). */
  get uuid(): string { return `User.${this.id}`; }
  getFlag(scope: string, key: string): unknown {
    return this.flags[scope]?.[key];
  }
  /** After the round trip every connected client's `updateUser` hook is told the changes (expanded, deletion keys
   *  kept) and the writer's id (V13-API §10: the userId comes with the server's broadcast). */
  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    const caller = game().user;
    if (!caller.isGM && caller.id !== this.id) throw new Error(`User ${caller.name} lacks permission to update User ${this.id}`);
    await roundTrip();
    const merged = mergeObject({ flags: this.flags }, changes);
    this.flags = merged["flags"] as Record<string, Record<string, unknown>>;
    await broadcastHook("updateUser", this, expandObject(structuredClone(changes)), options);
    return this;
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ flags: { [scope]: { [key]: value } } });
  }
  /** Hotbar slot → macro id (v13 API User#hotbar). */
  hotbar: Record<number, string> = {};
  /** Puts a macro in a hotbar slot, or empties it for null, and resolves with the user (v13 API
   *  User#assignHotbarMacro; dnd5e module/documents/macro.mjs and draw-steel helpers/macros.mjs call it after creating
   *  the macro). Moving a macro from another slot (`fromSlot`) is not modelled. */
  async assignHotbarMacro(macro: { id: string } | null, slot: number): Promise<this> {
    await Promise.resolve();
    if (macro) this.hotbar[slot] = macro.id;
    else Reflect.deleteProperty(this.hotbar, slot);
    return this;
  }
}


interface GameDouble { user: User; users: Users }
function game(): GameDouble {
  return (globalThis as unknown as { game: GameDouble }).game;
}

/** CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER (v13 API: NONE 0, LIMITED 1, OBSERVER 2, OWNER 3). */
const OWNER = 3;
/** CONST.DOCUMENT_OWNERSHIP_LEVELS by name (v13 API: NONE 0, LIMITED 1, OBSERVER 2, OWNER 3). */
const LEVELS = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER } as const;
type ModelClass = new (data: Record<string, unknown>, ctx: { parent: unknown }) => TypeDataModel;
/**
 * The ActiveEffect a status toggle creates, reduced to what GeneSys reads: its statuses and its flags (V13-API §8:
 * toggleStatusEffect resolves to the created ActiveEffect, whose schema has `flags`; v13 API Document#getFlag and
 * #setFlag, an update: owners only, after a round trip, refused once the effect is gone as update's are). A toggle off
 * and on again makes a new effect, so its flags start empty even under the same static id.
 */
class Effect {
  flags: Record<string, Record<string, unknown>> = {};
  /** A toggle makes it enabled; its owner may switch it off, or edit its statuses, like any effect (update below). */
  disabled = false;
  constructor(readonly id: string, public statuses: Set<string>, readonly overlay: boolean, private readonly holder: Document) {}
  /**
   * An owner's update of `disabled` or `statuses` (v13 API Document#update: owners only, after a round trip), then
   * `updateActiveEffect(effect, changes, options)` on every client with the writer's id (broadcastHook). The holder's
   * statuses come from its enabled effects only (assumption: as core's Actor#statuses, built from active effects).
   */
  async update(changes: { disabled?: boolean; statuses?: string[] }): Promise<this> {
    if (!this.holder.isOwner) throw new Error(`User ${game().user.name} lacks permission to update ${this.holder.uuid}.ActiveEffect.${this.id}`);
    await roundTrip();
    if (!this.holder.effects.includes(this)) throw new Error(`ActiveEffect "${this.id}" does not exist in ${this.holder.uuid}`);
    if (changes.disabled !== undefined) this.disabled = changes.disabled;
    if (changes.statuses !== undefined) this.statuses = new Set(changes.statuses);
    this.holder.statuses = activeStatuses(this.holder.effects);
    await broadcastHook("updateActiveEffect", this, changes, {});
    return this;
  }
  /** The actor it is embedded in (v13 API: an embedded document's parent). */
  get parent(): Document {
    return this.holder;
  }
  getFlag(scope: string, key: string): unknown {
    return this.flags[scope]?.[key];
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    if (!this.holder.isOwner) throw new Error(`User ${game().user.name} lacks permission to update ${this.holder.uuid}.ActiveEffect.${this.id}`);
    await roundTrip();
    if (!this.holder.effects.includes(this)) throw new Error(`ActiveEffect "${this.id}" does not exist in ${this.holder.uuid}`);
    this.flags = mergeObject(this.flags, { [scope]: { [key]: value } }) as Record<string, Record<string, unknown>>;
    return this;
  }
}
interface StatusConfig { id: string; _id?: string }

/** The statuses of a holder's enabled effects. */
function activeStatuses(effects: readonly { statuses: Set<string>; disabled?: boolean }[]): Set<string> {
  return new Set(effects.filter((e) => e.disabled !== true).flatMap((e) => [...e.statuses]));
}

/** A configured status: CONFIG.statusEffects is an array in v13 and a record keyed by id from v14 (foundryvtt/foundryvtt#13122). */
function configuredStatus(id: string): StatusConfig | undefined {
  // The double's CONFIG is a plain global object (globals.ts); only statusEffects is read here.
  const list = (globalThis as unknown as { CONFIG: { statusEffects: StatusConfig[] | Record<string, StatusConfig | undefined> } }).CONFIG.statusEffects;
  return Array.isArray(list) ? list.find((s) => s.id === id) : list[id];
}

export abstract class Document {
  static documentName = "Document";
  _source: Record<string, unknown>;
  system!: TypeDataModel;
  parent: Document | null;
  effects: (Effect | ActiveEffect)[] = [];
  statuses = new Set<string>();

  /**
   * A blank name or a type the system did not register is refused (assumption: core's document schemas require a
   * non-blank name and a registered type, V13-API §2.4 "The keys must match system.json documentTypes"). A new
   * document gets a random `_id` and default ownership NONE (assumption on the default); `system` is cleaned by its
   * type's data model (V13-API §2.4, CONFIG.<Document>.dataModels).
   */
  constructor(data: Record<string, unknown>, { parent = null }: { parent?: Document | null } = {}) {
    this.parent = parent;
    const ctor = this.constructor as typeof Document;
    if (typeof data["name"] !== "string" || data["name"] === "") throw new DataModelValidationError(`${ctor.documentName}: name may not be blank`);
    const models = ctor.dataModels();
    if (!(String(data["type"]) in models)) throw new DataModelValidationError(`${ctor.documentName}: "${String(data["type"])}" is not a valid type`);
    this._source = { _id: randomID(), ownership: { default: 0 }, ...structuredClone(data) };
    this._source["system"] = this.buildSystem(this._source["system"]).toObject();
    // Subclasses prepare once their own fields (embedded collections) exist.
    this.system = this.buildSystem(this._source["system"]);
    this.rebuildEffects();
  }

  /** Embedded ActiveEffects from the source (effects.ts), beside the status entries toggleStatusEffect keeps. */
  protected rebuildEffects(): void {
    this.effects = [...this.effects.filter((e) => !(e instanceof ActiveEffect)), ...effectsOf(this, randomID)];
  }

  /** New ActiveEffects in this document's source, owners only, after the server's round trip (v13 API
   *  createEmbeddedDocuments("ActiveEffect", data); the refusal as update's below; each one's _preCreate first, effects.ts). */
  protected async createEffects(data: Record<string, unknown>[], options: Record<string, unknown> = {}): Promise<ActiveEffect[]> {
    if (!this.isOwner) throw new Error("lacks permission");
    const added = await preCreateEffects(this, data, randomID, options["keepId"] === true);
    await roundTrip();
    this._source["effects"] = [...((this._source["effects"] ?? []) as Record<string, unknown>[]), ...added];
    this.reset();
    if (this.parent) this.parent.reset();
    const made = this.effects.filter((e): e is ActiveEffect => e instanceof ActiveEffect && added.some((a) => a._id === e.id));
    for (const effect of made) await broadcastHook("createActiveEffect", effect, options);
    return made;
  }

  static dataModels(): Record<string, ModelClass> {
    return {};
  }

  get id(): string { return String(this._source["_id"]); }
  /** The document's class name, "Actor" or "Item" (v13 API Document#documentName, the static read from an instance). */
  get documentName(): string { return (this.constructor as typeof Document).documentName; }
  get name(): string { return String(this._source["name"]); }
  get type(): string { return String(this._source["type"]); }
  get uuid(): string {
    const ctor = this.constructor as typeof Document;
    return this.parent ? `${this.parent.uuid}.${ctor.documentName}.${this.id}` : `${ctor.documentName}.${this.id}`;
  }
  /** Manual order among siblings, 0 until sorted (dnd5e base-actor-sheet.mjs `_onSortItem` writes `sort`; draw-steel
   *  actor-sheet.mjs lists items by `a.sort - b.sort`). */
  get sort(): number {
    const sort = this._source["sort"];
    return typeof sort === "number" ? sort : 0;
  }

  /** `{ type, uuid }`, what a sheet drag carries: the hotbar's default macro receives "Actor.<a>.Item.<i>"
   *  (Savantford/foundry-weirdwizard#180), dnd5e module/documents/macro.mjs reads `type` and resolves the rest. */
  toDragData(): Record<string, unknown> {
    return { type: (this.constructor as typeof Document).documentName, uuid: this.uuid };
  }

  protected buildSystem(source: unknown): TypeDataModel {
    const Model = (this.constructor as typeof Document).dataModels()[this.type];
    if (!Model) throw new DataModelValidationError(`no data model for ${this.type}`);
    return new Model((source ?? {}) as Record<string, unknown>, { parent: this });
  }

  /** Re-creates `system` from source (dropping derived data) and prepares it (v13 API DataModel#reset, and
   *  ClientDocument#prepareData "called automatically by the DataModel#_initialize workflow"). */
  _initialize(): void {
    this.system = this.buildSystem(this._source["system"]);
    this.rebuildEffects();
    this.prepareData();
  }

  reset(): void {
    this._initialize();
  }

  /** system base → document base → embedded documents → system derived → document derived (v13 API TypeDataModel
   *  prepareBaseData "before any derived data is computed"; dnd5e module/documents/actor/actor.mjs runs item steps
   *  that need the actor's derived data after super.prepareData(), so items are prepared inside it). */
  prepareData(): void {
    this.system.prepareBaseData();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    this.system.prepareDerivedData();
    this.prepareDerivedData();
  }
  prepareBaseData(): void {}
  prepareEmbeddedDocuments(): void {}
  prepareDerivedData(): void {}

  /** The system data by default (assumption: core's Actor/Item#getRollData return `this.system`). */
  getRollData(): Record<string, unknown> {
    return this.system as unknown as Record<string, unknown>;
  }

  /** A copy of the source (v13 API DataModel#toObject). */
  toObject(): Record<string, unknown> {
    return structuredClone(this._source);
  }

  /** GMs pass every test; others by their own level, else the default level; an embedded item is judged by its
   *  actor's ownership (assumption, as scenes.ts assumes for token actors). */
  testUserPermission(user: User, level: keyof typeof LEVELS | number): boolean {
    if (user.isGM) return true;
    const need = typeof level === "number" ? level : LEVELS[level];
    const ownership = (this.parent ?? this)._source["ownership"] as Record<string, number>;
    return (ownership[user.id] ?? ownership["default"] ?? 0) >= need;
  }
  /** "Whether or not the current game User has ownership rights for this Document" (v13 API ClientDocument#isOwner). */
  get isOwner(): boolean {
    return this.testUserPermission(game().user, "OWNER");
  }
  /** LIMITED but not OBSERVER for the current user (v13 API ClientDocument#limited: "has LIMITED permission but not
   *  OBSERVER"; an owner is never limited). Levels as CONST.DOCUMENT_OWNERSHIP_LEVELS: LIMITED 1, OBSERVER 2. */
  get limited(): boolean {
    if (this.isOwner) return false;
    return this.testUserPermission(game().user, 1) && !this.testUserPermission(game().user, 2);
  }

  /**
   * Validates the whole result before sending; a bad value throws and leaves the document unchanged (cleaned and
   * validated before it is persisted: foundryvtt/foundryvtt#12487). Non-owners are refused with "User … lacks
   * permission to update …" (vigoren/foundryvtt-simple-calendar#584 quotes core's message). The change is applied after
   * the server's round trip, onto the document as it is then (another client may have written meanwhile: clients.ts);
   * `_onUpdate` then runs and the parent re-prepares (assumption on the order). `_preUpdate(changes, options, user)` runs
   * first on the writing client and may cancel with `false`; the same options object reaches `_onUpdate` (V13-API §3
   * lifecycle; foundryvtt/dnd5e module/documents/actor/actor5e.mjs passes its hit-point change from one to the other so).
   */
  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    const user = game().user;
    if (!this.isOwner) throw new Error(`User ${user.name} lacks permission to update ${this.uuid}`);
    if (!(RAW in options) && (await this._preUpdate(changes, options, user)) === false) return this;
    this.buildSystem(mergeObject(this._source, changes)["system"]);
    await roundTrip();
    const next = mergeObject(this._source, changes);
    next["system"] = this.buildSystem(next["system"]).toObject();
    // The server's gmOnlyFields test (server-guard.ts), on the document as it is when the write arrives.
    refuseGmOnlyChange((this.constructor as typeof Document).documentName, this.type, this._source["system"], next["system"], user);
    this._source = next;
    this._initialize();
    this._onUpdate(changes, options, user.id);
    if (this.parent) this.parent.reset();
    return this;
  }

  /** flags.<scope>.<key>; setFlag is an update of that path (v13 API Document#getFlag/#setFlag). */
  getFlag(scope: string, key: string): unknown {
    const flags = this._source["flags"] as Record<string, Record<string, unknown> | undefined> | undefined;
    return flags?.[scope]?.[key];
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ flags: { [scope]: { [key]: value } } });
  }

  /** Lifecycle callbacks our documents override (V13-API §3; arguments as in core: changes, options, user id). */
  protected _onUpdate(_changed: unknown, _options: unknown, _userId: string): void {}
  /**
   * The document's base hook hands the same arguments (the whole document's data or changes) to its system's data
   * model, whose own `_preCreate` / `_preUpdate` may refuse with `false`: peer data models override them, call super and
   * read document-level keys there (Foundryborne/daggerheart's domain card model refuses a card for an actor without a
   * class; a Fabula Ultima character model reads `data.prototypeToken`). That the base hook is what calls the model's is
   * an assumption.
   */
  protected async _preUpdate(changed: unknown, options: unknown, user: User): Promise<boolean | undefined> {
    return this.system._preUpdate(changed, options, user);
  }
  /** Public here so that a parent can run it for the embedded documents it creates (Actor#createEmbeddedDocuments). */
  async _preCreate(data: unknown, options: unknown, user: User): Promise<boolean | undefined> {
    return this.system._preCreate(data, options, user);
  }

  /** Changes merged into the source, `system` cleaned by its model, prepared again (v13 API DataModel#updateSource;
   *  peer data models call `this.parent.updateSource` from `_preCreate` to adjust the document being created). */
  updateSource(changes: Record<string, unknown>): Record<string, unknown> {
    const next = mergeObject(this._source, changes);
    next["system"] = this.buildSystem(next["system"]).toObject();
    this._source = next;
    this._initialize();
    return changes;
  }
  protected _onCreate(_data: unknown, _options: unknown, _userId: string): void {}

  /**
   * Mirrors v13: a status is an ActiveEffect carrying the status id; `statuses` is derived from effects.
   * The client decides from the effects it holds, then the creation or deletion takes a server round trip and lands on
   * the effects as they are then (clients.ts), so two toggles in flight can both decide to create.
   * Being embedded ActiveEffect documents, their creation and deletion run the document hooks (V13-API §10): the
   * writing client's `preCreateActiveEffect` / `preDeleteActiveEffect` first, any of which returning false cancels the
   * write (core's pre-hooks; the toggle then answers the state it left), then `createActiveEffect` / `deleteActiveEffect`
   * on every connected client with the writer's id (broadcastHook, as effects.ts does for full effects).
   */
  async toggleStatusEffect(id: string, { active, overlay = false }: { active?: boolean; overlay?: boolean } = {}): Promise<boolean> {
    const status = configuredStatus(id);
    // v12+ throws for an id that CONFIG.statusEffects lacks (fvtt-fria-ligan/yearzero-combat-fvtt#43).
    if (!status) throw new Error(`Invalid status ID "${id}" provided to Actor#toggleStatusEffect`);
    // Assumption: any effect carrying the status counts as existing, whatever its id.
    const existing = this.effects.filter((e) => e.statuses.has(id)).map((e) => e.id);
    const on = active ?? existing.length === 0;
    if (on === (existing.length > 0)) return on;
    const hooks = (globalThis as unknown as { Hooks: { call(name: string, ...args: unknown[]): boolean } }).Hooks;
    if (!on && existing.some((id) => { const e = this.effects.find((x) => x.id === id); return e !== undefined && !hooks.call("preDeleteActiveEffect", e, {}, game().user.id); })) return true;
    await roundTrip();
    if (on) {
      // The effect takes the config's static _id when it has one, else a random id (foundryvtt/foundryvtt#10431).
      const effectId = status._id ?? randomID();
      // Assumption: the server refuses a second embedded document with an id its parent already holds (recreating a
      // canonical status effect that still exists is refused: MetaMorphic-Digital/draw-steel#1829).
      if (this.effects.some((e) => e.id === effectId)) throw new Error(`ActiveEffect "${effectId}" already exists in ${this.uuid}`);
      const made = new Effect(effectId, new Set([id]), overlay, this);
      this.effects.push(made);
      this.statuses = activeStatuses(this.effects);
      await broadcastHook("createActiveEffect", made, {});
    } else {
      // Assumption: deleting an embedded document that is already gone fails on the server.
      const gone = existing.find((e) => !this.effects.some((x) => x.id === e));
      if (gone !== undefined) throw new Error(`ActiveEffect "${gone}" does not exist in ${this.uuid}`);
      const removed = this.effects.filter((e) => existing.includes(e.id));
      this.effects = this.effects.filter((e) => !existing.includes(e.id));
      this.statuses = activeStatuses(this.effects);
      for (const effect of removed) await broadcastHook("deleteActiveEffect", effect, {});
    }
    return on;
  }
}

/**
 * A status taken off past every client hook, as a player's console writing through the socket would: the effects go
 * after a round trip, the writing client's pre-hook never runs, and every client's `deleteActiveEffect` does
 * (as effects.ts rawEffectDelete for full effects). Only an owner may (the server's ownership test).
 */
export async function rawStatusOff(systemActor: object, id: string): Promise<void> {
  const actor = systemActor as Actor; // the system's actor classes extend this double's Actor at run time
  if (!actor.isOwner) throw new Error(`User ${game().user.name} lacks permission to delete effects of ${actor.uuid}`);
  await roundTrip();
  const removed = actor.effects.filter((e) => e.statuses.has(id));
  actor.effects = actor.effects.filter((e) => !e.statuses.has(id));
  actor.statuses = activeStatuses(actor.effects);
  for (const effect of removed) await broadcastHook("deleteActiveEffect", effect, {});
}

export class Item extends Document {
  static override documentName = "Item";
  constructor(data: Record<string, unknown>, context: { parent?: Document | null } = {}) {
    super(data, context);
    this.prepareData();
  }
  /** The configured class, CONFIG.Item.documentClass (V13-API §3; dnd5e calls `Item.implementation.fromDropData`). */
  static get implementation(): typeof Item {
    return (globalThis as unknown as { CONFIG: { Item: { documentClass: typeof Item } } }).CONFIG.Item.documentClass;
  }
  /**
   * The item a drop names by uuid, or null when it is gone (dnd5e module/documents/macro.mjs warns on a falsy
   * `Item.implementation.fromDropData`). Drop data carrying the item's data instead of a uuid is not modelled.
   */
  static async fromDropData(data: Record<string, unknown>): Promise<Item | null> {
    const uuid = data["uuid"];
    if (typeof uuid !== "string") return null;
    const utils = (globalThis as unknown as { foundry: { utils: { fromUuid(uuid: string): Promise<unknown> } } }).foundry.utils;
    const doc = await utils.fromUuid(uuid);
    return doc instanceof Item ? doc : null;
  }
  static override dataModels(): Record<string, ModelClass> {
    return (globalThis as unknown as { CONFIG: { Item: { dataModels: Record<string, ModelClass> } } }).CONFIG.Item.dataModels;
  }
  /** Only ActiveEffects embed in an item. */
  async createEmbeddedDocuments(type: string, data: Record<string, unknown>[], options: Record<string, unknown> = {}): Promise<ActiveEffect[]> {
    if (type !== "ActiveEffect") throw new Error("only ActiveEffects are embedded in an item in this double");
    return this.createEffects(data, options);
  }
  /** The owning actor, or null for a world item (v13 API Item#actor). */
  get actor(): Actor | null {
    return this.parent instanceof Actor ? this.parent : null;
  }
  /**
   * Removes an embedded item from its actor after the server's round trip, owners only (v13 API Document#delete; an
   * embedded document's delete is its parent's deleteEmbeddedDocuments; the refusal as update's above). Deleting a
   * world item is not modelled.
   */
  async delete(): Promise<this> {
    const actor = this.actor;
    if (!actor) throw new Error("deleting a world item is not modelled");
    if (!actor.isOwner) throw new Error(`User ${game().user.name} lacks permission to delete ${this.uuid}`);
    await roundTrip();
    actor.items.delete(this.id);
    actor.reset();
    return this;
  }
}

/** Like Foundry's Collection: a Map whose iteration yields the documents, not [id, document] pairs, with contents, find
 *  and filter over the values (v13 API foundry.utils.Collection; V13-API §6.3 `this.actor.items.get(id)`). */
export class Collection<T extends { id: string }> extends Map<string, T> {
  get contents(): T[] { return [...this.values()]; }
  override [Symbol.iterator](): MapIterator<[string, T]> {
    return this.values() as unknown as MapIterator<[string, T]>;
  }
  filter(fn: (v: T) => boolean): T[] { return this.contents.filter(fn); }
  find(fn: (v: T) => boolean): T | undefined { return this.contents.find(fn); }
}


export class Users extends Collection<User> {
  constructor(...users: User[]) {
    super(users.map((u) => [u.id, u]));
  }
  /** The one active GM every client agrees on (foundryvtt/foundryvtt#11678: `getDesignatedUser(user => user.active &&
   *  user.isGM)`); that the designated user is the lowest id is an assumption, and full GMs before assistants
   *  (foundryvtt/foundryvtt#11242) is not modelled. */
  get activeGM(): User | null {
    return this.filter((u) => u.isGM && u.active).sort((a, b) => a.id.localeCompare(b.id))[0] ?? null;
  }
}

export class Actor extends Document {
  static override documentName = "Actor";
  items = new Collection<Item>();

  constructor(data: Record<string, unknown>, context: { parent?: Document | null } = {}) {
    const { items = [], ...rest } = data as { items?: Record<string, unknown>[] };
    super(rest, context);
    for (const itemData of items) this.#addItem(itemData);
    this.prepareData();
  }

  static override dataModels(): Record<string, ModelClass> {
    return (globalThis as unknown as { CONFIG: { Actor: { dataModels: Record<string, ModelClass> } } }).CONFIG.Actor.dataModels;
  }

  /**
   * Core's Token HUD edit: a bar is clamped to [0, max] and written to `<attribute>.value`, a value is written as is,
   * a delta added first (crnormand/gurps#1735 quotes core's clamp; dnd5e's Actor5e overrides this same method).
   */
  async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true): Promise<this> {
    let current: unknown = this.system;
    for (const key of attribute.split(".")) current = (current as Record<string, unknown> | undefined)?.[key];
    if (isBar) {
      const bar = current as { value: number; max: number };
      const next = Math.min(Math.max(isDelta ? bar.value + value : value, 0), bar.max);
      return this.update({ [`system.${attribute}.value`]: next });
    }
    const next = isDelta ? Number(current) + value : value;
    return this.update({ [`system.${attribute}`]: next });
  }

  #addItem(data: Record<string, unknown>): Item {
    const ItemClass = (globalThis as unknown as { CONFIG: { Item: { documentClass: typeof Item } } }).CONFIG.Item.documentClass;
    const item = new ItemClass(data, { parent: this });
    this.items.set(item.id, item);
    return item;
  }

  override prepareEmbeddedDocuments(): void {
    // Items are prepared before the actor's derived data (prepareData above).
    for (const item of this.items.values()) item.reset();
  }

  /**
   * Owners only. Without `keepId` the data's `_id` is replaced by a new one; with it the id is kept, and an id the actor
   * already holds is refused (v13 API, DatabaseCreateOperation.keepId; assumption on the refusal, as for effects above).
   */
  async createEmbeddedDocuments(type: "ActiveEffect", data: Record<string, unknown>[], options?: Record<string, unknown>): Promise<ActiveEffect[]>;
  async createEmbeddedDocuments(type: string, data: Record<string, unknown>[], options?: { keepId?: boolean }): Promise<Item[]>;
  async createEmbeddedDocuments(type: string, data: Record<string, unknown>[], options: { keepId?: boolean } & Record<string, unknown> = {}): Promise<(Item | ActiveEffect)[]> {
    if (type === "ActiveEffect") return this.createEffects(data, options);
    const keepId = options.keepId === true;
    if (type !== "Item") throw new Error("only Items and ActiveEffects are embedded in this double");
    if (!this.isOwner) throw new Error("lacks permission");
    for (const d of data) refuseGmOnlyCreation("Item", String(d["type"]), game().user);
    const sources = data.map((d) => {
      const { _id, ...rest } = structuredClone(d);
      if (!keepId) return rest;
      if (typeof _id === "string" && this.items.has(_id)) throw new Error(`Item "${_id}" already exists in ${this.uuid}`);
      return { _id, ...rest };
    });
    // Each new item's `_preCreate` runs on the writing client first, with the actor as its parent: dnd5e's item data
    // models read `this.parent.actor` there and adjust the new item (foundryvtt/dnd5e module/data/item/spell.mjs
    // SpellData#_preCreate, `this.parent.isEmbedded` then `this.updateSource`), Foundryborne/daggerheart's domain card
    // model returns false for a card added to a character without a class. That a false leaves out only that item, the
    // rest of the batch created, is an assumption.
    const ItemClass = (globalThis as unknown as { CONFIG: { Item: { documentClass: typeof Item } } }).CONFIG.Item.documentClass;
    const kept: Item[] = [];
    for (const d of sources) {
      const item = new ItemClass(d, { parent: this });
      if ((await item._preCreate(d, options, game().user)) !== false) kept.push(item);
    }
    for (const item of kept) this.items.set(item.id, item);
    this.reset();
    await Promise.resolve();
    // Every connected client then fires `createItem(item, options, userId)` with the creator's id, as the server
    // broadcasts it (V13-API §10: document hooks after a change are told who made it), each on its own client.
    const creator = game().user.id;
    const hooks = (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): boolean } }).Hooks;
    for (const client of game().users.contents.filter((u) => u.active)) {
      await onClient(client, async () => {
        await Promise.resolve();
        for (const item of kept) hooks.callAll("createItem", item, {}, creator);
      });
    }
    return kept;
  }

  /** `[{ _id, …changes }]`, each applied as that item's update (dnd5e `_onSortItem` writes sorts this way). */
  async updateEmbeddedDocuments(type: string, updates: Record<string, unknown>[]): Promise<Item[]> {
    if (type !== "Item") throw new Error("only Items are embedded in this double");
    const updated: Item[] = [];
    for (const { _id, ...changes } of updates) {
      const item = this.items.get(String(_id));
      if (!item) throw new Error(`Item "${String(_id)}" does not exist in ${this.uuid}`);
      updated.push(await item.update(changes));
    }
    return updated;
  }

  /** A world actor: built from data (items included), stored in game.actors, `_onCreate` run (v13 API Document.create);
   *  that the items' given ids are kept is an assumption. */
  static async create(data: Record<string, unknown>): Promise<Actor> {
    const cls = (globalThis as unknown as { CONFIG: { Actor: { documentClass: typeof Actor } } }).CONFIG.Actor.documentClass;
    refuseGmOnlyCreation("Actor", String(data["type"]), game().user);
    const actor = new cls(data);
    // `_preCreate` runs on the creating client before the server (a refusal is not modelled: no model of ours refuses).
    await actor._preCreate(data, {}, game().user);
    // Every client then builds the actor from what the server stored, `_preCreate`'s adjustments included (assumption:
    // the created document is prepared from the stored source, as V13-API §3's lifecycle has it), so prepare again.
    actor.reset();
    (globalThis as unknown as { game: { actors: Collection<Actor> } }).game.actors.set(actor.id, actor);
    actor._onCreate(data, {}, game().user.id);
    await Promise.resolve();
    // Every connected client then fires `createActor(actor, options, userId)` with the creator's id (as createItem below).
    await broadcastHook("createActor", actor, {});
    return actor;
  }
}

/**
 * A write sent to the server without our client code: `game.socket.emit("modifyDocument", …)` from the console, or
 * our code replaced. No `_preUpdate` runs; the server still checks ownership, gmOnlyFields and the schema.
 */
export async function rawUpdate<T extends Document>(doc: T, changes: Record<string, unknown>): Promise<T> {
  return doc.update(changes, { [RAW]: true });
}

/** Whether an update's options mark it as a raw write (rawUpdate); for the token actor's update in scenes.ts. */
export function isRawWrite(options: Record<string, unknown>): boolean {
  return RAW in options;
}
