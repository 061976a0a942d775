/**
 * Counts in running text: "1 lancio", "2 lanci". A counted key is a group of plural forms (`….one`, `….other`, and any
 * other category the language's Intl.PluralRules names), each with a `{count}` placeholder; Foundry's i18n has no
 * plural forms of its own.
 */

export interface CountLocalizer {
  localize(key: string): string;
  format(key: string, data?: Record<string, string>): string;
  /** The UI language (game.i18n.lang); Italian, the book's, when the caller does not say. */
  lang?: string;
}

const rulesByLang = new Map<string, Intl.PluralRules>();

function pluralRules(lang: string): Intl.PluralRules {
  let rules = rulesByLang.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    rulesByLang.set(lang, rules);
  }
  return rules;
}

/** `key` formatted for `count`: its form for the language's plural category, or `….other` when that form is missing. */
export function formatCount(i18n: CountLocalizer, key: string, count: number, data: Record<string, string> = {}): string {
  const category = pluralRules(i18n.lang ?? "it").select(count);
  const wanted = `${key}.${category}`;
  // Foundry returns a missing key as itself.
  const form = i18n.localize(wanted) === wanted ? `${key}.other` : wanted;
  return i18n.format(form, { ...data, count: String(count) });
}
