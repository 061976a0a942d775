/**
 * §2.3.7 the statuses a hold set (grappled, immobilised) stay while it stands. They are the hold's: its record, in
 * the scene's flags which only a Narrator writes, says which it showed, and the rules read the record, not the token.
 * An owner taking one off from the token HUD would only make the token lie, so the active Narrator's client, told by
 * the server who wrote, shows it again at once. A Narrator may take it off (his call); the hold's end takes it away.
 * The owner's own client refuses the click up front, with the reason, as a courtesy.
 */
import { refuseOwnerRemoval } from "../authority/status-courtesy.js";
import { effectActor, isGmUser } from "../authority/hook-writer.js";
import { backgroundWrites } from "../authority/serial-queue.js";
import { serialiseStatusSync, statusBackOn } from "../config/statuses.js";
import { GRAPPLE_MARKS, grappleOfActor, type GrappleMark } from "../documents/grapple-state.js";

const writes = backgroundWrites("a hold's status was not shown again");

/** Resolves once every status this guard put back has landed (tests). */
export const holdStatusWritesSettled = writes.settled;



/** The hold's statuses among the effect's, which the hold the actor is in shows for its side. */
function heldMarks(effect: ActiveEffect.Implementation): { actor: Actor.Implementation; marks: GrappleMark[] } | null {
  const actor = effectActor(effect);
  const found = actor ? grappleOfActor(actor) : null;
  if (!actor || !found) return null;
  const marks = GRAPPLE_MARKS.filter((m) => effect.statuses.has(m) && found.record.shown[found.side].includes(m));
  return marks.length > 0 ? { actor, marks } : null;
}


export function registerHoldStatusGuard(): void {
  const watchActor = (actor: Actor.Implementation | null, userId: string): void => {
    const found = actor ? grappleOfActor(actor) : null;
    if (!game.user.isActiveGM || isGmUser(userId) || !actor || !found) return;
    const gone = found.record.shown[found.side].filter((m) => !actor.statuses.has(m));
    if (gone.length === 0) return;
    writes.queued(() => serialiseStatusSync(`grapple:${actor.uuid}`, async () => {
      const now = grappleOfActor(actor);
      const still = now ? gone.filter((m) => now.record.shown[now.side].includes(m) && !actor.statuses.has(m)) : [];
      await Promise.all(still.map((m) => statusBackOn(actor, m)));
    }));
  };
  Hooks.on("deleteActiveEffect", (effect, _options, userId) => { watchActor(effectActor(effect), userId); });
  // Taken off, switched off, or its statuses edited: what the hold shows and the actor no longer does comes back.
  Hooks.on("updateActiveEffect", (effect, changes, _options, userId) => {
    const c = changes as { disabled?: unknown; statuses?: unknown };
    if (c.disabled === true || c.statuses !== undefined) watchActor(effectActor(effect), userId);
  });
  refuseOwnerRemoval((effect) => heldMarks(effect) !== null, "GENESYS.Grapple.Warn.StatusHeld");
}
