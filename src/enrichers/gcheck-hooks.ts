/**
 * Where `[[/gcheck …]]` meets Foundry: the enricher in CONFIG, whose `onRender` wires each button where it is drawn.
 * A listener on the main `document` would miss a button in a popped-out window (v14 can detach applications into
 * their own browser window); `onRender` runs on the element itself, in whatever window, as Foundry's own Crucible
 * system wires its check enrichers (crucible module/enrichers: `id` + `onRender`). The page-wide listener stays for a
 * build that does not call `onRender`; a click either has handled is not handled again. What the buttons do is
 * gcheck.ts, loaded with the first button rendered or pressed.
 */
import { guarded } from "../ui/guarded.js";
import { asElement } from "../compat/dom.js";

export const GCHECK_PATTERN = /\[\[\/gcheck(?:\s+(?<config>[^\]]*))?\]\](?:\{(?<label>[^}]*)\})?/gi;

const gcheck = () => import("./gcheck.js");

/** Clicks already answered, by the element's listener or the page's. */
const handled = new WeakSet<Event>();

/** A click inside an enriched button's element, or anywhere in the page: only the check button is ours. */
export function onGcheckButtonClick(event: Event): void {
  if (handled.has(event)) return;
  const link = asElement(event.target)?.closest<HTMLElement>("a.genesys-gcheck");
  if (!link) return;
  handled.add(event);
  event.preventDefault();
  if (link.classList.contains("broken")) return;
  void guarded(false, async () => (await gcheck()).onGcheckClick(link.dataset["gcheck"]));
}

/**
 * An enricher with the two members Foundry's API documents for v13 (CONFIG.TextEditorEnricherConfig: `id`, and
 * `onRender`, called with the enriched element once it is in the DOM) and foundry-vtt-types 13.345.1 lacks.
 */
type RenderedEnricher = Parameters<typeof CONFIG.TextEditor.enrichers.push>[0] & { id: string; onRender: (element: HTMLElement) => void };

/** Adds the enricher to CONFIG; call at init. */
export function registerGcheckEnricher(): void {
  const enricher: RenderedEnricher = {
    id: "genesysGcheck",
    pattern: GCHECK_PATTERN,
    enricher: async (match) => (await gcheck()).enrichGcheck(match),
    onRender: (element) => { element.addEventListener("click", onGcheckButtonClick); },
  };
  CONFIG.TextEditor.enrichers.push(enricher);
}

/** The page-wide click listener, for a build that never calls `onRender`; call at ready, once the page is there. */
export function listenToGcheckClicks(): void {
  document.addEventListener("click", onGcheckButtonClick);
}
