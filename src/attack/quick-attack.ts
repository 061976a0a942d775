/** A sheet's Attack button with its shortcuts (Shift: the remembered choices; Ctrl: blind): loaded with the first attack. */
import { availableRolls, defaultAnswer, specifyAttack, type AttackAnswer, type AttackPlan, type Refusable } from "./attack-roll.js";
import type { GenesysActor } from "../documents/actor.js";
import type { AttackOptions } from "./attack-flow.js";
import { lazily } from "../load/lazily.js";
import { rememberChoice, recallChoice, type RollKey } from "../input/last-choices.js";
import { rollModifiers, type ModifierEvent, type RollModifiers } from "../input/roll-modifiers.js";
import { ANIMAL_ENVIRONMENTS } from "../rules/advanced/animals.js";
import { ADVANTAGE_KEYS, AIMED_AREAS, WEAPON_SIZES } from "../rules/attack.js";
import type { RulesOptions } from "../rules/options.js";
import { isObject, isWhole, oneOf, tell } from "../check/quick-roll.js";

/** The attack flow loads with the first attack. */
const attack = lazily(() => import("./attack-flow.js"), "attack");

/** The choices of an attack answer that do not depend on who is targeted: what is remembered of it. */
export type AttackChoices = Omit<AttackAnswer, "targets" | "focus" | "override" | "blind">;

/**
 * The target-free part of an answer, to remember. The Narrator's override is one attack's and is not kept; nor is
 * "blind", which the blind key decides, so that a quick attack after a blind one is not blind unasked.
 */
export function attackChoices(answer: AttackAnswer): AttackChoices {
  const { targets: _targets, focus: _focus, override: _override, blind: _blind, ...rest } = answer;
  return rest;
}

/** The well-formed fields of a remembered attack answer; the others are left to the defaults. */
export function readAttackChoices(raw: unknown): Partial<AttackChoices> {
  if (!isObject(raw)) return {};
  const c: Partial<AttackChoices> = {};
  if (isWhole(raw["rolls"])) c.rolls = raw["rolls"];
  const advantages = raw["advantages"];
  if (Array.isArray(advantages) && advantages.every((a) => oneOf(a, ADVANTAGE_KEYS))) c.advantages = advantages.filter((a) => oneOf(a, ADVANTAGE_KEYS));
  if (oneOf(raw["aimedArea"], AIMED_AREAS)) c.aimedArea = raw["aimedArea"];
  if (raw["weaponSize"] === null || oneOf(raw["weaponSize"], WEAPON_SIZES)) c.weaponSize = raw["weaponSize"];
  if (raw["bypassArmour"] === null || isWhole(raw["bypassArmour"])) c.bypassArmour = raw["bypassArmour"];
  if (typeof raw["twoWeapons"] === "boolean") c.twoWeapons = raw["twoWeapons"];
  if (typeof raw["bothWeaponsMultiple"] === "boolean") c.bothWeaponsMultiple = raw["bothWeaponsMultiple"];
  if (isWhole(raw["arcDegrees"])) c.arcDegrees = raw["arcDegrees"];
  if (typeof raw["desperateAggression"] === "boolean") c.desperateAggression = raw["desperateAggression"];
  if (raw["environment"] === null || oneOf(raw["environment"], ANIMAL_ENVIRONMENTS)) c.environment = raw["environment"];
  if (isWhole(raw["modifier"])) c.modifier = raw["modifier"];
  return c;
}

/**
 * §3.2.3 the quick answer for the targets taken now: the dialog's defaults (every target, the tracker's
 * Focalizzazione) with the remembered choices, refused when the weapon cannot roll at each target or when the
 * attack would be refused as it stands (specifyAttack's reasons), so that the dialog can be opened instead.
 */
export function quickAttackAnswer(plan: AttackPlan, remembered: unknown, rules: Partial<RulesOptions>, isGM: boolean): Refusable<AttackAnswer> {
  const rolls = availableRolls(plan);
  if (plan.targets.length > rolls) {
    return { ok: false, refusal: { warning: "GENESYS.QuickRoll.Warn.TooManyTargets", data: { targets: String(plan.targets.length), rolls: String(rolls) } } };
  }
  const answer: AttackAnswer = { ...defaultAnswer(plan), ...readAttackChoices(remembered) };
  const spec = specifyAttack(plan, answer, rules, isGM);
  return spec.ok ? { ok: true, value: answer } : spec;
}

const attackKey = (itemId: string | null): RollKey => `attack:${itemId ?? "natural"}`;

/** How the attack flow gets its answer for a click with these modifiers. */
export function attackChooser(itemId: string | null, mods: RollModifiers): NonNullable<AttackOptions["choose"]> {
  return async (plan, rules) => {
    const key = attackKey(itemId);
    if (mods.quick) {
      const quick = quickAttackAnswer(plan, recallChoice(plan.actorUuid, key), rules, game.user.isGM);
      if (quick.ok) return { ...quick.value, blind: mods.blind };
      tell(quick.refusal);
    }
    // The blind key opens the dialog with its blind box ticked; what the attacker leaves ticked is the answer.
    const answer = await (await import("./attack-dialog.js")).promptAttack(plan, rules, { blind: mods.blind });
    if (!answer) return null;
    await rememberChoice(plan.actorUuid, key, attackChoices(answer));
    return answer;
  };
}

/** A sheet's Attack button (a weapon's, or an animal's natural weapons for null). */
export async function quickAttack(actor: GenesysActor, itemId: string | null, event: ModifierEvent | null): Promise<boolean> {
  return attack(actor, itemId, { choose: attackChooser(itemId, rollModifiers(event)) });
}

// ───────────────────────── defence ─────────────────────────
