/**
 * The Narrator's everyday actions as one-line macros (the "macros" compendium): each works on the tokens the Narrator
 * has selected and goes through the same flows as the sheets and cards, so a macro decides nothing itself.
 */
import { requestIntent } from "../authority/intent-channel.js";
import { SEAL_REVEAL_INTENT, sealedCardOf } from "../chat/sealed-card.js";
import { skillByKey } from "../data/item/skill.js";
import { WeaponModel } from "../data/item/weapon.js";
import { GenesysActor } from "../documents/actor.js";
import { isCharacteristic } from "../check/check-request.js";
import { lazily } from "../load/lazily.js";

import { hazardTools, narratorTools } from "../tools/narrator-tools.js";
import { encounterOdds } from "../encounter/open-encounter-odds.js";
import { selectedActors } from "./selected-actors.js";

/** A grapple loads with the first one started. */
const grappleSelected = lazily(() => import("../grapple/grapple-entry.js"), "grappleSelected");

/** The attack flow loads with the first attack. */
const attack = lazily(() => import("../attack/attack-flow.js"), "attack");

const openTimeDialog = lazily(() => import("../time/time-dialog.js"), "openTimeDialog");

const warn = (key: string, data: Record<string, string> = {}): void => void ui.notifications.warn(game.i18n.format(key, data));

function selectedOrWarn(): GenesysActor[] {
  const actors = selectedActors();
  if (actors.length === 0) warn("GENESYS.Macro.Warn.NoSelection");
  return actors;
}

/** What a blind check of the selected tokens rolls: a characteristic, or a skill by its key (`system.key` or slug). */
export type MacroCheck = { characteristic: string } | { skill: string };

/**
 * §1.7.3 a blind check for every selected token (Percezione to notice an ambush, Osservare…): each goes to the
 * Narrator's card sealed, the players see only that it was rolled. A token without that skill is named in a warning.
 */
export async function blindCheckForSelected(check: MacroCheck): Promise<number> {
  let rolled = 0;
  for (const actor of selectedOrWarn()) {
    if ("characteristic" in check) {
      if (!isCharacteristic(check.characteristic)) {
        warn("GENESYS.Check.Warn.UnknownCharacteristic", { key: check.characteristic });
        return rolled;
      }
      if (await actor.rollCheck({ characteristic: check.characteristic, blind: true, prompt: false })) rolled++;
      continue;
    }
    const skill = skillByKey(actor.items, check.skill);
    if (!skill?.id) {
      warn("GENESYS.Macro.Warn.NoSkill", { name: actor.name, skill: check.skill });
      continue;
    }
    if (await actor.rollCheck({ skillId: skill.id, blind: true, prompt: false })) rolled++;
  }
  return rolled;
}

/** The attack dialog for the selected token, with its first ready weapon (an animal: its natural weapons). */
export async function attackWithSelected(): Promise<boolean> {
  const [actor, ...others] = selectedOrWarn();
  if (!actor) return false;
  if (others.length > 0) {
    warn("GENESYS.Macro.Warn.OneAttacker");
    return false;
  }
  if (actor.type === "animal") return attack(actor, null);
  const weapon = actor.items.find((i) => i.system instanceof WeaponModel && i.system.ready);
  if (!weapon?.id) {
    warn("GENESYS.Macro.Warn.NoReadyWeapon", { name: actor.name });
    return false;
  }
  return attack(actor, weapon.id);
}

/** The Narrator's Reveal for every blind card still sealed in the chat log, oldest first; how many were revealed. */
export async function revealAllBlind(): Promise<number> {
  if (!game.user.isGM) {
    warn("GENESYS.Seal.Warn.NarratorsOnly");
    return 0;
  }
  let revealed = 0;
  for (const message of game.messages.contents.filter((m) => sealedCardOf(m) !== null)) {
    if (await requestIntent(SEAL_REVEAL_INTENT, { messageId: message.id })) revealed++;
  }
  ui.notifications.info(game.i18n.format("GENESYS.Macro.Revealed", { count: String(revealed) }));
  return revealed;
}

// The chapter 3 tools (reaction, recognition, losing control) live in src/tools.
/** §3.1.1 the "time passes" dialog for the selected tokens (or all the world setting names). */
export function timePasses(): Promise<boolean> {
  return openTimeDialog();
}

/** Issue 13 the odds of a fight between the selected tokens (friendly against hostile), in the Narrator's odds window. */
export async function encounterOddsForSelected(): Promise<boolean> {
  await encounterOdds({ from: "selection" });
  return game.user.isGM;
}

/** §2.3.7 the selected token grapples the targeted one; the contest card's message id, or null (warned). */
export function grappleForSelected(): Promise<string | null> {
  return grappleSelected();
}

export const narratorMacros = { selectedActors, blindCheckForSelected, attackWithSelected, revealAllBlind, timePasses, encounterOddsForSelected, grappleForSelected, ...narratorTools, ...hazardTools };
