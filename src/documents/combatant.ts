/**
 * GenesysCombatant: what the GeneSys turn needs to know about one participant, read from its actor and from its
 * state (tie-break, declaration, surprise, whether it has acted). That state is kept in its combat's flags, never in
 * the combatant's own: Foundry lets a player rewrite the flags of a combatant they own (from the console too), and
 * only a GM may update a Combat. The turn logic lives in combat.ts.
 */
import { AnimalModel } from "../data/actor/animal.js";
import type { Combatant as RulesCombatant, ExecutionEntry } from "../rules/initiative.js";
import { canActInTurn } from "../rules/advanced/surprise.js";
import type { ExecutedManeuver } from "../rules/maneuver-effects.js";
import type { ManeuverKey } from "../rules/types.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import type { PrepareAim, PreparingFlag } from "./weapon-preparation.js";

/** §2.1.1 the declaration stored for a combatant; every key is always written, so an update replaces it whole. */
export interface StoredDeclaration {
  /** What the combatant will do (a replacement at execution changes it, §2.1.2). */
  maneuver: ManeuverKey;
  /** The maneuver declared in the declaration phase: its initiative fixes the execution slot. */
  slot: ManeuverKey;
  /** §2.1.2 waiting for an event; persists across turns. */
  held: boolean;
  /** A held action whose event has come: it takes precedence over every normal action. */
  triggered: boolean;
  /** Token or actor id of the target, when the maneuver has one. */
  target: string | null;
  /** Round of the declaration: one that is not held counts only in that round. */
  round: number;
  /** §2.2.6 the weapon a Preparazione draws or reloads; null for none (absent in declarations stored before it). */
  prepare?: PrepareAim | null;
}

/** §2.1.1 the rank kept for the fight among equal Riflessi, with the Riflessi it was rolled at. */
export interface TieBreakFlag {
  reflexes: number;
  rank: number;
}

/** One combatant's GeneSys state, kept under the combat's flags (CombatFlags.combatants), each key possibly missing. */
export type CombatantState = {
  tieBreak?: TieBreakFlag | null;
  declaration?: StoredDeclaration | null;
  /** §3.2.1 caught by surprise: no action in round 1. */
  surprised?: boolean;
  /** The last round in which this combatant's slot was completed (or given up). */
  actedRound?: number | null;
  /**
   * §2.2.1/§2.2.4 the maneuvers whose slot came this round and the round before (recordExecution): Difesa and
   * Focalizzazione outlast their slot, and the declaration that named them is gone by then.
   */
  executed?: ExecutedManeuver[] | null;
  /**
   * §2.2.5 the adverse-conditions check of this combatant's Movimento, as the Narrator's client judged it (total −
   * difficulty), with the round it counts in: the next round has no check until the Narrator asks again.
   */
  movementCheck?: MovementCheckFlag | null;
  /** §2.2.6 the Preparations counted toward drawing or reloading a weapon (documents/weapon-preparation.ts). */
  preparing?: PreparingFlag | null;
};

/** §2.2.5 an adverse-conditions check's margin and the round of the Movimento it was asked for. */
export interface MovementCheckFlag {
  round: number;
  margin: number;
}

/** The actor's GeneSys data; its derived parts exist only once Foundry has prepared it. */
type Prepared = { derived?: { reflexes?: number }; condition?: { canAct?: boolean } };

export class GenesysCombatant<SubType extends Combatant.SubType = Combatant.SubType> extends Combatant<SubType> {
  /** This combatant's state as its combat holds it; whatever is in the combatant's own flags is ignored. */
  get genesysFlags(): CombatantState {
    const all = this.combat?.getFlag(SYSTEM_ID, "combatants");
    const own = this.id === null ? undefined : all?.[this.id];
    return {
      tieBreak: own?.tieBreak ?? null,
      declaration: own?.declaration ?? null,
      surprised: own?.surprised === true,
      actedRound: own?.actedRound ?? null,
      executed: own?.executed ?? [],
      movementCheck: own?.movementCheck ?? null,
      preparing: own?.preparing ?? null,
    };
  }

  /** §2.2.5 the margin of the adverse-conditions check recorded for this round's Movimento, or null when none was. */
  movementCheckFor(round: number): number | null {
    const flag = this.genesysFlags.movementCheck;
    return flag && flag.round === round && Number.isInteger(flag.margin) ? flag.margin : null;
  }

  /** §2.2.1/§2.2.4 what this combatant executed this round and the round before, as the combat recorded it. */
  get executedManeuvers(): readonly ExecutedManeuver[] {
    return this.genesysFlags.executed ?? [];
  }

  /** The actor's data as possibly not prepared yet: Foundry sorts combatants while the world is still initialising. */
  get #prepared(): Prepared | null {
    return this.actor?.genesys ?? null;
  }

  /** Riflessi of the actor (0 without a GeneSys actor, or before its derived data exists). */
  get reflexes(): number {
    const reflexes = this.#prepared?.derived?.reflexes;
    return typeof reflexes === "number" && Number.isFinite(reflexes) ? reflexes : 0;
  }

  /** Kept tie-break rank, when it was rolled at the current Riflessi; 0 otherwise. */
  get tieBreak(): number {
    const flag = this.genesysFlags.tieBreak;
    return flag && flag.reflexes === this.reflexes ? flag.rank : 0;
  }

  get surprised(): boolean {
    return this.genesysFlags.surprised === true;
  }

  /** An animal attacks with the maneuver of the animalAttackManeuver setting. */
  get isAnimal(): boolean {
    return this.actor?.genesys instanceof AnimalModel;
  }

  /** §1.5.2 only a conscious, not defeated combatant declares and acts (collapsed and dead cannot). */
  get conscious(): boolean {
    if (this.isDefeated) return false;
    return this.#prepared?.condition?.canAct === true;
  }

  /** Conscious and, in round 1, not surprised (§3.2.1). */
  canActInRound(round: number): boolean {
    return this.conscious && round >= 1 && canActInTurn(round, this.surprised);
  }

  /** The declaration in force in a round: this round's, or a hold carried over. */
  declarationFor(round: number): StoredDeclaration | null {
    const d = this.genesysFlags.declaration ?? null;
    if (!d) return null;
    return d.held || d.round === round ? d : null;
  }

  hasActed(round: number): boolean {
    return this.genesysFlags.actedRound === round;
  }

  /** The rules' view for declaration order. */
  get rulesCombatant(): RulesCombatant {
    return { id: this.id ?? "", reflexes: this.reflexes, tieBreak: this.tieBreak };
  }

  /**
   * The rules' execution entry for a round, or null when this combatant has no slot: nothing declared,
   * a hold still waiting, or unable to act. The slot maneuver, not a replacement, decides the order (A-38).
   */
  executionEntry(round: number): ExecutionEntry | null {
    const d = this.declarationFor(round);
    if (!d || !this.canActInRound(round)) return null;
    if (d.held && !d.triggered) return null;
    return { ...this.rulesCombatant, maneuver: d.slot, held: d.held, surprised: this.surprised };
  }
}

/** Narrows a Foundry combatant to this system's class. */
export function isGenesysCombatant(combatant: unknown): combatant is GenesysCombatant {
  return combatant instanceof GenesysCombatant;
}
