/**
 * Counts the server round trips a click waits for, as a count rather than a time: the double's network runs on fake
 * timers at a fixed latency a trip, and the virtual time until the click settles, divided by that latency, is the
 * number of trips on its critical path (writes in parallel cost one; writes one after another cost one each).
 */
import { vi } from "vitest";
import { network } from "./clients.js";

/** Virtual milliseconds a round trip takes while counting; the channel's own waits (10 s) are a hundred of them. */
const LATENCY = 100;
/** Trips' worth of virtual time run after the click settles, for the writes that follow it. */
const FLUSH_TRIPS = 20;
/** Virtual time advanced per step; a trip is a whole number of steps. */
const STEP = 1;

export async function tripsWaited<T>(fn: () => Promise<T>): Promise<{ value: T; trips: number }> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate", "clearImmediate", "Date"] });
  const latency = network.latency;
  network.latency = LATENCY;
  const start = Date.now();
  const outcome: { settled?: { value: T } | { error: unknown } } = {};
  void fn().then((value) => { outcome.settled = { value }; }, (error: unknown) => { outcome.settled = { error }; });
  try {
    for (let elapsed = 0; !outcome.settled; elapsed += STEP) {
      if (elapsed > 200 * LATENCY) throw new Error("the click never settled");
      await vi.advanceTimersByTimeAsync(STEP);
    }
    const trips = Math.round((Date.now() - start) / LATENCY);
    // Writes still under way once the click settled (the Narrator's queue waits for them) land before the clock goes
    // back to real timers, which would never fire the fake ones.
    await vi.advanceTimersByTimeAsync(FLUSH_TRIPS * LATENCY);
    const settled = outcome.settled;
    if ("error" in settled) throw settled.error;
    return { value: settled.value, trips };
  } finally {
    network.latency = latency;
    vi.useRealTimers();
  }
}
