/**
 * One writer, one queue: the active GM's client makes shared changes one at a time, so each task re-reads the world
 * after the previous one has finished writing. A failing task is reported to its caller and never blocks the queue.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}

/** The queue of this client: every intent, combat change and card change of the GM's client goes through it. */
export const gmQueue = new SerialQueue();

/** Writes a hook starts on the queue without waiting for them: logged when they fail, and awaitable all at once. */
export interface BackgroundWrites {
  queued: (task: () => Promise<unknown>) => void;
  /** Resolves once every write started so far, and those they started, has landed (tests; the self-test). */
  settled: () => Promise<void>;
}

export function backgroundWrites(failure: string): BackgroundWrites {
  const pending = new Set<Promise<unknown>>();
  return {
    queued: (task) => {
      const run = gmQueue.run(task).catch((error: unknown) => {
        console.error(`GeneSys GdR | ${failure}`, error);
      });
      pending.add(run);
      void run.finally(() => pending.delete(run));
    },
    settled: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
