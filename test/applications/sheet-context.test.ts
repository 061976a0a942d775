/**
 * The sheets' render context through their real classes: PersonSheet, AnimalSheet and GenesysItemSheet are built as
 * core builds them (`new Sheet({ document })`) and their `_configureRenderParts`, `_prepareContext`,
 * `_preparePartContext` and `_prepareTabs` are called in core's render order on the double's ApplicationV2 /
 * DocumentSheetV2 / HandlebarsApplicationMixin (test/foundry/sheets.ts names the evidence), for the Narrator, an
 * owner, an observer and a limited viewer. Each part's template is rendered from the context it gets, with the real
 * handlebars. The synchronous fixtures (sheet-fixtures.ts, used by many template tests and the screenshot tool) are
 * held to the same data: they must give what the real sheets give.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { AnimalSheet } from "../../src/applications/sheets/animal-sheet.js";
import { GenesysItemSheet } from "../../src/applications/sheets/item-sheet.js";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import type { SheetEnv } from "../../src/applications/sheets/context/shared.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { alven, animalContext, innkeeper, itemContext, personContext, realSheetRender, renderTemplate, sheetHandlebars, translations, wolf, type SheetLifecycle } from "./sheet-fixtures.js";

beforeAll(async () => {
  await bootSystem();
});

type Ctx = Record<string, unknown>;
const lifecycle = (sheet: object): SheetLifecycle => sheet as unknown as SheetLifecycle; // protected members, called as core calls them
const playerId = (): string => foundryDouble().users.find((u) => !u.isGM)?.id ?? "";
const render = realSheetRender;

/** Each part's template from the repository (the core tab navigation is not shipped and is skipped), rendered with its context. */
function html(result: Awaited<ReturnType<typeof realSheetRender>>): Record<string, string> {
  const hb = sheetHandlebars(translations("it"));
  return Object.fromEntries(Object.entries(result.parts).flatMap(([id, part]) => {
    const file = part.template.replace(/^systems\/genesys-gdr\//, "");
    return file.startsWith("templates/generic/") ? [] : [[id, renderTemplate(hb, file, result.partContexts[id] ?? {})]];
  }));
}

/** What the double's game.i18n and this viewer give sheetEnv (actor-sheet.ts), for the fixtures' builders. */
function envAs(viewer: { isGM: boolean; editable: boolean; limited: boolean }): SheetEnv {
  return { localize: (k) => game.i18n.localize(k), format: (k, d) => game.i18n.format(k, d), ...viewer };
}

const CORE_KEYS = new Set(["document", "source", "fields", "editable", "user", "rootId", "tabs"]);

/** The real context holds exactly the fixture's data, beside what core's DocumentSheetV2 and the tabs put there. */
function expectSameData(context: Ctx, fixture: object): void {
  const data = fixture as Ctx;
  expect(Object.keys(context).filter((k) => !(k in data) && !CORE_KEYS.has(k))).toEqual([]);
  expect(Object.fromEntries(Object.keys(data).map((k) => [k, context[k]]))).toEqual(data);
}

/** Gives the player this ownership level (CONST.DOCUMENT_OWNERSHIP_LEVELS: 1 limited, 2 observer, 3 owner). */
async function share(actor: GenesysActor, level: 1 | 2 | 3): Promise<void> {
  // fvtt-types brands the ownership levels; the double's update takes plain numbers, as Foundry's data does.
  const ownership = { default: 0, [playerId()]: level } as unknown as Actor.UpdateData["ownership"];
  await actor.update({ ownership });
}

describe("PersonSheet#_prepareContext, through the real class", () => {
  it("for the Narrator: core's document context, the tabs with Principale active, and the person's data; every tab renders", async () => {
    const actor = await alven();
    const sheet = new PersonSheet({ document: actor });
    const result = await render(sheet);
    expect(Object.keys(result.parts)).toEqual(["header", "tabs", "main", "skills", "combat", "inventory", "biography"]);
    expect(result.context).toMatchObject({ document: actor, editable: true, user: game.user });
    const tabs = result.context["tabs"] as Record<string, { active: boolean; label?: string }>;
    expect(Object.entries(tabs).map(([id, t]) => [id, t.active])).toEqual([["main", true], ["skills", false], ["combat", false], ["inventory", false], ["biography", false]]);
    expect(tabs["skills"]?.label).toBe("GENESYS.Sheet.Tabs.skills");
    // Each tab part gets its own tab, the one its template reads for `data-tab` and the active class.
    expect(result.partContexts["combat"]?.["tab"]).toMatchObject({ id: "combat", group: "primary", active: false });
    expect(result.partContexts["main"]?.["tab"]).toMatchObject({ id: "main", active: true, cssClass: "active" });
    expect(result.partContexts["header"]?.["tab"]).toBeUndefined();
    const parts = html(result);
    expect(parts["main"]).toMatch(/class="tab[^"]*active[^"]*"[^>]*data-tab="main"|data-tab="main"[^>]*class="tab[^"]*active/);
    expect(parts["main"]).toContain('data-action="rollCheck" data-characteristic="dexterity"');
    expect(parts["main"]).toContain('data-action="adjustCounter"');
    expect(parts["combat"]).toContain('data-action="attack"');
    expect(parts["biography"]).toContain("Fauna dei boschi del nord");
    // The data are the builder's own, and the fixture builds the same.
    expectSameData(result.context, personContext(actor, envAs({ isGM: true, editable: true, limited: false })));
  });

  it("for the owning player: editable, the GM notes left out; the fixture gives the same data", async () => {
    const actor = await innkeeper();
    await share(actor, 3);
    const result = await asPlayer(() => render(new PersonSheet({ document: actor })));
    expect(result.context["editable"]).toBe(true);
    expect(result.context["gmNotes"]).toBeNull();
    expect(Object.values(html(result)).join("")).not.toContain("SEGRETO");
    expectSameData(result.context, personContext(actor, envAs({ isGM: false, editable: true, limited: false })));
    // The Narrator's sheet of the same NPC shows them.
    const gm = await render(new PersonSheet({ document: actor }));
    expect(html(gm)["biography"]).toContain("SEGRETO");
  });

  it("for an observer: not editable, so no counter or item controls; the biography's secret blocks removed", async () => {
    const actor = await alven();
    await share(actor, 2);
    const plain = await asPlayer(() => render(new PersonSheet({ document: actor })));
    expectSameData(plain.context, personContext(actor, envAs({ isGM: false, editable: false, limited: false })));
    // The fixture does not enrich (its builders take the HTML as it is): secrets are the real sheet's to remove.
    await actor.update({ system: { biography: '<p>Pubblica.</p><section class="secret"><p>Segreto di Alven.</p></section>' } });
    const result = await asPlayer(() => render(new PersonSheet({ document: actor })));
    expect(result.context["editable"]).toBe(false);
    const parts = html(result);
    expect(parts["main"]).not.toContain('data-action="adjustCounter"');
    expect(parts["biography"]).toContain("Pubblica.");
    expect(parts["biography"]).not.toContain("Segreto di Alven");
    const owner = await render(new PersonSheet({ document: actor }));
    expect(html(owner)["biography"]).toContain("Segreto di Alven");
  });

  it("for a limited viewer: only the header and the biography part, the biography the one active tab", async () => {
    const actor = await alven();
    await share(actor, 1);
    const result = await asPlayer(() => render(new PersonSheet({ document: actor })));
    expect(Object.keys(result.parts)).toEqual(["header", "biography"]);
    const tabs = await asPlayer(() => Promise.resolve(lifecycle(new PersonSheet({ document: actor }))._prepareTabs("primary")));
    expect(Object.keys(tabs)).toEqual(["biography"]);
    expect(tabs["biography"]).toMatchObject({ active: true, cssClass: "active" });
    expect(result.context["limited"]).toBe(true);
    expectSameData(result.context, personContext(actor, envAs({ isGM: false, editable: false, limited: true })));
  });
});

describe("AnimalSheet#_prepareContext, through the real class", () => {
  it("the wolf's data for the Narrator (with the GM notes) and for an owner (without); every part renders", async () => {
    const actor = await wolf();
    const gm = await render(new AnimalSheet({ document: actor }));
    expect(Object.keys(gm.parts)).toEqual(["header", "tabs", "main", "combat", "notes"]);
    expectSameData(gm.context, animalContext(actor, envAs({ isGM: true, editable: true, limited: false })));
    const gmParts = html(gm);
    expect(gmParts["notes"]).toContain("Difesa da stabilire");
    expect(gmParts["combat"]).toContain('data-action="attack"');
    expect(gmParts["main"]).toContain('data-action="addRow"');
    await share(actor, 3);
    const owner = await asPlayer(() => render(new AnimalSheet({ document: actor })));
    expect(html(owner)["notes"]).not.toContain("Difesa da stabilire");
    expectSameData(owner.context, animalContext(actor, envAs({ isGM: false, editable: true, limited: false })));
  });
});

describe("GenesysItemSheet#_prepareContext, through the real class", () => {
  it("a weapon on Alven: only its type's part, the context the fixture gives, the modes rendered", async () => {
    const actor = await alven();
    const club = actor.items.find((i) => i.name === "Clava");
    if (!club) throw new Error("no club");
    const result = await render(new GenesysItemSheet({ document: club }));
    expect(Object.keys(result.parts)).toEqual(["header", "weapon", "description", "effects"]);
    expect(result.context).toMatchObject({ document: club, editable: true });
    expectSameData(result.context, itemContext(club, envAs({ isGM: true, editable: true, limited: false })));
    expect(html(result)["weapon"]).toContain('data-action="removeMode"');
    // An observer of the actor cannot edit the item: no mode controls.
    await share(actor, 2);
    const observer = await asPlayer(() => render(new GenesysItemSheet({ document: club })));
    expect(observer.context["editable"]).toBe(false);
    expect(html(observer)["weapon"]).not.toContain('data-action="removeMode"');
  });
});
