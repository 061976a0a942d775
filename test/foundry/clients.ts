/**
 * Several clients in one process, and the network between them.
 *
 * Each connected user runs our code in their own browser; here each "client" is an async context (AsyncLocalStorage)
 * whose `game.user` is that user, so two clients' requests can really be in flight at once and interleave.
 * The world's documents are shared (the server's copy, broadcast at once to everyone: assumption, a simplification of
 * Foundry's socket broadcast). Every server round trip (a document write, a query hop) takes `network.latency`
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
  /** Extra milliseconds before the GM's client answers a query (a slow or busy Narrator). */
  queryDelay: 0,
  /** Every round trip made, for tests that count them. */
  trips: 0,
};

export function resetNetwork(): void {
  network.latency = 0;
  network.queryDelay = 0;
  network.trips = 0;
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

/** One trip to the server and back. */
export async function roundTrip(): Promise<void> {
  network.trips++;
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

/**
 * v13 User#query as the types describe it: the handler registered under that name runs on the recipient's client with
 * the query data only (Foundry does not tell the handler who asked: foundryvtt/foundryvtt#13418), and the asker's
 * promise rejects when `timeout` passes first, while the handler goes on and may still change the world.
 */
export async function deliverQuery(recipient: ClientUser & { active: boolean }, name: string, data: unknown, options: { timeout?: number }): Promise<unknown> {
  if (!recipient.active) throw new Error(`${recipient.name} is not connected`);
  const handlers = (globalThis as unknown as { CONFIG: { queries: Record<string, ((d: unknown, o: unknown) => Promise<unknown>) | undefined> } }).CONFIG.queries;
  const handler = handlers[name];
  if (!handler) throw new Error(`no query handler "${name}"`);
  // The data crosses the network as JSON.
  const sent: unknown = data === undefined ? undefined : JSON.parse(JSON.stringify(data));
  const answer = onClient(recipient, async () => {
    await roundTrip();
    await wait(network.queryDelay);
    return handler(sent, { timeout: options.timeout });
  });
  const reply = answer.then(async (value) => {
    await roundTrip();
    return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
  });
  if (options.timeout === undefined) return reply;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => { reject(new Error(`query "${name}" timed out after ${String(options.timeout)} ms`)); }, options.timeout);
  });
  // The handler's own failure after a timeout is nobody's to catch on the asker's side (Foundry drops the late reply).
  reply.catch(() => undefined);
  try {
    return await Promise.race([reply, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
