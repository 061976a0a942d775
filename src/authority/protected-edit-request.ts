/** What a sheet asks of the Narrator's client for protected values, and whether an actor is open for free editing; protected-edit.ts answers. */
import { sendIntent, notifyResult } from "./intent-channel.js";
import { expandPaths, valueAt } from "../data/protected-fields.js";

export const EDIT_INTENT = "sheet.edit";

/** What the sheet sends: the document (an actor, or an item embedded in one) and the protected values it changes. */
export interface ProtectedEditPayload {
  uuid: string;
  /** The new values under `system`, nested (dotted paths expanded). */
  system: Record<string, unknown>;
}

/** The stored opening, never the prepared value, which an Active Effect could change. */
export function freeEditing(actor: Actor.Implementation): boolean {
  return valueAt(actor._source.system, "freeEdit") === true;
}

/** Asks the Narrator's client to write these protected values; a refusal is shown to the user. */
export async function requestProtectedEdit(uuid: string, system: Record<string, unknown>): Promise<boolean> {
  if (Object.keys(system).length === 0) return true;
  return notifyResult(await sendIntent(EDIT_INTENT, { uuid, system: expandPaths(system) } satisfies ProtectedEditPayload));
}
