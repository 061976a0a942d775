/**
 * The system manual (packs/manual): one journal, Italian in the source, English in lang/babele/en. The pages name the
 * real buttons, tabs and settings of the system, so they are checked here against the lang files and the rules: a
 * label renamed in lang/*.json, a setting added to RulesOptions or a number changed in src/rules fails until the
 * manual follows.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIFFICULTY_LADDER } from "../../src/rules/check.js";
import { MANEUVER_INITIATIVE } from "../../src/rules/maneuvers.js";
import { DEFAULT_RULES_OPTIONS } from "../../src/rules/options.js";
import { DIFFICULTIES, MANEUVERS } from "../../src/rules/types.js";
import { RULE_OPTION_KEYS } from "../../src/settings/rules-settings.js";
import { ROOT, readJson } from "../package/project.js";
import { NARRATOR_CONTROL_TOOLS } from "../../src/applications/scene-controls.js";
import { SOURCE_MANIFEST, packSources, type JournalSource, type SourceDoc } from "./sources.js";

type Tree = { [key: string]: string | Tree };
interface ManualTranslation {
  label: string;
  entries: Record<string, { name: string; pages: Record<string, { name: string; text: string }> }>;
}

const LANG: Record<"it" | "en", Tree> = {
  it: readJson<Tree>(path.join(ROOT, "lang/it.json")),
  en: readJson<Tree>(path.join(ROOT, "lang/en.json")),
};

/** A string of a lang file by its dotted key; throws naming the key, so a renamed key says so. */
function t(lang: "it" | "en", key: string): string {
  const value = key.split(".").reduce<string | Tree | undefined>((o, k) => (typeof o === "object" ? o[k] : undefined), LANG[lang]);
  if (typeof value !== "string") throw new Error(`no string ${key} in lang/${lang}.json`);
  return value;
}

/** The Narrator's scene-control tools in their order (applications/scene-controls.ts), hazards included. */
const NARRATOR_TOOL_KEYS = ["Time", "Request", "Contest", "Reaction", "Recognition", "LosingControl", "GenericDamage", "Explosion", "EncounterOdds", "Grapple"];

const journals = packSources<JournalSource>("manual");
const source = journals[0];
const translation = readJson<ManualTranslation>(path.join(ROOT, "lang/babele/en/genesys-gdr.manual.json"));

const PAGE_NAMES = {
  it: ["Creare un Protagonista", "Lanci di verifica", "Un turno di combattimento", "Schede d'attacco", "Il tempo che passa", "Strumenti del Narratore", "Impostazioni del mondo", "Lingue dei compendi"],
  en: ["Creating a Protagonist", "Check rolls", "A combat turn", "Attack cards", "Time passing", "Narrator's tools", "World settings", "Compendium languages"],
};

/** The pages in one language: the source's for Italian, the translation file's for English, in the source's order. */
function pages(lang: "it" | "en"): { name: string; text: string }[] {
  if (!source) return [];
  if (lang === "it") return source.pages.map((p) => ({ name: p.name, text: p.text.content }));
  const entry = translation.entries[source._id];
  // Babele finds a page's translation by the page's (Italian) name (in3luki/fvtt-babele converters.ts, pages).
  return source.pages.map((p) => entry?.pages[p.name] ?? { name: "", text: "" });
}

const text = (lang: "it" | "en", page: number): string => pages(lang)[page]?.text ?? "";
/** Each table of a page, in order. */
const tablesOf = (html: string): string[] => [...html.matchAll(/<table>[\s\S]*?<\/table>/g)].map((m) => m[0]);

/**
 * What the system registers for Foundry's settings window (world or client settings with `config: true`, and its
 * menus) and for the controls window (its keybindings), booted on the double: name keys, defaults and choices.
 */
async function registeredControls(): Promise<{ settings: { key: string; name: string; initial: unknown; choices: Record<string, string> | null }[]; menus: string[]; keybindings: string[] }> {
  const { bootSystem } = await import("../foundry/boot.js");
  await bootSystem();
  // The double's registries (test/foundry/globals.ts Settings, test/foundry/keybindings.ts ClientKeybindings).
  const settings = game.settings as unknown as { registry: Map<string, Record<string, unknown>>; menus: Map<string, Record<string, unknown>> };
  const keybindings = game.keybindings as unknown as { actions: Map<string, Record<string, unknown>> };
  const ours = (id: string): boolean => id.startsWith("genesys-gdr.");
  return {
    settings: [...settings.registry.entries()].filter(([id, d]) => ours(id) && d["config"] === true).map(([id, d]) => ({
      key: id.slice("genesys-gdr.".length),
      name: String(d["name"]),
      initial: d["default"],
      choices: typeof d["choices"] === "object" && d["choices"] !== null ? (d["choices"] as Record<string, string>) : null,
    })),
    menus: [...settings.menus.entries()].filter(([id]) => ours(id)).map(([, d]) => String(d["name"])),
    keybindings: [...keybindings.actions.entries()].filter(([id]) => ours(id)).map(([, d]) => String(d["name"])),
  };
}

/** The cells of every body row of a page's tables (header rows left out), tags inside cells stripped. */
function rows(html: string): string[][] {
  return [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
    .map((r) => [...(r[1] ?? "").matchAll(/<td>([\s\S]*?)<\/td>/g)].map((c) => (c[1] ?? "").replace(/<[^>]+>/g, "")))
    .filter((cells) => cells.length > 0);
}

describe("manual pack source", () => {
  it("is declared in system.json as a JournalEntry pack of this system, in the GeneSys folder", () => {
    const pack = SOURCE_MANIFEST.packs.find((p) => p.name === "manual");
    expect(pack).toEqual({ name: "manual", label: "GENESYS.Packs.Manual", path: "packs/manual", type: "JournalEntry", system: "genesys-gdr" });
    expect(SOURCE_MANIFEST.packFolders.find((f) => f.name === "GeneSys")?.packs).toContain("manual");
    expect([t("it", "GENESYS.Packs.Manual"), t("en", "GENESYS.Packs.Manual")]).toEqual(["Manuale", "Manual"]);
  });

  it("one Italian journal with eight text pages in order, each with its _key", () => {
    expect(journals.map((j) => j.name)).toEqual(["Manuale di GeneSys GdR"]);
    if (!source) return;
    expect(source.categories).toEqual([]);
    expect(source.pages.map((p) => p.name)).toEqual(PAGE_NAMES.it);
    const sorts = source.pages.map((p) => p.sort);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
    for (const page of source.pages) {
      expect(page._id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(page._key).toBe(`!journal.pages!${source._id}.${page._id}`);
      expect(page.type).toBe("text");
      expect(page.title).toEqual({ show: true, level: 1 });
      expect(page.text.format).toBe(1);
      expect(page.text.content).toMatch(/^<p>/);
      for (const tag of ["table", "ul", "ol"]) expect(page.text.content.split(`<${tag}>`).length, `${page.name}: <${tag}>`).toBe(page.text.content.split(`</${tag}>`).length);
    }
  });

  it("no _id of the manual is used by another pack's document or page", () => {
    if (!source) return;
    const mine = [source._id, ...source.pages.map((p) => p._id)];
    const others = SOURCE_MANIFEST.packs.filter((p) => p.name !== "manual").flatMap((p) =>
      packSources<SourceDoc & { pages?: SourceDoc[] }>(p.name).flatMap((d) => [d._id, ...(d.pages ?? []).map((pg) => pg._id)]),
    );
    expect(mine.filter((id) => others.includes(id))).toEqual([]);
    expect(new Set(mine).size).toBe(mine.length);
  });
});

describe("English translation (Babele)", () => {
  it("translates the journal's name and every page, and nothing else", () => {
    expect(translation.label).toBe("Manual");
    if (!source) return;
    expect(Object.keys(translation.entries)).toEqual([source._id]);
    const entry = translation.entries[source._id];
    expect(entry?.name).toBe("GeneSys GdR Manual");
    expect(Object.keys(entry?.pages ?? {}).sort()).toEqual(source.pages.map((p) => p.name).sort());
    expect(pages("en").map((p) => p.name)).toEqual(PAGE_NAMES.en);
    for (const page of pages("en")) expect(page.text).toMatch(/^<p>/);
  });
});

describe.each(["it", "en"] as const)("manual in %s", (lang) => {
  it("creation: the book's budget of 35 characteristic points and 20 grades (§1.3.3), the sheet's tabs", () => {
    const html = text(lang, 0);
    expect(html).toContain(lang === "it" ? "<strong>35 punti</strong>" : "<strong>35 points</strong>");
    expect(html).toContain(lang === "it" ? "<strong>20 gradi</strong>" : "<strong>20 grades</strong>");
    // Alven: 8 + 7 + 8 + 5 + 7 = 35 and 7 + 8 + 5 = 20.
    expect(html).toContain("7 + 8 + 5 = 20");
    const tabs = rows(html).map((r) => r[0]);
    for (const tab of ["main", "skills", "combat", "inventory", "biography"]) expect(tabs).toContain(t(lang, `GENESYS.Sheet.Tabs.${tab}`));
    expect(html).toContain(t(lang, "TYPES.Actor.character"));
  });

  it("checks: the difficulty ladder (§1.7.2) and the dialog's and blind roll's controls by their labels", () => {
    const html = text(lang, 1);
    const table = rows(html);
    for (const key of DIFFICULTIES) expect(table).toContainEqual([t(lang, `GENESYS.Difficulty.${key}`), String(DIFFICULTY_LADDER[key])]);
    for (const key of ["DifficultyCustom", "DifficultyBlind", "RollAnyway", "Chance"]) expect(html).toContain(t(lang, `GENESYS.Check.${key}`).replace(/ \(.*\)$/, ""));
    expect(html).toContain(t(lang, "GENESYS.Seal.Reveal").replace("{name}", "…"));
    expect(html).toContain(t(lang, "GENESYS.Seal.RevealAll"));
    expect(html).toContain(t(lang, "GENESYS.Seal.Config.Label"));
    expect(html.toLowerCase()).toContain(t(lang, "GENESYS.Seal.Config.Title").toLowerCase());
  });

  it("combat: maneuvers with their initiative (§2.2) and every tracker control by its label", () => {
    const html = text(lang, 2);
    const table = rows(html);
    for (const key of MANEUVERS) expect(table).toContainEqual([t(lang, `GENESYS.Maneuver.${key}`), String(MANEUVER_INITIATIVE[key])]);
    for (const key of ["Surprise", "Declare", "Hold", "Trigger", "Replace", "CancelHold", "BeginExecution"]) expect(html).toContain(t(lang, `GENESYS.Combat.Control.${key}`));
    for (const key of ["Context.ClearDeclaration", "CancelManeuver", "Concealed", "HoldBox", "Status.CannotAct"]) expect(html).toContain(t(lang, `GENESYS.Combat.${key}`));
  });

  it("combat: the ambush check by the tracker button's label, at the book's Difficult 25 (§3.2.1)", () => {
    const html = text(lang, 2);
    expect(html).toContain(t(lang, "GENESYS.Combat.Ambush.Ask").replace(/ \(\{count\}\)$/, ""));
    expect(html).toContain("(25)");
  });

  it("attack cards: one row per card button, in the card's order", () => {
    const buttons = rows(text(lang, 3)).map((r) => r[0]);
    expect(buttons).toEqual(["defend", "static", "rollDamage", "apply", "undo", "stun", "diveJump"].map((b) => t(lang, `GENESYS.Attack.Button.${b}`)));
  });

  it("time passing: the tool, the macro and the setting by their names, the dialog's answers, the card's buttons, §3.1.1 numbers", () => {
    const html = text(lang, 4);
    expect(html).toContain(t(lang, "GENESYS.Controls.Time"));
    expect(html).toContain(t(lang, "GENESYS.Controls.Group"));
    expect(html).toContain(t(lang, "GENESYS.Settings.timeActors.Name"));
    expect(html).toContain(lang === "it" ? "«Passa il tempo»" : "\"Time passes\" macro");
    expect(html).toContain(`<strong>${t(lang, "GENESYS.Time.Undo")}</strong>`);
    expect(html).toContain(`<strong>${t(lang, "GENESYS.Time.Death.Confirm").replace(/ \(\{of\}\)$/, "")}</strong>`);
    expect(html).toContain(`<strong>${t(lang, "GENESYS.Time.Death.Undo")}</strong>`);
    expect(html).toContain(t(lang, "GENESYS.Status.dead"));
    for (const n of ["2D6", "2 × ", "6 ", "30 minut", "5 minut"]) expect(html).toContain(n);
    expect(html).toContain("A-35");
  });

  it("Narrator's tools: one row per scene-control tool, named as the button, with its rule; losing control's buttons and setting", () => {
    const html = text(lang, 5);
    expect(html).toContain(t(lang, "GENESYS.Controls.Group"));
    const tools = rows(html).map((r) => r[0]);
    expect(tools).toEqual(NARRATOR_TOOL_KEYS.map((key) => t(lang, `GENESYS.Controls.${key}`)));
    // A tool added to the scene controls fails here until the page lists it (the hazards' two are added at init).
    for (const tool of NARRATOR_CONTROL_TOOLS) expect(NARRATOR_TOOL_KEYS.map((k) => `GENESYS.Controls.${k}`)).toContain(tool.title);
    for (const row of rows(html)) expect(row[2]).toMatch(/§\d/);
    const apply = t(lang, "GENESYS.Tools.LosingControl.Apply").replace("{option}", t(lang, "GENESYS.Tools.LosingControl.Option.vomit"));
    expect(html).toContain(`<strong>${apply}</strong>`);
    expect(html).toContain(t(lang, "GENESYS.Settings.losingControlEffects.Name"));
    for (const n of ["−2", "1D6", "−5", "3D6"]) expect(html).toContain(n);
  });

  it("settings: one row per reading of the rules, named as in the settings window, with its default", () => {
    const table = rows(tablesOf(text(lang, 6))[0] ?? "");
    expect(table.map((r) => r[0])).toEqual(RULE_OPTION_KEYS.map((key) => t(lang, `GENESYS.Settings.${key}.Name`)));
    const on = lang === "it" ? "attiva" : "on";
    const off = lang === "it" ? "spenta" : "off";
    RULE_OPTION_KEYS.forEach((key, i) => {
      const initial = DEFAULT_RULES_OPTIONS[key];
      const expected = typeof initial === "boolean"
        ? initial ? on : off
        : t(lang, `GENESYS.Settings.${key}.Choices.${initial}`).replace(/ \((consigliato|recommended)\)$/, "").replace(/, (consigliato|recommended)\)$/, ")");
      expect([key, table[i]?.[1]]).toEqual([key, expected]);
      expect(table[i]?.[3], key).toMatch(/A-\d\d|§\d/);
    });
  });

  it("settings: every other setting the settings window shows has a row with its default; the key menu and every key are named", async () => {
    const registered = await registeredControls();
    const [, others = "", keys = ""] = tablesOf(text(lang, 6));
    const on = lang === "it" ? "attiva" : "on";
    const off = lang === "it" ? "spenta" : "off";
    const shown = registered.settings.filter((s) => !(RULE_OPTION_KEYS as readonly string[]).includes(s.key));
    // A setting registered for the settings window fails here until the page gives its row, and a row outlives no setting.
    const table = rows(others);
    expect(table.map((r) => r[0]).sort()).toEqual(shown.map((s) => t(lang, s.name)).sort());
    for (const s of shown) {
      const expected = typeof s.initial === "boolean"
        ? s.initial ? on : off
        : s.choices ? t(lang, s.choices[String(s.initial)] ?? "").replace(/ \((consigliato|recommended)\)$/, "") : String(s.initial);
      expect([s.key, table.find((r) => r[0] === t(lang, s.name))?.[1]]).toEqual([s.key, expected]);
    }
    for (const menu of registered.menus) expect(text(lang, 6)).toContain(`<strong>${t(lang, menu)}</strong>`);
    expect(rows(keys).map((r) => r[0])).toEqual(registered.keybindings.map((name) => t(lang, name)));
  });

  it("languages: Babele named, the system's translation folder given", () => {
    const html = text(lang, 7);
    expect(html).toContain("<strong>Babele</strong>");
    expect(html).toContain("lang/babele/en");
  });
});
