/** Wires the check flow (src/rolls/check.ts) to its dialog and hands it to GenesysActor#rollCheck; call at init. */
import { registerCheckRoller } from "../documents/check-roller.js";
import { rollCheck } from "../rolls/check.js";
import { promptCheck } from "./check-dialog.js";

export function registerCheckRolls(): void {
  registerCheckRoller((actor, options) => rollCheck(actor, options, promptCheck));
}
