/**
 * Exactly one client acts on automatic changes (condition statuses): the active GM, else the first active owner.
 * Without this every connected client would toggle the same status at once.
 */
export function isDesignatedClient(actor: Actor.Implementation): boolean {
  const gm = game.users.activeGM;
  if (gm) return gm.isSelf;
  const owners = game.users.contents
    // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
    .filter((u) => u.active && actor.testUserPermission(u, "OWNER"))
    .sort((a, b) => a.id.localeCompare(b.id));
  return owners[0]?.isSelf ?? false;
}
