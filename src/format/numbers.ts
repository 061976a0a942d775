/** How numbers read on sheets, dialogs and chat cards. */

/** "+3", "−2" (a real minus sign), "0": modifiers as players read them. */
export function signed(n: number): string {
  if (n > 0) return `+${String(n)}`;
  if (n < 0) return `−${String(-n)}`;
  return "0";
}

/** The user's language, for Intl. */
const userLang = (): string => game.i18n.lang || "it";

/**
 * A measure to a tenth, in the user's language ("4,5" in Italian, "4.5" in English); "12" for 12, or "12,0" when
 * `fixed` (a mean beside its interval).
 */
export function tenths(n: number, lang: string = userLang(), fixed = false): string {
  return new Intl.NumberFormat(lang, { minimumFractionDigits: fixed ? 1 : 0, maximumFractionDigits: 1 }).format(n);
}

/** Kilograms to at most two decimals in the user's language ("10,2" in Italian, "10.2" in English; no float noise). */
export function kilograms(n: number, lang: string = userLang()): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(n);
}

/** 0.72 as a whole percent, written as the user's language writes percents ("72%" in English and Italian). */
export function percent(p: number, lang: string = userLang()): string {
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(p);
}
