import { int, pos } from "../errors.js";

/** §3.2.1 Sorpresa: modifier to every defence roll of a surprised character in the first turn. */
export const SURPRISE_DEFENCE_PENALTY = -2;

/** §3.2.1 Sorpresa: difficulty of the Percezione check to notice an ambush in time (the book's example: Difficult). */
export const SURPRISE_AWARENESS_DIFFICULTY = 25;

/** §3.2.1 a surprised character cannot act in the first turn of combat (turns count from 1). */
export function canActInTurn(turnNumber: number, surprised: boolean): boolean {
  const turn = pos("turnNumber", turnNumber);
  return !(surprised && turn === 1);
}

/** §3.2.1 defence modifier from surprise in a given turn: −2 in turn 1, nothing later. */
export function surpriseDefenceModifier(turnNumber: number, surprised: boolean): number {
  return canActInTurn(turnNumber, surprised) ? 0 : SURPRISE_DEFENCE_PENALTY;
}

/** §3.2.1 the Percezione check avoids surprise when its total beats the difficulty (25 unless the Narrator says otherwise). */
export function avoidsSurprise(total: number, difficulty = SURPRISE_AWARENESS_DIFFICULTY): boolean {
  return int("total", total) > int("difficulty", difficulty);
}

/** What a victim knows of, or can do against, an attack. */
export interface TargetAwareness {
  /** Completely unaware of the aggressor (stabbed in the back without warning). */
  unaware?: boolean;
  asleep?: boolean;
  unconscious?: boolean;
  /** Otherwise unable to move. */
  immobile?: boolean;
}

/** §2.3.3/§3.2.1: a completely unaware, sleeping, unconscious or immobile victim is a static target (no defence roll). */
export function isStaticTarget(awareness: TargetAwareness): boolean {
  return awareness.unaware === true || awareness.asleep === true || awareness.unconscious === true || awareness.immobile === true;
}

/** How surprise and awareness shape one character's turn. */
export interface SurpriseEffects {
  canAct: boolean;
  /** No defence roll at all: attacks are resolved against a static difficulty (§2.3.5). */
  staticTarget: boolean;
  /** Modifier to defence rolls (0 when static: there is no roll). */
  defenceModifier: number;
}

/** §3.2.1: unaware → static target; merely surprised → no action in turn 1 and defence −2 in it. */
export function surpriseEffects(input: TargetAwareness & { turnNumber: number; surprised: boolean }): SurpriseEffects {
  const staticTarget = isStaticTarget(input);
  return {
    canAct: canActInTurn(input.turnNumber, input.surprised) && !staticTarget,
    staticTarget,
    defenceModifier: staticTarget ? 0 : surpriseDefenceModifier(input.turnNumber, input.surprised),
  };
}
