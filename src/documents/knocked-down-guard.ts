/**
 * §3.2.2 a victim knocked down by a failed stun check gets up only as the book says: with an ordinary Movimento
 * maneuver (mayStandUp), in a started combat once one of his has executed this round; outside one, whenever he wants.
 * The prone status is its owner's to write (Foundry lets an owner toggle his actor's effects), but the hits holding
 * him down are the Narrator's record (`system.knockedDown`, stun-prone.ts). So the active Narrator's client, told by
 * the server who wrote (the hooks' `userId`), looks at every prone effect taken off a held victim:
 * - got up by the book, or taken off by a Narrator: the record is cleared, he stands;
 * - otherwise he is laid down again.
 * The owner's own client also refuses the click up front, with the reason, which is only a courtesy: the Narrator's
 * client is what decides.
 */
import { refuseOwnerRemoval } from "../authority/status-courtesy.js";
import { effectActor, isGmUser } from "../authority/hook-writer.js";
import { backgroundWrites } from "../authority/serial-queue.js";
import { mayStandUp } from "../rules/maneuver-effects.js";
import { unlinkedTokenActors } from "../settings/rules-settings.js";
import type { GenesysActor } from "./actor.js";
import { knockedDownBy, layDownAgain, movementSpentIn } from "./stun-prone.js";
import { trackerOf } from "./tracker-state.js";

const PRONE = "prone";

/** §3.2.2 whether a knocked-down actor may get up now: outside a started combat, or after a Movimento of his since he fell. */
export function standUpAllowed(actor: GenesysActor): boolean {
  const tracker = trackerOf(actor);
  // A Movimento used before the fall, in the same round, is spent: only a later one stands him up.
  return tracker === null || (!movementSpentIn(actor, tracker.round) && mayStandUp(tracker.executed, tracker.round));
}



const writes = backgroundWrites("a knocked-down victim's status was not kept");
const queued = writes.queued;

/** Resolves once every write this guard started has landed (tests). */
export const knockedDownWritesSettled = writes.settled;

/**
 * A held victim's prone was taken off: he stood up by the book or by a Narrator's hand, and the record goes (lying
 * down again afterwards, a dive say, is his own and held by no hit); or not, and he is laid down again.
 */
async function keepDown(actor: GenesysActor, byNarrator: boolean): Promise<void> {
  if (knockedDownBy(actor).length === 0) return;
  // knockedDown is a gmOnlyField of every actor type (data/fields.ts narratorFields).
  if (byNarrator || standUpAllowed(actor)) await actor.update({ "system.knockedDown": [] } as Actor.UpdateData);
  else if (!actor.statuses.has(PRONE)) await layDownAgain(actor);
}


/** Every held victim in the world (at ready): one a player stood up while no Narrator was connected is looked at again. */
export function sweepKnockedDown(): void {
  if (!game.user.isActiveGM) return;
  for (const actor of [...game.actors.contents, ...unlinkedTokenActors()]) {
    if (knockedDownBy(actor).length > 0 && !actor.statuses.has(PRONE)) queued(() => keepDown(actor, false));
  }
}

export function registerKnockedDownGuard(): void {
  const watch = (effect: ActiveEffect.Implementation, userId: string): void => {
    const actor = effectActor(effect);
    if (!game.user.isActiveGM || !actor || !effect.statuses.has(PRONE) || knockedDownBy(actor).length === 0) return;
    queued(() => keepDown(actor, isGmUser(userId)));
  };
  Hooks.on("deleteActiveEffect", (effect, _options, userId) => { watch(effect, userId); });
  // Switched off is taken off. An owner's edit of an effect's statuses may take prone off too: looked at on the actor.
  Hooks.on("updateActiveEffect", (effect, changes, _options, userId) => {
    const c = changes as { disabled?: unknown; statuses?: unknown };
    if (c.disabled === true) watch(effect, userId);
    else if (c.statuses !== undefined && !isGmUser(userId)) {
      const actor = effectActor(effect);
      if (game.user.isActiveGM && actor && knockedDownBy(actor).length > 0) queued(() => keepDown(actor, false));
    }
  });
  // The owner's courtesy: the token HUD's click is refused with the reason, before it reaches the server.
  refuseOwnerRemoval((effect) => {
    const actor = effectActor(effect);
    return actor !== null && effect.statuses.has(PRONE) && knockedDownBy(actor).length > 0 && !standUpAllowed(actor);
  }, "GENESYS.Warn.StandUpWithMovement");
  Hooks.once("ready", () => { sweepKnockedDown(); });
}
