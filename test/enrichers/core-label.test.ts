/**
 * `@CoreLabel[…]` (src/enrichers/core-label.ts): the manual names Foundry's roll modes by core's own strings, so each
 * reader sees the label their Foundry shows, and the Italian text carries no English label.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bootSystem } from "../foundry/boot.js";
import { CORE_LABEL_PATTERN, coreLabelText } from "../../src/enrichers/core-label.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MANUALS = {
  it: fs.readFileSync(path.join(ROOT, "packs/manual/manuale_di_genesys_gdr_gnsManualJournal.json"), "utf8"),
  en: fs.readFileSync(path.join(ROOT, "lang/babele/en/genesys-gdr.manual.json"), "utf8"),
};
const i18n = { localize: (key: string): string => ({ "CHAT.RollPublic": "Tiro pubblico", "CHAT.RollBlind": "Tiro nascosto" })[key] ?? key };
const matches = (text: string): RegExpMatchArray[] => [...text.matchAll(new RegExp(CORE_LABEL_PATTERN.source, "g"))];

describe("@CoreLabel", () => {
  beforeAll(async () => {
    await bootSystem();
  });

  it("renders a roll mode's label in the reader's language", () => {
    const [match] = matches("con la modalità @CoreLabel[CHAT.RollBlind] la scheda");
    expect(match).toBeDefined();
    expect(match && coreLabelText(match, i18n)).toBe("Tiro nascosto");
  });

  it("leaves a key that is not a roll mode as written (no element: Foundry keeps the text)", () => {
    const [match] = matches("@CoreLabel[SETTINGS.Configure]");
    expect(match && coreLabelText(match, i18n)).toBeNull();
  });

  it("the manuals name all four roll modes that way, and only with known keys", () => {
    for (const [lang, text] of Object.entries(MANUALS)) {
      const keys = new Set(matches(text).map((m) => m[1]));
      expect([...keys].sort(), lang).toEqual(["CHAT.RollBlind", "CHAT.RollPrivate", "CHAT.RollPublic", "CHAT.RollSelf"]);
      for (const m of matches(text)) expect(coreLabelText(m, i18n), `${lang}: ${m[0]}`).not.toBeNull();
    }
  });

  it("is registered at init with Foundry's enrichers", () => {
    const enrichers = (CONFIG.TextEditor.enrichers as unknown as { pattern: RegExp }[]).map((e) => e.pattern.source);
    expect(enrichers).toContain(CORE_LABEL_PATTERN.source);
  });

  it("the Italian manual carries none of Foundry's English roll-mode labels", () => {
    expect(MANUALS.it).not.toMatch(/Public Roll|Private GM Roll|Blind GM Roll|Self Roll|Configure Settings/);
  });
});
