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
