/**
 * Where GenesysActor#rollCheck finds the check flow (src/rolls/check.ts): registered at init by the application layer,
 * which hands it the dialog (applications/register-check.ts). Documents thus open no dialog and import no application.
 */
import type { CheckMessage, RollCheckOptions } from "../rolls/check.js";
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
