import type { GenesysActor } from "./actor.js";

/**
 * The round of the started combat the actor fights in (a token's own actor for an unlinked one), or null: what takes
 * a maneuver in a fight (drawing, reloading, A-19a's turns of a grapple) is free outside one.
 */
export function startedCombatRound(actor: GenesysActor): number | null {
  for (const combat of game.combats) {
    if (combat.started && combat.combatants.contents.some((c) => c.actor?.uuid === actor.uuid)) return combat.round;
  }
  return null;
}
