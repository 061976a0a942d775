/**
 * GenesysCombat: the GeneSys turn (§2.1) on Foundry's Combat. Each round starts with a declaration phase
 * (ascending Riflessi), in which it is nobody's turn: Foundry's `turn` stays null and the tracker shows who declares
 * next from pendingDeclarers(). Once everyone able to act has declared, the execution phase gives the turn to each
 * slot in execution order, so Foundry's turn events (start/end of turn, combatTurnChange) fire once per slot.
 * Held actions (§2.1.2, A-33), replacements, surprise (§3.2.1) and the maneuvers executed (§2.2.1, §2.2.4: what
 * the rolls read, tracker-state.ts) are kept in the combat's flags. Every ordering comes from src/rules
 * (declarationOrder, executionOrder, executionValue, tie-breaks); this file only checks, stores and sequences.
 *
 * How Foundry v13 fires turn events, which the turn flow below is built around (test/foundry/combat.ts models it):
 * only when the round goes up or `turn` goes up (foundryvtt/foundryvtt#13983: the events assume the turn moves down
 * the tracker; #11988: moving back fires nothing; draw-steel src/module/documents/combat.mjs, `endTurn`: setting
 * `turn` to null ends nobody's turn), for the combatant found at `turns[turn]` (#12747: what counts is the index).
 * So the execution order keeps the slots already given at the top in the order they were given, each new slot
 * goes right below them, and the turn only ever moves down, except when an interrupted slot resumes.
 *
 * Who writes what: only the active GM's client. Every combatant's state lives in the Combat's flags, which only a GM
 * may update, because a player may rewrite the flags of the combatants they own. A player's action (declare, hold,
 * trigger, cancel a hold, replace, end their slot) is an intent: the GM's client re-checks it (owner, phase, order,
 * the maneuver's legality, whose slot it is) and writes it, inside the GM queue, so intents and the combat's own
 * syncs never interleave. The GM's own actions take the same path, with the GM as requester.
 */
import { answerWhile, registerIntent, requestIntent, type IntentOutcome, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { gmQueue } from "../authority/serial-queue.js";
import { declarationOrder, executionOrder, executionValue, type ExecutionEntry } from "../rules/initiative.js";
import { CANCEL, MANEUVER_INITIATIVE, aimsAtTarget, canReplace, declareManeuver, holdManeuver, replaceManeuver, type ManeuverReplacement } from "../rules/maneuvers.js";
import { RulesError } from "../rules/errors.js";
import { recordExecution } from "../rules/maneuver-effects.js";
import { MANEUVERS, type DiceRoller, type ManeuverKey } from "../rules/types.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { assignTieBreaks, type TieBreakAssignment } from "./combat-tie-breaks.js";
import { knownDiceRoll } from "./known-roll.js";
import { isGenesysCombatant, type CombatantState, type GenesysCombatant, type StoredDeclaration } from "./combatant.js";
import type { PrepareAim } from "./weapon-preparation.js";

export type CombatPhase = "declaration" | "execution";

/** Flags of a combat under the system's scope (typed in src/fvtt-config.ts). */
export type CombatFlags = {
  /**
   * The phase of the round it names; any other round is in its declaration phase. `started`: the ids whose slot has
   * been given the turn this round (execution phase), in that order; the last one holds the turn.
   */
  phase?: { round: number; phase: CombatPhase; started?: string[] } | null;
  /** Each combatant's GeneSys state, by combatant id. */
  combatants?: Record<string, CombatantState>;
};

export const TIE_BREAK_TEMPLATE = "systems/genesys-gdr/templates/combat/tie-break.hbs";

/** The intents a player's client sends for the combat; their payloads carry the combat id, the combatant id and the choice. */
export const COMBAT_INTENTS = {
  declare: "combat.declare",
  hold: "combat.hold",
  trigger: "combat.trigger",
  cancelHold: "combat.cancelHold",
  replace: "combat.replace",
  completeSlot: "combat.completeSlot",
  clearDeclaration: "combat.clearDeclaration",
} as const;

/** §2.1.1 Foundry's own dice generator, the one its Die terms use. */
export const foundryRoller: DiceRoller = (count, faces) => Array.from({ length: count }, () => Math.ceil(CONFIG.Dice.randomUniform() * faces));

const INVALID = "GENESYS.Authority.Invalid";
const OK: IntentResult = { ok: true };

function warn(key: string, data: Record<string, string> = {}): false {
  ui.notifications.warn(game.i18n.format(key, data));
  return false;
}

function refuse(warning: string, data: Record<string, string> = {}): IntentResult {
  return { ok: false, warning, data };
}

function maneuverName(key: ManeuverKey): string {
  return game.i18n.localize(`GENESYS.Maneuver.${key}`);
}

function isManeuver(value: string): value is ManeuverKey {
  return (MANEUVERS as readonly string[]).includes(value);
}

/** A Foundry document id as it may arrive from a client; anything else is malformed. */
function isDocumentId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9]{1,64}$/.test(value);
}

/** An untrusted string, short enough to be echoed in a warning. */
function shown(value: string): string {
  return value.slice(0, 40);
}

function genesysCombatants(combat: Combat.Implementation | null): GenesysCombatant[] {
  if (!combat) return [];
  return combat.combatants.contents.filter((c): c is GenesysCombatant => isGenesysCombatant(c));
}

function phaseOf(combat: Combat.Implementation | null): CombatPhase {
  const flag = combat?.getFlag(SYSTEM_ID, "phase") ?? null;
  return flag && combat && flag.round === combat.round && flag.phase === "execution" ? "execution" : "declaration";
}

/** Ids of the slots given the turn so far this round, in that order (execution phase only). */
function startedOf(combat: Combat.Implementation | null): readonly string[] {
  if (!combat || phaseOf(combat) !== "execution") return [];
  return combat.getFlag(SYSTEM_ID, "phase")?.started ?? [];
}

/** Name, then id: only used when the rules cannot order two combatants (a tie-break not rolled yet). */
function byName(a: Combatant.Implementation, b: Combatant.Implementation): number {
  return (a.name ?? "").localeCompare(b.name ?? "") || (a.id ?? "").localeCompare(b.id ?? "");
}

/** -1 when `a` comes first in the rules' order of the two. */
function firstOf(order: readonly { id: string }[], a: GenesysCombatant): number {
  return order[0]?.id === a.id ? -1 : 1;
}

/**
 * The tracker's comparator. Declaration phase (and before the fight starts): the declaration order.
 * Execution phase: the slots already given the turn, in the order given (so that the turn only moves down, see the
 * file header), then the other combatants with a slot in the rules' execution order (triggered holds first, ties to
 * the later declarer), then the others in declaration order. Foundry calls it unbound, so it reads the combat
 * from the combatants.
 */
export function compareCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
  if (!isGenesysCombatant(a) || !isGenesysCombatant(b)) return byName(a, b);
  const combat = a.combat;
  const round = combat?.round ?? 0;
  try {
    if (combat && round >= 1 && phaseOf(combat) === "execution") {
      const started = startedOf(combat);
      const sa = started.indexOf(a.id ?? "");
      const sb = started.indexOf(b.id ?? "");
      if (sa >= 0 || sb >= 0) return sa >= 0 && sb >= 0 ? sa - sb : sa >= 0 ? -1 : 1;
      const ea = a.executionEntry(round);
      const eb = b.executionEntry(round);
      if (ea && eb) return firstOf(executionOrder([ea, eb]), a);
      if (ea || eb) return ea ? -1 : 1;
    }
    return firstOf(declarationOrder([a.rulesCombatant, b.rulesCombatant]), a);
  } catch (error) {
    if (error instanceof RulesError) return byName(a, b);
    throw error;
  }
}

/** §2.1.1 the given combatants in declaration order (slowest first). */
function inDeclarationOrder(combatants: GenesysCombatant[]): GenesysCombatant[] {
  try {
    const order = declarationOrder(combatants.map((c) => c.rulesCombatant));
    return order.map(({ id }) => combatants.find((c) => c.id === id)).filter((c): c is GenesysCombatant => c !== undefined);
  } catch (error) {
    // A tie-break not rolled yet (the GM's client rolls it at once): pairwise order meanwhile.
    if (error instanceof RulesError) return [...combatants].sort(compareCombatants);
    throw error;
  }
}

/** Owner of the combatant's actor, or a GM; else the refusal. */
function mayControl(requester: Requester, combatant: GenesysCombatant): IntentResult | null {
  if (requester.isGM) return null;
  // fvtt-types types the requester as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  if (combatant.actor?.testUserPermission(requester.user, "OWNER") === true) return null;
  return refuse("GENESYS.Combat.Warn.NotOwner", { name: combatant.name ?? "" });
}

/** The combat and combatant an intent names, read from the world; the payload itself is untrusted JSON. */
function addressed(payload: unknown): { combat: GenesysCombat; combatant: GenesysCombatant; fields: Record<string, unknown> } | IntentResult {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return refuse(INVALID);
  // A non-null, non-array object: each field is checked below before it is used.
  const fields = payload as Record<string, unknown>;
  const { combatId, combatantId } = fields;
  if (!isDocumentId(combatId) || !isDocumentId(combatantId)) return refuse(INVALID);
  const combat = game.combats.get(combatId);
  if (!(combat instanceof GenesysCombat)) return refuse("GENESYS.Combat.Warn.NoCombat");
  const combatant = combat.combatants.get(combatantId);
  if (!isGenesysCombatant(combatant)) return refuse("GENESYS.Combat.Warn.NoCombatant");
  return { combat, combatant, fields };
}

type IntentAction = (combat: GenesysCombat, requester: Requester, combatant: GenesysCombatant, fields: Record<string, unknown>) => IntentOutcome | Promise<IntentOutcome>;

export class GenesysCombat<SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {
  get phase(): CombatPhase {
    return phaseOf(this);
  }

  get genesysCombatants(): GenesysCombatant[] {
    return genesysCombatants(this);
  }

  /** §2.1.1 everyone able to act this round, in declaration order (slowest first). */
  declarationSequence(): GenesysCombatant[] {
    return inDeclarationOrder(this.genesysCombatants.filter((c) => c.canActInRound(this.round)));
  }

  /** Who still has to declare this round, in order; a hold carried over counts as declared. */
  pendingDeclarers(): GenesysCombatant[] {
    return this.declarationSequence().filter((c) => !c.declarationFor(this.round));
  }

  /** §2.1.1–§2.1.2 the rules' execution order of this round (surprised combatants already have no entry in round 1). */
  executionSlots(): { combatant: GenesysCombatant; value: number; held: boolean }[] {
    const entries: (ExecutionEntry & { combatant: GenesysCombatant })[] = [];
    for (const combatant of this.genesysCombatants) {
      const entry = combatant.executionEntry(this.round);
      if (entry) entries.push({ ...entry, combatant });
    }
    try {
      return executionOrder(entries, { firstTurn: this.round === 1 }).map((s) => ({ combatant: s.entry.combatant, value: s.value, held: s.held }));
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      // A tie-break not rolled yet: pairwise order meanwhile.
      return entries
        .map((e) => ({ combatant: e.combatant, value: executionValue(e.reflexes, e.maneuver), held: e.held === true }))
        .sort((x, y) => compareCombatants(x.combatant, y.combatant));
    }
  }

  /** The next combatant to act in the execution phase: the first slot not yet completed. */
  nextActor(): GenesysCombatant | null {
    return this.executionSlots().find((s) => !s.combatant.hasActed(this.round))?.combatant ?? null;
  }

  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    return compareCombatants(a, b);
  }

  /* -------------------------------------------- */
  /*  Actions: intents decided by the GM's client  */
  /* -------------------------------------------- */

  /*
   * Each public action below sends an intent and resolves once the active GM's client has answered (a refusal is
   * shown as a warning). It waits for the GM queue, so it must never be awaited from inside a gmQueue task.
   */

  /**
   * §2.1.1 declare a maneuver (optionally held, §2.1.2) for this round. Players declare for their own combatants,
   * in declaration order: everyone slower must have declared first. The GM may declare for anyone at any time.
   */
  async declare(combatant: GenesysCombatant, maneuver: ManeuverKey, options: { held?: boolean; target?: string | null; prepare?: PrepareAim | null } = {}): Promise<boolean> {
    return this.#request(COMBAT_INTENTS.declare, combatant, { maneuver, held: options.held === true, target: options.target ?? null, prepare: options.prepare ?? null });
  }

  /**
   * §2.1.2 put the declared maneuver on hold: at declaration, or in one's own slot at execution (EX-13: Sonny loses
   * sight of Bill and waits for him to leave cover). The hold persists across rounds until triggered or cancelled.
   * In the declaration phase a player may do it only until someone after them in the order has declared (§2.1.1).
   */
  async hold(combatant: GenesysCombatant): Promise<boolean> {
    return this.#request(COMBAT_INTENTS.hold, combatant);
  }

  /** §2.1.2 the awaited event has come: the held action goes before every normal action (among holds, higher Riflessi first). */
  async trigger(combatant: GenesysCombatant): Promise<boolean> {
    return this.#request(COMBAT_INTENTS.trigger, combatant);
  }

  /**
   * §2.1.2 give up a hold. In the declaration phase the combatant then declares again like everyone else; a player may
   * do it there only until someone after them in the order has declared this round (§2.1.1), the Narrator always.
   */
  async cancelHold(combatant: GenesysCombatant): Promise<boolean> {
    return this.#request(COMBAT_INTENTS.cancelHold, combatant);
  }

  /**
   * §2.1.2 at execution, in one's own slot, cancel the maneuver or replace it with one of strictly higher
   * initiative; anything else is refused with a warning that says why.
   */
  async replace(combatant: GenesysCombatant, replacement: ManeuverReplacement): Promise<boolean> {
    return this.#request(COMBAT_INTENTS.replace, combatant, { replacement });
  }

  /**
   * The Narrator takes back what a combatant declared this round (a slip, or a declaration out of turn), held or not:
   * in the declaration phase only, after which the combatant declares again like everyone still to declare.
   * GeneSys's meaning of Foundry's "Clear Initiative", whose execution value would come back at once.
   */
  async clearDeclaration(combatant: GenesysCombatant): Promise<boolean> {
    if (!game.user.isGM) return warn("GENESYS.Combat.Warn.GmOnly");
    return this.#request(COMBAT_INTENTS.clearDeclaration, combatant);
  }

  /** §3.2.1 the Narrator decides who is caught by surprise (no action in round 1); the token status mirrors it. */
  async setSurprised(combatant: GenesysCombatant, surprised: boolean): Promise<boolean> {
    if (!game.user.isGM) return warn("GENESYS.Combat.Warn.GmOnly");
    await gmQueue.run(async () => {
      await this.#write({ [combatant.id ?? ""]: { surprised } });
      await combatant.actor?.toggleStatusEffect("surprised", { active: surprised && this.round <= 1 });
      await this.#syncNow();
    });
    return true;
  }

  /**
   * §2.2.5 the margin of the adverse-conditions check of this round's Movimento, on the active GM's client only (the
   * check request decides it, documents/movement-check.ts): a player's client writes nothing, and the server would
   * refuse its update of the Combat anyway. Not queued: the request's intent handler already runs in the GM queue.
   */
  /**
   * §3.2.1 an ambush check passed (documents/ambush-check.ts): the combatant is no longer surprised. Run by the active
   * Narrator's client from within a request intent, already in the GM queue, so not queued again (setSurprised is).
   */
  async avoidSurprise(combatant: GenesysCombatant): Promise<boolean> {
    if (!game.users.activeGM?.isSelf) return warn("GENESYS.Combat.Warn.GmOnly");
    if (combatant.id === null || !this.combatants.has(combatant.id) || !combatant.surprised) return false;
    await this.#write({ [combatant.id]: { surprised: false } });
    await combatant.actor?.toggleStatusEffect("surprised", { active: false });
    await this.#syncNow();
    return true;
  }

  async recordMovementCheck(combatant: GenesysCombatant, margin: number): Promise<boolean> {
    if (!game.users.activeGM?.isSelf) return warn("GENESYS.Combat.Warn.GmOnly");
    if (!Number.isInteger(margin) || combatant.id === null || !this.combatants.has(combatant.id)) return warn(INVALID);
    await this.#write({ [combatant.id]: { movementCheck: { round: this.round, margin } } });
    return true;
  }

  async #request(kind: string, combatant: GenesysCombatant, choice: Record<string, unknown> = {}): Promise<boolean> {
    return requestIntent(kind, { combatId: this.id, combatantId: combatant.id, ...choice });
  }

  /** Registers the GM side of every combat intent; call at init. */
  static registerIntents(): void {
    const on = (kind: string, action: IntentAction): void => {
      registerIntent(kind, (requester, payload) => {
        const target = addressed(payload);
        return Promise.resolve("ok" in target ? target : action(target.combat, requester, target.combatant, target.fields));
      });
    };
    on(COMBAT_INTENTS.declare, (combat, requester, combatant, fields) => combat.#declare(requester, combatant, fields));
    on(COMBAT_INTENTS.hold, (combat, requester, combatant) => combat.#hold(requester, combatant));
    on(COMBAT_INTENTS.trigger, (combat, requester, combatant) => combat.#trigger(requester, combatant));
    on(COMBAT_INTENTS.cancelHold, (combat, requester, combatant) => combat.#cancelHold(requester, combatant));
    on(COMBAT_INTENTS.replace, (combat, requester, combatant, fields) => combat.#replace(requester, combatant, fields));
    on(COMBAT_INTENTS.completeSlot, (combat, requester, combatant) => combat.#completeSlot(requester, combatant));
    on(COMBAT_INTENTS.clearDeclaration, (combat, requester, combatant) => combat.#clearDeclaration(requester, combatant));
  }

  /* The handlers below run on the active GM's client, inside the GM queue: they may await writes and #syncNow, never the queue. */

  #notIn(phase: CombatPhase): IntentResult | null {
    if (!this.started) return refuse("GENESYS.Combat.Warn.NotStarted");
    if (this.phase === phase) return null;
    return refuse(phase === "declaration" ? "GENESYS.Combat.Warn.NotDeclarationPhase" : "GENESYS.Combat.Warn.NotExecutionPhase");
  }

  /**
   * §2.1.1 later declarers choose knowing the earlier declarations, never the reverse. So in the declaration phase a
   * player's declaration is settled once someone after them has declared this round: putting it on hold then, or
   * giving up a hold to declare again, would choose knowing what came after. The Narrator may still do either.
   */
  #settled(requester: Requester, combatant: GenesysCombatant, warning: string): IntentResult | null {
    if (requester.isGM || this.phase !== "declaration") return null;
    const order = inDeclarationOrder(this.genesysCombatants);
    // Everyone counts, able to act or not: what they declared is known all the same. A hold carried over from an
    // earlier round was known when this combatant last declared, so only this round's declarations count.
    const later = order.slice(order.findIndex((c) => c.id === combatant.id) + 1);
    if (!later.some((c) => c.genesysFlags.declaration?.round === this.round)) return null;
    return refuse(warning, { name: combatant.name ?? "" });
  }

  async #declare(requester: Requester, combatant: GenesysCombatant, fields: Record<string, unknown>): Promise<IntentOutcome> {
    const { maneuver, held, target } = fields;
    const validTarget = target === undefined || target === null || (typeof target === "string" && target.length <= 64);
    // A weapon to draw or reload (§2.2.6): its checks load with the first declaration that names one.
    const raw = fields["prepare"];
    const preparing = raw === undefined || raw === null ? null : await import("./weapon-preparation-intents.js");
    const prepare = preparing ? preparing.readPrepareAim(raw) : null;
    if (typeof maneuver !== "string" || (held !== undefined && typeof held !== "boolean") || !validTarget || prepare === "invalid") return refuse(INVALID);
    const refused = this.#notIn("declaration") ?? mayControl(requester, combatant);
    if (refused) return refused;
    const name = combatant.name ?? "";
    if (!combatant.canActInRound(this.round)) return refuse("GENESYS.Combat.Warn.CannotAct", { name });
    if (!isManeuver(maneuver)) return refuse("GENESYS.Combat.Warn.UnknownManeuver", { name: shown(maneuver) });
    const wrongTarget = typeof target === "string" ? this.#refuseAim(requester, combatant, maneuver, target) : null;
    if (wrongTarget) return wrongTarget;
    if (prepare && maneuver !== "preparation") return refuse("GENESYS.Combat.Prepare.Warn.NotPreparation", { name });
    const unprepared = prepare && preparing ? preparing.prepareRefusal(combatant.actor, prepare) : null;
    if (unprepared) return refuse(unprepared.warning, unprepared.data);
    const current = combatant.declarationFor(this.round);
    if (current?.held) return refuse("GENESYS.Combat.Warn.StillHolding", { name });
    if (!requester.isGM) {
      if (current) return refuse("GENESYS.Combat.Warn.AlreadyDeclared", { name });
      const next = this.pendingDeclarers()[0];
      if (next && next.id !== combatant.id) return refuse("GENESYS.Combat.Warn.WaitForDeclarer", { name, next: next.name ?? "" });
    }
    const base = declareManeuver(maneuver, target ?? undefined);
    const declared = held === true ? holdManeuver(base) : base;
    const stored: StoredDeclaration = { maneuver: declared.maneuver, slot: declared.maneuver, held: declared.held, triggered: false, target: target ?? null, round: this.round, prepare };
    // For modules, on the client that decided it (the active Narrator's), once written; a copy, since the combat's flags are the record.
    return answerWhile(this.#store(combatant, stored).then(() => { Hooks.callAll("genesys.declareManeuver", this, combatant, { ...stored }); }));
  }

  /**
   * §2.2.4 a declared target must be one a Focalizzazione aims at: another combatant of this fight, named by its
   * combatant, token or actor id (the ids the attack reads it by, tracker-state.ts targetIds). Null when it is.
   */
  #refuseAim(requester: Requester, combatant: GenesysCombatant, maneuver: ManeuverKey, target: string): IntentResult | null {
    const name = combatant.name ?? "";
    if (!aimsAtTarget(maneuver)) return refuse("GENESYS.Combat.Warn.TargetNotAimed", { name });
    const aimed = this.genesysCombatants.find((c) => c.id === target || c.tokenId === target || c.actorId === target);
    // A combatant hidden from players is not theirs to aim at: the dialog does not offer it, nor does this.
    if (!aimed || (aimed.hidden && !requester.isGM)) return refuse("GENESYS.Combat.Warn.FocusTargetNotInCombat", { name });
    if (aimed.id === combatant.id) return refuse("GENESYS.Combat.Warn.FocusOnSelf", { name });
    return null;
  }

  #hold(requester: Requester, combatant: GenesysCombatant): IntentOutcome {
    if (!this.started) return refuse("GENESYS.Combat.Warn.NotStarted");
    const refused = mayControl(requester, combatant);
    if (refused) return refused;
    const d = combatant.declarationFor(this.round);
    const name = combatant.name ?? "";
    if (!d) return refuse("GENESYS.Combat.Warn.NothingDeclared", { name });
    if (d.held) return refuse("GENESYS.Combat.Warn.AlreadyHolding", { name });
    if (this.phase === "execution" && (this.combatant?.id !== combatant.id || combatant.hasActed(this.round))) return refuse("GENESYS.Combat.Warn.NotCurrent", { name });
    const late = this.#settled(requester, combatant, "GENESYS.Combat.Warn.HoldTooLate");
    if (late) return late;
    const held = holdManeuver({ maneuver: d.maneuver, held: d.held });
    return answerWhile(this.#store(combatant, { ...d, maneuver: held.maneuver, held: held.held, triggered: false }));
  }

  #trigger(requester: Requester, combatant: GenesysCombatant): IntentOutcome {
    const refused = this.#notIn("execution") ?? mayControl(requester, combatant);
    if (refused) return refused;
    const d = combatant.declarationFor(this.round);
    const name = combatant.name ?? "";
    if (!d?.held) return refuse("GENESYS.Combat.Warn.NotHolding", { name });
    if (d.triggered) return OK;
    if (!combatant.canActInRound(this.round)) return refuse("GENESYS.Combat.Warn.CannotAct", { name });
    return answerWhile(this.#store(combatant, { ...d, triggered: true }));
  }

  #cancelHold(requester: Requester, combatant: GenesysCombatant): IntentOutcome {
    if (!this.started) return refuse("GENESYS.Combat.Warn.NotStarted");
    const refused = mayControl(requester, combatant);
    if (refused) return refused;
    if (!combatant.declarationFor(this.round)?.held) return refuse("GENESYS.Combat.Warn.NotHolding", { name: combatant.name ?? "" });
    const late = this.#settled(requester, combatant, "GENESYS.Combat.Warn.CancelHoldTooLate");
    if (late) return late;
    return answerWhile(this.#store(combatant, null));
  }

  #replace(requester: Requester, combatant: GenesysCombatant, fields: Record<string, unknown>): IntentOutcome {
    const { replacement } = fields;
    if (typeof replacement !== "string") return refuse(INVALID);
    const refused = this.#notIn("execution") ?? mayControl(requester, combatant);
    if (refused) return refused;
    const name = combatant.name ?? "";
    const d = combatant.declarationFor(this.round);
    if (!d || (d.held && !d.triggered)) return refuse("GENESYS.Combat.Warn.NothingDeclared", { name });
    if (this.combatant?.id !== combatant.id || combatant.hasActed(this.round)) return refuse("GENESYS.Combat.Warn.NotCurrent", { name });
    if (replacement !== CANCEL && !isManeuver(replacement)) return refuse("GENESYS.Combat.Warn.UnknownManeuver", { name: shown(replacement) });
    if (!canReplace(d.maneuver, replacement)) {
      return refuse("GENESYS.Combat.Warn.ReplaceNotHigher", {
        name,
        from: maneuverName(d.maneuver),
        to: replacement === CANCEL ? "" : maneuverName(replacement),
        initiative: String(MANEUVER_INITIATIVE[d.maneuver]),
      });
    }
    const next = replaceManeuver({ maneuver: d.maneuver, held: false }, replacement);
    // What executes in this slot is now the replacement, or nothing (§2.1.2): the record follows.
    // A target stays only with a maneuver that aims at one (§2.2.4).
    const target = next && aimsAtTarget(next.maneuver) ? d.target : null;
    const executed = recordExecution(combatant.executedManeuvers, this.round, next ? { maneuver: next.maneuver, target } : null);
    // Cancelling gives up the slot; a replacement keeps it, so the combatant stays where it is in the order.
    // A replacement has a higher initiative than Preparazione (0), so it prepares nothing (§2.2.6).
    return answerWhile(this.#store(combatant, next ? { ...d, maneuver: next.maneuver, target, prepare: null } : null, next ? undefined : this.round, executed));
  }

  /** The current combatant's slot is over: a triggered hold is spent; a normal declaration stays, for the record, until the next round. */
  #completeSlot(requester: Requester, combatant: GenesysCombatant): IntentOutcome {
    const refused = this.#notIn("execution") ?? mayControl(requester, combatant);
    if (refused) return refused;
    const name = combatant.name ?? "";
    if (this.combatant?.id !== combatant.id || combatant.hasActed(this.round)) return refuse("GENESYS.Combat.Warn.NotCurrent", { name });
    const d = combatant.declarationFor(this.round);
    if (!d || !combatant.executionEntry(this.round)) return refuse("GENESYS.Combat.Warn.NothingDeclared", { name });
    return answerWhile(this.#completeWithPreparation(combatant, d));
  }

  /**
   * §2.2.6 the slot's end, with a Preparazione declared for a weapon counted: the count is stored with the slot's end,
   * and only then is the weapon drawn or reloaded, so that a failed store never leaves a count to make again.
   */
  async #completeWithPreparation(combatant: GenesysCombatant, d: StoredDeclaration): Promise<void> {
    const aim = d.maneuver === "preparation" ? (d.prepare ?? null) : null;
    const planned = aim ? (await import("./weapon-preparation-intents.js")).planPreparation(combatant.actor, aim, combatant.genesysFlags.preparing, this.round) : null; // loads on its first use
    await this.#store(combatant, d.held && d.triggered ? null : d, this.round, undefined, planned?.flag);
    if (planned?.write) await planned.write();
  }

  #clearDeclaration(requester: Requester, combatant: GenesysCombatant): IntentOutcome {
    if (!requester.isGM) return refuse("GENESYS.Combat.Warn.GmOnly");
    const refused = this.#notIn("declaration");
    if (refused) return refused;
    if (!combatant.declarationFor(this.round)) return refuse("GENESYS.Combat.Warn.NothingDeclared", { name: combatant.name ?? "" });
    return answerWhile(this.#store(combatant, null));
  }

  /** Writes a combatant's declaration (and the round its slot ended in) on the combat, then moves the turn on. */
  async #store(combatant: GenesysCombatant, declaration: StoredDeclaration | null, actedRound?: number, executed?: CombatantState["executed"], preparing?: CombatantState["preparing"]): Promise<void> {
    const state: CombatantState = actedRound === undefined ? { declaration } : { declaration, actedRound };
    if (executed !== undefined) state.executed = executed;
    if (preparing !== undefined) state.preparing = preparing;
    await this.#write({ [combatant.id ?? ""]: state });
    await this.#syncNow();
  }

  /**
   * Merges combatants' states (and the phase) into the combat's flags: the only place they are kept. A `turn` goes in
   * the same write, so Foundry reads it against the order those flags make (see _onUpdate).
   */
  async #write(states: Record<string, CombatantState>, phase?: CombatFlags["phase"], turn?: number | null, options: Combat.Database.UpdateOperation = {}): Promise<void> {
    const flags: CombatFlags = phase === undefined ? { combatants: states } : { phase, combatants: states };
    await this.update({ flags: { [SYSTEM_ID]: flags }, ...(turn === undefined ? {} : { turn }) }, options);
  }

  /* -------------------------------------------- */
  /*  Turn flow                                    */
  /* -------------------------------------------- */

  /** GeneSys has no initiative roll: the order comes from Riflessi and the declared maneuvers. */
  override async rollInitiative(_ids: string | string[], _options?: Combat.InitiativeOptions): Promise<this> {
    ui.notifications.info(game.i18n.localize("GENESYS.Combat.NoInitiativeRoll"));
    await Promise.resolve();
    return this;
  }

  override async startCombat(): Promise<this> {
    if (game.user.isGM) await gmQueue.run(() => this.rollTieBreaks());
    await super.startCombat();
    // Foundry also runs _onStartRound for round 1 on the active GM's client; the second call finds nothing to do.
    if (game.user.isGM) this.#background(() => this.#startRound());
    return this;
  }

  /**
   * Declaration phase: the GM ends it (whoever has not declared does not act this round).
   * Execution phase: the current combatant's slot is over (an intent of its owner, or of the GM); the next slot
   * follows, or the next round.
   */
  override async nextTurn(): Promise<this> {
    if (!this.started) return this;
    if (this.phase === "declaration") {
      if (!game.user.isGM) {
        warn("GENESYS.Combat.Warn.GmOnly");
        return this;
      }
      await gmQueue.run(() => this.#beginExecution());
      return this;
    }
    const current = this.combatant;
    if (isGenesysCombatant(current) && (!game.user.isGM || current.executionEntry(this.round))) {
      await this.#request(COMBAT_INTENTS.completeSlot, current);
      return this;
    }
    if (game.user.isGM) {
      await gmQueue.run(async () => {
        if (this.nextActor()) await this.#syncNow();
        else await this.nextRound();
      });
    }
    return this;
  }

  protected override async _onStartRound(context: Combat.RoundEventContext): Promise<void> {
    await super._onStartRound(context);
    // Queued, not awaited: this may run while one of the queue's own tasks is advancing the round.
    this.#background(() => this.#startRound());
  }

  /** A new round: declaration phase, no initiative shown, last round's declarations gone (holds stay), tie-breaks checked. */
  async #startRound(): Promise<void> {
    if (!game.user.isGM || this.round < 1) return;
    const states: Record<string, CombatantState> = {};
    const initiative: Combatant.UpdateData[] = [];
    for (const c of this.genesysCombatants) {
      const stored = c.genesysFlags.declaration ?? null;
      const stale = stored !== null && !stored.held && stored.round < this.round;
      const declaration = stored?.held && stored.triggered ? { ...stored, triggered: false } : stored;
      if (stale || declaration !== stored) states[c.id ?? ""] = { declaration: stale ? null : declaration };
      if (c.initiative !== null) initiative.push({ _id: c.id, initiative: null });
      if (this.round > 1 && c.surprised && c.actor?.statuses.has("surprised")) await c.actor.toggleStatusEffect("surprised", { active: false });
    }
    const phase = this.getFlag(SYSTEM_ID, "phase")?.round === this.round ? undefined : { round: this.round, phase: "declaration" as const, started: [] };
    if (phase || Object.keys(states).length > 0) await this.#write(states, phase);
    if (initiative.length > 0) await this.updateEmbeddedDocuments("Combatant", initiative);
    await this.rollTieBreaks();
    this.setupTurns();
    await this.#syncNow();
  }

  /**
   * The declaration phase is over: Foundry's initiative becomes the execution value, turns follow the execution order,
   * and the first slot gets the turn in the same write (the first turn event of the round).
   */
  async #beginExecution(): Promise<void> {
    if (this.phase === "execution") return;
    const slots = this.executionSlots();
    const value = new Map(slots.map((s) => [s.combatant.id, s.value]));
    const updates: Combatant.UpdateData[] = [];
    for (const c of this.genesysCombatants) {
      const initiative = value.get(c.id) ?? null;
      if (c.initiative !== initiative) updates.push({ _id: c.id, initiative });
    }
    if (updates.length > 0) await this.updateEmbeddedDocuments("Combatant", updates);
    const first = slots.find((s) => !s.combatant.hasActed(this.round))?.combatant ?? null;
    const id = first?.id ?? null;
    await this.#write(first ? this.#executing(first) : {}, { round: this.round, phase: "execution", started: id ? [id] : [] }, id ? 0 : null);
  }

  /**
   * §2.2.1/§2.2.4 a slot comes: its maneuver executes now (A-29: Difesa counts from here), and the record of it
   * outlasts the declaration (Focalizzazione aims the next round's attacks). Written with the turn that gives the slot.
   */
  #executing(combatant: GenesysCombatant): Record<string, CombatantState> {
    const d = combatant.declarationFor(this.round);
    const now = d ? { maneuver: d.maneuver, target: d.target } : null;
    return { [combatant.id ?? ""]: { executed: recordExecution(combatant.executedManeuvers, this.round, now) } };
  }

  /** Runs a task on the GM queue without waiting for it (safe from inside a queued task); a failure is logged. */
  #background(task: () => Promise<unknown>): void {
    gmQueue.run(task).catch((error: unknown) => {
      console.error("GeneSys | combat update failed", error);
    });
  }

  /**
   * The active GM's client moves on when everyone has declared (declaration phase: nobody's turn meanwhile), gives the
   * turn to who acts next (execution phase), and starts the next round once the last slot has been completed.
   */
  #sync(): void {
    if (game.users.activeGM?.isSelf) this.#background(() => this.#syncNow());
  }

  async #syncNow(): Promise<void> {
    if (!this.started || !game.users.activeGM?.isSelf) return;
    this.setupTurns();
    if (this.phase === "declaration") {
      if (this.pendingDeclarers().length === 0) await this.#beginExecution();
      return;
    }
    const next = this.nextActor();
    if (next) await this.#giveTurn(next);
    else if (isGenesysCombatant(this.combatant) && this.combatant.hasActed(this.round)) await this.nextRound();
  }

  /**
   * Gives the turn to a slot (execution phase). A new slot joins the given ones, right below the current one, in the
   * same write as the turn: the turn moves down by one, and Foundry ends the current turn and starts the new one.
   * A slot interrupted by a triggered hold (§2.1.2) resumes: it moves below the interrupting one without turn events,
   * then gets the turn back like a new slot, so each start of a turn has its end.
   */
  async #giveTurn(combatant: GenesysCombatant): Promise<void> {
    const id = combatant.id;
    if (id === null || this.combatant?.id === id) return;
    const given = startedOf(this).filter((s) => s !== id && this.combatants.has(s));
    const phase = (started: string[]): CombatFlags["phase"] => ({ round: this.round, phase: "execution", started });
    if (given.length < startedOf(this).length) {
      const holder = this.combatant?.id ?? null;
      const at = holder === null ? -1 : given.indexOf(holder);
      await this.#write({}, phase(given), at >= 0 ? at : null, { turnEvents: false });
    }
    await this.#write(this.#executing(combatant), phase([...given, id]), given.length);
  }

  /**
   * §2.1.1 tie-breaks where needed (GM only, from inside the GM queue): at the start of the fight, for a
   * newcomer, or for someone whose Riflessi changed. Kept ranks are never rerolled. The dice go to chat.
   */
  async rollTieBreaks(roller: DiceRoller = foundryRoller): Promise<TieBreakAssignment[]> {
    if (!game.user.isGM) return [];
    const members = this.genesysCombatants.map((c) => {
      const flag = c.genesysFlags.tieBreak;
      return { id: c.id ?? "", reflexes: c.reflexes, kept: flag && flag.reflexes === c.reflexes ? flag.rank : null };
    });
    const assignments = assignTieBreaks(members, roller);
    const states: Record<string, CombatantState> = {};
    for (const a of assignments) {
      for (const [id, rank] of Object.entries(a.ranks)) {
        const m = members.find((x) => x.id === id);
        if (m?.kept !== rank) states[id] = { tieBreak: { reflexes: a.reflexes, rank } };
      }
    }
    if (Object.keys(states).length > 0) await this.#write(states);
    if (assignments.length > 0) await this.#announceTieBreaks(assignments);
    return assignments;
  }

  async #announceTieBreaks(assignments: TieBreakAssignment[]): Promise<void> {
    const groups = assignments.map((a) => ({
      reflexes: a.reflexes,
      members: Object.entries(a.ranks)
        .sort(([, x], [, y]) => y - x)
        .map(([id]) => ({ name: this.combatants.get(id)?.name ?? id, rolls: (a.rolls[id] ?? []).join(", ") })),
    }));
    const content = await foundry.applications.handlebars.renderTemplate(TIE_BREAK_TEMPLATE, {
      title: game.i18n.localize("GENESYS.Combat.TieBreak.Title"),
      reflexesLabel: game.i18n.localize("GENESYS.Derived.reflexes"),
      fastestFirst: game.i18n.localize("GENESYS.Combat.TieBreak.FastestFirst"),
      groups,
    });
    // The dice as real Rolls, one per member in the card's order: Dice So Nice throws them as it does any roll message
    // (and then drops the core dice sound, which plays without it), and they survive a reload.
    const rolls = assignments.flatMap((a) =>
      Object.entries(a.ranks)
        .sort(([, x], [, y]) => y - x)
        .flatMap(([id]) => {
          const dice = a.rolls[id] ?? [];
          const roll = dice.length > 0 ? knownDiceRoll(10, dice) : null;
          return roll ? [roll] : [];
        }),
    );
    await ChatMessage.implementation.create({ content, speaker: { alias: game.i18n.localize("GENESYS.Combat.TieBreak.Speaker") }, rolls, sound: CONFIG.sounds.dice });
  }

  /* -------------------------------------------- */
  /*  Document events                              */
  /* -------------------------------------------- */

  /**
   * A new round begins in its declaration phase, where it is nobody's turn: whatever turn Foundry's startCombat (0)
   * or nextRound (0, or the first one not defeated) asks for becomes null. Changes made here are written
   * (foundryvtt/dnd5e module/data/item/class.mjs rewrites `changed.system.levels` in _preUpdate).
   */
  protected override async _preUpdate(...args: Parameters<Combat<SubType>["_preUpdate"]>): ReturnType<Combat<SubType>["_preUpdate"]> {
    const [changes, options] = args;
    const restoring = (options as { genesysRestore?: boolean }).genesysRestore === true;
    if (!restoring && typeof changes.round === "number" && changes.round !== this.round) changes.turn = null;
    return super._preUpdate(...args);
  }

  protected override _onUpdate(...args: Parameters<Combat<SubType>["_onUpdate"]>): void {
    const [changed, options, userId] = args;
    // Foundry lets a player write a combat's round and turn (for core's End Turn), but here a player's turn ends through
    // the GM's client (nextTurn is an intent): a round or turn a player wrote fires no turn event and is put back.
    // fvtt-types types get() as always finding the user; a deleted user finds none.
    const writer = game.users.get(userId) as User.Stored | undefined;
    const byPlayer = ("round" in changed || "turn" in changed) && writer?.isGM !== true;
    if (byPlayer) (options as { turnEvents?: boolean }).turnEvents = false;
    // Foundry re-sorts only when combatants change, and reads the turn's combatant from `turns` as they stand when it
    // decides the turn events: the phase, the combatants' states and the round change the order, so sort first.
    if ("flags" in changed || "round" in changed) this.turns = this.combatants.contents.sort(compareCombatants);
    super._onUpdate(...args);
    if (!game.users.activeGM?.isSelf) return;
    if (byPlayer) this.#background(() => this.#restoreTurn());
    else this.#known = { round: this.round, turn: this.turn };
  }

  /** The round and turn as the GM's clients last wrote them: what a player's own write is put back to. */
  #known: { round: number; turn: number | null } | null = null;

  async #restoreTurn(): Promise<void> {
    const known = this.#known ?? { round: this.getFlag(SYSTEM_ID, "phase")?.round ?? this.round, turn: this.turn };
    if (known.round === this.round && known.turn === this.turn) return;
    // Not a new round: the restore keeps its turn (see _preUpdate) and fires nothing.
    await this.update({ round: known.round, turn: known.turn }, { turnEvents: false, genesysRestore: true } as Combat.Database.UpdateOperation);
  }

  protected override _onCreateDescendantDocuments(...args: Parameters<Combat<SubType>["_onCreateDescendantDocuments"]>): void {
    super._onCreateDescendantDocuments(...args);
    if (!this.started || !game.users.activeGM?.isSelf) return;
    this.#background(() => this.rollTieBreaks());
    this.#sync();
  }

  /**
   * Foundry lets a player toggle "defeated" on their own combatant; during a fight that would step out of the
   * declaration order and back in after faster combatants have declared. Only the Narrator decides who is out, so the
   * active GM's client puts back what a player wrote there (a dead actor is defeated by its status anyway).
   */
  protected override _onUpdateDescendantDocuments(...args: Parameters<Combat<SubType>["_onUpdateDescendantDocuments"]>): void {
    super._onUpdateDescendantDocuments(...args);
    const [, , documents, changes, , userId] = args;
    // fvtt-types types get() as always finding the user; a deleted user finds none.
    const writer = game.users.get(userId) as User.Stored | undefined;
    if (this.started && writer?.isGM !== true && game.users.activeGM?.isSelf) {
      const reverts = changes.flatMap((change, i) => {
        const doc = documents[i];
        return doc && typeof change === "object" && "defeated" in change ? [{ _id: doc.id, defeated: !change.defeated }] : [];
      });
      if (reverts.length > 0) this.#background(() => this.updateEmbeddedDocuments("Combatant", reverts));
    }
    this.#sync();
  }

  protected override _onDeleteDescendantDocuments(...args: Parameters<Combat<SubType>["_onDeleteDescendantDocuments"]>): void {
    super._onDeleteDescendantDocuments(...args);
    this.#sync();
  }
}
