/**
 * Runs a simulation in slices of about one frame, yielding to the browser between them, so the page keeps drawing
 * and a Cancel click is heard. The split changes nothing: the simulator gives the same results however its fights
 * are chunked (src/rules/sim/encounter.ts), so a run matches simulateEncounter for the same seed.
 */
import { createEncounterSimulation } from "../rules/sim/encounter.js";
import type { EncounterResults, EncounterSetup } from "../rules/sim/encounter.js";

/** Time one slice may take before the browser gets its turn (one frame at 60 Hz). */
export const SLICE_MS = 16;
/** Fights between two looks at the clock (a 4 against 4 fight takes some tens of microseconds). */
const STEP = 50;

export interface ChunkedRunOptions {
  fights: number;
  seed: number;
  /** Told after each slice: fights done of `fights`. */
  onProgress?: (done: number, of: number) => void;
  signal?: AbortSignal;
  sliceMs?: number;
  /** Waits for the browser's next turn; a macrotask by default (a frame would pause in a background tab). */
  yieldToBrowser?: () => Promise<void>;
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** The results of `fights` fights, or null when cancelled. Throws the simulator's RulesError on a setup it cannot play. */
export async function runInSlices(setup: EncounterSetup, options: ChunkedRunOptions): Promise<EncounterResults | null> {
  const simulation = createEncounterSimulation(setup, options.seed);
  const wait = options.yieldToBrowser ?? nextTask;
  const budget = options.sliceMs ?? SLICE_MS;
  let done = 0;
  while (done < options.fights) {
    if (options.signal?.aborted) return null;
    const start = performance.now();
    do {
      const step = Math.min(STEP, options.fights - done);
      simulation.runMoreFights(step);
      done += step;
    } while (done < options.fights && performance.now() - start < budget);
    options.onProgress?.(done, options.fights);
    await wait();
  }
  if (options.signal?.aborted) return null;
  return simulation.results();
}
