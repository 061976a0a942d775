/**
 * What only the Narrator, or only a click, runs is a chunk of its own (issue 23: a player's browser loads under 90 KB
 * gzip): its callers hold a stand-in that loads the module on the first call and then calls through. The import() is
 * written at the call site, so the bundler sees which module becomes a chunk.
 */

type AnyFunction = (...args: never[]) => unknown;

/** A stand-in for `module[key]`, a function: the same arguments, the same result, once `load` has resolved. */
export function lazily<M, K extends keyof M>(load: () => Promise<M>, key: K): M[K] extends AnyFunction ? (...args: Parameters<M[K]>) => Promise<Awaited<ReturnType<M[K]>>> : never;
export function lazily<M, K extends keyof M>(load: () => Promise<M>, key: K): (...args: unknown[]) => Promise<unknown> {
  return async (...args: unknown[]): Promise<unknown> => {
    const fn = (await load())[key] as unknown as (...args: unknown[]) => unknown; // the overload above holds its type
    return fn(...args);
  };
}
