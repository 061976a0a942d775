/**
 * Where GenesysActor#rollCheck finds the check flow (src/check/check-flow.ts): registered at init by the application layer,
 * which hands it the dialog (check/register-check.ts). Documents thus open no dialog and import no application.
 */
import type { CheckMessage, RollCheckOptions } from "./check-options.js";
import type { GenesysActor } from "./actor.js";

export type CheckRoller = (actor: GenesysActor, options: RollCheckOptions) => Promise<CheckMessage | null>;

let roller: CheckRoller | null = null;

export function registerCheckRoller(fn: CheckRoller): void {
  roller = fn;
}

/** The registered flow; before init there is none, and a roll then is a programming error. */
export function checkRoller(): CheckRoller {
  if (!roller) throw new Error("GeneSys GdR | no check roller registered: rollCheck was called before init");
  return roller;
}
