/**
 * Issue 21, one vocabulary per language: docs/glossary.md names, for each concept, the word the system uses and the
 * words it never uses; no string of the lang files and no page of the manual in that language may use one of them.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./project.js";

interface Row { it: string; en: string; never: Record<"it" | "en", string[]> }

function glossary(): Row[] {
  const text = fs.readFileSync(path.join(ROOT, "docs/glossary.md"), "utf8");
  const rows = text.split("\n").filter((l) => l.startsWith("| ") && !l.startsWith("| Italiano") && !l.startsWith("|---"));
  return rows.map((line) => {
    const [itWord = "", enWord = "", neverIt = "", neverEn = ""] = line.split("|").slice(1).map((c) => c.trim());
    const list = (cell: string): string[] => cell.split(",").map((w) => w.trim()).filter((w) => w !== "" && w !== "—");
    return { it: itWord, en: enWord, never: { it: list(neverIt), en: list(neverEn) } };
  });
}

/** Every string of a lang file, by its key. */
function strings(lang: "it" | "en"): [string, string][] {
  const out: [string, string][] = [];
  const walk = (node: unknown, key: string): void => {
    if (typeof node === "string") out.push([key, node]);
    else if (typeof node === "object" && node !== null) for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
  };
  walk(JSON.parse(fs.readFileSync(path.join(ROOT, `lang/${lang}.json`), "utf8")), "");
  return out;
}

/** The manual's pages in that language, as text: the Italian journal, or its English translation for Babele. */
function manual(lang: "it" | "en"): [string, string][] {
  const file = lang === "it" ? "packs/manual/manuale_di_genesys_gdr_gnsManualJournal.json" : "lang/babele/en/genesys-gdr.manual.json";
  const html: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === "string") html.push(node);
    else if (typeof node === "object" && node !== null) Object.values(node).forEach(walk);
  };
  walk(JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")));
  return html.filter((h) => h.includes("<")).map((h, i) => [`${file} #${String(i)}`, h.replace(/<[^>]+>/g, " ")]);
}

/** The text without placeholders and without Foundry's own roll-mode labels (not our words). */
const ours = (text: string): string => text.replace(/\{[^}]*\}/g, " ").replace(/\b(Public|Private GM|Blind GM|Self) Roll\b/g, " ");

const uses = (text: string, word: string): boolean => new RegExp(`(?<![\\p{L}\\d])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\d])`, "iu").test(ours(text));

describe("one vocabulary per language (docs/glossary.md)", () => {
  const rows = glossary();

  it("the glossary has its rows, each with its words in both languages", () => {
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect([row.it, row.en].every((w) => w.length > 0)).toBe(true);
    expect(rows.find((r) => r.it.startsWith("verifica"))?.never.it).toContain("prova");
  });

  it.each(["it", "en"] as const)("no %s string and no manual page uses a word the glossary excludes", (lang) => {
    const found: string[] = [];
    for (const [where, text] of [...strings(lang), ...manual(lang)]) {
      for (const row of rows) for (const word of row.never[lang]) if (uses(text, word)) found.push(`${where}: "${word}" (say "${lang === "it" ? row.it : row.en}")`);
    }
    expect(found).toEqual([]);
  });

  it("the check can fail: an excluded word is found, a placeholder and a longer word are not", () => {
    expect(uses("Tira la prova di Forza", "prova")).toBe(true);
    expect(uses("Turno {round} · Esecuzione", "round")).toBe(false);
    expect(uses("Riprova più tardi", "prova")).toBe(false);
    expect(uses("Private GM Roll: i Narratori", "GM")).toBe(false);
  });
});
