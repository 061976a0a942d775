/**
 * The in-Foundry self-test, for whoever has the community's Quench module (github.com/Ethaks/FVTT-Quench): on Quench's
 * "quenchReady" hook (fired in its "setup", after our "init") the batch "genesys-gdr.flows" is loaded and registered;
 * without Quench nothing is loaded. The batch (quench.ts, flows.ts) is a chunk of its own: no player ever runs it.
 */
import type { QuenchContext } from "./quench.js";
import type { SelfTestWorld } from "./scratch.js";

import { SELF_TEST_BATCH, SELF_TEST_NAME } from "./batch-name.js";

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

/**
 * Listens for Quench; call at init. Without Quench nothing happens. The batch is registered at once, so Quench lists
 * it whenever its window opens; its code starts loading then. A run that starts before the code is there (an
 * auto-run at ready on a slow connection) gets one failing test saying so, rather than no batch at all.
 */
export function registerSelfTest(options: SelfTestOptions = {}): void {
  const hooks: HookRegistry = options.hooks ?? Hooks;
  hooks.on("quenchReady", (quench) => {
    if (!isQuench(quench)) return;
    let batch: Awaited<ReturnType<typeof loadBatch>> | null = null;
    let failure: string | null = null;
    registered = loadBatch().then(
      (loaded) => { batch = loaded; },
      (error: unknown) => {
        failure = error instanceof Error ? error.message : String(error);
        console.error("GeneSys GdR | the self-test could not be loaded", error);
      },
    );
    quench.registerBatch(SELF_TEST_BATCH, (context) => {
      if (batch) {
        batch.runFlows(context, options.world);
        return;
      }
      const why = failure === null ? "its code is still loading: run the batch again in a moment" : `its code could not be loaded: ${failure}`;
      context.describe(SELF_TEST_NAME, () => {
        context.it("loads the self-test", () => { throw new Error(`GeneSys GdR self-test: ${why}`); });
      });
    }, { displayName: SELF_TEST_NAME });
  });
}

const loadBatch = () => import("./quench.js");
