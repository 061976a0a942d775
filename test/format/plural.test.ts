import { describe, expect, it } from "vitest";
import { formatCount } from "../../src/format/plural.js";
import { translations } from "../applications/sheet-fixtures.js";

function words(lang: "it" | "en") {
  const strings = translations(lang);
  const localize = (key: string): string => strings.get(key) ?? key;
  return { lang, localize, format: (key: string, data: Record<string, string> = {}) => localize(key).replace(/\{(\w+)\}/g, (m, name: string) => data[name] ?? m) };
}

describe("counts in running text", () => {
  it("Italian and English: the singular for 1, the plural for 0 and 2", () => {
    const it_ = words("it");
    const en = words("en");
    expect([0, 1, 2].map((n) => formatCount(it_, "GENESYS.Count.Rolls", n))).toEqual(["0 lanci", "1 lancio", "2 lanci"]);
    expect([1, 2].map((n) => formatCount(it_, "GENESYS.Count.Wounds", n))).toEqual(["1 Ferita", "2 Ferite"]);
    expect([1, 2].map((n) => formatCount(it_, "GENESYS.Count.Doses", n))).toEqual(["1 dose", "2 dosi"]);
    expect([1, 2].map((n) => formatCount(en, "GENESYS.Count.Rolls", n))).toEqual(["1 roll", "2 rolls"]);
    expect([1, 2].map((n) => formatCount(en, "GENESYS.Count.Actors", n))).toEqual(["1 actor migrated", "2 actors migrated"]);
  });

  it("a language whose category has no form of its own falls back to 'other'", () => {
    // Polish says "few" for 2: the lang file has only one/other, so "other" is used.
    expect(formatCount({ ...words("en"), lang: "pl" }, "GENESYS.Count.Rolls", 2)).toBe("2 rolls");
  });
});
