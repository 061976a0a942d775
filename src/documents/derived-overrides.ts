/**
 * A Narrator's overrides of Riflessi, Resistenza and Velocità (`system.overrides.*`, §1.2.2) are his alone: the sheet
 * disables the fields for players and the writing client's _preUpdate refuses a player's change. A player's own client
 * runs that check, so a player who edits the code from the console can still write them (Foundry lets any owner update
 * any field of his actor); the check stops the sheet, macros and the API, not a deliberate cheat.
 */
import { changedAt } from "../data/actor/creation.js";

const KEYS = ["reflexes", "resistance", "speed"] as const;

/**
 * The override values a write sets, whichever way the keys are spelled (nested, dotted or mixed). Foundry's deletion
 * keys ("-=speed", "-=overrides") clear a value, so they read as a write of null; its replacement keys ("==") as the
 * value they put.
 */
function writtenOverrides(changes: unknown): Partial<Record<(typeof KEYS)[number], unknown>> {
  const out: Partial<Record<(typeof KEYS)[number], unknown>> = {};
  const replaced = changedAt(changes, "system.==overrides");
  const deleted = changedAt(changes, "system.-=overrides") !== undefined;
  for (const key of KEYS) {
    if (deleted) out[key] = null;
    const whole = typeof replaced === "object" && replaced !== null ? changedAt(replaced, key) : undefined;
    // A replacement of the whole object drops the keys it leaves out.
    if (replaced !== undefined) out[key] = whole ?? null;
    if (changedAt(changes, `system.overrides.-=${key}`) !== undefined) out[key] = null;
    for (const path of [`system.overrides.${key}`, `system.overrides.==${key}`]) {
      const value = changedAt(changes, path);
      if (value !== undefined) out[key] = value;
    }
  }
  return out;
}

/** Whether this write changes an override (a value equal to the current one, as a full sheet submit sends, is no change). */
export function changesOverrides(changes: unknown, current: Readonly<Record<(typeof KEYS)[number], number | null>>): boolean {
  const written = writtenOverrides(changes);
  return KEYS.some((key) => key in written && (written[key] ?? null) !== current[key] && !(written[key] === "" && current[key] === null));
}
