/**
 * Runs the system's real init wiring (src/genesys.ts) against the test double: the module is imported once and the
 * "init" hook called once, as Foundry loads a system's esmodules and then calls Hooks.callAll("init") a single time per
 * page (V13-API §1.4 example; dnd5e dnd5e.mjs registers its CONFIG in Hooks.once("init")), then "setup", after
 * which the Narrator's client (the double boots as him) has loaded his side, a chunk of its own (src/narrator.ts).
 */
import type { User } from "./documents.js";
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
    double.hooks.callAll("setup");
    const { narratorHandlers } = await import("../../src/authority/intent-channel.js");
    await narratorHandlers();
    booted = true;
  }
  return double;
}

/** The double's two users: the Narrator and the (only) player. */
export function users(): { gm: User; player: User } {
  const all = foundryDouble().users.contents;
  const gm = all.find((u) => u.isGM);
  const player = all.find((u) => !u.isGM);
  if (!gm || !player) throw new Error("users missing");
  return { gm, player };
}

/** Runs `fn` as the (only) player, then gives the seat back to the GM: test plumbing, a client whose game.user is the
 *  player (multi-client runs are clients.ts). */
export async function asPlayer<T>(fn: () => Promise<T>): Promise<T> {
  const double = foundryDouble();
  const player = double.users.find((u) => !u.isGM);
  const gm = double.users.find((u) => u.isGM);
  if (!player || !gm) throw new Error("users missing");
  double.setUser(player);
  try {
    return await fn();
  } finally {
    double.setUser(gm);
  }
}
