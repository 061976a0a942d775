/**
 * The Narrator's notes go through the enricher (links, inline rolls, the system's enrichers, secret blocks for owners)
 * only on a Narrator's sheet: a player's sheet, even of an actor they own, never hands them to it.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AnimalSheet } from "../../src/applications/sheets/animal-sheet.js";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { innkeeper, realSheetRender, wolf } from "./sheet-fixtures.js";

beforeAll(async () => {
  await bootSystem();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const NOTES = "<p>NOTE DEL NARRATORE</p>";

/** The player owns the actor, so the enricher would keep its secret blocks for them (actor-sheet.ts enrich). */
async function ownedByPlayer(actor: GenesysActor): Promise<GenesysActor> {
  const playerId = foundryDouble().users.find((u) => !u.isGM)?.id ?? "";
  // fvtt-types brands the ownership levels; the double's update takes plain numbers, as Foundry's data does.
  await actor.update({ system: { gmNotes: NOTES }, ownership: { default: 0, [playerId]: 3 } as unknown as Actor.UpdateData["ownership"] });
  return actor;
}

/** Every HTML the enricher was given while `render` ran. */
async function enriched(render: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(foundry.applications.ux.TextEditor.implementation, "enrichHTML");
  try {
    await render();
    return spy.mock.calls.map(([html]) => html);
  } finally {
    spy.mockRestore();
  }
}

describe("the Narrator's notes are enriched for a Narrator only", () => {
  it("person sheet: the owning player's render never enriches them; the Narrator's does", async () => {
    const actor = await ownedByPlayer(await innkeeper());
    const forPlayer = await enriched(() => asPlayer(() => realSheetRender(new PersonSheet({ document: actor }))));
    expect(forPlayer).toContain("<p>Gestisce la locanda del ponte.</p>"); // the biography still is
    expect(forPlayer).not.toContain(NOTES);
    expect(await enriched(() => realSheetRender(new PersonSheet({ document: actor })))).toContain(NOTES);
  });

  it("animal sheet: the same", async () => {
    const actor = await ownedByPlayer(await wolf());
    const forPlayer = await enriched(() => asPlayer(() => realSheetRender(new AnimalSheet({ document: actor }))));
    expect(forPlayer).toContain("<p>Caccia in branco.</p>"); // the description still is
    expect(forPlayer).not.toContain(NOTES);
    expect(await enriched(() => realSheetRender(new AnimalSheet({ document: actor })))).toContain(NOTES);
  });
});
