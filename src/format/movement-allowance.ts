/** How a Movimento allowance reads in the tracker and on the token's ruler: "5 m", "1,25 m strisciando", "2,5 m (metà: prova fallita di 3)". */
import type { MovementAllowance } from "../rules/movement.js";

export interface AllowanceLocalizer {
  format(key: string, data?: Record<string, string>): string;
  localize(key: string): string;
  /** The UI language (game.i18n.lang); Italian when the caller does not say. */
  lang?: string;
}

const formats = new Map<string, Intl.NumberFormat>();

/** Metres as the language writes them, to the centimetre at most ("1,25" in Italian, "1.25" in English). */
export function metres(value: number, lang = "it"): string {
  let f = formats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
    formats.set(lang, f);
  }
  return f.format(value);
}

export interface AllowanceText {
  /** The short label. */
  text: string;
  /** Why it is so, for a tooltip. */
  hint: string;
  /** No displacement at all (grapple, immobilised, mishap, standing up). */
  blocked: boolean;
}

export function allowanceText(allowance: MovementAllowance, i18n: AllowanceLocalizer): AllowanceText {
  // "Failed by 3": how far the adverse-conditions check fell short, for the half and mishap cases.
  const data = { metres: metres(allowance.metres, i18n.lang), ...(allowance.checkMargin === undefined ? {} : { failedBy: String(-allowance.checkMargin) }) };
  const reason = allowance.reason;
  const key = reason === "half" && allowance.prone ? "halfProne" : reason;
  return {
    text: i18n.format(`GENESYS.Movement.Allowance.${key}`, data),
    hint: i18n.format(`GENESYS.Movement.Hint.${key}`, data),
    blocked: allowance.metres === 0 && reason !== "flat",
  };
}
