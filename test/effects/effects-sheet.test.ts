/** The Effects list on the person and item sheets, the sources on derived values, and the list's buttons. */
import { beforeAll, describe, expect, it } from "vitest";
import { effectChangesData } from "../../src/compat/effect-changes.js";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import { personOf } from "../documents/helpers.js";
import { ElementDouble } from "../foundry/sheets.js";
import { bootSystem } from "../foundry/boot.js";
import { press } from "../applications/press-action.js";
import { ALVEN_CHARACTERISTICS, createActor, renderItem, renderPerson, translations } from "../applications/sheet-fixtures.js";

const it_ = translations("it");

beforeAll(async () => {
  await bootSystem();
});

const RING = {
  name: "Anello di forza", type: "gear", system: { weight: 0 },
  effects: [{ name: "Anello di forza", ...effectChangesData([{ key: "system.characteristics.strength", kind: "add", value: "1" }, { key: "genesys.check.perception", kind: "add", value: "-1" }]) }],
};

async function wearer() {
  return createActor({ name: "Alven", type: "character", system: { characteristics: ALVEN_CHARACTERISTICS }, items: [RING] });
}

function block(html: string, cls: string): string {
  const start = html.search(new RegExp(`class="[^"]*\\b${cls}\\b`));
  return start < 0 ? "" : html.slice(start, start + 2500);
}

describe("the Effects list", () => {
  it("names each effect, its item and what it changes in Italian, with the owner's toggle, edit and delete", async () => {
    const html = renderPerson(await wearer(), it_, { isGM: false });
    const list = block(html, "effects-list");
    expect(list).toContain("Effetti");
    expect(list).toMatch(/class="effect-name">Anello di forza</);
    expect(list).toMatch(/class="effect-source">Anello di forza</);
    expect(list).toContain("Forza +1, Verifiche di Percezione −1");
    for (const action of ["toggleEffect", "editEffect", "deleteEffect", "createEffect"]) expect(list).toContain(`data-action="${action}"`);
    expect(list).toContain('aria-label="Disattiva l&#x27;effetto"');
  });

  it("an observer sees the list without buttons; a disabled effect says so", async () => {
    const actor = await wearer();
    const ring = actor.items.find((i) => i.name === "Anello di forza");
    await [...(ring?.effects ?? [])][0]?.update({ disabled: true });
    const list = block(renderPerson(actor, it_, { isGM: false, editable: false }), "effects-list");
    expect(list).not.toContain("data-action=");
    expect(list).toMatch(/class="effect-row inactive"[\s\S]*class="effect-state">spento</);
  });

  it("a derived value and an effective characteristic carry their sources; a player's override field is disabled", async () => {
    const actor = await wearer();
    const html = renderPerson(actor, it_, { isGM: false });
    expect(block(html, "derived-box resistance")).toMatch(/class="value"[^>]*>24</);
    expect(block(html, "char-box strength")).toMatch(/class="effective" data-tooltip="Anello di forza \+1"/);
    expect(block(html, "derived-box reflexes")).toMatch(/name="system\.overrides\.reflexes"[^>]*disabled/);
    expect(block(renderPerson(actor, it_, { isGM: true }), "derived-box reflexes")).not.toMatch(/name="system\.overrides\.reflexes"[^>]*disabled/);
  });

  it("the item sheet lists the item's own effects", async () => {
    const actor = await wearer();
    const ring = actor.items.find((i) => i.name === "Anello di forza");
    if (!ring) throw new Error("no ring");
    const { renderTemplate, sheetHandlebars } = await import("../applications/sheet-fixtures.js");
    const { itemContext, makeEnv } = await import("../applications/sheet-fixtures.js");
    const html = renderTemplate(sheetHandlebars(it_), "templates/actor/parts/effects-list.hbs", itemContext(ring, makeEnv(it_, { isGM: true })));
    expect(html).toContain("Forza +1");
    expect(renderItem(ring, it_, { isGM: true })).toContain("FOR minima");
  });

  it("the toggle button disables the effect, and the numbers follow", async () => {
    const actor = await wearer();
    const ring = actor.items.find((i) => i.name === "Anello di forza");
    const effect = [...(ring?.effects ?? [])][0];
    const sheet = new PersonSheet({ document: actor });
    const button = new ElementDouble({ action: "toggleEffect" });
    new ElementDouble({ effectId: effect?.id ?? "", parentId: ring?.id ?? "" }, [button]);
    await press(sheet, PersonSheet, "toggleEffect", button);
    expect(personOf(actor).effective.strength).toBe(ALVEN_CHARACTERISTICS.strength);
    await press(sheet, PersonSheet, "toggleEffect", button);
    expect(personOf(actor).effective.strength).toBe(ALVEN_CHARACTERISTICS.strength + 1);
  });
});
