/** Wires the check flow (src/check/check-flow.ts) to its dialog and hands it to GenesysActor#rollCheck; call at init. */
import { registerCheckRoller } from "../documents/check-roller.js";
import { rollCheck } from "./check-flow.js";
import { lazily } from "../load/lazily.js";
import { rememberingCheckPrompt } from "./quick-roll.js";

/** The dialog loads on its first use. */
const promptCheck = lazily(() => import("./check-dialog.js"), "promptCheck");

export function registerCheckRolls(): void {
  // Each answer is kept for the next quick roll of the same check (check/quick-roll.ts).
  const prompt = rememberingCheckPrompt(promptCheck);
  registerCheckRoller((actor, options) => rollCheck(actor, options, prompt));
}
