/** §2.3.3 what a target may defend with, read from its actor: the same on the defender's client and on the GM's. */
import type { DefencePlan } from "./defence-answer.js";
import { AnimalModel } from "../data/actor/animal.js";
import { SkillModel } from "../data/item/skill.js";
import { DODGE_SKILL_SLUG } from "./attack-roll.js";
import type { GenesysActor } from "../documents/actor.js";
import { mobilityOf, trackerOf } from "../documents/tracker-state.js";
import { surpriseDefenceModifier } from "../rules/advanced/surprise.js";
import type { AttackKind } from "../rules/attack.js";
import { defenceManeuverInForce, defendsAgainstProneInMelee, diveInForce } from "../rules/maneuver-effects.js";
import type { AttackRow } from "./attack-card.js";
import { grappleDefence } from "../grapple/grapple-effects.js";
import { checkEffectParts } from "../effects/check-effects.js";

/** The attack being defended against: who made it, and how (melee or ranged). */
export interface DefendedAttack {
  attacker: GenesysActor | null;
  kind: AttackKind;
}

/**
 * Its skills (dodge first) and Destrezza for a person; an animal's printed grade. Null when it cannot defend.
 * In a started GeneSys combat the tracker says whether Difesa is in force and a dive may count (§2.2.1, A-29) and
 * whether the Narrator marked surprise (§3.2.1); the tokens say who lies prone (§3.2.2); a hold in progress takes away
 * Difesa and the dive even out of a fight (§2.3.7, A-19d). Each choice carries the effects and fever on a check with it
 * (effects/roll-parts.ts), read from the actor here as on the Narrator's client.
 */
export function defencePlan(target: GenesysActor, row: AttackRow, hidden: boolean, localize: (key: string) => string, attack: DefendedAttack | null = null): DefencePlan | null {
  const sys = target.genesys;
  if (!sys || sys.condition.penalty === null || !sys.condition.canDefend) return null;
  const reading = trackerOf(target);
  const mobility = mobilityOf(target);
  // §2.3.7 (A-19d) a grappler's defence adds neither Difesa nor a dive, in a fight or out of one (src/grapple).
  const hold = grappleDefence(target);
  // In a fight the scene's record limits too: the statuses mobility reads are the player's to switch off.
  const tracker = reading
    ? { defenceManeuver: defenceManeuverInForce(reading.executed, reading.round, mobility) && hold?.defenceManeuver !== false, dive: diveInForce(reading.executed, reading.round, true, mobility) && hold?.dive !== false }
    : hold ? { defenceManeuver: hold.defenceManeuver, dive: hold.dive } : null;
  const markedSurprised = reading !== null && surpriseDefenceModifier(reading.round, reading.surprised) !== 0;
  const attackerProne = attack?.attacker?.statuses.has("prone") === true;
  const common = {
    targetName: row.target.name,
    attackTotal: hidden ? null : row.attack.total,
    conditionPenalty: sys.condition.penalty,
    surprised: markedSurprised || target.statuses.has("surprised"),
    surprisedBy: markedSurprised ? ("tracker" as const) : target.statuses.has("surprised") ? ("token" as const) : null,
    tracker,
    attackerProne,
    opponentProne: attack !== null && defendsAgainstProneInMelee(attackerProne, attack.kind),
  };
  if (sys instanceof AnimalModel) {
    return { ...common, dexterity: sys.characteristics.dexterity, choices: [{ value: "animal", label: localize("GENESYS.Attack.AnimalDefence"), grade: sys.gradesIn(null).defence, effects: [] }] };
  }
  const skills = target.items.contents
    .flatMap((item) => (item.system instanceof SkillModel && item.system.grade !== null ? [{ value: item.system.slug, label: item.name, grade: item.system.grade, effects: checkEffectParts(sys, item.system.characteristic) }] : []))
    .sort((a, b) => Number(b.value === DODGE_SKILL_SLUG) - Number(a.value === DODGE_SKILL_SLUG) || a.label.localeCompare(b.label));
  const dexterity = { value: "dexterity", label: localize("GENESYS.Characteristic.dexterity"), grade: sys.effective.dexterity, effects: checkEffectParts(sys, "dexterity") };
  const choices = skills.some((s) => s.value === DODGE_SKILL_SLUG) ? [...skills, dexterity] : [dexterity, ...skills];
  return { ...common, dexterity: sys.effective.dexterity, choices };
}
