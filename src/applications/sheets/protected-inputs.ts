/**
 * What a player's sheet lets him type: the inputs of protected values (data/protected-fields.ts) are disabled
 * unless the Narrator's client would take them from him (authority/protected-edit.ts): a creation spend while the
 * Protagonista is in creation, anything but the Narrator's own fields under free editing. The sheet would otherwise
 * accept a number that the Narrator's client then refuses. Core disables a whole form the same way when the sheet is
 * not editable (DocumentSheetV2 toggles its form elements on render); this does it per field.
 */
import { FREE_EDIT_EXCLUDED, touchesProtected } from "../../data/protected-fields.js";
import { CHARACTERISTICS } from "../../rules/types.js";

/** The state a sheet's locks depend on. */
export interface LockState {
  isGM: boolean;
  /** The actor (or the item's actor) is open for free editing. */
  freeEdit: boolean;
  /** The Protagonista (or the item's owner) is in creation. */
  inCreation: boolean;
}

const SPENDABLE: Record<string, readonly string[]> = {
  Actor: CHARACTERISTICS.map((k) => `characteristics.${k}`),
  Item: ["bought"],
};

/** Whether the viewer may type into the input of this `system` path of this document type. */
export function mayType(documentName: "Actor" | "Item", type: string, path: string, state: LockState): boolean {
  if (state.isGM || !touchesProtected(documentName, type, path)) return true;
  if (state.freeEdit) return documentName === "Item" || !FREE_EDIT_EXCLUDED.includes(path);
  return state.inCreation && (documentName === "Actor" || type === "skill") && (SPENDABLE[documentName] ?? []).includes(path);
}

/** Buttons that write protected values whatever their input (counters, rest, rows of an animal or a weapon's modes). */
export const PROTECTED_ACTIONS = ["adjustCounter", "recover", "addRow", "removeRow", "addMode", "removeMode"] as const;

/** The few DOM members read: named controls and action buttons under the sheet's element. */
export interface ControlLike {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  disabled: boolean;
}
export interface RootLike {
  querySelectorAll(selector: string): Iterable<ControlLike>;
}

/**
 * Disables, with a tooltip saying why, each control of a protected value the viewer may not type, and the protected
 * buttons unless free editing is on. Answers how many it disabled.
 */
export function lockProtectedInputs(root: RootLike, documentName: "Actor" | "Item", type: string, state: LockState, hint: string): number {
  if (state.isGM) return 0;
  let locked = 0;
  const lock = (control: ControlLike): void => {
    control.disabled = true;
    if (!control.getAttribute("data-tooltip")) control.setAttribute("data-tooltip", hint);
    locked++;
  };
  for (const control of root.querySelectorAll("input[name^='system.'], select[name^='system.'], textarea[name^='system.'], multi-checkbox[name^='system.']")) {
    const name = control.getAttribute("name") ?? "";
    if (!mayType(documentName, type, name.slice("system.".length), state)) lock(control);
  }
  if (!state.freeEdit) for (const button of root.querySelectorAll(PROTECTED_ACTIONS.map((a) => `[data-action='${a}']`).join(", "))) lock(button);
  return locked;
}
