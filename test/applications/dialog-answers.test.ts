/**
 * What our dialogs make of DialogV2's answers. v13 DialogV2.wait resolves with the pressed button's callback result,
 * or with the button's action string when that result is null or undefined (the double models it: test/foundry/dice.ts),
 * or with null when the dialog is closed. Only an answer of the expected shape counts; anything else is "dismissed".
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { promptAttack, promptDefence, promptStatic } from "../../src/attack/attack-dialog.js";
import { type DefencePlan } from "../../src/attack/defence-answer.js";
import { promptCheck, rollButton } from "../../src/check/check-dialog.js";
import { translations } from "./sheet-fixtures.js";
import { promptDeclaration, promptReplacement } from "../../src/combat/maneuver-dialog.js";
import { prepareAttack, type AttackPlan } from "../../src/attack/attack-roll.js";
import { prepareCheck, type CheckPlan } from "../../src/check/check-request.js";
import { bootSystem } from "../foundry/boot.js";
import { diceDouble, type DialogConfig } from "../foundry/dice.js";
import { itemId, npc, shooter } from "../attack/helpers.js";

beforeAll(async () => {
  await bootSystem();
});

afterEach(() => {
  diceDouble().dialogAnswers.length = 0;
  vi.restoreAllMocks();
});

/** Presses the button `action` with no form behind it: every callback of ours then returns null. */
function pressWithoutForm(action: string) {
  return (config: DialogConfig): unknown => {
    const button = config.buttons.find((b) => b.action === action);
    if (!button?.callback) throw new Error(`no button "${action}" with a callback`);
    return button.callback(new Event("click"), { form: null }, {});
  };
}

/** Answers as if a button's callback had returned `value` (what a changed or foreign form could produce). */
function answer(value: unknown) {
  return (): unknown => value;
}

/** Watches DialogV2.wait, to see what the double resolved with before our code read it. */
function watchWait() {
  // DialogV2 is the double's class (test/foundry/dice.ts); spying on its static wait leaves its behaviour unchanged.
  return vi.spyOn(foundry.applications.api.DialogV2 as unknown as { wait: (c: DialogConfig) => Promise<unknown> }, "wait");
}

async function resolvedWith(wait: ReturnType<typeof watchWait>): Promise<unknown> {
  return await wait.mock.results.at(-1)?.value;
}

async function attackPlan(): Promise<AttackPlan> {
  const attacker = await shooter();
  const goblin = await npc("Goblin");
  const plan = prepareAttack(attacker, itemId(attacker, "Pistola"), [{ actor: goblin, tokenUuid: null, name: "Goblin", distance: null }], (k) => k);
  if (!plan.ok) throw new Error(`no plan: ${plan.refusal.warning}`);
  return plan.value;
}

async function checkPlan(difficulty?: number): Promise<CheckPlan> {
  const actor = await shooter();
  const request = prepareCheck(actor, { characteristic: "perception", ...(difficulty === undefined ? {} : { difficulty }) }, (k) => k);
  if (!request.ok) throw new Error("refused");
  return request.plan;
}

const DEFENCE_PLAN: DefencePlan = {
  targetName: "Goblin",
  attackTotal: 18,
  choices: [{ value: "dexterity", label: "Destrezza", grade: 7 }],
  dexterity: 7,
  conditionPenalty: 0,
  surprised: false,
};

describe("a button whose callback gives null answers with its action, and our dialogs read that as dismissed", () => {
  it("attack: the double answers 'attack'; promptAttack returns null", async () => {
    const plan = await attackPlan();
    const wait = watchWait();
    diceDouble().dialogAnswers.push(pressWithoutForm("attack"));
    expect(await promptAttack(plan, {})).toBeNull();
    expect(await resolvedWith(wait)).toBe("attack");
  });

  it("defence: the double answers 'defend'; promptDefence returns null", async () => {
    const wait = watchWait();
    diceDouble().dialogAnswers.push(pressWithoutForm("defend"));
    expect(await promptDefence(DEFENCE_PLAN)).toBeNull();
    expect(await resolvedWith(wait)).toBe("defend");
  });

  it("static target: the double answers 'ok'; promptStatic returns null", async () => {
    const wait = watchWait();
    diceDouble().dialogAnswers.push(pressWithoutForm("ok"));
    expect(await promptStatic("Goblin")).toBeNull();
    expect(await resolvedWith(wait)).toBe("ok");
  });

  it("check: the double answers 'roll'; promptCheck returns null", async () => {
    const plan = await checkPlan();
    const wait = watchWait();
    diceDouble().dialogAnswers.push(pressWithoutForm("roll"));
    expect(await promptCheck(plan)).toBeNull();
    expect(await resolvedWith(wait)).toBe("roll");
  });

  it("declaration: the double answers 'ok'; promptDeclaration returns null, not the string", async () => {
    const wait = watchWait();
    diceDouble().dialogAnswers.push(pressWithoutForm("ok"));
    expect(await promptDeclaration("Eroe", null)).toBeNull();
    expect(await resolvedWith(wait)).toBe("ok");
  });

  it("replacement: the double answers 'ok'; promptReplacement returns null, not the string", async () => {
    const wait = watchWait();
    diceDouble().dialogAnswers.push(pressWithoutForm("ok"));
    expect(await promptReplacement("Eroe", "execution")).toBeNull();
    expect(await resolvedWith(wait)).toBe("ok");
  });
});

describe("answers of the wrong shape are dismissals, never a crash or a bogus answer", () => {
  it("attack, defence, static and check refuse stray values", async () => {
    const attack = await attackPlan();
    const check = await checkPlan();
    diceDouble().dialogAnswers.push(answer({ rolls: "2", targets: [], aimedArea: "trunk", advantages: [] }), answer({ choice: "dexterity", cover: "wall", advantages: [], modifier: 0 }), answer(-3), answer({ difficulty: "15", modifiers: 0, blind: false, rollAnyway: false }));
    expect(await promptAttack(attack, {})).toBeNull();
    expect(await promptDefence(DEFENCE_PLAN)).toBeNull();
    expect(await promptStatic("Goblin")).toBeNull();
    expect(await promptCheck(check)).toBeNull();
  });

  it("a declaration needs a known maneuver and a yes/no hold", async () => {
    diceDouble().dialogAnswers.push(answer({ maneuver: "dance", held: false }), answer({ maneuver: "focus", held: "yes" }), answer({ maneuver: "focus", held: true }));
    expect(await promptDeclaration("Eroe", null)).toBeNull();
    expect(await promptDeclaration("Eroe", null)).toBeNull();
    expect(await promptDeclaration("Eroe", null)).toEqual({ maneuver: "focus", held: true });
  });

  it("a replacement that cancels the maneuver is told apart from the dialog's own Cancel button", async () => {
    // The choice "cancel the maneuver" and the close button's action are both spelled "cancel".
    diceDouble().dialogAnswers.push("cancel", answer({ replacement: "cancel" }), answer({ replacement: "defence" }), answer({ replacement: "dance" }));
    expect(await promptReplacement("Eroe", "execution")).toBeNull();
    expect(await promptReplacement("Eroe", "execution")).toBe("cancel");
    expect(await promptReplacement("Eroe", "execution")).toBe("defence");
    expect(await promptReplacement("Eroe", "execution")).toBeNull();
  });
});

describe("the check dialog's main button says what it will do", () => {
  it("an automatic success is announced, not rolled: 'Annuncia il successo'", async () => {
    // Percezione 7 against Banale (5): even 2 on the dice is enough.
    diceDouble().dialogAnswers.push(null);
    await promptCheck(await checkPlan(5));
    const roll = diceDouble().dialogs.at(-1)?.buttons.find((b) => b.action === "roll");
    expect(roll).toMatchObject({ label: "GENESYS.Check.Announce", icon: "fa-solid fa-bullhorn", default: true });
    diceDouble().dialogAnswers.push(null);
    await promptCheck(await checkPlan(20));
    expect(diceDouble().dialogs.at(-1)?.buttons.find((b) => b.action === "roll")).toMatchObject({ label: "GENESYS.Check.Roll", icon: "fa-solid fa-dice" });
  });

  it("in Italian and English; ticking 'roll anyway' turns it back into a roll", () => {
    const words = (lang: "it" | "en") => {
      const strings = translations(lang);
      return { localize: (key: string) => strings.get(key) ?? key };
    };
    expect(rollButton({ automatic: true }, false, words("it")).label).toBe("Annuncia il successo");
    expect(rollButton({ automatic: true }, false, words("en")).label).toBe("Announce the success");
    expect(rollButton({ automatic: true }, true, words("it")).label).toBe("Tira");
    expect(rollButton({ automatic: false }, false, words("it")).label).toBe("Tira");
  });
});
