/**
 * Attack rolls (§2.3.1, §2.4, §3.2): from "this actor attacks with that weapon those targets" to the card's state.
 * Preconditions, modifiers, odds, outcomes and damage all come from src/rules; this file gathers the inputs from the
 * actors, rolls Foundry's dice, and hands the numbers to the rules.
 */
import { AnimalModel } from "../data/actor/animal.js";
import { canWieldWith } from "../rules/crippled-limbs.js";
import { SkillModel } from "../data/item/skill.js";
import { WeaponModel } from "../data/item/weapon.js";
import { toDamageSpec } from "../data/item/wield.js";
import type { GenesysActor } from "../documents/actor.js";
import type { GenesysCombat } from "../documents/combat.js";
import { mobilityOf, targetIds, trackerOf } from "../documents/tracker-state.js";
import { ANIMAL_ENVIRONMENTS, type AnimalEnvironment } from "../rules/advanced/animals.js";
import { surpriseDefenceModifier } from "../rules/advanced/surprise.js";
import {
  ADVANTAGE_KEYS,
  AIMED_AREAS,
  WEAPON_SIZES,
  attackModifiers,
  coveringArc,
  multipleAttacks,
  type AdvantageKey,
  type AimedArea,
  type AttackKind,
  type AttackModifierInput,
  type ModifierPart,
  type WeaponSize,
} from "../rules/attack.js";
import { unarmedDamage } from "../rules/damage.js";
import { withGrappleAdvantage } from "../rules/grapple.js";
import { grappleAdvantageAgainst } from "../grapple/grapple-effects.js";
import { RulesError } from "../rules/errors.js";
import { defenceManeuverInForce, focusForRound, focusedTargets, type ExecutedManeuver } from "../rules/maneuver-effects.js";
import { defenceManeuverBonus } from "../rules/maneuvers.js";
import { attackHitProbability } from "../rules/odds.js";
import type { RulesOptions } from "../rules/options.js";
import { canReach, isBeyondHalfDamage, rollDamage, type DamageSpec } from "../rules/weapons.js";
import type { AttackCardState, AttackRow, RollRecord } from "./attack-card.js";
import { LOCAL_ONLY, showDice, type DiceAudience } from "../dice/dice-so-nice.js";
import { checkEffectParts, sumParts } from "../effects/check-effects.js";
import type { SourcedPart } from "../effects/effect-math.js";
import { effectRollParts, type RollPart } from "../effects/roll-parts.js";
import { slugAsName } from "../format/skill-slug.js";

/** The slug of the skill people dodge with (Schivare in the compendium): the default defence. */
export const DODGE_SKILL_SLUG = "schivare";

/** A refused attack: an i18n key and its format data, shown as a warning; nothing was rolled or changed. */
export interface AttackRefusal {
  warning: string;
  data: Record<string, string>;
}

export type Refusable<T> = { ok: true; value: T } | { ok: false; refusal: AttackRefusal };

const refuse = (warning: string, data: Record<string, string> = {}): { ok: false; refusal: AttackRefusal } => ({ ok: false, refusal: { warning, data } });

/** A targeted token, as the attack sees it; or an object (§2.3.5), which has no actor. */
export interface TargetRef {
  actor: GenesysActor | null;
  /** §2.3.5 an inanimate object: no actor, no defence; the Narrator's static difficulty resolves it on the card. */
  object?: boolean;
  tokenUuid: string | null;
  name: string;
  /** Metres from the attacker, measured on the canvas; null when there is no scene to measure on. */
  distance: number | null;
  /** The direction from the attacker's token, in degrees, on the canvas; absent or null where nothing shows it. */
  bearing?: number | null;
}

/** A modifier read from the combat tracker or from a token's status, not chosen by anyone. */
export type TrackedPart = ModifierPart & { source: "tracker" | "token" };

/** What the defender is expected to roll, for the odds shown before attacking. */
export interface DefenceEstimate {
  label: string;
  grade: number;
  conditionPenalty: number;
  /** What the combat tracker and the token add (§2.2.1 Difesa in force, §3.2.1 surprise); empty outside a fight. */
  modifiers: TrackedPart[];
  /** The defender's effects and fever on that roll, each with its source (effects/roll-parts.ts). */
  effects: SourcedPart[];
}

export interface PlannedTarget {
  /** null for an object (§2.3.5). */
  actorUuid: string | null;
  tokenUuid: string | null;
  name: string;
  distance: number | null;
  /** The direction from the attacker's token in degrees, null where nothing shows it (§3.2.3 the arc, coveringArc). */
  bearing: number | null;
  prone: boolean;
  /** The ids a Focalizzazione may have named it by (tracker-state.ts targetIds). */
  ids: string[];
  /** null when the target cannot defend (collapsed) or its defence grade is unknown (an animal's lost value). */
  defence: DefenceEstimate | null;
  /** §2.3.7 the advantage row a hold in progress gives against this target (src/grapple), absent when none. */
  grapple?: AdvantageKey | null;
}

/** The attacker's place in a started GeneSys combat: the tracker, not the attacker, says whom they focused on (§2.2.4). */
export interface AttackTracker {
  round: number;
  /** The Focalizzazione executed last round, if any (its target null when the declaration named none). */
  focus: ExecutedManeuver | null;
}

/** Everything the dialog and the roll need, read once from the attacker, the weapon and the targets. */
export interface AttackPlan {
  actorUuid: string;
  actorName: string;
  itemId: string | null;
  weaponName: string;
  modeLabel: string;
  kind: AttackKind;
  /** The grade label and value; for animals, per environment (see grades). */
  grade: { label: string; value: number };
  /** The slug of the skill attacked with, whose increment point the attack may earn (§1.8.2); absent for an animal. */
  skillSlug?: string | null;
  /** Animals: attack grade per environment (null = cannot act there). */
  environments: { key: AnimalEnvironment | null; attack: number | null }[];
  /** Gittata in metres, null for melee reach. */
  range: number | null;
  explosive: boolean;
  maxAttacks: number;
  /** Rounds left in the magazine, null for weapons without one. */
  magazine: number | null;
  strength: number;
  /** FM to pass to attackModifiers (null for unarmed blows and animals, which have none). */
  minStrength: number | null;
  perception: number;
  conditionPenalty: number;
  /** The attacker's effects and fever on the roll (effects/roll-parts.ts: an attack is a check on its skill). */
  effects: SourcedPart[];
  damage: { formula: string; book: string; type: AttackCardState["weapon"]["damage"]["type"] };
  /** The damage spec the rules total the dice with; null = unarmed blow (FOR − 1D6, §2.3.7). */
  damageSpec: DamageSpec | null;
  venom: { dice: number; maxPerDay: number } | null;
  targets: PlannedTarget[];
  /** null outside a started GeneSys combat (theatre of the mind): then the attacker's word stands. */
  tracker: AttackTracker | null;
}

/** One planned target as the attacker answered for it. */
export interface AnswerTarget {
  distance: number | null;
  prone: boolean;
  /** §2.2.4 focused on this target (absent: as the answer's `focus`). */
  focus?: boolean;
  /** Attacked at all (absent: yes): with more targets than rolls, the attacker picks (§3.2.3 each roll names its target). */
  chosen?: boolean;
}

/** The attacker's choices in the dialog (or a macro's). Numbers are checked before use. */
export interface AttackAnswer {
  rolls: number;
  /** One entry per planned target, in the same order. */
  targets: AnswerTarget[];
  advantages: AdvantageKey[];
  /** §2.2.4 focused on every target attacked (a macro's shorthand; the dialog answers per target). */
  focus: boolean;
  aimedArea: AimedArea;
  weaponSize: WeaponSize | null;
  /** Armour-gap penalty −2 … −6, or null. */
  bypassArmour: number | null;
  twoWeapons: boolean;
  /** §3.2.4 both weapons make multiple attacks (the arc penalty doubles); only with twoWeapons. */
  bothWeaponsMultiple?: boolean;
  /** Arc of the scattered targets: of this attack's rolls, or between the two weapons' targets (§3.2.3, §3.2.4). */
  arcDegrees: number;
  desperateAggression: boolean;
  environment: AnimalEnvironment | null;
  /** Situational modifier anyone may add. */
  modifier: number;
  /** The Narrator's override of the modifiers' total (null = as computed). */
  override: number | null;
  blind: boolean;
}

/** §2.4.1/§3.2.3 how many attack rolls the weapon can make now: its maximum, fewer when the magazine holds fewer rounds. */
export function availableRolls(plan: AttackPlan): number {
  return plan.magazine === null || plan.magazine === 0 ? plan.maxAttacks : Math.min(plan.maxAttacks, plan.magazine);
}

/** Whether the answer attacks planned target `i` (an answer without a choice attacks them all). */
export function isChosen(answer: AttackAnswer, i: number): boolean {
  return answer.targets[i]?.chosen !== false;
}

/** §2.2.4 whether the answer claims Focalizzazione on planned target `i`. */
function claimsFocus(answer: AttackAnswer, i: number): boolean {
  return answer.focus || answer.targets[i]?.focus === true;
}

/**
 * §2.2.4 the answer with its Focalizzazione taken from the tracker, when the attacker fights in a started combat: on
 * the target the Focalizzazione named, or, when the tracker did not record one, on the one target the attacker names.
 * Outside a fight the answer is returned as it is.
 */
export function focusFromTracker(plan: AttackPlan, answer: AttackAnswer): AttackAnswer {
  if (!plan.tracker) return answer;
  const focused = focusedTargets(plan.tracker.focus, plan.targets.map((t, i) => ({ ids: t.ids, claimed: isChosen(answer, i) && claimsFocus(answer, i) })));
  return { ...answer, focus: false, targets: answer.targets.map((t, i) => ({ ...t, focus: focused[i] === true })) };
}

/** Whether the tracker alone decides the Focalizzazione (it recorded none, or recorded its target): the attacker has nothing to name. */
export function trackerDecidesFocus(plan: AttackPlan): boolean {
  return plan.tracker !== null && (plan.tracker.focus === null || plan.tracker.focus.target !== null);
}

/**
 * The dialog's starting answer: as many rolls as the weapon can make, as many targets chosen (so that the dialog always
 * opens in a state it can roll from: the one focused on last round first, then in order), and the Focalizzazione the
 * tracker shows.
 */
/** §3.2.3 the arc the chosen targets span as the scene shows them, null when any of them is not on it. */
export function plannedArc(plan: AttackPlan, chosen: readonly boolean[]): number | null {
  const attacked = plan.targets.filter((_, i) => chosen[i] === true);
  const bearings = attacked.flatMap((t) => (t.bearing === null ? [] : [t.bearing]));
  return bearings.length === attacked.length ? coveringArc(bearings) : null;
}

export function defaultAnswer(plan: AttackPlan): AttackAnswer {
  const rolls = Math.min(availableRolls(plan), Math.max(1, plan.targets.length));
  const aimed = focusedTargets(plan.tracker?.focus?.target ? plan.tracker.focus : null, plan.targets.map((t) => ({ ids: t.ids, claimed: false })));
  const first = [...plan.targets.keys()].sort((a, b) => Number(aimed[b] === true) - Number(aimed[a] === true)).slice(0, rolls);
  const chosen = plan.targets.map((_, i) => first.includes(i));
  const only = chosen.filter(Boolean).length === 1;
  const answer: AttackAnswer = {
    rolls,
    // An unrecorded Focalizzazione target is, with a single target attacked, that one.
    targets: plan.targets.map((t, i) => ({ distance: t.distance, prone: t.prone, focus: only && chosen[i] === true, chosen: chosen[i] === true })),
    advantages: [],
    focus: false,
    aimedArea: "trunk",
    weaponSize: null,
    bypassArmour: null,
    twoWeapons: false,
    arcDegrees: plannedArc(plan, chosen) ?? 0,
    desperateAggression: false,
    environment: null,
    modifier: 0,
    override: null,
    blind: false,
  };
  return plan.tracker ? focusFromTracker(plan, answer) : { ...answer, targets: answer.targets.map((t) => ({ ...t, focus: false })) };
}

function skillGrade(actor: GenesysActor, slug: string): { name: string; grade: number; characteristic: SkillModel["characteristic"] } | null {
  for (const item of actor.items) {
    if (item.system instanceof SkillModel && item.system.slug === slug && item.system.grade !== null) return { name: item.name, grade: item.system.grade, characteristic: item.system.characteristic };
  }
  return null;
}

/**
 * §2.2.1/§3.2.1 what a defender's rolls get now from the combat tracker and the token: Difesa once it has executed
 * this round, −2 when surprised in the first round (the Narrator's mark on the Combat, or the token's status).
 */
export function trackedDefenceModifiers(actor: GenesysActor): TrackedPart[] {
  const sys = actor.genesys;
  if (!sys) return [];
  const tracker = trackerOf(actor);
  const parts: TrackedPart[] = [];
  if (tracker && defenceManeuverInForce(tracker.executed, tracker.round, mobilityOf(actor))) {
    const dexterity = sys instanceof AnimalModel ? sys.characteristics.dexterity : sys.effective.dexterity;
    parts.push({ key: "defenceManeuver", value: defenceManeuverBonus(dexterity), source: "tracker" });
  }
  const marked = tracker !== null && surpriseDefenceModifier(tracker.round, tracker.surprised) !== 0;
  // The modifier of the first round, the only one surprise has (§3.2.1).
  if (marked || actor.statuses.has("surprised")) parts.push({ key: "surprise", value: surpriseDefenceModifier(1, true), source: marked ? "tracker" : "token" });
  return parts;
}

/** §2.3.3 the defence a target is expected to roll: dodge (or Destrezza) for people, the printed grade for animals. */
export function defenceEstimate(actor: GenesysActor, localize: (key: string) => string): DefenceEstimate | null {
  const sys = actor.genesys;
  if (!sys || sys.condition.penalty === null || !sys.condition.canDefend) return null;
  const common = { conditionPenalty: sys.condition.penalty, modifiers: trackedDefenceModifiers(actor) };
  if (sys instanceof AnimalModel) {
    const grade = sys.gradesIn(null).defence;
    return grade === null ? null : { label: localize("GENESYS.Attack.AnimalDefence"), grade, ...common, effects: [] };
  }
  const dodge = skillGrade(actor, DODGE_SKILL_SLUG);
  return dodge
    ? { label: dodge.name, grade: dodge.grade, ...common, effects: checkEffectParts(sys, dodge.characteristic) }
    : { label: localize("GENESYS.Characteristic.dexterity"), grade: sys.effective.dexterity, ...common, effects: checkEffectParts(sys, "dexterity") };
}

/** §2.3.3 what the defender is expected to add to 2D10: grade, condition, the tracker's and token's parts, effects. */
export function defenceEstimateBonus(defence: DefenceEstimate): number {
  return defence.grade + defence.conditionPenalty + defence.modifiers.reduce((s, p) => s + p.value, 0) + sumParts(defence.effects);
}

function planTargets(targets: readonly TargetRef[], localize: (key: string) => string, combat: GenesysCombat | null, attacker: { uuid: string }): Refusable<PlannedTarget[]> {
  if (targets.length === 0) return refuse("GENESYS.Attack.Warn.NoTargets");
  // §2.3.5 an object is attacked alone: aimed at with no token, it has no place among targeted people.
  if (targets.some((t) => t.object === true)) {
    const [only] = targets;
    if (targets.length > 1 || !only) return refuse("GENESYS.Attack.Warn.ObjectAlone");
    return { ok: true, value: [{ actorUuid: null, tokenUuid: null, name: only.name, distance: only.distance, bearing: null, prone: false, ids: [], defence: null }] };
  }
  const planned: PlannedTarget[] = [];
  for (const t of targets) {
    if (!t.actor) return refuse("GENESYS.Attack.Warn.TargetMissing", { name: t.name });
    if (!t.actor.genesys) return refuse("GENESYS.Attack.Warn.TargetNotGenesys", { name: t.name });
    planned.push({
      actorUuid: t.actor.uuid,
      tokenUuid: t.tokenUuid,
      name: t.name,
      distance: t.distance,
      bearing: t.bearing ?? null,
      prone: t.actor.statuses.has("prone"),
      ids: targetIds(t.actor, t.tokenUuid, combat),
      defence: defenceEstimate(t.actor, localize),
      grapple: grappleAdvantageAgainst(attacker, t.actor, t.tokenUuid),
    });
  }
  return { ok: true, value: planned };
}

/**
 * §2.3.1 everything an attack needs before the dialog, or why there can be none: no GeneSys data, an attacker who
 * cannot act (§1.5.2), a missing or unready weapon, a skill the attacker lacks, no targets or a target without data.
 * `itemId` names the weapon; without it the attacker must be an animal using its natural weapons (§3.3.1).
 */
export function prepareAttack(actor: GenesysActor, itemId: string | null, targets: readonly TargetRef[], localize: (key: string) => string): Refusable<AttackPlan> {
  const sys = actor.genesys;
  if (!sys) return refuse("GENESYS.Attack.Warn.NotGenesys", { name: actor.name });
  if (!actor.isOwner) return refuse("GENESYS.Warn.NotOwner", { name: actor.name });
  if (sys.condition.penalty === null || !sys.condition.canAct) {
    return refuse("GENESYS.Attack.Warn.CannotAct", { name: actor.name, condition: localize(`GENESYS.Condition.${sys.condition.key}`) });
  }
  const conditionPenalty = sys.condition.penalty;
  const reading = trackerOf(actor);
  const tracker = reading ? { round: reading.round, focus: focusForRound(reading.executed, reading.round) } : null;
  const common = { actorUuid: actor.uuid, actorName: actor.name, conditionPenalty, tracker };
  const combat = reading?.combat ?? null;

  if (sys instanceof AnimalModel) {
    if (itemId !== null) return refuse("GENESYS.Attack.Warn.NoWeapon", { name: actor.name });
    const planned = planTargets(targets, localize, combat, actor);
    if (!planned.ok) return planned;
    const environments = [
      { key: null, attack: sys.gradesIn(null).attack },
      ...sys.environments.map((e) => ({ key: e.environment, attack: sys.gradesIn(e.environment).canAct ? sys.gradesIn(e.environment).attack : null })),
    ];
    return {
      ok: true,
      value: {
        ...common,
        itemId: null,
        weaponName: sys.attack.natural || localize("GENESYS.Attack.NaturalWeapons"),
        modeLabel: "GENESYS.Attack.Natural",
        kind: "melee",
        grade: { label: localize("GENESYS.Attack.AnimalAttack"), value: sys.gradesIn(null).attack },
        environments,
        range: null,
        explosive: false,
        maxAttacks: sys.attack.attacksPerTurn,
        magazine: null,
        strength: sys.characteristics.strength,
        minStrength: null,
        perception: sys.characteristics.perception,
        // An animal's effects are not modelled (check-effects.ts).
        effects: [],
        damage: { formula: sys.damage.formula, book: sys.damage.book, type: sys.attack.damage.type },
        damageSpec: toDamageSpec(sys.attack.damage),
        venom: sys.hasVenom ? { dice: sys.venom.dice, maxPerDay: sys.venom.maxPerDay } : null,
        targets: planned.value,
      },
    };
  }

  const item = itemId === null ? undefined : actor.items.get(itemId);
  const weapon = item?.system instanceof WeaponModel ? item.system : null;
  if (!item || !weapon) return refuse("GENESYS.Attack.Warn.NoWeapon", { name: actor.name });
  const mode = weapon.active;
  const wielded = weapon.wielded;
  if (!mode || !wielded) return refuse("GENESYS.Attack.Warn.NoWeapon", { name: actor.name });
  if (!weapon.ready) return refuse("GENESYS.Attack.Warn.NotReady", { weapon: item.name });
  // §3.2.5 a crippled arm holds nothing: a two-handed mode wants both, any weapon one.
  if (!canWieldWith(mode.key, sys.crippled.arm)) return refuse("GENESYS.Attack.Warn.CrippledArm", { name: actor.name, weapon: item.name, arms: String(sys.crippled.arm) });
  const skill = weapon.skillSlug ? skillGrade(actor, weapon.skillSlug) : null;
  if (!skill) return refuse("GENESYS.Attack.Warn.NoSkill", { name: actor.name, weapon: item.name, skill: weapon.skillSlug ? slugAsName(weapon.skillSlug) : "—" });
  const planned = planTargets(targets, localize, combat, actor);
  if (!planned.ok) return planned;
  const unarmed = mode.key === "unarmed";
  return {
    ok: true,
    value: {
      ...common,
      itemId: item.id,
      weaponName: item.name,
      modeLabel: `GENESYS.WeaponMode.${mode.key}`,
      kind: wielded.range === null ? "melee" : "ranged",
      grade: { label: skill.name, value: skill.grade },
      skillSlug: weapon.skillSlug,
      environments: [],
      range: wielded.range,
      explosive: weapon.explosive,
      maxAttacks: mode.multiAttack,
      magazine: mode.magazine === null ? null : (weapon.rounds ?? 0),
      // The Forza effects leave (§1.3.2, A-11), as the roll data the damage formula reads.
      strength: sys.effective.strength,
      minStrength: unarmed ? null : mode.minStrength,
      perception: sys.effective.perception,
      effects: checkEffectParts(sys, skill.characteristic),
      damage: { formula: wielded.damage.formula, book: wielded.damage.book, type: wielded.damage.type },
      damageSpec: unarmed ? null : toDamageSpec(mode.damage),
      venom: null,
      targets: planned.value,
    },
  };
}

/** One attack roll to make: its target and modifiers, and the odds before rolling. */
export interface RowSpec {
  targetIndex: number;
  distance: number | null;
  beyondHalf: boolean;
  parts: RollPart[];
  bonus: number;
  chance: { hit: number; grazing: number } | null;
}

export interface AttackSpec {
  grade: { label: string; value: number };
  rows: RowSpec[];
  roundsLeft: number | null;
}

const isWhole = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n);

/**
 * §2.3.1/§3.2.3 the attack rolls the answer asks for, each with its modifiers (attackModifiers only) and its odds
 * (attackHitProbability), or why they cannot be made: a target out of range (canReach), a ranged attack without a
 * distance, more rolls than the weapon allows or than rounds left (shotsAfter), an environment where the animal cannot act.
 */
export function specifyAttack(plan: AttackPlan, answer: AttackAnswer, options: Partial<RulesOptions>, isGM: boolean): Refusable<AttackSpec> {
  let grade = plan.grade;
  if (plan.environments.length > 0) {
    const env = plan.environments.find((e) => e.key === answer.environment) ?? plan.environments[0];
    if (!env || env.attack === null) return refuse("GENESYS.Attack.Warn.CannotActHere", { name: plan.actorName });
    grade = { label: plan.grade.label, value: env.attack };
  }
  if (!isWhole(answer.rolls) || answer.rolls < 1) return refuse("GENESYS.Attack.Warn.BadNumber", { value: String(answer.rolls) });
  if (answer.rolls > plan.maxAttacks) return refuse("GENESYS.Attack.Warn.TooManyRolls", { max: String(plan.maxAttacks) });
  if (plan.magazine !== null && plan.magazine === 0) return refuse("GENESYS.Attack.Warn.Empty", { weapon: plan.weaponName });
  if (plan.magazine !== null && plan.magazine < answer.rolls) {
    return refuse("GENESYS.Attack.Warn.FewRounds", { weapon: plan.weaponName, rounds: String(plan.magazine), rolls: String(answer.rolls) });
  }
  // §3.2.3 each roll names its target: the targets attacked are the ones chosen, each with a roll at least.
  const chosen = plan.targets.flatMap((_, i) => (isChosen(answer, i) ? [i] : []));
  if (chosen.length === 0) return refuse("GENESYS.Attack.Warn.NoChosenTarget");
  if (answer.rolls < chosen.length) return refuse("GENESYS.Attack.Warn.FewerRollsThanTargets", { rolls: String(answer.rolls), targets: String(chosen.length) });
  for (const n of [answer.modifier, answer.arcDegrees]) if (!isWhole(n)) return refuse("GENESYS.Attack.Warn.BadNumber", { value: String(n) });
  if (answer.override !== null && (!isGM || !isWhole(answer.override))) return refuse("GENESYS.Attack.Warn.BadNumber", { value: String(answer.override) });

  try {
    const bothWeaponsMultiple = answer.twoWeapons && answer.bothWeaponsMultiple === true;
    const burst = multipleAttacks({ maxAttacks: plan.maxAttacks, rolls: answer.rolls, magazine: plan.magazine, arcDegrees: answer.arcDegrees, twoWeapons: answer.twoWeapons, multipleWithBothWeapons: bothWeaponsMultiple });
    const perTarget = plan.targets.map((target, i) => {
      if (!chosen.includes(i)) return null;
      const given = answer.targets[i];
      const distance = given?.distance ?? null;
      if (distance !== null && (typeof distance !== "number" || !Number.isFinite(distance) || distance < 0)) throw new AttackInputError("GENESYS.Attack.Warn.BadNumber", { value: String(distance) });
      if (plan.kind === "ranged" && plan.range !== null) {
        if (distance === null) throw new AttackInputError("GENESYS.Attack.Warn.NoDistance", { target: target.name });
        if (!canReach(distance, plan.range)) throw new AttackInputError("GENESYS.Attack.Warn.OutOfRange", { target: target.name, distance: String(distance), range: String(plan.range) });
      }
      const input: AttackModifierInput = {
        kind: plan.kind,
        ...(distance === null ? {} : { distanceMetres: distance }),
        advantages: withGrappleAdvantage(answer.advantages, target.grapple ?? null),
        conditionPenalty: plan.conditionPenalty,
        ...(claimsFocus(answer, i) ? { focusPerception: plan.perception } : {}),
        ...(plan.minStrength === null ? {} : { strength: plan.strength, weaponMinStrength: plan.minStrength }),
        ...(answer.aimedArea === "trunk" ? {} : { aimedArea: answer.aimedArea }),
        ...(answer.weaponSize === null ? {} : { weaponSize: answer.weaponSize }),
        ...(answer.bypassArmour === null ? {} : { bypassArmour: answer.bypassArmour }),
        twoWeapons: answer.twoWeapons,
        multipleWithBothWeapons: bothWeaponsMultiple,
        // §3.2.3 the arc only matters when the rolls go to scattered targets; §3.2.4 with two weapons it is the arc
        // between the two weapons' targets, which this card alone cannot see.
        ...(chosen.length > 1 || answer.twoWeapons ? { arcDegrees: answer.arcDegrees } : {}),
        targetProne: given?.prone === true,
        desperateAggression: answer.desperateAggression,
      };
      const computed = attackModifiers(input, options).parts;
      const situational: ModifierPart[] = answer.modifier === 0 ? [] : [{ key: "situational", value: answer.modifier }];
      // The Narrator's override stands for every modifier, the effects' included.
      const parts: RollPart[] = answer.override === null ? [...computed, ...effectRollParts(plan.effects), ...situational] : [{ key: "narrator", value: answer.override }];
      const bonus = grade.value + parts.reduce((s, p) => s + p.value, 0);
      const defence = target.defence;
      const odds = defence
        ? attackHitProbability({ attackBonus: bonus, defenceBonus: defenceEstimateBonus(defence) }, options)
        : null;
      const beyondHalf = distance !== null && plan.range !== null && !plan.explosive && isBeyondHalfDamage(distance, plan.range);
      return { distance, beyondHalf, parts, bonus, chance: odds ? { hit: odds.hit, grazing: odds.grazing } : null };
    });
    // §3.2.3 each roll names its target; with several targets the rolls go round the chosen ones in order.
    const rows = Array.from({ length: burst.rolls }, (_, i): RowSpec => {
      const targetIndex = chosen[i % chosen.length] ?? -1;
      const t = perTarget[targetIndex];
      if (!t) throw new AttackInputError("GENESYS.Attack.Warn.NoTargets", {});
      return { targetIndex, ...t };
    });
    return { ok: true, value: { grade, rows, roundsLeft: burst.shotsLeft } };
  } catch (error) {
    if (error instanceof AttackInputError) return refuse(error.warning, error.data);
    if (error instanceof RulesError) return refuse("GENESYS.Attack.Warn.Rules", { message: error.message });
    throw error;
  }
}

class AttackInputError extends Error {
  constructor(readonly warning: string, readonly data: Record<string, string>) {
    super(warning);
  }
}

/** The dice of an evaluated roll, in order, active results only. */
function diceOf(roll: { dice: readonly { results: readonly { result: number; active?: boolean | undefined }[] }[] }): number[] {
  return roll.dice.flatMap((term) => term.results.filter((r) => r.active !== false).map((r) => r.result));
}

/** "2d10 + 12", "2d10 − 3": how the card writes a 2D10 roll with its bonus. */
export function twoD10Formula(bonus: number): string {
  return bonus < 0 ? `2d10 − ${String(-bonus)}` : `2d10 + ${String(bonus)}`;
}

/** §2.3.1/§2.3.3 the record of a 2D10 roll: its dice and their sum plus the bonus. */
export function twoD10Record(dice: readonly [number, number], bonus: number): RollRecord {
  return { formula: twoD10Formula(bonus), dice: [...dice], total: dice[0] + dice[1] + bonus };
}

/**
 * A 2D10 + bonus Roll, evaluated with Foundry's dice on this client (the sender's dice, sent as JSON). A hidden roll
 * never asks for manual dice entry (`allowInteractive: false`, foundryvtt/foundryvtt#10941), so nobody types it in.
 */
export async function evaluateTwoD10(bonus: number, hidden = false) {
  return new foundry.dice.Roll("2d10 + @bonus", { bonus }).evaluate(hidden ? { allowInteractive: false } : {});
}

/**
 * 2D10 + bonus (§2.3.1/§2.3.3), rolled with Foundry's dice and thrown to `audience` (dice-so-nice.ts). The throw is not
 * awaited: this runs on the Narrator's client inside an intent, whose queue must not wait on an animation.
 */
export async function rollTwoD10(bonus: number, hidden = false, audience: DiceAudience | null = null): Promise<RollRecord> {
  const roll = await evaluateTwoD10(bonus, hidden);
  if (audience) void showDice(roll, audience);
  const dice = diceOf(roll);
  return twoD10Record([dice[0] ?? 0, dice[1] ?? 0], bonus);
}

/**
 * The card's state for the attack rolls of a spec: `dice[i]` are the two d10 of row i (checked by the caller);
 * every total is the rules' bonus plus those dice.
 */
export function attackState(plan: AttackPlan, spec: AttackSpec, answer: AttackAnswer, dice: readonly (readonly [number, number])[]): AttackCardState {
  const rows: Record<string, AttackRow> = {};
  const order: string[] = [];
  for (const [i, r] of spec.rows.entries()) {
    const target = plan.targets[r.targetIndex];
    const rolled = dice[i];
    if (!target || !rolled) continue;
    const id = `r${String(i)}`;
    order.push(id);
    rows[id] = {
      id,
      target: { actorUuid: target.actorUuid, tokenUuid: target.tokenUuid, name: target.name },
      distance: r.distance,
      beyondHalf: r.beyondHalf,
      parts: r.parts,
      chance: r.chance,
      attack: twoD10Record(rolled, r.bonus),
      defence: null,
      outcome: null,
      damage: null,
      applied: null,
      undone: false,
      undo: null,
    };
  }
  return {
    version: 2,
    attacker: { actorUuid: plan.actorUuid, name: plan.actorName },
    weapon: {
      name: plan.weaponName,
      itemId: plan.itemId,
      modeLabel: plan.modeLabel,
      kind: plan.kind,
      explosive: plan.explosive,
      damage: { ...plan.damage, spec: plan.damageSpec, strength: plan.strength },
      venom: plan.venom,
    },
    grade: spec.grade,
    skill: plan.skillSlug ?? null,
    aimedArea: answer.aimedArea,
    bypassArmour: answer.bypassArmour !== null,
    blind: answer.blind,
    rounds: plan.magazine === null || spec.roundsLeft === null ? null : { used: order.length, left: spec.roundsLeft },
    order,
    rows,
  };
}

/** What a damage roll of this attacker rolls: the formula with its roll data, and how the rules total it. */
export interface DamageRollSpec {
  formula: string;
  data: Record<string, unknown>;
  /** null = unarmed blow (FOR − 1D6, §2.3.7). */
  spec: DamageSpec | null;
  strength: number;
}

/** §2.4.1 the damage roll a card recorded at the attack: its formula with the attacker's roll data, totalled as then. */
export function cardDamageRoll(damage: AttackCardState["weapon"]["damage"], attacker: GenesysActor): DamageRollSpec {
  return { formula: damage.formula, data: attacker.getRollData(), spec: damage.spec, strength: damage.strength };
}

/** §2.4.1 the damage the rules make of these dice (never below 0; FOR − 1D6 for unarmed blows). */
export function damageRecord(roll: DamageRollSpec, formula: string, dice: readonly number[]): RollRecord {
  const total = roll.spec === null ? unarmedDamage(roll.strength, dice[0] ?? 0) : rollDamage(roll.spec, roll.strength, dice);
  return { formula, dice: [...dice], total };
}

/** The damage Roll, evaluated with Foundry's dice on this client. */
export async function evaluateDamage(roll: DamageRollSpec) {
  return new foundry.dice.Roll(roll.formula, roll.data).evaluate();
}

/** §3.3.3 the doses a bite carries (2D6 for the viper), rolled with Foundry's dice; the target's actor injects them. */
export async function rollVenomDice(dice: number, audience: DiceAudience | null = LOCAL_ONLY): Promise<{ total: number; roll: Pick<Roll, "toJSON"> }> {
  // Rolled by the Narrator's client when the hit is applied: nobody is asked to type these dice. Thrown to the bite's
  // card audience, not awaited (as in rollTwoD10): the intent queue does not wait for an animation.
  const roll = await new foundry.dice.Roll(`${String(dice)}d6`).evaluate({ allowInteractive: false });
  if (audience) void showDice(roll, audience);
  return { total: diceOf(roll).reduce((s, d) => s + d, 0), roll };
}

// ───────────────────────── an answer sent by another client ─────────────────────────

const isBool = (v: unknown): v is boolean => typeof v === "boolean";
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const oneOf = <T extends string>(v: unknown, list: readonly T[]): v is T => typeof v === "string" && (list as readonly string[]).includes(v);

/**
 * The attack dialog's answer as another client sent it, or null when any field has the wrong type or an unknown
 * value. Numbers are only type-checked here: specifyAttack refuses the ones the rules do not allow.
 */
export function readAttackAnswer(raw: unknown, plan: AttackPlan): AttackAnswer | null {
  if (typeof raw !== "object" || raw === null) return null;
  const a = raw as Record<string, unknown>;
  const targets = a["targets"];
  const advantages = a["advantages"];
  if (!Array.isArray(targets) || targets.length !== plan.targets.length || !Array.isArray(advantages)) return null;
  const readTargets: AttackAnswer["targets"] = [];
  for (const t of targets as unknown[]) {
    if (typeof t !== "object" || t === null) return null;
    const { distance, prone, focus, chosen } = t as Record<string, unknown>;
    if (!(distance === null || isNum(distance)) || !isBool(prone)) return null;
    if (!(focus === undefined || isBool(focus)) || !(chosen === undefined || isBool(chosen))) return null;
    readTargets.push({ distance, prone, ...(focus === undefined ? {} : { focus }), ...(chosen === undefined ? {} : { chosen }) });
  }
  if (!advantages.every((k) => oneOf(k, ADVANTAGE_KEYS))) return null;
  const { rolls, focus, aimedArea, weaponSize, bypassArmour, twoWeapons, bothWeaponsMultiple, arcDegrees, desperateAggression, environment, modifier, override, blind } = a;
  if (!isNum(rolls) || !isBool(focus) || !oneOf(aimedArea, AIMED_AREAS) || !(weaponSize === null || oneOf(weaponSize, WEAPON_SIZES))) return null;
  if (!(bypassArmour === null || isNum(bypassArmour)) || !isBool(twoWeapons) || !isNum(arcDegrees) || !isBool(desperateAggression)) return null;
  if (!(environment === null || oneOf(environment, ANIMAL_ENVIRONMENTS)) || !isNum(modifier) || !(override === null || isNum(override)) || !isBool(blind)) return null;
  if (!(bothWeaponsMultiple === undefined || isBool(bothWeaponsMultiple))) return null;
  return {
    rolls, targets: readTargets, advantages, focus, aimedArea, weaponSize, bypassArmour, twoWeapons,
    ...(bothWeaponsMultiple === undefined ? {} : { bothWeaponsMultiple }), arcDegrees,
    desperateAggression, environment, modifier, override, blind,
  };
}
