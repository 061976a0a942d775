/**
 * The Movimento allowance of an actor as its token stands now (§2.2.5): derived Velocità (armour shortfall, and loads
 * where they count, already in it), prone from its status, grapple and immobilisation from theirs. The tracker and the
 * token's ruler both read it here, so they never disagree. Unlinked token actors carry their own statuses and data,
 * so the actor passed (a token's synthetic actor) is the one measured. Whether a grapple holds it is the grapple's own
 * answer (grappleBlocksMovement: the hold on the scene, or either status), so the ruler and the grapple card agree.
 * A terrain check the Narrator asked for this round's Movimento halves it or stops it (movement-check.ts).
 */
import { movementAllowance, type MovementAllowance } from "../rules/movement.js";
import type { GenesysActor } from "./actor.js";
import { grappleBlocksMovement } from "./grapple-movement.js";
import { mobilityOf } from "./tracker-state.js";
import { movementCheckOf } from "./movement-check.js";

/** The allowance, or null for an actor this system does not model or whose Velocità is unusable. */
export function allowanceOf(actor: GenesysActor): MovementAllowance | null {
  const system = actor.genesys;
  if (!system) return null;
  // Widened: derived data exists only once Foundry has prepared the actor (combatant.ts reads Riflessi the same way).
  const prepared: { derived?: { speed?: unknown } } = system;
  const speed = prepared.derived?.speed;
  if (typeof speed !== "number" || !Number.isFinite(speed) || speed < 0) return null;
  const { immobilised } = mobilityOf(actor);
  // The adverse-conditions check counts only in the round it was asked for (movement-check.ts).
  const checkMargin = movementCheckOf(actor);
  return movementAllowance({
    speed,
    prone: actor.statuses.has("prone"),
    grappled: grappleBlocksMovement(actor),
    immobilised: immobilised === true,
    ...(checkMargin === undefined ? {} : { checkMargin }),
  });
}
