/**
 * The creation block of the Protagonista sheet (§1.3.3) through the real PersonSheet: the live allowance meter in the
 * context and the rendered main and skills tabs, its warnings, the Finish button (asks first; a player over the
 * allowance is refused, the Narrator may confirm) and the Narrator's Reopen, for the owner, the Narrator and a Comparsa;
 * a token's sheet renders too. The item sheet locks allocated grades for players after creation.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import type { CreationContext } from "../../src/applications/sheets/context/creation.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { CREATION_SETTINGS } from "../../src/settings/creation-settings.js";
import { SYSTEM_ID } from "../../src/settings/rules-settings.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { diceDouble } from "../foundry/dice.js";
import { ElementDouble } from "../foundry/sheets.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { personOf } from "../documents/helpers.js";
import { press } from "./press-action.js";
import { ALVEN_CHARACTERISTICS, createActor, innkeeper, itemContext, makeEnv, realSheetRender, renderTemplate, sheetHandlebars, translations } from "./sheet-fixtures.js";

beforeAll(async () => {
  await bootSystem();
});

const playerId = (): string => foundryDouble().users.find((u) => !u.isGM)?.id ?? "";
const warnings = (): string[] => foundryDouble().notifications.filter((n) => n.level === "warn").map((n) => n.message);
const it_ = translations("it");

beforeEach(async () => {
  foundryDouble().notifications.length = 0;
  diceDouble().dialogAnswers.length = 0;
  diceDouble().dialogs.length = 0;
  await game.settings.set(SYSTEM_ID, CREATION_SETTINGS.characteristicPoints.key, 35);
  await game.settings.set(SYSTEM_ID, CREATION_SETTINGS.skillGrades.key, 20);
});

/** Alven as a player builds her (§1.3.3), owned by the player and in creation; `charm` and the last skill's grades vary. */
async function building({ charm = 8, naturalistica = 5 }: { charm?: number; naturalistica?: number } = {}): Promise<GenesysActor> {
  return createActor({
    name: "Alven", type: "character",
    system: { characteristics: { ...ALVEN_CHARACTERISTICS, charm }, creation: { active: true } },
    items: [
      { name: "Movimento furtivo", type: "skill", system: { characteristic: "dexterity", bought: 7 } },
      { name: "Veterinaria", type: "skill", system: { characteristic: "experience", bought: 8 } },
      { name: "Naturalistica", type: "skill", system: { characteristic: "experience", bought: naturalistica } },
    ],
  }).then(async (actor) => {
    // fvtt-types brands the ownership levels; the double's update takes plain numbers, as Foundry's data does.
    await actor.update({ ownership: { default: 0, [playerId()]: 3 } as unknown as Actor.UpdateData["ownership"] });
    return actor;
  });
}

/** The real sheet's context and its main and skills tabs rendered with the real templates, on the current client. */
async function sheetOf(actor: GenesysActor): Promise<{ creation: CreationContext | null; main: string; skills: string }> {
  const result = await realSheetRender(new PersonSheet({ document: actor }));
  const hb = sheetHandlebars(it_);
  return {
    creation: result.context["creation"] as CreationContext | null,
    main: renderTemplate(hb, "templates/actor/person-main.hbs", result.partContexts["main"] ?? {}),
    skills: renderTemplate(hb, "templates/actor/person-skills.hbs", result.partContexts["skills"] ?? {}),
  };
}

const finishButton = (): ElementDouble => new ElementDouble({ action: "finishCreation" });
const reopenButton = (): ElementDouble => new ElementDouble({ action: "reopenCreation" });
const active = (actor: GenesysActor): boolean => personOf(actor).creation.active;

describe("the allowance meter", () => {
  it("Alven exactly fills 35 + 20: both lines full and 'all spent', no warning, Finish for the owner on the main and skills tabs", async () => {
    const actor = await building();
    const sheet = await asPlayer(() => sheetOf(actor));
    expect(sheet.creation?.lines.map((l) => [l.key, l.spent, l.budget, l.status, l.percent, l.state])).toEqual([
      ["characteristicPoints", 35, 35, "exact", 100, "GENESYS.Creation.State.Exact"],
      ["skillGrades", 20, 20, "exact", 100, "GENESYS.Creation.State.Exact"],
    ]);
    expect(sheet.creation).toMatchObject({ active: true, warning: null, note: null, canFinish: true, canReopen: false, lockedHint: null });
    for (const html of [sheet.main, sheet.skills]) {
      expect(html).toContain('class="genesys-block creation-budget"');
      expect(html).toContain("35 / 35");
      expect(html).toContain("20 / 20");
      expect(html).toContain('data-action="finishCreation"');
    }
  });

  it("updates as the player edits: a characteristic raised goes over, grades taken away leave some to spend", async () => {
    const actor = await building();
    // The Narrator's numbers (a player's spend past the allowance is refused: authority/protected-edit.ts).
    await actor.update({ system: { characteristics: { charm: 10 } } });
    const skill = actor.items.find((i) => i.name === "Naturalistica");
    await skill?.update({ system: { bought: 2 } });
    const sheet = await asPlayer(() => sheetOf(actor));
    // The double's i18n answers a key with its data: the numbers the player reads are in there.
    expect(sheet.creation?.lines.map((l) => [l.spent, l.status, l.state])).toEqual([
      [37, "over", 'GENESYS.Creation.State.Over {"n":"2"}'],
      [17, "under", 'GENESYS.Creation.State.Left {"n":"3"}'],
    ]);
    expect(sheet.creation?.warning).toBe('GENESYS.Creation.Warning.Over {"what":"GENESYS.Creation.Amount.characteristicPoints.other {\\"count\\":\\"2\\"}"}');
    expect(sheet.creation?.note).toBe('GENESYS.Creation.Warning.Under {"what":"GENESYS.Creation.Amount.skillGrades.other {\\"count\\":\\"3\\"}"}');
    expect(sheet.main).toContain('class="budget-row characteristicPoints status-over"');
    expect(sheet.main).toContain('role="alert"');
    // The Narrator is told he may finish anyway.
    expect((await sheetOf(actor)).creation?.warning).toContain("GENESYS.Creation.Warning.OverGM");
  });

  it("follows the Narrator's allowance settings", async () => {
    await game.settings.set(SYSTEM_ID, CREATION_SETTINGS.characteristicPoints.key, 40);
    const actor = await building();
    const sheet = await asPlayer(() => sheetOf(actor));
    expect(sheet.creation?.lines[0]).toMatchObject({ spent: 35, budget: 40, status: "under", state: 'GENESYS.Creation.State.Left {"n":"5"}' });
  });
});

describe("Finish and Reopen", () => {
  it("the owner finishes after confirming; 'keep' or closing the dialog changes nothing", async () => {
    const actor = await building();
    const sheet = new PersonSheet({ document: actor });
    diceDouble().dialogAnswers.push("keep", null, "finish");
    await asPlayer(async () => {
      await press(sheet, PersonSheet, "finishCreation", finishButton());
      await press(sheet, PersonSheet, "finishCreation", finishButton());
      expect(active(actor)).toBe(true);
      await press(sheet, PersonSheet, "finishCreation", finishButton());
    });
    expect(active(actor)).toBe(false);
    expect(diceDouble().dialogs.at(-1)?.content).toContain("GENESYS.Creation.Confirm.Exact");
    // After: no meter, the player is told allocated grades are the Narrator's now; the Narrator gets Reopen.
    const player = await asPlayer(() => sheetOf(actor));
    expect(player.main).not.toContain("creation-budget");
    expect(player.skills).toContain("GENESYS.Creation.LockedHint");
    expect(player.skills).not.toContain("reopenCreation");
    const gm = await sheetOf(actor);
    expect(gm.skills).toContain('data-action="reopenCreation"');
  });

  it("under the allowance the confirmation says what is left", async () => {
    const actor = await building({ naturalistica: 2 });
    diceDouble().dialogAnswers.push("finish");
    await asPlayer(() => press(new PersonSheet({ document: actor }), PersonSheet, "finishCreation", finishButton()));
    expect(diceDouble().dialogs.at(-1)?.content).toContain("GENESYS.Creation.Confirm.Under");
    expect(active(actor)).toBe(false);
  });

  it("over the allowance a player is refused without a dialog; the Narrator confirms and finishes", async () => {
    const actor = await building({ charm: 10 });
    const sheet = new PersonSheet({ document: actor });
    await asPlayer(() => press(sheet, PersonSheet, "finishCreation", finishButton()));
    expect(active(actor)).toBe(true);
    expect(diceDouble().dialogs).toHaveLength(0);
    expect(warnings()).toEqual([expect.stringMatching(/^GENESYS\.Creation\.Refused\.OverBudgetSheet .*characteristicPoints.*2/)]);
    diceDouble().dialogAnswers.push("finish");
    await press(sheet, PersonSheet, "finishCreation", finishButton());
    expect(diceDouble().dialogs.at(-1)?.content).toContain("GENESYS.Creation.Confirm.Over");
    expect(active(actor)).toBe(false);
  });

  it("only the Narrator reopens, from the sheet too", async () => {
    const actor = await building();
    await actor.update({ system: { creation: { active: false } } });
    const sheet = new PersonSheet({ document: actor });
    await asPlayer(() => press(sheet, PersonSheet, "reopenCreation", reopenButton()));
    expect(active(actor)).toBe(false);
    expect(warnings()).toEqual(["GENESYS.Creation.Refused.Reopen"]);
    await press(sheet, PersonSheet, "reopenCreation", reopenButton());
    expect(active(actor)).toBe(true);
  });
});

describe("who sees the block", () => {
  it("a Comparsa has none; a limited viewer sees no numbers", async () => {
    const npc = await innkeeper();
    const sheet = await sheetOf(npc);
    expect(sheet.creation).toBeNull();
    expect(sheet.main + sheet.skills).not.toContain("creation");
    const limited = await createActor({ name: "Altrui", type: "character" });
    await limited.update({ ownership: { default: 1 } as unknown as Actor.UpdateData["ownership"] }); // plain numbers, as above
    const result = await asPlayer(() => realSheetRender(new PersonSheet({ document: limited })));
    expect(result.context["creation"]).toBeNull();
  });

  it("a token's actor sheet renders the block without crashing", async () => {
    const actor = await building();
    const token = placeToken(createScene("Radura"), actor);
    const synthetic = token.actor as unknown as GenesysActor; // the double's token actor is a GenesysActor subclass
    const sheet = await asPlayer(() => sheetOf(synthetic));
    expect(sheet.creation?.active).toBe(true);
    expect(sheet.main).toContain("35 / 35");
  });

  it("the skill's item sheet locks allocated grades for a player once creation is finished, not for the Narrator", async () => {
    const actor = await building();
    const skill = actor.items.find((i) => i.name === "Veterinaria");
    if (!skill) throw new Error("no skill");
    const hb = sheetHandlebars(it_);
    const player = () => itemContext(skill, makeEnv(it_, { isGM: false }));
    expect(player().skill?.boughtLocked).toBe(false);
    await actor.update({ system: { creation: { active: false } } });
    expect(player().skill?.boughtLocked).toBe(true);
    expect(renderTemplate(hb, "templates/item/skill.hbs", player())).toMatch(/name="system.bought" value="8"[^>]*disabled/);
    expect(itemContext(skill, makeEnv(it_, { isGM: true })).skill?.boughtLocked).toBe(false);
  });
});
