/**
 * Every click path ends here when something unforeseen throws (a template that failed to load, a document deleted
 * mid-way): the user gets a notification naming the failure, the console the details, and the click resolves
 * instead of leaving an unhandled rejection behind.
 */
export async function guarded<T>(fallback: T, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    console.error("GeneSys GdR |", error);
    ui.notifications.error(game.i18n.format("GENESYS.Warn.Unexpected", { message: error instanceof Error ? error.message : String(error) }));
    return fallback;
  }
}
