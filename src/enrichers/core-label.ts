/**
 * `@CoreLabel[CHAT.RollPublic]` in the manual: the label Foundry itself shows for that control, in the user's
 * language, so the Italian manual never puts Foundry's English inside Italian text and matches whatever translation
 * of core the table runs. Only the roll modes' keys (core's CHAT.RollPublic/RollPrivate/RollBlind/RollSelf, which
 * peers localize for the same menu: dnd5e-era modules' rollModes()); any other key is left as written.
 */
export const CORE_LABEL_PATTERN = /@CoreLabel\[([A-Za-z.]+)\]/g;

const CORE_LABELS: ReadonlySet<string> = new Set(["CHAT.RollPublic", "CHAT.RollPrivate", "CHAT.RollBlind", "CHAT.RollSelf"]);

/** The label the match names, in the reader's language; null for a key not on the list. */
export function coreLabelText(match: RegExpMatchArray, i18n: { localize(key: string): string } = game.i18n): string | null {
  const key = match[1] ?? "";
  return CORE_LABELS.has(key) ? i18n.localize(key) : null;
}

/** The label as an element, or null (Foundry then leaves the text as written). */
function coreLabel(match: RegExpMatchArray): HTMLElement | null {
  const text = coreLabelText(match);
  if (text === null) return null;
  const span = document.createElement("span");
  span.className = "genesys-core-label";
  span.textContent = text;
  return span;
}

/** Adds the enricher to CONFIG; call at init. */
export function registerCoreLabelEnricher(): void {
  CONFIG.TextEditor.enrichers.push({ pattern: CORE_LABEL_PATTERN, enricher: (match) => Promise.resolve(coreLabel(match)) });
}
