/**
 * §1.3.3 the sheets show as disabled what a player may not write (data/actor/creation.ts): after creation the
 * characteristics on the Protagonista's main tab, during creation the earned grades on a skill's sheet. The Narrator
 * keeps every input; a Comparsa has no creation mode. Real PersonSheet context, real templates.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { ALVEN_CHARACTERISTICS, createActor, innkeeper, itemContext, makeEnv, realSheetRender, renderTemplate, sheetHandlebars, translations } from "./sheet-fixtures.js";

beforeAll(async () => {
  await bootSystem();
});

const playerId = (): string => foundryDouble().users.find((u) => !u.isGM)?.id ?? "";
const it_ = translations("it");

async function alven(active: boolean): Promise<GenesysActor> {
  const actor = await createActor({
    name: "Alven", type: "character",
    system: { characteristics: ALVEN_CHARACTERISTICS, creation: { active } },
    items: [{ name: "Veterinaria", type: "skill", system: { characteristic: "experience", bought: 8 } }],
  });
  // fvtt-types brands the ownership levels; the double's update takes plain numbers, as Foundry's data does.
  await actor.update({ ownership: { default: 0, [playerId()]: 3 } as unknown as Actor.UpdateData["ownership"] });
  return actor;
}

async function mainTab(actor: GenesysActor): Promise<string> {
  const result = await realSheetRender(new PersonSheet({ document: actor }));
  return renderTemplate(sheetHandlebars(it_), "templates/actor/person-main.hbs", result.partContexts["main"] ?? {});
}

/** The characteristic inputs that carry `disabled`, by name. */
const disabledScores = (html: string): string[] => [...html.matchAll(/<input type="number" name="(system\.characteristics\.\w+)"[^>]*\bdisabled\b/g)].map((m) => m[1] ?? "");

describe("§1.3.3 locked inputs on the sheets", () => {
  it("after creation the player sees the five characteristics disabled, with the reason; in creation he edits them", async () => {
    const [finished, building] = [await alven(false), await alven(true)];
    const html = await asPlayer(() => mainTab(finished));
    expect(disabledScores(html)).toHaveLength(5);
    expect(html).toContain(`data-tooltip="${it_.get("GENESYS.Creation.CharacteristicsLockedHint") ?? "?"}"`);
    expect(disabledScores(await asPlayer(() => mainTab(building)))).toEqual([]);
  });

  it("the Narrator edits them after creation; a Comparsa's owner only once the Narrator opens it for free editing", async () => {
    expect(disabledScores(await mainTab(await alven(false)))).toEqual([]);
    const npc = await innkeeper();
    await npc.update({ ownership: { default: 0, [playerId()]: 3 } as unknown as Actor.UpdateData["ownership"] });
    expect(disabledScores(await asPlayer(() => mainTab(npc)))).toHaveLength(5);
    await npc.update({ system: { freeEdit: true } });
    expect(disabledScores(await asPlayer(() => mainTab(npc)))).toEqual([]);
  });

  it("in creation a skill's earned grades are disabled for the player, not after creation and never for the Narrator", async () => {
    const hb = sheetHandlebars(it_);
    const skillOf = async (active: boolean): Promise<Item.Implementation> => {
      const skill = (await alven(active)).items.find((i) => i.name === "Veterinaria");
      if (!skill) throw new Error("no skill");
      return skill;
    };
    const building = await skillOf(true);
    const player = itemContext(building, makeEnv(it_, { isGM: false }));
    expect(player.skill).toMatchObject({ earnedLocked: true, boughtLocked: false });
    expect(renderTemplate(hb, "templates/item/skill.hbs", player)).toMatch(/name="system.earned" value="0"[^>]*disabled/);
    expect(itemContext(building, makeEnv(it_, { isGM: true })).skill?.earnedLocked).toBe(false);
    expect(itemContext(await skillOf(false), makeEnv(it_, { isGM: false })).skill).toMatchObject({ earnedLocked: false, boughtLocked: true });
  });
});
