/**
 * Which scenes a user can look at: a Narrator every one; a player the active scene, where everyone is taken, and the
 * scenes shared with them (ownership LIMITED or more, what core tests to put a scene in a player's navigation). What
 * stands on a scene a player cannot see is nothing they may aim at.
 */
export function sceneViewableBy(scene: Scene.Implementation, user: User.Stored): boolean {
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return user.isGM || scene.active || scene.testUserPermission(user, "LIMITED");
}
