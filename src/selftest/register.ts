/**
 * The in-Foundry self-test, for whoever has the community's Quench module (github.com/Ethaks/FVTT-Quench): on Quench's
 * "quenchReady" hook (fired in its "setup", after our "init") the batch "genesys-gdr.flows" is loaded and registered;
 * without Quench nothing is loaded. The batch (quench.ts, flows.ts) is a chunk of its own: no player ever runs it.
 */
import type { QuenchContext } from "./quench.js";
import type { SelfTestWorld } from "./scratch.js";

export const SELF_TEST_BATCH = "genesys-gdr.flows";
export const SELF_TEST_NAME = "GeneSys GdR: main flows";

export interface QuenchLike {
  registerBatch(key: string, fn: (context: QuenchContext) => void, options: { displayName: string }): void;
}

function isQuench(value: unknown): value is QuenchLike {
  // A non-null object, read for the one member a batch registration needs.
  return typeof value === "object" && value !== null && typeof (value as { registerBatch?: unknown }).registerBatch === "function";
}

/** Where the "quenchReady" listener goes: Foundry's Hooks, or a test's own. */
export interface HookRegistry {
  on(hook: "quenchReady", fn: (quench: unknown) => void): unknown;
}

export interface SelfTestOptions {
  hooks?: HookRegistry;
  /** The Foundry operations the batch uses, made when a run starts (tests pass the double's). */
  world?: () => SelfTestWorld;
}

let registered: Promise<void> = Promise.resolve();

/** Resolves once the batch a quenchReady asked for is registered (or failed to load, which is logged). */
export function selfTestRegistered(): Promise<void> {
  return registered;
}

/** Listens for Quench; call at init. Without Quench nothing happens. */
export function registerSelfTest(options: SelfTestOptions = {}): void {
  const hooks: HookRegistry = options.hooks ?? Hooks;
  hooks.on("quenchReady", (quench) => {
    if (!isQuench(quench)) return;
    registered = import("./quench.js")
      .then((batch) => { batch.registerFlowsBatch(quench, options.world); })
      .catch((error: unknown) => { console.error("GeneSys GdR | the self-test could not be loaded", error); });
  });
}
