/**
 * Where `[[/gcheck …]]` meets Foundry: the enricher in CONFIG and the page's click listener. What they do is gcheck.ts,
 * loaded with the first button rendered or pressed.
 */
import { guarded } from "../applications/guarded.js";
import { asElement } from "../compat/dom.js";

export const GCHECK_PATTERN = /\[\[\/gcheck(?:\s+(?<config>[^\]]*))?\]\](?:\{(?<label>[^}]*)\})?/gi;

const gcheck = () => import("./gcheck.js");

/** Where a click lands in the page: only check buttons are ours (a delegated listener serves journals and chat alike). */
function onDocumentClick(event: Event): void {
  const link = asElement(event.target)?.closest<HTMLElement>("a.genesys-gcheck");
  if (!link) return;
  event.preventDefault();
  if (link.classList.contains("broken")) return;
  void guarded(false, async () => (await gcheck()).onGcheckClick(link.dataset["gcheck"]));
}

/** Adds the enricher to CONFIG; call at init. */
export function registerGcheckEnricher(): void {
  CONFIG.TextEditor.enrichers.push({ pattern: GCHECK_PATTERN, enricher: async (match) => (await gcheck()).enrichGcheck(match) });
}

/** The page-wide click listener for the buttons; call at ready, once the page is there. */
export function listenToGcheckClicks(): void {
  document.addEventListener("click", onDocumentClick);
}
