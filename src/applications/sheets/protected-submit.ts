/**
 * A player's sheet submit: what stays his own (protected-fields.ts OPEN_FIELDS, names, images) is written as core
 * writes it; the protected values he changed go to the Narrator's client (authority/protected-edit.ts), which the
 * server would refuse from him anyway. A Narrator's submit is core's.
 */
import { requestProtectedEdit } from "../../authority/protected-edit-request.js";
import { expandPaths, splitSystemUpdate } from "../../data/protected-fields.js";

type Submitted = Record<string, unknown>;

/** The submit split for a player: what to write as the owner, and the protected values to ask for. */
export function splitSubmit(document: { documentName: string; type: string; _source: { system?: unknown } }, submitData: Submitted): { own: Submitted; asked: Record<string, unknown> } {
  const { system, ...rest } = submitData;
  if (system === undefined) return { own: submitData, asked: {} };
  const { open, guarded } = splitSystemUpdate(document.documentName, document.type, document._source.system, system);
  return { own: Object.keys(open).length > 0 ? { ...rest, system: expandPaths(open) } : rest, asked: guarded };
}

/** Runs a sheet's submit as the current user may: core's write for what he owns, an intent for the rest. */
export async function submitAsOwner(document: { documentName: string; type: string; uuid: string | null; _source: { system?: unknown } }, submitData: Submitted, write: (data: Submitted) => Promise<void>): Promise<void> {
  if (game.user.isGM) return write(submitData);
  const { own, asked } = splitSubmit(document, submitData);
  if (Object.keys(own).length > 0) await write(own);
  if (document.uuid && Object.keys(asked).length > 0) await requestProtectedEdit(document.uuid, asked);
}
