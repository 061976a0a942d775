/**
 * The owner's courtesy for a status the Narrator's client would put back anyway: his click that deletes or switches
 * it off is refused up front, with the reason, before it reaches the server. Never the lock: a console write skips
 * every pre-hook, and the guard on the Narrator's client is what keeps the status.
 */

/** Registers the refusal on this client for effects `held` says are kept; Narrators are never refused. */
export function refuseOwnerRemoval(held: (effect: ActiveEffect.Implementation) => boolean, reason: string): void {
  const refuse = (effect: ActiveEffect.Implementation): boolean => {
    if (game.user.isGM || !held(effect)) return true;
    ui.notifications.warn(game.i18n.localize(reason));
    return false;
  };
  Hooks.on("preDeleteActiveEffect", (effect) => refuse(effect));
  Hooks.on("preUpdateActiveEffect", (effect, changes) => (changes as { disabled?: unknown }).disabled !== true || refuse(effect)); // the update's changes, as sent
}
