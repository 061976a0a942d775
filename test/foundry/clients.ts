/**
 * Several clients in one process, and the network between them.
 *
 * Each connected user runs our code in their own browser; here each "client" is an async context (AsyncLocalStorage)
 * whose `game.user` is that user, so two clients' requests can really be in flight at once and interleave.
 * The world's documents are shared (the server's copy, broadcast at once to everyone: assumption, a simplification of
 * Foundry's socket broadcast). Every server round trip (a document write) takes `network.latency`
 * milliseconds, or a macrotask when it is 0, so code that reads, awaits and writes can be overtaken by another client —
 * as in Foundry, where a write is applied locally only after the server has answered (assumption from the v13 API: every
 * Document#update returns a Promise that settles after the server's response).
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface ClientUser { id: string; name: string; isGM: boolean }

const context = new AsyncLocalStorage<{ user: ClientUser }>();

export const network = {
  /** Milliseconds per server round trip (0 = one macrotask). */
  latency: 0,
  /** Every round trip made, for tests that count them. */
  trips: 0,
};

export function resetNetwork(): void {
  network.latency = 0;
  network.trips = 0;
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

/** One trip to the server and back. TRIP_TRACE=1 prints each trip with its client and callers (to find a click's critical path). */
export async function roundTrip(): Promise<void> {
  network.trips++;
  if (process.env["TRIP_TRACE"]) console.log("TRIP", Date.now() % 100000, currentClientUser()?.name, new Error().stack?.split("\n").slice(2, 6).map((l) => l.trim().replace(/\(.*\/(src|test)\//, "(")).join(" < "));
  await wait(network.latency);
}

/** The user of the client this code runs on, or undefined outside any client (the test's own seat decides then). */
export function currentClientUser(): ClientUser | undefined {
  return context.getStore()?.user;
}

/** Runs `fn` on `user`'s client: inside it (and in everything it awaits) `game.user` is that user. */
export function onClient<T>(user: ClientUser, fn: () => Promise<T>): Promise<T> {
  return context.run({ user }, fn);
}
