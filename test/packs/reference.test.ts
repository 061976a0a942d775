import { describe, expect, it } from "vitest";
import { rangePenalty, RANGE_TABLE } from "../../src/rules/attack.js";
import { DIFFICULTY_LADDER } from "../../src/rules/check.js";
import { conditionThresholds } from "../../src/rules/condition.js";
import { convertDamage } from "../../src/rules/damage.js";
import { MANEUVER_INITIATIVE } from "../../src/rules/maneuvers.js";
import { DIFFICULTIES, MANEUVERS, type DifficultyKey, type ManeuverKey } from "../../src/rules/types.js";
import { byName, journalSources, translation, type JournalSource } from "./sources.js";

const journals = journalSources();
/**
 * The English quick reference lives in the Babele translation, keyed by the Italian entry's _id and its pages' Italian
 * names (Babele's pages converter finds a page's translation by the page's name: in3luki/fvtt-babele converters.ts).
 */
const english = translation("reference");

/** The Italian entry as Babele shows it in English: each page's name and text replaced from the translation. */
function translated(entry: JournalSource): JournalSource {
  const tr = english.entries[entry._id];
  if (!tr) throw new Error(`no English translation of ${entry._id}`);
  return {
    ...entry,
    name: tr.name,
    pages: entry.pages.map((page) => {
      const t = tr.pages?.[page.name];
      if (!t) throw new Error(`no English translation of page "${page.name}"`);
      return { ...page, name: t.name, text: { ...page.text, content: t.text } };
    }),
  };
}

interface Words {
  entry: string;
  pages: string[];
  difficulty: Record<DifficultyKey, string>;
  maneuver: Record<ManeuverKey, string>;
  conditions: [string, string, string, string, string];
  wounds: string;
  upTo5: string;
  over: (metres: number) => string;
  traumaExample: RegExp;
}

const ITALIAN: Words = {
  entry: "Riferimento rapido",
  pages: ["Manovre e iniziativa", "Difficoltà", "Condizioni fisiche", "Danni", "Distanza"],
  difficulty: { trivial: "Banale", easy: "Facile", medium: "Media", complex: "Complessa", difficult: "Difficile", veryDifficult: "Molto difficile", extreme: "Estrema", absurd: "Assurda" },
  maneuver: { defence: "Difesa", attack: "Attacco", execution: "Esecuzione", focus: "Focalizzazione", movement: "Movimento", preparation: "Preparazione" },
  conditions: ["Normale", "Debole", "Spossato", "Crollato", "Morto"],
  wounds: "Ferite",
  upTo5: "fino a 5 m",
  over: (m) => `oltre ${String(m)} m`,
  traumaExample: /5 punti da trauma diventano (\d+) Fatica e (\d+) Ferite/,
};

const ENGLISH: Words = {
  entry: "Quick Reference",
  pages: ["Maneuvers and initiative", "Difficulty", "Physical condition", "Damage", "Range"],
  difficulty: { trivial: "Trivial", easy: "Easy", medium: "Medium", complex: "Complex", difficult: "Difficult", veryDifficult: "Very difficult", extreme: "Extreme", absurd: "Absurd" },
  maneuver: { defence: "Defence", attack: "Attack", execution: "Execution", focus: "Focus", movement: "Movement", preparation: "Preparation" },
  conditions: ["Normal", "Weak", "Exhausted", "Collapsed", "Dead"],
  wounds: "Wounds",
  upTo5: "up to 5 m",
  over: (m) => `over ${String(m)} m`,
  traumaExample: /5 trauma points become (\d+) Fatigue and (\d+) Wounds/,
};

/** A table row as the pages write it: `<tr><td>a</td><td>b</td>…`. */
const row = (...cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}`;
/** Penalties are written with a true minus sign, as in the book's notation. */
const signed = (n: number) => (n < 0 ? `−${String(-n)}` : String(n));

function content(entry: JournalSource, page: number): string {
  return entry.pages[page]?.text.content ?? "";
}

describe("reference pack", () => {
  it("one quick reference entry, in Italian; its English text is the translation file's, page for page", () => {
    expect(journals.map((j) => j.name)).toEqual([ITALIAN.entry]);
    const [source] = journals;
    expect(Object.keys(english.entries)).toEqual([source?._id]);
    const tr = english.entries[source?._id ?? ""];
    expect(tr?.name).toBe(ENGLISH.entry);
    expect(Object.keys(tr?.pages ?? {}).sort()).toEqual((source?.pages ?? []).map((p) => p.name).sort());
    for (const page of source?.pages ?? []) {
      const t = tr?.pages?.[page.name];
      expect(Object.keys(t ?? {}).sort()).toEqual(["name", "text"]);
      // Same layout in both languages: as many paragraphs, tables and rows.
      for (const tag of ["<p>", "<table>", "<tr>"]) {
        expect([page.name, tag, t?.text.split(tag).length]).toEqual([page.name, tag, page.text.content.split(tag).length]);
      }
    }
  });
});

describe.each([["Italian", ITALIAN], ["English", ENGLISH]] as const)("%s quick reference", (lang, words) => {
  const italian = byName(journals, ITALIAN.entry);
  const entry = lang === "Italian" ? italian : translated(italian);

  it("five text pages in order, HTML format, title shown at level 1", () => {
    expect(entry.pages.map((p) => p.name)).toEqual(words.pages);
    const sorts = entry.pages.map((p) => p.sort);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
    for (const page of entry.pages) {
      expect(page.type).toBe("text");
      expect(page.title).toEqual({ show: true, level: 1 });
      expect(page.text.format).toBe(1);
      expect(page.text.content).toMatch(/^<p>/);
      expect(page.text.content.match(/<table>/g)?.length ?? 0).toBe(page.text.content.match(/<\/table>/g)?.length ?? 0);
    }
    expect(entry.categories).toEqual([]);
  });

  it("maneuvers with their initiative values (§2.2)", () => {
    const text = content(entry, 0);
    for (const key of MANEUVERS) expect(text).toContain(row(words.maneuver[key], String(MANEUVER_INITIATIVE[key])));
  });

  it("the difficulty ladder (§1.7.2)", () => {
    const text = content(entry, 1);
    for (const key of DIFFICULTIES) expect(text).toContain(row(words.difficulty[key], String(DIFFICULTY_LADDER[key])));
  });

  it("condition thresholds and the R 28 example (§1.5.2)", () => {
    const text = content(entry, 2);
    const t = conditionThresholds(28);
    const [normal, weak, exhausted, collapsed, dead] = words.conditions;
    expect(text).toContain(row(normal, `0–${String(t.normalMax)}`));
    expect(text).toContain(row(weak, `${String(t.normalMax + 1)}–${String(t.weakMax)}`));
    expect(text).toContain(row(exhausted, `${String(t.weakMax + 1)}–${String(t.exhaustedMax)}`));
    expect(text).toContain(row(collapsed, `${String(t.collapsedMin)}+`));
    expect(text).toContain(row(dead, `${words.wounds} ${String(t.deadMinWounds)}+`));
    for (const formula of ["R/2", "3R/4", "7R/8"]) expect(text).toContain(formula);
  });

  it("damage types F, T, S and the trauma example (§2.3.6)", () => {
    const text = content(entry, 3);
    for (const letter of ["F", "T", "S"]) expect(text).toMatch(new RegExp(`<td>${letter}</td>`));
    const m = words.traumaExample.exec(text);
    const split = convertDamage(5, "trauma");
    expect([Number(m?.[1]), Number(m?.[2])]).toEqual([split.fatigue, split.wounds]);
  });

  it("range penalties agree with the rules at every column (§2.3.2, A-04)", () => {
    const text = content(entry, 4);
    expect(text).toContain(row(words.upTo5, signed(rangePenalty(5))));
    for (const metres of [...RANGE_TABLE.map((c) => c.metres), 150]) {
      expect(text).toContain(row(words.over(metres), signed(rangePenalty(metres + 1))));
    }
  });
});
