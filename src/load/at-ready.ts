/** `fn` at the ready hook, or now when it has passed: code loaded on first use may arrive after it. */
export function atReady(fn: () => void): void {
  const ready: unknown = game.ready; // typed as set, but false until the ready hook
  if (ready === true) fn();
  else Hooks.once("ready", fn);
}
