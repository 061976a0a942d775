/**
 * A GeneSys actor (a world actor or an unlinked token's own) as the fight simulator's combatant: the numbers its
 * sheet shows now, read the way the attack and defence dialogs read them, so the odds speak of these very actors.
 * - Defence: what the attack dialog expects a target to roll (defenceEstimate: Schivare, else Destrezza; an animal's
 *   printed grade).
 * - Attacks: each weapon's mode in use with the grade of its skill (a weapon whose skill the actor lacks is left out,
 *   as the attack dialog refuses it), bare hands with the best unarmed skill (else Destrezza, as a grapple rolls),
 *   an animal's natural weapons with its printed values. Magazines start full: the simulator draws and loads first.
 * - Current Ferite and Fatica, worn armour (the trunk's Df), Destrezza after armour.
 */
import { AnimalModel } from "../data/actor/animal.js";
import { SkillModel } from "../data/item/skill.js";
import { WeaponModel } from "../data/item/weapon.js";
import { toDamageSpec } from "../data/item/wield.js";
import { defenceEstimate } from "../attack/attack-roll.js";
import type { GenesysActor } from "../documents/actor.js";
import { unarmedSkills } from "../grapple/unarmed-skill.js";
import { unarmedAttack } from "../rules/sim/fighter.js";
import type { EncounterAttackInput, EncounterFighterInput } from "../rules/sim/fighter.js";

/** Why an actor cannot be simulated (a lang key under GENESYS.Odds.Left). */
export type LeftOutReason = "notGenesys" | "down" | "noDefence";

export type FighterReading = { ok: true; fighter: EncounterFighterInput } | { ok: false; reason: LeftOutReason };

function skillGradeOf(actor: GenesysActor, slug: string): number | null {
  for (const item of actor.items) {
    if (item.system instanceof SkillModel && item.system.slug === slug && item.system.grade !== null) return item.system.grade;
  }
  return null;
}

function weaponAttacks(actor: GenesysActor): EncounterAttackInput[] {
  const attacks: EncounterAttackInput[] = [];
  for (const item of actor.items) {
    const weapon = item.system instanceof WeaponModel ? item.system : null;
    const mode = weapon?.active ?? null;
    const wielded = weapon?.wielded ?? null;
    if (!weapon || !mode || !wielded || !weapon.skillSlug) continue;
    const grade = skillGradeOf(actor, weapon.skillSlug);
    if (grade === null) continue;
    if (mode.key === "unarmed") {
      attacks.push(unarmedAttack(grade, item.name));
      continue;
    }
    const thrown = mode.key === "thrown";
    attacks.push({
      name: item.name,
      grade,
      damage: toDamageSpec(mode.damage),
      kind: wielded.range === null ? "melee" : "ranged",
      rangeMetres: wielded.range,
      minStrength: mode.minStrength,
      // A thrown weapon is gone once thrown (as the rules' weaponAttack builder plays it).
      shots: thrown ? 1 : mode.magazine,
      reload: thrown || mode.magazine === null ? null : mode.preparation,
      maxAttacks: mode.multiAttack,
    });
  }
  return attacks;
}

/** The actor as a combatant with id `id`, or why it cannot be one. */
export function encounterFighterOf(actor: GenesysActor, id: string, localize: (key: string) => string): FighterReading {
  const sys = actor.genesys;
  if (!sys) return { ok: false, reason: "notGenesys" };
  if (sys.condition.key === "collapsed" || sys.condition.key === "dead") return { ok: false, reason: "down" };
  const defence = defenceEstimate(actor, localize);
  if (!defence) return { ok: false, reason: "noDefence" };
  const health = { wounds: sys.wounds.value, fatigue: sys.fatigue.value };
  if (sys instanceof AnimalModel) {
    const grades = sys.gradesIn(null);
    const attacks: EncounterAttackInput[] = grades.canAct
      ? [{ name: sys.attack.natural || localize("GENESYS.Attack.NaturalWeapons"), grade: grades.attack, damage: toDamageSpec(sys.attack.damage), kind: "melee", maxAttacks: sys.attack.attacksPerTurn, natural: true }]
      : [];
    return {
      ok: true,
      fighter: {
        id,
        name: actor.name,
        strength: sys.characteristics.strength,
        dexterity: sys.characteristics.dexterity,
        reflexes: sys.derived.reflexes,
        resistance: sys.derived.resistance,
        armour: sys.naturalArmour,
        defenceGrade: defence.grade,
        attacks,
        ...health,
      },
    };
  }
  const bare = unarmedSkills(actor.items)[0];
  const attacks = weaponAttacks(actor);
  attacks.push(unarmedAttack(bare?.grade ?? sys.effective.dexterity, bare?.name ?? localize("GENESYS.Odds.BareHands")));
  return {
    ok: true,
    fighter: {
      id,
      name: actor.name,
      strength: sys.effective.strength,
      dexterity: sys.effective.dexterity,
      reflexes: sys.derived.reflexes,
      resistance: sys.derived.resistance,
      armour: sys.armour.defence,
      defenceGrade: defence.grade,
      attacks,
      ...health,
    },
  };
}
