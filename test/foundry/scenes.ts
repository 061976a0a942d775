/**
 * Scenes, their tokens and unlinked token actors. The book's animals come from a compendium and are dropped as
 * unlinked tokens, so damage, migration and settings must reach actors that exist only inside a token.
 *
 * What is modelled, and on what evidence:
 * - A token is embedded in its scene; `actorId` names the world actor it represents, `actorLink` says whether it is
 *   that actor or a variation of it; linked → `token.actor` is the world actor; unlinked → a synthetic actor merged
 *   from the base actor and the token's delta (foundryvtt.com/article/v11-actor-delta/).
 * - The synthetic actor is of the configured Actor class, keeps the base actor's id and has the token as parent, so its
 *   uuid is `Scene.<s>.Token.<t>.Actor.<a>` (pf2e types/foundry: ActorUUID includes `${TokenDocumentUUID}.Actor.${string}`;
 *   v13 API: TokenDocument#actors is "a singleton collection … by its base actor's ID").
 * - `isToken` is true and `token` is the token document (dnd5e, pf2e: `actor.isToken ? actor.token : null`).
 * - Its update writes the token's delta, never the world actor (v11 article; dnd5e module/migration.mjs migrates
 *   unlinked tokens through `token.actor.update`). `recursive: false` replaces top-level keys instead of merging them
 *   (v13 API, DataModelUpdateOptions.recursive).
 * - A deleted base actor leaves an unlinked token with no actor (assumption, as dnd5e skips `!token.actor`).
 * - The delta's system data goes through the type's migrateData before it is merged (foundryvtt/foundryvtt#10353, a
 *   bug fixed in core; assumption: on the delta alone, since how core does it is not public).
 * - `delta` is the server's copy: migrateData is system code that runs in browsers only, so an old shape stays stored
 *   until a client writes it back (assumption).
 * - Ownership is the base actor's (assumption: the token sets no ownership of its own).
 * - A scene's `grid` is its grid object, a BaseGrid since v12 (foundryvtt/foundryvtt#10089: with type, size, distance
 *   and units), the very object `canvas.grid` is for the viewed scene (#10537). Modelled: `size` (pixels per cell),
 *   `distance` (units per cell), `type` (CONST.GRID_TYPES), and `measurePath(waypoints)` answering `{ distance }`, the
 *   straight line through the waypoints in pixels ÷ size × distance: what a gridless grid measures (#10517: point to
 *   point; #12510: a GridlessGrid's measurePath is the way to get the Euclidean distance). On a square grid that is
 *   core's answer only along a row or a column (assumption: other moves follow core's diagonal rule, not modelled).
 *   Defaults: type 1 and distance 1 as our system.json's `grid` sets for new scenes; size 100 (assumption).
 * - A token has x, y (its top-left corner in pixels) and width, height in grid cells (1 unless told: the 13.345 types
 *   give the width field `initial: 1`). `getCenterPoint()` is the middle of that rectangle with the token's elevation
 *   (TokenDocument#getCenterPoint, foundryvtt/foundryvtt#11711; the same sum by hand in Miravalier/lightbearer
 *   module/points.js and Couls/hey-wait TokenCalculator.js). Hexagonal grids, where core takes the centroid of the
 *   token's shape (#10151), are not modelled.
 * - A scene's tokens are instances of foundry.documents.TokenDocument (tokens.ts), as core's embedded tokens are; they
 *   are not of CONFIG.Token.documentClass (assumption: nothing tested reads our subclass through a scene).
 * - `game.scenes.active` is the scene whose `active` is true, else undefined (v13 API Scenes#active, "The currently
 *   active Scene"; Scene#active is a schema field). Tests activate a scene by setting it.
 * - A scene has ownership like every world document, `{ default: 0 }` unless told (assumption: core's default for a
 *   new document), tested as documents.ts tests it; a GM passes every test. Scene ownership is what core tests for a
 *   player's navigation (foundryvtt/foundryvtt#7310), and peer code reads LIMITED as "may view this scene" (the WoD
 *   system's token lookups: `game.user.isGM || scene.testUserPermission(game.user, "LIMITED")`).
 * - A token actor's effects are written into its delta, whole (SyntheticActor#reset below).
 * Not modelled: delta items (a token actor's items come from the base actor and item edits stay in memory),
 * base actor edits reaching a token actor before its next reset, token-level ownership.
 */
import { roundTrip } from "./clients.js";
import { expandObject, mergeObject } from "./data-model.js";
import { Actor, Collection, Item, isRawWrite, randomID, type Document, type User } from "./documents.js";
import { refuseGmOnlyChange } from "./server-guard.js";
import { BaseTokenDocument } from "./tokens.js";

interface SceneGame { actors: Collection<Actor>; scenes: Collection<Scene>; user: User }
function game(): SceneGame {
  return (globalThis as unknown as { game: SceneGame }).game;
}

type Migrator = { migrateData(source: Record<string, unknown>): Record<string, unknown> };
interface ActorConfig { documentClass: typeof Actor; dataModels: Record<string, Migrator | undefined> }
function actorConfig(): ActorConfig {
  return (globalThis as unknown as { CONFIG: { Actor: ActorConfig } }).CONFIG.Actor;
}

export interface Point { x: number; y: number }

/** The part of a scene's BaseGrid that is modelled (see above). */
export class SceneGrid {
  constructor(readonly size: number, readonly distance: number, readonly type: number) {}

  measurePath(waypoints: readonly Point[]): { distance: number } {
    let pixels = 0;
    for (let i = 1; i < waypoints.length; i++) {
      const a = waypoints[i - 1];
      const b = waypoints[i];
      if (a && b) pixels += Math.hypot(b.x - a.x, b.y - a.y);
    }
    return { distance: (pixels / this.size) * this.distance };
  }
}

export interface GridOptions { size?: number; distance?: number; type?: number }

export class Scene {
  static documentName = "Scene";
  readonly id = randomID();
  readonly tokens = new Collection<TokenDocument>();
  readonly grid: SceneGrid;
  active = false;
  ownership: Record<string, number> = { default: 0 };
  constructor(readonly name: string, { size = 100, distance = 1, type = 1 }: GridOptions = {}) {
    this.grid = new SceneGrid(size, distance, type);
  }
  get uuid(): string { return `Scene.${this.id}`; }

  testUserPermission(user: User, level: "LIMITED" | "OBSERVER" | "OWNER" | number): boolean {
    if (user.isGM) return true;
    const need = typeof level === "number" ? level : { LIMITED: 1, OBSERVER: 2, OWNER: 3 }[level];
    return (this.ownership[user.id] ?? this.ownership["default"] ?? 0) >= need;
  }

  /**
   * Flags, read and written like every document's (v13 API Document#getFlag/#setFlag; dnd5e and pf2e keep scene state
   * with scene.setFlag). Only a GM writes a scene (assumption: players own no scene, and updating a document needs
   * OWNER). An array in the changes replaces the stored one (foundry.utils.mergeObject replaces arrays).
   */
  flags: Record<string, Record<string, unknown>> = {};
  getFlag(scope: string, key: string): unknown { return this.flags[scope]?.[key]; }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    if (!game().user.isGM) throw new Error(`User ${game().user.name} lacks permission to update Scene ${this.id}`);
    await roundTrip();
    this.flags[scope] = { ...this.flags[scope], [key]: structuredClone(value) };
    return this;
  }
}

/**
 * Deletes a token from its scene and fires core's `deleteToken` hook (document, options, userId) on this client, as
 * every client's does after a deletion (v13 API: "delete{DocumentName}" hooks after a document is deleted).
 */
export async function deleteToken(token: TokenDocument): Promise<void> {
  await roundTrip();
  token.parent.tokens.delete(token.id);
  (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): boolean } }).Hooks.callAll("deleteToken", token, {}, game().user.id);
}

/** `disposition` as CONST.TOKEN_DISPOSITIONS (SECRET −2, HOSTILE −1, NEUTRAL 0, FRIENDLY 1: the fvtt-types CONST
 *  interface); a token placed without one is hostile (assumption: the tests that read it set it). */
export interface TokenPlacement { x?: number; y?: number; width?: number; height?: number; elevation?: number; disposition?: number }

export class TokenDocument extends BaseTokenDocument {
  static documentName = "Token";
  readonly id = randomID();
  /** The ActorDelta's source: only what this token changes on its base actor. */
  delta: Record<string, unknown>;
  x: number;
  y: number;
  width: number;
  height: number;
  elevation: number;
  disposition: number;
  #synthetic: Actor | null = null;

  constructor(readonly parent: Scene, readonly actorId: string, readonly actorLink: boolean, delta: Record<string, unknown> = {}, placement: TokenPlacement = {}) {
    super();
    this.delta = structuredClone(delta);
    this.x = placement.x ?? 0;
    this.y = placement.y ?? 0;
    this.width = placement.width ?? 1;
    this.height = placement.height ?? 1;
    this.elevation = placement.elevation ?? 0;
    this.disposition = placement.disposition ?? -1;
  }

  /** The centre of the token's rectangle, or of the one `data` describes instead (see above). */
  getCenterPoint(data: TokenPlacement = {}): Point & { elevation: number } {
    const { x = this.x, y = this.y, width = this.width, height = this.height, elevation = this.elevation } = data;
    const size = this.parent.grid.size;
    return { x: x + (width * size) / 2, y: y + (height * size) / 2, elevation };
  }

  get uuid(): string { return `${this.parent.uuid}.Token.${this.id}`; }
  /** The token's name: its actor's, as a token dropped from an actor's prototype starts with (assumption: never renamed here). */
  get name(): string { return this.actor?.name ?? ""; }
  get baseActor(): Actor | null { return game().actors.get(this.actorId) ?? null; }

  override get actor(): Actor | null {
    const base = this.baseActor;
    if (!base || this.actorLink) return base;
    this.#synthetic ??= createSyntheticActor(this, base);
    return this.#synthetic;
  }

  /** Document.update re-prepares the parent of what it wrote (documents.ts); a token derives nothing here. */
  reset(): void {}

  /** The token's source, its ActorDelta's under `delta` (foundryvtt.com/article/v11-actor-delta/: the delta is an
   *  embedded document of the token, stored with it); only the fields this double models. */
  toObject(): Record<string, unknown> {
    return { _id: this.id, actorId: this.actorId, actorLink: this.actorLink, delta: structuredClone(this.delta), x: this.x, y: this.y, width: this.width, height: this.height, elevation: this.elevation, disposition: this.disposition };
  }
}

/** What `changes` make of `source`, merged as Foundry's updates are, or top-level keys replaced when not recursive. */
function applyChanges(source: Record<string, unknown>, changes: Record<string, unknown>, options: Record<string, unknown>): Record<string, unknown> {
  return options["recursive"] === false ? { ...structuredClone(source), ...expandObject(structuredClone(changes)) } : mergeObject(source, changes);
}

/** The base actor's source with the token's delta on top (its system migrated first), under the base actor's id. */
function composeSource(base: Actor, delta: Record<string, unknown>): Record<string, unknown> {
  const { system, ...rest } = structuredClone(delta);
  const migrator = actorConfig().dataModels[typeof rest["type"] === "string" ? rest["type"] : base.type];
  const overlay = system !== null && typeof system === "object" && migrator
    ? { ...rest, system: migrator.migrateData(system as Record<string, unknown>) } // an object by the check above
    : rest;
  return { ...mergeObject(base.toObject(), overlay), _id: base.id };
}

const syntheticClasses = new WeakMap<typeof Actor, typeof Actor>();

function syntheticClassOf(Base: typeof Actor): typeof Actor {
  const known = syntheticClasses.get(Base);
  if (known) return known;
  class SyntheticActor extends Base {
    get isToken(): boolean { return true; }

    get token(): TokenDocument | null {
      const parent: unknown = this.parent;
      return parent instanceof TokenDocument ? parent : null;
    }

    override testUserPermission(user: User, level: "OWNER" | number): boolean {
      const base = this.token?.baseActor;
      return base ? base.testUserPermission(user, level) : user.isGM;
    }

    /** Every preparation starts again from base actor + delta, as the synthetic actor has no source of its own. */
    override _initialize(): void {
      const token = this.token;
      const base = token?.baseActor;
      if (token && base) {
        const source = composeSource(base, token.delta);
        source["system"] = this.buildSystem(source["system"]).toObject();
        this._source = source;
      }
      super._initialize();
    }

    /**
     * An effect written on the token actor (effects.ts edits the parent's source, then resets it) goes into the delta,
     * where core keeps a token actor's own embedded documents (foundryvtt.com/article/v11-actor-delta/). The delta
     * then holds the whole list, which replaces the base actor's: a simplification of core's merge by id with
     * tombstones for deletions (assumption; nothing tested edits the base actor's effects under a token).
     */
    override reset(): void {
      const token = this.token;
      const base = token?.baseActor;
      const effects = this._source["effects"];
      if (token && base && Array.isArray(effects) && JSON.stringify(effects) !== JSON.stringify(composeSource(base, token.delta)["effects"] ?? [])) {
        token.delta = { ...token.delta, effects: structuredClone(effects) };
      }
      super.reset();
    }

    /** Like Document.update (validated first, applied after the round trip), but the changes go into the delta. */
    override async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
      const user = game().user;
      const token = this.token;
      if (!token?.baseActor) throw new Error(`${this.name}: its token or base actor is gone`);
      if (!this.isOwner) throw new Error(`User ${user.name} lacks permission to update ${this.uuid}`);
      if (!isRawWrite(options) && (await this._preUpdate(changes, options, user)) === false) return this;
      this.buildSystem(applyChanges(this._source, changes, options)["system"]);
      await roundTrip();
      // The server's gmOnlyFields test on what the delta would make of the actor (server-guard.ts, assumption there).
      const after = this.buildSystem(applyChanges(composeSource(token.baseActor, token.delta), changes, options)["system"]).toObject();
      refuseGmOnlyChange("Actor", this.type, this._source["system"], after, user);
      token.delta = applyChanges(token.delta, changes, options);
      this._initialize();
      this._onUpdate(changes, options, user.id);
      return this;
    }
  }
  syntheticClasses.set(Base, SyntheticActor);
  return SyntheticActor;
}

function createSyntheticActor(token: TokenDocument, base: Actor): Actor {
  const Synthetic = syntheticClassOf(actorConfig().documentClass);
  const items = base.items.contents.map((item: Item) => item.toObject());
  // The double's Document types its parent as a Document; the token supplies what one is asked for (uuid, reset).
  return new Synthetic({ ...composeSource(base, token.delta), items }, { parent: token as unknown as Document });
}

/** Scene → Token, Token → its synthetic Actor (by base actor id), Actor → Item: one step of a uuid, undefined when absent. */
export function embeddedDocument(parent: unknown, name: string | undefined, id: string | undefined): unknown {
  if (!id) return undefined;
  if (parent instanceof Scene && name === "Token") return parent.tokens.get(id);
  if (parent instanceof TokenDocument && name === "Actor") {
    // A linked token's actor is the world actor, whose uuid is Actor.<id> (assumption: no token path reaches it).
    return parent.actorLink || parent.actorId !== id ? undefined : (parent.actor ?? undefined);
  }
  if (parent instanceof Actor && name === "Item") return parent.items.get(id);
  return undefined;
}

/** game.scenes, empty. */
export function installScenes(): void {
  const scenes = new Collection<Scene>();
  Object.defineProperty(scenes, "active", { get: () => scenes.contents.find((s) => s.active) });
  (globalThis as unknown as { game: Record<string, unknown> }).game["scenes"] = scenes;
}

/** A new scene in game.scenes, with the default grid unless told. */
export function createScene(name = "Scena", grid: GridOptions = {}): Scene {
  const scene = new Scene(name, grid);
  game().scenes.set(scene.id, scene);
  return scene;
}

/** A scene every player may view (ownership LIMITED by default: in the players' navigation), not the active one. */
export function sharedScene(name = "Scena", grid: GridOptions = {}): Scene {
  const scene = createScene(name, grid);
  scene.ownership = { default: 1 };
  return scene;
}

/** Drops a world actor on a scene, unlinked unless told (as compendium animals are), with an optional stored delta,
 *  at the top-left corner with a 1×1 size unless told. */
export function placeToken(scene: Scene, baseActor: { id: string | null }, { actorLink = false, delta = {}, ...placement }: { actorLink?: boolean; delta?: Record<string, unknown> } & TokenPlacement = {}): TokenDocument {
  if (!baseActor.id) throw new Error("only a world actor can be placed");
  const token = new TokenDocument(scene, baseActor.id, actorLink, delta, placement);
  scene.tokens.set(token.id, token);
  return token;
}
