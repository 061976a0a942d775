/**
 * DOM checks that hold in every window. v14 can pop an application or the chat out into its own browser window, whose
 * elements are instances of that window's HTMLElement, not of the main window's, so `instanceof Element` fails there
 * (the concern the project's fidelity issue names; the same reason core and dnd5e test `nodeType` or `tagName`).
 * These look at what a node is, not at which window's class made it.
 */
const ELEMENT_NODE = 1;

/** The value as an Element when it is one, from any window. */
export function asElement(value: unknown): Element | null {
  if (typeof value !== "object" || value === null) return null;
  const node = value as { nodeType?: unknown; closest?: unknown };
  // nodeType 1 with closest() is what every window's Element has; checked just above.
  return node.nodeType === ELEMENT_NODE && typeof node.closest === "function" ? (value as Element) : null;
}

/** The element when it has this tag name, or null. */
function withTag(value: unknown, tag: string): Element | null {
  const el = asElement(value);
  return el?.tagName.toUpperCase() === tag ? el : null;
}

// Each cast below follows a tag-name check, so the element is that kind of control whatever its window.
export const asForm = (value: unknown): HTMLFormElement | null => withTag(value, "FORM") as HTMLFormElement | null;
export const asInput = (value: unknown): HTMLInputElement | null => withTag(value, "INPUT") as HTMLInputElement | null;
export const asTextArea = (value: unknown): HTMLTextAreaElement | null => withTag(value, "TEXTAREA") as HTMLTextAreaElement | null;
export const asSelect = (value: unknown): HTMLSelectElement | null => withTag(value, "SELECT") as HTMLSelectElement | null;
