import { beforeAll, describe, expect, it } from "vitest";
import { checkCardContext, GenesysCheckRoll, type CheckCardInput } from "../../src/check/genesys-roll.js";
import { signed } from "../../src/format/numbers.js";
import { resolveCheck } from "../../src/rules/check.js";
import { bootSystem } from "../foundry/boot.js";

beforeAll(async () => {
  await bootSystem();
});

/** A small dictionary stands in for the language file, so the card's texts read as players see them. */
const it18n = {
  localize: (key: string): string => ({
    "GENESYS.Check.Success": "Successo",
    "GENESYS.Check.Failure": "Fallimento",
    "GENESYS.Check.Grade": "Grado",
    "GENESYS.Check.Score": "Punteggio",
    "GENESYS.Check.Modifiers": "Modificatori",
    "GENESYS.Check.Difficulty": "Difficoltà",
    "GENESYS.Check.Total": "Totale",
    "GENESYS.Check.Margin": "Margine",
    "GENESYS.Check.Chance": "Probabilità",
    "GENESYS.Check.Dice": "Dadi",
    "GENESYS.Check.Automatic": "Successo automatico",
    "GENESYS.Condition.weak": "Debole",
    "GENESYS.Difficulty.complex": "Complessa",
    "GENESYS.Check.Increment.Reason.hardSuccess": "successo difficile",
  })[key] ?? key,
  format: (key: string, data: Record<string, string> = {}): string => {
    const text = ({
      "GENESYS.Check.ConditionPenalty": "Condizione: {condition}",
      "GENESYS.Check.Increment.Stored": "Punto incremento ({reason}): {points}/{max}",
    } as Record<string, string>)[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (_m, k: string) => data[k] ?? "");
  },
};

function input(over: Partial<CheckCardInput>): CheckCardInput {
  const grade = over.grade ?? 12;
  const modifiers = over.modifiers ?? 0;
  const conditionPenalty = over.conditionPenalty ?? 0;
  const difficulty = over.difficulty === undefined ? 20 : over.difficulty;
  const d = over.dice === undefined ? [4, 5] : over.dice;
  const natural = (d ?? []).reduce((a, b) => a + b, 0);
  return {
    label: "Corsa",
    grade,
    modifiers,
    conditionPenalty,
    condition: over.condition ?? "normal",
    difficulty,
    blind: false,
    dice: d,
    total: natural + grade + modifiers + conditionPenalty,
    result: difficulty === null || d === null ? null : resolveCheck({ dice: natural, grade, modifiers: modifiers + conditionPenalty, difficulty }),
    increment: null,
    isPrivate: false,
    rolled: true,
    ...over,
  };
}

async function render(context: object): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(GenesysCheckRoll.CHAT_TEMPLATE, context as Record<string, unknown>);
}

describe("checkCardContext", () => {
  it("a success: green class, total, margin, chance before rolling, ladder name", () => {
    const c = checkCardContext(input({}), it18n);
    expect(c.cssClass).toBe("success");
    expect(c.outcome).toEqual({ text: "Successo", cssClass: "success" });
    expect(c.total).toEqual({ label: "Totale", value: "21" });
    expect(c.margin?.value).toBe("+1");
    expect(c.chance?.value).toBe("72%");
    expect(c.dice).toEqual({ values: [4, 5], sum: 9, label: "Dadi" });
    expect(c.lines.find((l) => l.cssClass === "difficulty")?.value).toBe("20 (Complessa)");
  });

  it("a failure by a tie: margin 0", () => {
    const c = checkCardContext(input({ dice: [4, 4] }), it18n);
    expect(c.outcome.cssClass).toBe("failure");
    expect(c.margin?.value).toBe("0");
  });

  it("D-06 the condition penalty is its own line, and counts in the chance", () => {
    const c = checkCardContext(input({ difficulty: 15, conditionPenalty: -2, condition: "weak", dice: [2, 2] }), it18n);
    expect(c.lines).toContainEqual({ label: "Condizione: Debole", value: "−2", cssClass: "condition-penalty" });
    expect(c.total?.value).toBe("14");
    expect(c.outcome.cssClass).toBe("failure");
    // 12 − 2 against 15: dice must exceed 5 → 90 %.
    expect(c.chance?.value).toBe("90%");
  });

  it("private view shows nothing of the result", () => {
    const c = checkCardContext(input({ isPrivate: true, increment: { reason: "hardSuccess", status: "stored", points: 2, grade: null } }), it18n);
    expect(c).toMatchObject({ hidden: true, dice: null, total: null, margin: null, chance: null, increment: null, lines: [] });
  });

  it("names the number as the book does: a skill's Grado, a characteristic's Punteggio", () => {
    expect(checkCardContext(input({ kind: "skill" }), it18n).lines[0]).toMatchObject({ label: "Grado", cssClass: "grade" });
    expect(checkCardContext(input({ kind: "characteristic" }), it18n).lines[0]).toMatchObject({ label: "Punteggio", cssClass: "grade" });
  });

  it("a blind roll says so once: the private view's hint alone, the Narrator's view one note", () => {
    const hidden = checkCardContext(input({ blind: true, isPrivate: true }), it18n);
    expect(hidden.notes).toEqual([]);
    expect(hidden.hiddenText).toBe("GENESYS.Check.HiddenHint");
    expect(checkCardContext(input({ blind: true }), it18n).notes.filter((n) => n.cssClass === "blind")).toHaveLength(1);
  });

  it("signed numbers use a real minus sign", () => {
    expect([signed(3), signed(-2), signed(0)]).toEqual(["+3", "−2", "0"]);
  });
});

describe("the card template (real handlebars)", () => {
  it("renders texts and classes of a success with an increment point", async () => {
    const html = await render(checkCardContext(input({ difficulty: 25, grade: 10, dice: [8, 8], increment: { reason: "hardSuccess", status: "stored", points: 1, grade: null } }), it18n));
    expect(html).toContain('<div class="genesys genesys-check success">');
    expect(html).toContain('<span class="genesys-check__outcome success">Successo</span>');
    expect(html).toContain('<span class="genesys-check__die">8</span><span class="genesys-check__die">8</span>');
    expect(html).toContain("<dt>Grado</dt><dd>10</dd>");
    expect(html).toContain("<span>Totale</span><strong>26</strong>");
    expect(html).toContain("<span>Probabilità</span><span>15%</span>");
    expect(html).toContain('<p class="genesys-check__increment increment stored">Punto incremento (successo difficile): 1/6</p>');
  });

  it("renders a failure with the red class and no increment", async () => {
    const html = await render(checkCardContext(input({ dice: [1, 2] }), it18n));
    expect(html).toContain('<div class="genesys genesys-check failure">');
    expect(html).toContain(">Fallimento<");
    expect(html).not.toContain("increment");
  });

  it("an automatic success announced without dice", async () => {
    const html = await render(checkCardContext(input({ grade: 11, difficulty: 10, dice: null, rolled: false, result: null, total: null }), it18n));
    expect(html).toContain("genesys-check success automatic");
    expect(html).toContain("GENESYS.Check.AutomaticNoRoll");
    expect(html).toContain("100%");
  });
});
