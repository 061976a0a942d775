/**
 * What a document hook says of a write on the active Narrator's client: who wrote it (the `userId` the server names)
 * and, for an effect, the actor it sits on. Shared by the guards that put back what an owner may not take off.
 */

/** Whether the writer a hook names is a GM (a user deleted since is not). */
export function isGmUser(userId: string): boolean {
  // fvtt-types types get() as always finding the user; an id from the server may name one deleted since.
  return (game.users.get(userId) as User.Stored | undefined)?.isGM === true;
}

/** The actor an effect is embedded in, or null (an item's effect). */
export function effectActor(effect: ActiveEffect.Implementation): Actor.Implementation | null {
  const parent: unknown = effect.parent;
  return parent instanceof CONFIG.Actor.documentClass ? parent : null;
}
