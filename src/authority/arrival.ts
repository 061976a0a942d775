/**
 * A document an answer names may reach this client after the answer does: the answer travels in the User document
 * and the Narrator's create in another broadcast, and nothing promises the server delivers the two in the order they
 * were sent. So a reader of a named document waits for its create hook, within a bound, instead of trusting the order.
 */

/** How long a player waits for a document an answer named before giving up on it. */
export const arrivalTimings = { timeoutMs: 5_000 };

/** `find()` now, or at the first `createItem` after which it finds something; null after the timeout. */
export function itemArrival<T>(find: () => T | undefined): Promise<T | null> {
  const now = find();
  if (now !== undefined) return Promise.resolve(now);
  return new Promise<T | null>((resolve) => {
    const settle = (value: T | null): void => {
      Hooks.off("createItem", hookId);
      clearTimeout(timer);
      resolve(value);
    };
    const hookId = Hooks.on("createItem", () => {
      const found = find();
      if (found !== undefined) settle(found);
    });
    const timer = setTimeout(() => { settle(find() ?? null); }, arrivalTimings.timeoutMs);
  });
}
