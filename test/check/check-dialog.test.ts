import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkDialogContext, dialogPreview, readCheckForm, CHECK_DIALOG_TEMPLATE } from "../../src/check/check-dialog.js";
import { initialFormValues, parseCheckForm, type CheckFormValues } from "../../src/check/check-form.js";
import { prepareCheck, type CheckPlan } from "../../src/check/check-request.js";
import { registerDice } from "../../src/check/genesys-roll.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { diceDouble } from "../foundry/dice.js";
import { dice, fakeForm, jack, lastMessage, pressRoll, rollOf, sealedRollOf, skillId } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
  registerDice();
});

beforeEach(() => {
  diceDouble().queue.length = 0;
  diceDouble().dialogAnswers.length = 0;
});

const base = (over: Partial<CheckFormValues> = {}): CheckFormValues => ({ difficulty: "medium", custom: "", modifiers: "0", rollAnyway: false, ...over });

describe("parseCheckForm", () => {
  it("reads a ladder step through the rules' table", () => {
    expect(parseCheckForm(base({ difficulty: "complex" }))).toEqual({ difficulty: 20, modifiers: 0, blind: false, rollAnyway: false });
    expect(parseCheckForm(base({ difficulty: "absurd", modifiers: "+3" })).difficulty).toBe(40);
  });
  it("reads another margin, a real minus sign, and the blind choice", () => {
    expect(parseCheckForm(base({ difficulty: "custom", custom: "17", modifiers: "−2" }))).toMatchObject({ difficulty: 17, modifiers: -2 });
    expect(parseCheckForm(base({ difficulty: "blind" }))).toMatchObject({ difficulty: null, blind: true });
  });
  it("leaves nonsense as NaN for rollCheck to refuse", () => {
    expect(parseCheckForm(base({ difficulty: "custom", custom: "" })).difficulty).toBeNaN();
    expect(parseCheckForm(base({ difficulty: "hard" })).difficulty).toBeNaN();
    expect(parseCheckForm(base({ modifiers: "two" })).modifiers).toBeNaN();
  });
  it("reads the named controls of a form", () => {
    expect(readCheckForm(fakeForm({ difficulty: "custom", custom: "22", modifiers: "1", rollAnyway: true }))).toEqual({ difficulty: "custom", custom: "22", modifiers: "1", rollAnyway: true });
  });
});

describe("live preview", () => {
  const plan = { grade: 12, conditionPenalty: 0 };
  it("EX-06 grade 12 against Complex 20: 72 %", () => {
    expect(dialogPreview(plan, base({ difficulty: "complex" }))).toEqual({ chance: "72%", automatic: false, impossible: false, customVisible: false, blind: false });
  });
  it("EX-08 grade 11 against Easy 10 is automatic; 12 − 5 against 30 is impossible", () => {
    expect(dialogPreview({ grade: 11, conditionPenalty: 0 }, base({ difficulty: "easy" })).automatic).toBe(true);
    expect(dialogPreview({ grade: 12, conditionPenalty: -5 }, base({ difficulty: "veryDifficult" }))).toMatchObject({ chance: "0%", impossible: true });
  });
  it("unknown or unreadable difficulty: no chance shown", () => {
    expect(dialogPreview(plan, base({ difficulty: "blind" }))).toMatchObject({ chance: "—", blind: true });
    expect(dialogPreview(plan, base({ difficulty: "custom", custom: "x" }))).toMatchObject({ chance: "—", customVisible: true });
  });
  it("starts on the requested difficulty, or Medium", () => {
    expect(initialFormValues({ difficulty: 25, modifiers: 0, blind: false }).difficulty).toBe("difficult");
    expect(initialFormValues({ difficulty: 17, modifiers: 2, blind: false })).toMatchObject({ difficulty: "custom", custom: "17", modifiers: "2" });
    expect(initialFormValues({ difficulty: null, modifiers: 0, blind: false }).difficulty).toBe("medium");
    expect(initialFormValues({ difficulty: null, modifiers: 0, blind: true }).difficulty).toBe("blind");
  });
});

describe("the dialog template", () => {
  it("renders the ladder, the custom and blind choices, the modifier and the chance", async () => {
    const actor = await jack({ system: { wounds: { value: 15 } } });
    const request = prepareCheck(actor, { skillId: skillId(actor, "Corsa"), difficulty: 20 }, (k) => k);
    if (!request.ok) throw new Error("refused");
    const plan: CheckPlan = request.plan;
    const html = await foundry.applications.handlebars.renderTemplate(CHECK_DIALOG_TEMPLATE, checkDialogContext(plan));
    expect(html.match(/<option /g)).toHaveLength(10);
    expect(html).toContain('<option value="complex" selected>GENESYS.Difficulty.complex (20)</option>');
    expect(html).toContain('value="custom"');
    expect(html).toContain('value="blind"');
    expect(html).toContain('name="modifiers"');
    // Weak: −2, so 12 − 2 needs 9 + 2 = 11 → 55 %.
    expect(html).toContain("−2");
    expect(html).toContain("<strong data-chance>55%</strong>");
    expect(html).toMatch(/data-custom hidden/);
    expect(html).toMatch(/data-automatic hidden/);
  });
});

describe("rolling through the dialog", () => {
  it("dismissing the dialog creates no message", async () => {
    const actor = await jack();
    const before = diceDouble().messages.length;
    expect(await actor.rollCheck({ skillId: skillId(actor, "Corsa") })).toBeNull();
    expect(diceDouble().dialogs.at(-1)?.content).toContain("genesys-check-form");
    expect(diceDouble().messages.length).toBe(before);
  });

  it("the roll button's answer sets difficulty and modifier", async () => {
    const actor = await jack();
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "complex", modifiers: "-1" }));
    dice(5, 5);
    const roll = rollOf(await actor.rollCheck({ skillId: skillId(actor, "Corsa") }));
    expect(roll.options).toMatchObject({ difficulty: 20, modifiers: -1 });
    expect(roll.outcome).toMatchObject({ total: 21, success: true });
  });

  it("blind from the dialog: no difficulty, a sealed card", async () => {
    const actor = await jack();
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "blind" }));
    dice(5, 5);
    await actor.rollCheck({ characteristic: "perception" });
    expect(lastMessage()?.rolls).toEqual([]);
    expect(sealedRollOf(lastMessage()).options).toMatchObject({ difficulty: null, blind: true });
  });

  it("an automatic success rolls only when asked", async () => {
    const actor = await jack();
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "trivial" }), pressRoll({ difficulty: "trivial", rollAnyway: true }));
    const skipped = await actor.rollCheck({ skillId: skillId(actor, "Corsa") });
    expect(skipped?.isRoll).toBe(false);
    dice(2, 3);
    const rolled = rollOf(await actor.rollCheck({ skillId: skillId(actor, "Corsa") }));
    expect(rolled.outcome).toMatchObject({ automatic: true, total: 17 });
  });

  it("an unreadable margin in the dialog gives a warning, no message", async () => {
    const actor = await jack();
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "custom", custom: "abc" }));
    const before = diceDouble().messages.length;
    expect(await actor.rollCheck({ skillId: skillId(actor, "Corsa") })).toBeNull();
    expect(foundryDouble().notifications.at(-1)?.message).toContain("GENESYS.Check.Warn.BadDifficulty");
    expect(diceDouble().messages.length).toBe(before);
  });
});
