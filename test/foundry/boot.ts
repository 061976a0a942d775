/** Runs the system's real init wiring (src/genesys.ts) against the test double. */
import type { FoundryDouble } from "./globals.js";

export function foundryDouble(): FoundryDouble {
  return (globalThis as unknown as { foundryDouble: FoundryDouble }).foundryDouble;
}

let booted = false;
export async function bootSystem(): Promise<FoundryDouble> {
  const double = foundryDouble();
  if (!booted) {
    await import("../../src/genesys.js");
    double.hooks.callAll("init");
    booted = true;
  }
  return double;
}
