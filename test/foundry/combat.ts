/**
 * Test double of Foundry v13's Combat and Combatant, as far as our combat code uses them:
 * combatants embedded in a combat, `turns` built by setupTurns with `_sortCombatants` as an unbound comparator,
 * startCombat/nextRound advancing the round, flags read and written through update with v13's permission rules (a
 * player may only change initiative, flags and defeated of combatants whose actor they own; only a GM changes the
 * combat), _preUpdate able to change or refuse a write, descendant-document events, the turn events (below), the
 * sidebar CombatTracker class to extend, and CONFIG.Dice.randomUniform fed from a queue.
 * Every write takes a server round trip and is applied when it comes back (assumption, the one clients.ts states
 * and documents.ts models), so two clients' writes can interleave as they do in Foundry.
 *
 * Turn events, as v13 fires them after an update of the combat (combatDouble().turnEvents records them):
 * - Only when the (round, turn, combatant) state changed, and not with `{turnEvents: false}` (foundryvtt/foundryvtt
 *   #10387: events fired on every update were a bug; `options.turnEvents !== false` is the guard it quotes).
 * - Only when the round goes up or `turn` goes up: moving back fires nothing (#11988, "working as intended"), nor
 *   does setting `turn` to null (draw-steel src/module/documents/combat.mjs at 13.351 fires `_onEndTurn` itself in
 *   its `endTurn`, which sets the turn to null); the combatant that counts is the one at `turns[turn]` (#12747: an
 *   index moved by a re-sort fires events for an unchanged combatant; #13983: the events assume the turn moves down).
 * - On the active GM's client only, in this order and awaited: end of the previous combatant's turn, end of the
 *   previous round (not round 0, #11238), start of the new round, start of the new combatant's turn (also when only
 *   the round went up, #10786). Contexts are v13's `{round, turn, skipped}` / `{round, skipped}` (fvtt-types
 *   Combat.TurnEventContext; draw-steel passes `skipped: false` at 13.351).
 * - Then `combatTurnChange(combat, previous, current)` on every client (#9664, the hook of this workflow).
 * Not modelled: events for combatants "skipped" over when the turn jumps several places (#11998 asks for them,
 * open; #13983 says v13 treats skipping in its own way). Our code moves the turn one place at a time.
 */
import { Collection, randomID, type Actor, type User } from "./documents.js";
import { mergeObject } from "./data-model.js";
import { onClient, roundTrip } from "./clients.js";
import type { Scene, TokenDocument as SceneToken } from "./scenes.js";

interface GameLike {
  user: User;
  users: Collection<User> & { activeGM: User | null };
  actors: Collection<Actor>;
  combats: Collection<Combat>;
  scenes: Collection<Scene>;
}
const game = (): GameLike => (globalThis as unknown as { game: GameLike }).game;
const OWNER = 3;
const PLAYER_KEYS = new Set(["_id", "initiative", "flags", "defeated"]);
const COMBAT_PLAYER_KEYS = new Set(["_id", "round", "turn"]);

type Flags = Record<string, Record<string, unknown>>;

function flagOf(flags: Flags, scope: string, key: string): unknown {
  return flags[scope]?.[key];
}

export class Combatant {
  _source: { _id: string; actorId: string | null; sceneId: string | null; tokenId: string | null; name: string | null; initiative: number | null; defeated: boolean; hidden: boolean; flags: Flags };
  readonly parent: Combat;

  constructor(data: Record<string, unknown>, { parent }: { parent: Combat }) {
    this.parent = parent;
    this._source = {
      _id: randomID(),
      actorId: typeof data["actorId"] === "string" ? data["actorId"] : null,
      sceneId: typeof data["sceneId"] === "string" ? data["sceneId"] : null,
      tokenId: typeof data["tokenId"] === "string" ? data["tokenId"] : null,
      name: typeof data["name"] === "string" ? data["name"] : null,
      initiative: typeof data["initiative"] === "number" ? data["initiative"] : null,
      defeated: data["defeated"] === true,
      hidden: data["hidden"] === true,
      flags: structuredClone((data["flags"] as Flags | undefined) ?? {}),
    };
  }

  get id(): string { return this._source._id; }
  /** The base actor's id: a schema field of v13 BaseCombatant (foundryvtt.com/api/classes/foundry.documents.BaseCombatant.html). */
  get actorId(): string | null { return this._source.actorId; }
  /**
   * A combatant made from a token (sceneId and tokenId, as the Token HUD makes them: foundryvtt/foundryvtt#13095) is
   * that token's actor, the synthetic one when unlinked (Nimble-Co/FoundryVTT-Nimble#463: `combatant.actor` of an
   * unlinked token is its synthetic actor; adambdooley/foundry-vtt-mcp#111: that actor is `TokenDocument#actor`).
   */
  get token(): SceneToken | null {
    const { sceneId, tokenId } = this._source;
    return sceneId && tokenId ? game().scenes.get(sceneId)?.tokens.get(tokenId) ?? null : null;
  }
  get actor(): Actor | null {
    const token = this.token;
    if (token) return token.actor;
    return this._source.actorId ? game().actors.get(this._source.actorId) ?? null : null;
  }
  get name(): string { return this._source.name ?? this.actor?.name ?? ""; }
  get initiative(): number | null { return this._source.initiative; }
  get defeated(): boolean { return this._source.defeated; }
  /** The Narrator hid the combatant from players: a schema field of v13 BaseCombatant
   *  (foundryvtt.com/api/classes/foundry.documents.BaseCombatant.html, `hidden: BooleanField`). */
  get hidden(): boolean { return this._source.hidden; }
  get flags(): Flags { return this._source.flags; }
  get combat(): Combat { return this.parent; }
  /** v13: defeated by the toggle or by the actor's "dead" status. */
  get isDefeated(): boolean { return this.defeated || this.actor?.statuses.has("dead") === true; }

  /** A combatant's permissions are its actor's. */
  testUserPermission(user: User, level: "OWNER" | number): boolean {
    if (user.isGM) return true;
    return this.actor?.testUserPermission(user, level) ?? false;
  }
  get isOwner(): boolean { return this.testUserPermission(game().user, "OWNER"); }
  get hasPlayerOwner(): boolean {
    return game().users.filter((u) => !u.isGM && this.testUserPermission(u, OWNER)).length > 0;
  }
  get isNPC(): boolean { return !this.actor || !this.hasPlayerOwner; }

  getFlag(scope: string, key: string): unknown {
    return flagOf(this._source.flags, scope, key);
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ flags: { [scope]: { [key]: value } } });
  }

  /** v13 Document#toObject: a copy of the source. */
  toObject(): Combatant["_source"] {
    return structuredClone(this._source);
  }

  /** v13's rule for players (see the file header). */
  _check(changes: Record<string, unknown>): void {
    const user = game().user;
    if (!user.isGM) {
      if (!this.isOwner) throw new Error(`User ${user.name} lacks permission to update Combatant ${this.id}`);
      const bad = Object.keys(changes).filter((k) => !PLAYER_KEYS.has(k));
      if (bad.length > 0) throw new Error(`User ${user.name} may not change ${bad.join(", ")} of Combatant ${this.id}`);
    }
  }

  _apply(changes: Record<string, unknown>): void {
    this._source = mergeObject(this._source, changes) as Combatant["_source"];
  }

  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    this._check(changes);
    await roundTrip();
    this._apply(changes);
    const userId = game().user.id;
    broadcast(() => { this.parent._onUpdateDescendantDocuments(this.parent, "combatants", [this], [changes], options, userId); });
    return this;
  }
}

/**
 * Foundry runs a document's _on… events on every connected client. The acting client runs the event at once and,
 * when that is not the active GM, the GM's client (clients.ts) runs it on the next task, with everything it queues.
 */
function broadcast(event: () => void): void {
  event();
  const gm = game().users.activeGM;
  if (!gm || gm.isSelf) return;
  setTimeout(() => {
    void onClient(gm, async () => {
      await Promise.resolve();
      event();
    });
  }, 0);
}

export interface HistoryData { round: number; turn: number | null; combatantId: string | null }

/** One turn event the double fired (the methods are called on the active GM's client). */
export interface TurnEvent {
  event: "startTurn" | "endTurn" | "startRound" | "endRound";
  round: number;
  turn: number | null;
  combatantId: string | null;
  name: string | null;
  skipped: boolean;
}

function sameState(a: HistoryData, b: HistoryData): boolean {
  return a.round === b.round && a.turn === b.turn && a.combatantId === b.combatantId;
}

export class Combat {
  _source: { _id: string; round: number; turn: number | null; flags: Flags };
  combatants = new Collection<Combatant>();
  turns: Combatant[] = [];
  current: HistoryData = { round: 0, turn: null, combatantId: null };
  previous: HistoryData | undefined;

  constructor(data: Record<string, unknown> = {}) {
    this._source = { _id: randomID(), round: 0, turn: null, flags: structuredClone((data["flags"] as Flags | undefined) ?? {}) };
  }

  static async create(data: Record<string, unknown> = {}): Promise<Combat> {
    if (!game().user.isGM) throw new Error("only a GM creates a combat in this double");
    const cls = (globalThis as unknown as { CONFIG: { Combat: { documentClass: typeof Combat } } }).CONFIG.Combat.documentClass;
    const combat = new cls(data);
    combat.setupTurns();
    await roundTrip();
    // v13: game.combats is the world's collection of Combat documents.
    game().combats.set(combat.id, combat);
    return combat;
  }

  get id(): string { return this._source._id; }
  get round(): number { return this._source.round; }
  get turn(): number | null { return this._source.turn; }
  /** v13 lets code change a field in memory before a write commits it (draw-steel's nextRound sets `this.turn = null`). */
  set turn(value: number | null) { this._source.turn = value; }
  get flags(): Flags { return this._source.flags; }
  get started(): boolean { return this.turns.length > 0 && this.round > 0; }
  get combatant(): Combatant | null { return this.turn === null ? null : this.turns[this.turn] ?? null; }

  /** v13 Document#toObject: a copy of the source. */
  toObject(): Combat["_source"] {
    return structuredClone(this._source);
  }

  getFlag(scope: string, key: string): unknown {
    return flagOf(this._source.flags, scope, key);
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    return this.update({ flags: { [scope]: { [key]: value } } });
  }

  /** Foundry's default order: initiative descending, then name, then id. */
  protected _sortCombatants(a: Combatant, b: Combatant): number {
    const ia = a.initiative ?? -Infinity;
    const ib = b.initiative ?? -Infinity;
    return ib - ia || a.name.localeCompare(b.name) || (a.id > b.id ? 1 : -1);
  }

  /** As in Foundry, the comparator is passed unbound. */
  setupTurns(): Combatant[] {
    // Foundry sorts with the unbound method: an override must not need `this`.
    const turns = this.combatants.contents.sort(this._sortCombatants);
    if (this._source.turn !== null && this._source.turn >= turns.length) this._source.turn = turns.length > 0 ? 0 : null;
    this.turns = turns;
    this.current = { round: this.round, turn: this.turn, combatantId: this.combatant?.id ?? null };
    return turns;
  }

  /**
   * _preUpdate runs on the writing client before the server sees the write; what it changes in `changes` is written,
   * and `false` cancels the write (foundryvtt/dnd5e module/data/item/class.mjs rewrites `changed.system.levels` there).
   */
  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    const user = game().user;
    // Players may move the round and the turn (core's End Turn button is theirs: assumption from the v13 tracker,
    // where a player ends their own turn), nothing else of a combat.
    const bad = user.isGM ? [] : Object.keys(changes).filter((k) => !COMBAT_PLAYER_KEYS.has(k));
    if (bad.length > 0) throw new Error(`User ${user.name} lacks permission to update ${bad.join(", ")} of Combat ${this.id}`);
    const changed = structuredClone(changes);
    if ((await this._preUpdate(changed, options, user)) === false) return this;
    await roundTrip();
    this._source = mergeObject(this._source, changed) as Combat["_source"];
    // Every client runs _onUpdate with the writer's id; the one that matters here is the active GM's (it alone fires
    // turn events), so a player's write is replayed there (assumption: one shared copy stands for every client's).
    const gm = game().users.activeGM;
    if (user.isGM || !gm) this._onUpdate(changed, options, user.id);
    else await onClient(gm, async () => { await Promise.resolve(); this._onUpdate(changed, options, user.id); });
    return this;
  }

  protected async _preUpdate(_changes: Record<string, unknown>, _options: Record<string, unknown>, _user: User): Promise<boolean | undefined> {
    await Promise.resolve();
    return undefined;
  }

  /** v13: the new current state, the previous one kept when it changed, then the turn events (not awaited by update). */
  protected _onUpdate(_changed: Record<string, unknown>, options: Record<string, unknown>, _userId: string): void {
    const prior = this.current;
    this.current = { round: this.round, turn: this.turn, combatantId: this.combatant?.id ?? null };
    if (sameState(prior, this.current)) return;
    this.previous = prior;
    if (options["turnEvents"] !== false) void this._manageTurnEvents(prior, this.current);
  }

  /** See the file header. */
  protected async _manageTurnEvents(previous: HistoryData, current: HistoryData): Promise<void> {
    if (!this.started) return;
    const advanceRound = current.round > previous.round;
    const advanceTurn = current.turn !== null && current.turn > (previous.turn ?? -1);
    if (!advanceRound && !advanceTurn) return;
    if (game().users.activeGM?.isSelf === true) {
      const prior = previous.combatantId === null ? undefined : this.combatants.get(previous.combatantId);
      if (prior) await this._onEndTurn(prior, { round: previous.round, turn: previous.turn, skipped: false });
      if (advanceRound && previous.round >= 1) await this._onEndRound({ round: previous.round, skipped: false });
      if (advanceRound) await this._onStartRound({ round: current.round, skipped: false });
      const next = current.combatantId === null ? undefined : this.combatants.get(current.combatantId);
      if (next) await this._onStartTurn(next, { round: current.round, turn: current.turn, skipped: false });
    }
    (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): boolean } }).Hooks.callAll("combatTurnChange", this, previous, current);
  }

  #record(event: TurnEvent["event"], context: { round: number; turn?: number | null; skipped: boolean }, combatant?: Combatant): void {
    combatDouble().turnEvents.push({ event, round: context.round, turn: context.turn ?? null, combatantId: combatant?.id ?? null, name: combatant?.name ?? null, skipped: context.skipped });
  }

  protected async _onStartTurn(combatant: Combatant, context: { round: number; turn: number | null; skipped: boolean }): Promise<void> {
    this.#record("startTurn", context, combatant);
    await Promise.resolve();
  }

  protected async _onEndTurn(combatant: Combatant, context: { round: number; turn: number | null; skipped: boolean }): Promise<void> {
    this.#record("endTurn", context, combatant);
    await Promise.resolve();
  }

  protected async _onStartRound(context: { round: number; skipped: boolean }): Promise<void> {
    this.#record("startRound", context);
    await Promise.resolve();
  }

  protected async _onEndRound(context: { round: number; skipped: boolean }): Promise<void> {
    this.#record("endRound", context);
    await Promise.resolve();
  }

  /** v13: round 1 on turn 0, announced by the combatStart hook with the data it is about to write (V13-API.md §5.3). */
  async startCombat(): Promise<this> {
    const updateData = { round: 1, turn: 0 };
    (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): boolean } }).Hooks.callAll("combatStart", this, updateData);
    return this.update(updateData);
  }

  /**
   * v13 Document#delete (core's End Combat): removed from game.combats, then the `deleteCombat` hook (document, options,
   * userId) on this client ("delete{DocumentName}" hooks). Only a GM deletes a combat here (assumption, as for create).
   */
  async delete(): Promise<this> {
    if (!game().user.isGM) throw new Error("only a GM deletes a combat in this double");
    await roundTrip();
    game().combats.delete(this.id);
    (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): boolean } }).Hooks.callAll("deleteCombat", this, {}, game().user.id);
    return this;
  }

  /** v13 keeps a null turn null (draw-steel's nextRound relies on it), else the next round begins on turn 0. */
  async nextRound(): Promise<this> {
    return this.update({ round: this.round + 1, turn: this.turn === null ? null : 0 });
  }

  async createEmbeddedDocuments(type: string, data: Record<string, unknown>[]): Promise<Combatant[]> {
    if (type !== "Combatant") throw new Error("only Combatants are embedded in this double");
    const cls = (globalThis as unknown as { CONFIG: { Combatant: { documentClass: typeof Combatant } } }).CONFIG.Combatant.documentClass;
    const created = data.map((d) => new cls(d, { parent: this }));
    for (const c of created) {
      if (!c.isOwner) throw new Error(`User ${game().user.name} lacks permission to create a Combatant for ${c.name}`);
    }
    await roundTrip();
    for (const c of created) this.combatants.set(c.id, c);
    const userId = game().user.id;
    broadcast(() => { this._onCreateDescendantDocuments(this, "combatants", created, data, {}, userId); });
    return created;
  }

  async updateEmbeddedDocuments(type: string, updates: ({ _id: string } & Record<string, unknown>)[]): Promise<Combatant[]> {
    if (type !== "Combatant") throw new Error("only Combatants are embedded in this double");
    const docs = updates.map((u) => {
      const c = this.combatants.get(u._id);
      if (!c) throw new Error(`no Combatant ${u._id}`);
      return c;
    });
    docs.forEach((c, i) => { c._check(updates[i] ?? { _id: c.id }); });
    await roundTrip();
    docs.forEach((c, i) => { c._apply(updates[i] ?? { _id: c.id }); });
    this._onUpdateDescendantDocuments(this, "combatants", docs, updates, {}, game().user.id);
    return docs;
  }

  /** v13 re-sorts the turns whenever combatants change. */
  _onCreateDescendantDocuments(_parent: unknown, _collection: string, _docs: unknown[], _data: unknown[], _options: unknown, _userId: string): void {
    this.setupTurns();
  }
  _onUpdateDescendantDocuments(_parent: unknown, _collection: string, _docs: unknown[], _changes: unknown[], _options: unknown, _userId: string): void {
    this.setupTurns();
  }
}

/** A v13 context menu entry (v13 shape: name, icon HTML, condition and callback on the row element). */
export interface ContextEntry {
  name: string;
  icon: string;
  condition?: (li: HTMLElement) => boolean;
  callback: (li: HTMLElement) => unknown;
}

/** The v13 sidebar tab our tracker extends; its rendering is not imitated (the tracker's view and template are tested). */
class CombatTracker {
  static DEFAULT_OPTIONS: Record<string, unknown> = {};
  static PARTS: Record<string, unknown> = {};
  /** v13: the combat the tab shows (typed member `viewed`); tests set it. */
  viewed: Combat | null = null;
  async _onRender(_context: unknown, _options: unknown): Promise<void> {
    await Promise.resolve();
  }

  /**
   * v13 core's combatant entries, by the names systems filter on: "COMBAT.CombatantClear" (sets initiative to null)
   * and "COMBAT.CombatantReroll" (rolls it again) are dropped by draw-steel (13.351) and the-metalworks/cosmere-rpg,
   * "COMBAT.CombatantRemove" is edited by ptr2e; "COMBAT.CombatantUpdate" and the GM-only conditions are assumptions.
   * On v14 core names them by `label` (`name` deprecated: the v14 declarations, and dnd5e 5.3 on v14 writing `label`).
   */
  _getEntryContextOptions(): ContextEntry[] {
    const gm = (): boolean => game().user.isGM;
    const of = (li: HTMLElement): Combatant | undefined => this.viewed?.combatants.get(li.dataset["combatantId"] ?? "");
    const v14 = (game() as unknown as { release: { generation: number } }).release.generation >= 14; // the double's release
    const named = (entry: ContextEntry): ContextEntry => {
      if (!v14) return entry;
      const { name, ...rest } = entry;
      return { ...rest, label: name } as unknown as ContextEntry; // v14's shape, which the 13.345 types do not have
    };
    const entries: ContextEntry[] = [
      { name: "COMBAT.CombatantUpdate", icon: '<i class="fa-solid fa-pen-to-square"></i>', condition: gm, callback: () => undefined },
      { name: "COMBAT.CombatantClear", icon: '<i class="fa-solid fa-arrow-rotate-left"></i>', condition: (li) => gm() && of(li)?.initiative !== null, callback: (li) => of(li)?.update({ initiative: null }) },
      { name: "COMBAT.CombatantReroll", icon: '<i class="fa-solid fa-dice-d20"></i>', condition: gm, callback: () => undefined },
      { name: "COMBAT.CombatantRemove", icon: '<i class="fa-solid fa-trash"></i>', condition: gm, callback: () => undefined },
    ];
    return entries.map(named);
  }
}

export interface CombatDouble {
  /** Values the next CONFIG.Dice.randomUniform calls return, in order; when empty, the dice double's seeded generator. */
  uniforms: number[];
  /** Every turn event fired, in order (see the file header). */
  turnEvents: TurnEvent[];
}

export function combatDouble(): CombatDouble {
  return (globalThis as unknown as { combatDouble: CombatDouble }).combatDouble;
}

/** Adds Combat, Combatant, their CONFIG entries, the tracker class and the dice generator (call after installDice). */
export function installCombat(): CombatDouble {
  const g = globalThis as unknown as Record<string, Record<string, unknown>>;
  const s: CombatDouble = { uniforms: [], turnEvents: [] };
  g["combatDouble"] = s as unknown as Record<string, unknown>;
  const foundry = g["foundry"] ?? {};
  const applications = (foundry["applications"] ?? {}) as Record<string, Record<string, unknown> | undefined>;
  foundry["applications"] = { ...applications, sidebar: { ...applications["sidebar"], tabs: { CombatTracker } } };
  const world = g["game"];
  if (world) world["combats"] = new Collection<Combat>();
  const CONFIG = g["CONFIG"] ?? {};
  CONFIG["Combat"] = { documentClass: Combat, initiative: { formula: null, decimals: 2 } };
  CONFIG["Combatant"] = { documentClass: Combatant };
  CONFIG["ui"] = { combat: CombatTracker };
  const dice = (CONFIG["Dice"] ?? {}) as Record<string, unknown>;
  const fallback = typeof dice["randomUniform"] === "function" ? (dice["randomUniform"] as () => number) : Math.random;
  CONFIG["Dice"] = { ...dice, randomUniform: () => s.uniforms.shift() ?? fallback() };
  g["Combat"] = Combat as unknown as Record<string, unknown>;
  g["Combatant"] = Combatant as unknown as Record<string, unknown>;
  return s;
}
