import fs from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { describe, expect, it } from "vitest";
import { GenesysActorSheet } from "../../src/applications/sheets/actor-sheet.js";
import { AnimalSheet } from "../../src/applications/sheets/animal-sheet.js";
import { GenesysItemSheet } from "../../src/applications/sheets/item-sheet.js";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import { registerSheets } from "../../src/applications/sheets/register.js";
import type { SheetsDouble } from "../foundry/sheets.js";
import { ROOT } from "./sheet-fixtures.js";

const double = (globalThis as unknown as { sheetsDouble: SheetsDouble }).sheetsDouble;

type Options = { classes?: string[]; form?: { submitOnChange?: boolean }; window?: { resizable?: boolean }; actions?: Record<string, unknown> };
type Parts = Record<string, { template: string; templates?: string[] }>;
type Tabs = Record<string, { tabs: { id: string; cssClass?: string }[]; initial?: string; labelPrefix?: string }>;

/** DEFAULT_OPTIONS as Foundry merges them down the class chain: arrays concatenated, objects merged. */
function merged(...chain: { DEFAULT_OPTIONS: unknown }[]): Required<Options> {
  const out: Required<Options> = { classes: [], form: {}, window: {}, actions: {} };
  for (const cls of chain) {
    const o = cls.DEFAULT_OPTIONS as Options;
    out.classes.push(...(o.classes ?? []));
    Object.assign(out.form, o.form);
    Object.assign(out.window, o.window);
    Object.assign(out.actions, o.actions);
  }
  return out;
}

describe("registerSheets", () => {
  it("registers our sheets as the default for every actor and item type, with i18n labels", () => {
    double.registrations.length = 0;
    registerSheets();
    const rows = double.registrations.map((r) => ({ collection: r.collection, scope: r.scope, sheet: r.sheetClass, ...r.options }));
    expect(rows).toEqual([
      { collection: "Actors", scope: "genesys-gdr", sheet: PersonSheet, types: ["character", "npc"], makeDefault: true, label: "GENESYS.Sheet.Label.Person" },
      { collection: "Actors", scope: "genesys-gdr", sheet: AnimalSheet, types: ["animal"], makeDefault: true, label: "GENESYS.Sheet.Label.Animal" },
      { collection: "Items", scope: "genesys-gdr", sheet: GenesysItemSheet, types: ["skill", "trait", "weapon", "armor", "gear"], makeDefault: true, label: "GENESYS.Sheet.Label.Item" },
    ]);
  });
});

describe("sheet configuration", () => {
  const actorChains = [
    [GenesysActorSheet, PersonSheet],
    [GenesysActorSheet, AnimalSheet],
  ];

  it("every sheet is a resizable GeneSys form that submits on change", () => {
    for (const chain of [...actorChains, [GenesysItemSheet]]) {
      const o = merged(...chain);
      expect(o.classes).toEqual(expect.arrayContaining(["genesys", "sheet"]));
      expect(o.form.submitOnChange).toBe(true);
      expect(o.window.resizable).toBe(true);
    }
  });

  it("actor sheets offer the roll, item, counter and rest actions; person sheets also weapon and armour toggles", () => {
    const common = ["rollCheck", "createItem", "editItem", "deleteItem", "adjustCounter", "recover"];
    expect(Object.keys(merged(GenesysActorSheet, PersonSheet).actions)).toEqual(expect.arrayContaining([...common, "toggleWorn", "toggleReady", "setMode"]));
    expect(Object.keys(merged(GenesysActorSheet, AnimalSheet).actions)).toEqual(expect.arrayContaining([...common, "addRow", "removeRow"]));
    expect(Object.keys(merged(GenesysItemSheet).actions)).toEqual(["addMode", "removeMode", "createEffect", "toggleEffect", "editEffect", "deleteEffect", "approveEffect"]);
    for (const fn of Object.values(merged(GenesysActorSheet, PersonSheet).actions)) expect(typeof fn).toBe("function");
  });

  it("each tab has a part and a cssClass (fvtt-types 13.345.1 requires it)", () => {
    for (const sheet of [PersonSheet, AnimalSheet]) {
      const tabs = (sheet as unknown as { TABS: Tabs }).TABS["primary"];
      const parts = (sheet as unknown as { PARTS: Parts }).PARTS;
      expect(tabs?.labelPrefix).toBe("GENESYS.Sheet.Tabs");
      for (const tab of tabs?.tabs ?? []) {
        expect(tab.cssClass).toBe("");
        expect(parts[tab.id], tab.id).toBeDefined();
      }
      expect(parts["tabs"]?.template).toBe("templates/generic/tab-navigation.hbs");
    }
  });

  it("every system template and partial a part names exists and compiles", () => {
    for (const sheet of [PersonSheet, AnimalSheet, GenesysItemSheet]) {
      const parts = (sheet as unknown as { PARTS: Parts }).PARTS;
      for (const part of Object.values(parts)) {
        for (const t of [part.template, ...(part.templates ?? [])]) {
          if (!t.startsWith("systems/genesys-gdr/")) continue; // core templates ship with Foundry
          const file = path.join(ROOT, t.slice("systems/genesys-gdr/".length));
          expect(fs.existsSync(file), t).toBe(true);
          expect(() => Handlebars.precompile(fs.readFileSync(file, "utf8")), t).not.toThrow();
        }
      }
    }
  });

  it("the item sheet has one part per item type", () => {
    const parts = Object.keys((GenesysItemSheet as unknown as { PARTS: Parts }).PARTS);
    expect(parts).toEqual(["header", "skill", "trait", "weapon", "armor", "gear", "description", "effects"]);
  });
});
