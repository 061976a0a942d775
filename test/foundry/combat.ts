/**
 * Test double of Foundry v13's Combat and Combatant, as far as our combat code uses them:
 * combatants embedded in a combat, `turns` built by setupTurns with `_sortCombatants` as an unbound comparator,
 * startCombat/nextRound advancing the round and the active GM's client running `_onStartRound`, flags read and
 * written through update with v13's permission rules (a player may only change initiative, flags and defeated
 * of combatants whose actor they own; only a GM changes the combat), descendant-document events, the
 * sidebar CombatTracker class to extend, and CONFIG.Dice.randomUniform fed from a queue.
 * Every write takes a server round trip and is applied when it comes back (assumption, the one clients.ts states
 * and documents.ts models), so two clients' writes can interleave as they do in Foundry.
 */
import { Collection, randomID, type Actor, type User } from "./documents.js";
import { mergeObject } from "./data-model.js";
import { onClient, roundTrip } from "./clients.js";

interface GameLike {
  user: User;
  users: Collection<User> & { activeGM: User | null };
  actors: Collection<Actor>;
  combats: Collection<Combat>;
}
const game = (): GameLike => (globalThis as unknown as { game: GameLike }).game;
const OWNER = 3;
const PLAYER_KEYS = new Set(["_id", "initiative", "flags", "defeated"]);

type Flags = Record<string, Record<string, unknown>>;

function flagOf(flags: Flags, scope: string, key: string): unknown {
  return flags[scope]?.[key];
}

export class Combatant {
  _source: { _id: string; actorId: string | null; name: string | null; initiative: number | null; defeated: boolean; flags: Flags };
  readonly parent: Combat;

  constructor(data: Record<string, unknown>, { parent }: { parent: Combat }) {
    this.parent = parent;
    this._source = {
      _id: randomID(),
      actorId: typeof data["actorId"] === "string" ? data["actorId"] : null,
      name: typeof data["name"] === "string" ? data["name"] : null,
      initiative: typeof data["initiative"] === "number" ? data["initiative"] : null,
      defeated: data["defeated"] === true,
      flags: structuredClone((data["flags"] as Flags | undefined) ?? {}),
    };
  }

  get id(): string { return this._source._id; }
  get actor(): Actor | null { return this._source.actorId ? game().actors.get(this._source.actorId) ?? null : null; }
  get name(): string { return this._source.name ?? this.actor?.name ?? ""; }
  get initiative(): number | null { return this._source.initiative; }
  get defeated(): boolean { return this._source.defeated; }
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

  async update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this> {
    const user = game().user;
    if (!user.isGM) throw new Error(`User ${user.name} lacks permission to update Combat ${this.id}`);
    await roundTrip();
    this._source = mergeObject(this._source, changes) as Combat["_source"];
    this._onUpdate(changes, options, user.id);
    return this;
  }

  /** v13: the new current state, and turn events on the active GM's client (not awaited by update). */
  protected _onUpdate(changed: Record<string, unknown>, _options: Record<string, unknown>, _userId: string): void {
    this.previous = this.current;
    this.current = { round: this.round, turn: this.turn, combatantId: this.combatant?.id ?? null };
    if (game().users.activeGM?.isSelf !== true) return;
    if ("round" in changed && this.current.round > this.previous.round) void this._onStartRound({ round: this.round, skipped: false });
  }

  protected async _onStartRound(_context: { round: number; skipped: boolean }): Promise<void> {
    await Promise.resolve();
  }

  async startCombat(): Promise<this> {
    return this.update({ round: 1, turn: 0 });
  }

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

/** The v13 sidebar tab our tracker extends; its rendering is not imitated (the tracker's view and template are tested). */
class CombatTracker {
  static DEFAULT_OPTIONS: Record<string, unknown> = {};
  static PARTS: Record<string, unknown> = {};
  async _onRender(_context: unknown, _options: unknown): Promise<void> {
    await Promise.resolve();
  }
}

export interface CombatDouble {
  /** Values the next CONFIG.Dice.randomUniform calls return, in order; when empty, Math.random. */
  uniforms: number[];
}

export function combatDouble(): CombatDouble {
  return (globalThis as unknown as { combatDouble: CombatDouble }).combatDouble;
}

/** Adds Combat, Combatant, their CONFIG entries, the tracker class and the dice generator (call after installDice). */
export function installCombat(): CombatDouble {
  const g = globalThis as unknown as Record<string, Record<string, unknown>>;
  const s: CombatDouble = { uniforms: [] };
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
  CONFIG["Dice"] = { ...dice, randomUniform: () => s.uniforms.shift() ?? Math.random() };
  g["Combat"] = Combat as unknown as Record<string, unknown>;
  g["Combatant"] = Combatant as unknown as Record<string, unknown>;
  return s;
}
