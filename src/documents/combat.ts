/**
 * GenesysCombat: the GeneSys turn (§2.1) on Foundry's Combat. Each round starts with a declaration phase
 * (ascending Riflessi, the tracker's current turn is who declares next); once everyone able to act has declared,
 * the execution phase runs the turns in execution order. Held actions (§2.1.2, A-33), replacements and
 * surprise (§3.2.1) are kept in combatant flags. Every ordering comes from src/rules (declarationOrder,
 * executionOrder, executionValue, tie-breaks); this file only stores and sequences.
 *
 * Who writes what: an owner writes their own combatant's flags (Foundry lets players update flags and initiative
 * of combatants they own); only the active GM's client writes the combat (phase, turn, round) and the tie-breaks,
 * reacting to those flag changes. No player ever needs to update the combat itself.
 */
import { declarationOrder, executionOrder, executionValue, type ExecutionEntry } from "../rules/initiative.js";
import { CANCEL, MANEUVER_INITIATIVE, canReplace, declareManeuver, holdManeuver, replaceManeuver, type ManeuverReplacement } from "../rules/maneuvers.js";
import { RulesError } from "../rules/errors.js";
import { MANEUVERS, type DiceRoller, type ManeuverKey } from "../rules/types.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { assignTieBreaks, type TieBreakAssignment } from "./combat-tie-breaks.js";
import { isGenesysCombatant, type GenesysCombatant, type StoredDeclaration } from "./combatant.js";

export type CombatPhase = "declaration" | "execution";

/** Flags of a combat under the system's scope (typed in src/fvtt-config.ts). */
export type CombatFlags = {
  /** The phase of the round it names; any other round is in its declaration phase. */
  phase?: { round: number; phase: CombatPhase } | null;
};

export const TIE_BREAK_TEMPLATE = "systems/genesys-gdr/templates/combat/tie-break.hbs";

/** §2.1.1 Foundry's own dice generator, the one its Die terms use. */
export const foundryRoller: DiceRoller = (count, faces) => Array.from({ length: count }, () => Math.ceil(CONFIG.Dice.randomUniform() * faces));

function warn(key: string, data: Record<string, string> = {}): false {
  ui.notifications.warn(game.i18n.format(key, data));
  return false;
}

function maneuverName(key: ManeuverKey): string {
  return game.i18n.localize(`GENESYS.Maneuver.${key}`);
}

function genesysCombatants(combat: Combat.Implementation | null): GenesysCombatant[] {
  if (!combat) return [];
  return combat.combatants.contents.filter((c): c is GenesysCombatant => isGenesysCombatant(c));
}

function phaseOf(combat: Combat.Implementation | null): CombatPhase {
  const flag = combat?.getFlag(SYSTEM_ID, "phase") ?? null;
  return flag && combat && flag.round === combat.round && flag.phase === "execution" ? "execution" : "declaration";
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
 * Execution phase: combatants with a slot in the rules' execution order (triggered holds first, ties to the
 * later declarer), then the others in declaration order. Foundry calls it unbound, so it reads the combat
 * from the combatants.
 */
export function compareCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
  if (!isGenesysCombatant(a) || !isGenesysCombatant(b)) return byName(a, b);
  const combat = a.combat;
  const round = combat?.round ?? 0;
  try {
    if (combat && round >= 1 && phaseOf(combat) === "execution") {
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

export class GenesysCombat<SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {
  /** The GM client's changes to this combat run one after the other, never interleaved. */
  #queue: Promise<void> = Promise.resolve();

  #enqueue(task: () => Promise<void>): Promise<void> {
    this.#queue = this.#queue.then(task).catch((error: unknown) => {
      console.error("GeneSys | combat update failed", error);
    });
    return this.#queue;
  }

  get phase(): CombatPhase {
    return phaseOf(this);
  }

  get genesysCombatants(): GenesysCombatant[] {
    return genesysCombatants(this);
  }

  /** §2.1.1 everyone able to act this round, in declaration order (slowest first). */
  declarationSequence(): GenesysCombatant[] {
    const acting = this.genesysCombatants.filter((c) => c.canActInRound(this.round));
    try {
      const order = declarationOrder(acting.map((c) => c.rulesCombatant));
      return order.map(({ id }) => acting.find((c) => c.id === id)).filter((c): c is GenesysCombatant => c !== undefined);
    } catch (error) {
      // A tie-break not rolled yet (the GM's client rolls it at once): pairwise order meanwhile.
      if (error instanceof RulesError) return acting.sort(compareCombatants);
      throw error;
    }
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
  /*  Actions (any user, on combatants they own)   */
  /* -------------------------------------------- */

  /** Owner (or GM) of the combatant, else a warning. */
  #mayControl(combatant: GenesysCombatant): boolean {
    if (combatant.isOwner) return true;
    return warn("GENESYS.Combat.Warn.NotOwner", { name: combatant.name ?? "" });
  }

  #inPhase(phase: CombatPhase): boolean {
    if (!this.started) return warn("GENESYS.Combat.Warn.NotStarted");
    if (this.phase === phase) return true;
    return warn(phase === "declaration" ? "GENESYS.Combat.Warn.NotDeclarationPhase" : "GENESYS.Combat.Warn.NotExecutionPhase");
  }

  /**
   * §2.1.1 declare a maneuver (optionally held, §2.1.2) for this round. Players declare for their own combatants,
   * in declaration order: everyone slower must have declared first. The GM may declare for anyone at any time.
   */
  async declare(combatant: GenesysCombatant, maneuver: ManeuverKey, options: { held?: boolean; target?: string | null } = {}): Promise<boolean> {
    if (!this.#inPhase("declaration") || !this.#mayControl(combatant)) return false;
    const name = combatant.name ?? "";
    if (!combatant.canActInRound(this.round)) return warn("GENESYS.Combat.Warn.CannotAct", { name });
    if (!(MANEUVERS as readonly string[]).includes(maneuver)) return warn("GENESYS.Combat.Warn.UnknownManeuver", { name: maneuver });
    const current = combatant.declarationFor(this.round);
    if (current?.held) return warn("GENESYS.Combat.Warn.StillHolding", { name });
    if (!game.user.isGM) {
      if (current) return warn("GENESYS.Combat.Warn.AlreadyDeclared", { name });
      const next = this.pendingDeclarers()[0];
      if (next && next.id !== combatant.id) return warn("GENESYS.Combat.Warn.WaitForDeclarer", { name, next: next.name ?? "" });
    }
    const target = options.target ?? undefined;
    const base = declareManeuver(maneuver, target);
    const declared = options.held === true ? holdManeuver(base) : base;
    await this.#store(combatant, { maneuver: declared.maneuver, slot: declared.maneuver, held: declared.held, triggered: false, target: target ?? null, round: this.round });
    return true;
  }

  /**
   * §2.1.2 put the declared maneuver on hold: at declaration, or in one's own slot at execution (EX-13: Sonny loses
   * sight of Bill and waits for him to leave cover). The hold persists across rounds until triggered or cancelled.
   */
  async hold(combatant: GenesysCombatant): Promise<boolean> {
    if (!this.started) return warn("GENESYS.Combat.Warn.NotStarted");
    if (!this.#mayControl(combatant)) return false;
    const d = combatant.declarationFor(this.round);
    const name = combatant.name ?? "";
    if (!d) return warn("GENESYS.Combat.Warn.NothingDeclared", { name });
    if (d.held) return warn("GENESYS.Combat.Warn.AlreadyHolding", { name });
    if (this.phase === "execution" && this.combatant?.id !== combatant.id) return warn("GENESYS.Combat.Warn.NotCurrent", { name });
    const held = holdManeuver({ maneuver: d.maneuver, held: d.held });
    await this.#store(combatant, { ...d, maneuver: held.maneuver, held: held.held, triggered: false });
    return true;
  }

  /** §2.1.2 the awaited event has come: the held action goes before every normal action (among holds, higher Riflessi first). */
  async trigger(combatant: GenesysCombatant): Promise<boolean> {
    if (!this.#inPhase("execution") || !this.#mayControl(combatant)) return false;
    const d = combatant.declarationFor(this.round);
    const name = combatant.name ?? "";
    if (!d?.held) return warn("GENESYS.Combat.Warn.NotHolding", { name });
    if (d.triggered) return true;
    if (!combatant.canActInRound(this.round)) return warn("GENESYS.Combat.Warn.CannotAct", { name });
    await this.#store(combatant, { ...d, triggered: true });
    return true;
  }

  /** §2.1.2 give up a hold. In the declaration phase the combatant then declares again like everyone else. */
  async cancelHold(combatant: GenesysCombatant): Promise<boolean> {
    if (!this.started) return warn("GENESYS.Combat.Warn.NotStarted");
    if (!this.#mayControl(combatant)) return false;
    const d = combatant.declarationFor(this.round);
    if (!d?.held) return warn("GENESYS.Combat.Warn.NotHolding", { name: combatant.name ?? "" });
    await combatant.setFlag(SYSTEM_ID, "declaration", null);
    return true;
  }

  /**
   * §2.1.2 at execution, in one's own slot, cancel the maneuver or replace it with one of strictly higher
   * initiative; anything else is refused with a warning that says why.
   */
  async replace(combatant: GenesysCombatant, replacement: ManeuverReplacement): Promise<boolean> {
    if (!this.#inPhase("execution") || !this.#mayControl(combatant)) return false;
    const name = combatant.name ?? "";
    const d = combatant.declarationFor(this.round);
    if (!d || (d.held && !d.triggered)) return warn("GENESYS.Combat.Warn.NothingDeclared", { name });
    if (this.combatant?.id !== combatant.id) return warn("GENESYS.Combat.Warn.NotCurrent", { name });
    if (replacement !== CANCEL && !(MANEUVERS as readonly string[]).includes(replacement)) return warn("GENESYS.Combat.Warn.UnknownManeuver", { name: replacement });
    if (!canReplace(d.maneuver, replacement)) {
      return warn("GENESYS.Combat.Warn.ReplaceNotHigher", {
        name,
        from: maneuverName(d.maneuver),
        to: replacement === CANCEL ? "" : maneuverName(replacement),
        initiative: String(MANEUVER_INITIATIVE[d.maneuver]),
      });
    }
    const next = replaceManeuver({ maneuver: d.maneuver, held: false }, replacement);
    if (!next) {
      await combatant.update({ flags: { [SYSTEM_ID]: { declaration: null, actedRound: this.round } } });
      return true;
    }
    // The slot keeps the declared maneuver, so the combatant stays where it is in the order.
    await this.#store(combatant, { ...d, maneuver: next.maneuver });
    return true;
  }

  /** §3.2.1 the Narrator decides who is caught by surprise (no action in round 1); the token status mirrors it. */
  async setSurprised(combatant: GenesysCombatant, surprised: boolean): Promise<boolean> {
    if (!game.user.isGM) return warn("GENESYS.Combat.Warn.GmOnly");
    await combatant.setFlag(SYSTEM_ID, "surprised", surprised);
    await combatant.actor?.toggleStatusEffect("surprised", { active: surprised && this.round <= 1 });
    return true;
  }

  async #store(combatant: GenesysCombatant, declaration: StoredDeclaration): Promise<void> {
    await combatant.setFlag(SYSTEM_ID, "declaration", declaration);
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
    if (game.user.isGM) await this.#enqueue(async () => {
      await this.rollTieBreaks();
    });
    await super.startCombat();
    // Foundry also runs _onStartRound for round 1 on the active GM's client; the second call finds nothing to do.
    if (game.user.isGM) void this.#enqueue(() => this.#startRound());
    return this;
  }

  /**
   * Declaration phase: the GM ends it (whoever has not declared does not act this round).
   * Execution phase: the current combatant's slot is over; the next slot follows, or the next round.
   */
  override async nextTurn(): Promise<this> {
    if (!this.started) return this;
    if (this.phase === "declaration") {
      if (!game.user.isGM) {
        warn("GENESYS.Combat.Warn.GmOnly");
        return this;
      }
      await this.#enqueue(() => this.#beginExecution());
      return this;
    }
    const current = this.combatant;
    if (isGenesysCombatant(current) && current.executionEntry(this.round)) {
      if (!current.isOwner) {
        warn("GENESYS.Combat.Warn.NotOwner", { name: current.name ?? "" });
        return this;
      }
      // The GM's client sees the change and moves on: to the next slot, or to the next round after the last one.
      await this.#completeSlot(current);
    } else if (game.user.isGM && !this.nextActor()) {
      await this.nextRound();
      return this;
    }
    if (game.user.isGM) this.#sync();
    return this;
  }

  /** A slot is over: a triggered hold is spent; a normal declaration stays, for the record, until the next round. */
  async #completeSlot(combatant: GenesysCombatant): Promise<void> {
    const d = combatant.declarationFor(this.round);
    const declaration = d?.held && d.triggered ? null : d;
    await combatant.update({ flags: { [SYSTEM_ID]: { declaration, actedRound: this.round } } });
  }

  protected override async _onStartRound(context: Combat.RoundEventContext): Promise<void> {
    await super._onStartRound(context);
    // Queued, not awaited: this may run while one of this combat's own queued changes is advancing the round.
    void this.#enqueue(() => this.#startRound());
  }

  /** A new round: declaration phase, no initiative shown, last round's declarations gone (holds stay), tie-breaks checked. */
  async #startRound(): Promise<void> {
    if (!game.user.isGM || this.round < 1) return;
    if (this.getFlag(SYSTEM_ID, "phase")?.round !== this.round) await this.setFlag(SYSTEM_ID, "phase", { round: this.round, phase: "declaration" });
    const updates: Combatant.UpdateData[] = [];
    for (const c of this.genesysCombatants) {
      const stored = c.genesysFlags.declaration ?? null;
      const stale = stored !== null && !stored.held && stored.round < this.round;
      const declaration = stored?.held && stored.triggered ? { ...stored, triggered: false } : stored;
      if (c.initiative !== null || stale || declaration !== stored) {
        updates.push({ _id: c.id, initiative: null, flags: { [SYSTEM_ID]: { declaration: stale ? null : declaration } } });
      }
      if (this.round > 1 && c.surprised && c.actor?.statuses.has("surprised")) await c.actor.toggleStatusEffect("surprised", { active: false });
    }
    if (updates.length > 0) await this.updateEmbeddedDocuments("Combatant", updates);
    await this.rollTieBreaks();
    this.setupTurns();
    await this.#syncNow();
  }

  /** The declaration phase is over: Foundry's initiative becomes the execution value, turns follow the execution order. */
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
    await this.setFlag(SYSTEM_ID, "phase", { round: this.round, phase: "execution" });
    this.setupTurns();
    const next = this.nextActor();
    await this.update({ turn: next ? this.turns.findIndex((t) => t.id === next.id) : null });
  }

  /**
   * The active GM's client keeps the tracker's current turn on who declares next (declaration phase) or who acts
   * next (execution phase), and moves on when everyone has declared or the last slot has been completed.
   */
  #sync(): void {
    if (game.users.activeGM?.isSelf) void this.#enqueue(() => this.#syncNow());
  }

  async #syncNow(): Promise<void> {
    if (!this.started || !game.users.activeGM?.isSelf) return;
    this.setupTurns();
    if (this.phase === "declaration") {
      const next = this.pendingDeclarers()[0];
      if (!next) {
        await this.#beginExecution();
        return;
      }
      await this.#pointAt(next);
      return;
    }
    const next = this.nextActor();
    if (next) await this.#pointAt(next);
    else if (isGenesysCombatant(this.combatant) && this.combatant.hasActed(this.round)) await this.nextRound();
  }

  async #pointAt(combatant: GenesysCombatant): Promise<void> {
    const index = this.turns.findIndex((t) => t.id === combatant.id);
    if (index >= 0 && index !== this.turn) await this.update({ turn: index });
  }

  /**
   * §2.1.1 tie-breaks where needed (GM only): at the start of the fight, for a newcomer, or for someone whose
   * Riflessi changed. Kept ranks are never rerolled. The dice go to chat.
   */
  async rollTieBreaks(roller: DiceRoller = foundryRoller): Promise<TieBreakAssignment[]> {
    if (!game.user.isGM) return [];
    const members = this.genesysCombatants.map((c) => {
      const flag = c.genesysFlags.tieBreak;
      return { id: c.id ?? "", reflexes: c.reflexes, kept: flag && flag.reflexes === c.reflexes ? flag.rank : null };
    });
    const assignments = assignTieBreaks(members, roller);
    const updates: Combatant.UpdateData[] = [];
    for (const a of assignments) {
      for (const [id, rank] of Object.entries(a.ranks)) {
        const m = members.find((x) => x.id === id);
        if (m?.kept !== rank) updates.push({ _id: id, flags: { [SYSTEM_ID]: { tieBreak: { reflexes: a.reflexes, rank } } } });
      }
    }
    if (updates.length > 0) await this.updateEmbeddedDocuments("Combatant", updates);
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
    await ChatMessage.implementation.create({ content, speaker: { alias: game.i18n.localize("GENESYS.Combat.TieBreak.Speaker") } });
  }

  /* -------------------------------------------- */
  /*  Document events                              */
  /* -------------------------------------------- */

  protected override _onUpdate(...args: Parameters<Combat<SubType>["_onUpdate"]>): void {
    super._onUpdate(...args);
    const [changed] = args;
    // Foundry re-sorts only when combatants change; the phase and the round change the order too.
    if ("flags" in changed || "round" in changed) this.setupTurns();
  }

  protected override _onCreateDescendantDocuments(...args: Parameters<Combat<SubType>["_onCreateDescendantDocuments"]>): void {
    super._onCreateDescendantDocuments(...args);
    if (!this.started || !game.users.activeGM?.isSelf) return;
    void this.#enqueue(async () => {
      await this.rollTieBreaks();
    });
    this.#sync();
  }

  protected override _onUpdateDescendantDocuments(...args: Parameters<Combat<SubType>["_onUpdateDescendantDocuments"]>): void {
    super._onUpdateDescendantDocuments(...args);
    this.#sync();
  }

  protected override _onDeleteDescendantDocuments(...args: Parameters<Combat<SubType>["_onDeleteDescendantDocuments"]>): void {
    super._onDeleteDescendantDocuments(...args);
    this.#sync();
  }
}
