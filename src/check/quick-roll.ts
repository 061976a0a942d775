/**
 * What a click on a roll button does with its modifiers (input/roll-modifiers.ts): a plain click opens the dialog, the
 * quick key rolls at once with this client's last answer for that actor and roll (input/last-choices.ts) or the
 * dialog's defaults, the blind key makes the roll blind through the same sealed path as the dialog's blind choice.
 * Every dialog answer given here is remembered for the next quick roll. A quick answer that cannot apply now (more
 * targets than rolls, a target out of range) opens the dialog with a notification saying why.
 */
import { isCharacteristic } from "./check-request.js";
import type { GenesysActor } from "../documents/actor.js";
import type { CardActionOptions } from "../attack/attack-flow.js";
import { rememberChoice, recallChoice, type RollKey } from "../input/last-choices.js";
import { rollModifiers, shortcutHint, type ModifierEvent, type RollModifiers } from "../input/roll-modifiers.js";
import type { CharacteristicKey } from "../rules/types.js";
import type { CheckAnswer, CheckPrompt } from "./check-flow.js";
import { defenceSetup, readDefenceAnswer, type DefenceAnswer, type DefencePlan } from "../attack/defence-answer.js";
import { initialFormValues, parseCheckForm } from "./check-form.js";
import type { CheckMessage } from "../documents/check-options.js";

export type CheckTarget = { skillId: string } | { characteristic: CharacteristicKey };

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
export const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
export const oneOf = <T extends string>(v: unknown, list: readonly T[]): v is T => typeof v === "string" && (list as readonly string[]).includes(v);

export function tell(reason: { warning: string; data: Record<string, string> }): void {
  ui.notifications.warn(game.i18n.format("GENESYS.QuickRoll.Warn.Dialog", { reason: game.i18n.format(reason.warning, reason.data) }));
}

// ───────────────────────── checks ─────────────────────────

function checkKey(target: { skillId?: string | null; characteristic?: string | null }): RollKey {
  return target.skillId ? `skill:${target.skillId}` : `characteristic:${target.characteristic ?? ""}`;
}

/** A remembered check answer, or null when what was kept is not one (another version, a hand-edited storage). */
export function readCheckAnswer(raw: unknown): CheckAnswer | null {
  if (!isObject(raw)) return null;
  const { difficulty, modifiers, blind, rollAnyway } = raw;
  if (!(difficulty === null || isWhole(difficulty)) || !isWhole(modifiers) || typeof blind !== "boolean" || typeof rollAnyway !== "boolean") return null;
  return { difficulty, modifiers, blind, rollAnyway };
}

/** What the check dialog answers when nothing is changed in it: its first difficulty step, no modifier. */
export function defaultCheckAnswer(): CheckAnswer {
  return parseCheckForm(initialFormValues({ difficulty: null, modifiers: 0, blind: false }));
}

/** The check dialog, keeping each answer it gives as the last one for its actor and roll. */
export function rememberingCheckPrompt(prompt: CheckPrompt): CheckPrompt {
  return async (plan) => {
    const answer = await prompt(plan);
    // Only an answer the flow can roll: one typed wrong is refused there and would be refused again.
    if (answer && readCheckAnswer(answer)) await rememberChoice(plan.actorUuid, checkKey(plan), answer);
    return answer;
  };
}

/** A sheet's check button: the dialog, or at once with the last answer; blind when asked. */
export async function quickCheck(actor: GenesysActor, target: CheckTarget, event: ModifierEvent | null): Promise<CheckMessage | null> {
  const mods = rollModifiers(event);
  if (!mods.quick) return actor.rollCheck(mods.blind ? { ...target, blind: true } : target);
  const last = readCheckAnswer(recallChoice(actor.uuid, checkKey(target))) ?? defaultCheckAnswer();
  return actor.rollCheck({
    ...target,
    difficulty: last.difficulty,
    modifiers: last.modifiers,
    // The blind key decides, not the last answer: a Shift-click after a blind check is not blind unasked.
    blind: mods.blind,
    rollIfAutomatic: last.rollAnyway,
    prompt: false,
  });
}

/** The check a sheet's roll button names: its skill row, else its characteristic; null for neither. */
export function checkTargetOf(button: HTMLElement): CheckTarget | null {
  const skillId = button.closest<HTMLElement>("[data-skill-id]")?.dataset["skillId"];
  if (skillId) return { skillId };
  const characteristic = button.dataset["characteristic"];
  return isCharacteristic(characteristic) ? { characteristic } : null;
}

// ───────────────────────── attacks ─────────────────────────

/** The defence dialog's starting answer: the first grade offered, what the tracker and the tokens pre-fill, no cover. */
export function defaultDefenceAnswer(plan: DefencePlan): DefenceAnswer {
  return {
    choice: plan.choices[0]?.value ?? "",
    grade: null,
    maneuver: plan.tracker?.defenceManeuver === true,
    dive: false,
    cover: "none",
    advantages: [],
    surprised: plan.surprised,
    opponentProne: plan.opponentProne === true,
    modifier: 0,
  };
}

/**
 * The quick defence: the defaults with the defender's remembered grade, cover, advantages and modifier (the
 * situation, Difesa, dive, surprise, a prone attacker, comes from this attack alone); null when it cannot be rolled.
 */
export function quickDefenceAnswer(plan: DefencePlan, remembered: unknown): DefenceAnswer | null {
  const base = defaultDefenceAnswer(plan);
  const last = readDefenceAnswer(remembered);
  const answer = last && plan.choices.some((c) => c.value === last.choice)
    ? { ...base, choice: last.choice, grade: last.grade, cover: last.cover, advantages: last.advantages, modifier: last.modifier }
    : base;
  return defenceSetup(plan, answer) ? answer : null;
}

/** How the Defend button gets its answer for a click with these modifiers (a defence is as blind as its attack). */
export function defenceChooser(mods: RollModifiers): NonNullable<CardActionOptions["chooseDefence"]> {
  return async (plan, target) => {
    if (mods.quick) {
      const quick = quickDefenceAnswer(plan, recallChoice(target.uuid, "defence"));
      if (quick) return quick;
      tell({ warning: "GENESYS.Attack.Warn.BadDefence", data: { name: plan.targetName } });
    }
    const answer = await (await import("../attack/attack-dialog.js")).promptDefence(plan);
    if (answer) await rememberChoice(target.uuid, "defence", answer);
    return answer;
  };
}

/** The options a click on an attack card's button carries. */
export function cardClickOptions(event: ModifierEvent | null): CardActionOptions {
  return { chooseDefence: defenceChooser(rollModifiers(event)) };
}

// ───────────────────────── tooltips ─────────────────────────

export const SHEET_ROLL_BUTTONS = '[data-action="rollCheck"], [data-action="attack"]';
export const CARD_ROLL_BUTTONS = '[data-attack-action="defend"]';

/** A tooltip with the shortcut line after it. */
export function withShortcut(tooltip: string, hint: string): string {
  if (!hint) return tooltip;
  return tooltip ? `${tooltip} — ${hint}` : hint;
}

/**
 * Adds the shortcut to the tooltip of each roll button under `root`, with the keys bound now. The button's own
 * tooltip is kept aside, so that rendering again never adds the line twice. A tooltip is decoration: whatever goes
 * wrong here is logged and never costs a sheet or a card its buttons.
 */
export function addShortcutTooltips(root: ParentNode, selector: string, blind = true): void {
  try {
    const hint = shortcutHint(game.i18n, blind);
    for (const button of root.querySelectorAll<HTMLElement>(selector)) {
      const own = button.dataset["genesysTooltip"] ?? button.dataset["tooltip"] ?? "";
      button.dataset["genesysTooltip"] = own;
      button.dataset["tooltip"] = withShortcut(own, hint);
    }
  } catch (error) {
    console.warn("GeneSys | the roll shortcuts could not be added to the tooltips", error);
  }
}
