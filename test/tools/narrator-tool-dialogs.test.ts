/** The three Narrator tool dialogs: rendered with the real templates, and their forms read into answers. */
import { beforeAll, describe, expect, it } from "vitest";
import { REACTION_DIALOG_TEMPLATE, parseReactionForm, reactionDialogContext } from "../../src/tools/reaction-dialog.js";
import { RECOGNITION_DIALOG_TEMPLATE, parseRecognitionForm, recognitionDialogContext } from "../../src/tools/recognition-dialog.js";
import { LOSING_CONTROL_DIALOG_TEMPLATE, parseLosingControlForm, losingControlDialogContext } from "../../src/tools/losing-control-dialog.js";
import { TOOL_CARD_TEMPLATE } from "../../src/tools/tool-card.js";
import { bootSystem } from "../foundry/boot.js";

beforeAll(async () => {
  await bootSystem();
});

const render = (template: string, context: object): Promise<string> => foundry.applications.handlebars.renderTemplate(template, { ...context });

describe("reaction dialog (§3.1.3)", () => {
  it("an animal: the −4 ticked and fixed, no Recognised box; a Comparsa: every box free, Recognised offered", async () => {
    const choices = [{ uuid: "Actor.alven", name: "Alven", charm: 8, reputation: 3 }];
    const wolf = await render(REACTION_DIALOG_TEMPLATE, reactionDialogContext({ name: "Lupo", animal: true }, choices, game.i18n));
    expect(wolf).toMatch(/name="mod\.animalIntelligence" checked disabled/);
    expect(wolf).not.toContain('name="recognised"');
    expect(wolf).toMatch(/<option value="Actor\.alven" selected>/);
    // The typed numbers stay hidden while a Protagonist is chosen.
    expect(wolf).toMatch(/data-custom hidden/);
    const oste = await render(REACTION_DIALOG_TEMPLATE, reactionDialogContext({ name: "Oste", animal: false }, [], game.i18n));
    expect(oste).toContain('name="recognised"');
    expect(oste).toMatch(/<option value="custom" selected>/);
    expect(oste).not.toMatch(/data-custom hidden/);
  });

  it("reads the form: ticked modifiers in the table's order, numbers with a real minus", () => {
    expect(parseReactionForm({ protagonist: "custom", charm: "9", reputation: "\u221212", "mod.muchInCommon": true, "mod.hatred": true, other: "", recognised: true, hidden: false }))
      .toEqual({ protagonist: "custom", charm: 9, reputation: -12, modifiers: ["hatred", "muchInCommon"], otherModifier: 0, recognised: true, hidden: false });
  });
});

describe("recognition and losing-control dialogs", () => {
  it("recognition: observers with a person first, the three modifiers; the form read back", async () => {
    const html = await render(RECOGNITION_DIALOG_TEMPLATE, recognitionDialogContext(["Bill"], game.i18n));
    expect(html).toMatch(/<option value="person" selected>/);
    for (const k of ["abroad", "farFromHomeTown", "frequentedArea"]) expect(html).toContain(`name="mod.${k}"`);
    expect(parseRecognitionForm({ observer: "alienRace", "mod.abroad": true, other: "1", hidden: true })).toEqual({ observer: "alienRace", modifiers: ["abroad"], otherModifier: 1, hidden: true });
  });

  it("losing control: fear and Medium preselected; a ladder step gives its margin, custom its number, custom empty NaN", async () => {
    const html = await render(LOSING_CONTROL_DIALOG_TEMPLATE, losingControlDialogContext(["Jack"], game.i18n));
    expect(html).toMatch(/<option value="fear" selected>/);
    expect(html).toMatch(/<option value="medium" selected>/);
    expect(parseLosingControlForm({ cause: "shock", difficulty: "difficult", custom: "", modifiers: "-2", blind: true })).toEqual({ cause: "shock", difficulty: 25, modifiers: -2, blind: true });
    expect(parseLosingControlForm({ cause: "fear", difficulty: "custom", custom: "33", modifiers: "", blind: false }).difficulty).toBe(33);
    expect(parseLosingControlForm({ cause: "fear", difficulty: "custom", custom: "", modifiers: "", blind: false }).difficulty).toBeNaN();
  });

  it("the card template renders every part it is given", async () => {
    const html = await render(TOOL_CARD_TEMPLATE, {
      kind: "reaction", title: "T", outcome: { text: "Good", tone: "success" }, dice: { values: [4], sum: 4, label: "1D6" },
      lines: [{ label: "Fascino", value: "8" }], total: { label: "Totale", value: "13" }, notes: ["N"],
    });
    expect(html).toContain('class="genesys genesys-check genesys-tool reaction success"');
    expect(html).toMatch(/<span class="genesys-check__die">4<\/span>/);
    expect(html).toContain("<strong>13</strong>");
  });
});
