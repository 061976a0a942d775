/**
 * derivePerson remembered per actor. Foundry prepares an actor again on every update of it or of its items, mostly
 * with nothing the derivation reads changed: the same inputs give the same result, so the one made last time is
 * handed out again rather than a new copy (work for the CPU, and for the collector, which must carry every copy until
 * the next preparation replaces it). The inputs are compared by value; the result must also still hold what a copy
 * taken when it was made holds, since it is written into after (the owner adds its skills' left-out changes to
 * `sources.ignored`, and core's Active Effects, or a module, may write into prepared data): anything changed there,
 * and it is made anew. Kept by the actor, which outlives the re-creations of its data model.
 */
import type { EffectModifier, SourcedPart } from "../../effects/effect-math.js";
import type { EffectTarget } from "../../effects/effect-keys.js";
import { DEFAULT_RULES_OPTIONS, type RulesOptions } from "../../rules/options.js";
import type { Characteristics } from "../../rules/types.js";
import { same } from "../remembered.js";
import { derivePerson, type ModifierSources, type PersonDerived, type PersonSource, type WornArmour } from "./person.js";

type Made = { inputs: unknown[]; result: PersonDerived; as: PersonDerived };

const memory = new WeakMap<object, Made>();
const scratch: unknown[] = [];
const RULE_KEYS = Object.keys(DEFAULT_RULES_OPTIONS) as (keyof RulesOptions)[]; // the keys of the full set of options

/** derivePerson for this actor: the remembered result when nothing it rests on has changed and it is as made. */
export function rememberedPerson(actor: object, source: PersonSource, worn: readonly WornArmour[], options: RulesOptions, modifiers: readonly EffectModifier[], carriedKg: number): PersonDerived {
  const inputs = personInputs(source, worn, options, modifiers, carriedKg);
  const last = memory.get(actor);
  if (last !== undefined && sameList(last.inputs, inputs) && samePerson(last.result, last.as)) return last.result;
  const result = derivePerson(source, worn, options, { modifiers, carriedKg });
  if (last === undefined) memory.set(actor, { inputs: inputs.slice(), result, as: structuredClone(result) });
  else {
    // The actor's own record is refilled: a changed actor costs only its new derivation and the copy of it.
    copyInto(last.inputs, inputs);
    last.result = result;
    last.as = structuredClone(result); // a deep copy, to tell later whether anyone wrote into the result
  }
  return result;
}

/** `to` made a copy of `from`, in place. */
function copyInto(to: unknown[], from: readonly unknown[]): void {
  to.length = from.length;
  for (let i = 0; i < from.length; i++) to[i] = from[i];
}

/**
 * Every value derivePerson reads, as a flat list in a fixed order with the lengths of the lists, written into one
 * scratch list. It must follow derivePerson: a value read there and left out here would be served stale.
 */
function personInputs(source: PersonSource, worn: readonly WornArmour[], options: RulesOptions, modifiers: readonly EffectModifier[], carriedKg: number): unknown[] {
  const out = scratch;
  let n = 0;
  // derivePerson copies the whole object, so every key counts.
  const chars: Record<string, unknown> = source.characteristics;
  const at = n++;
  for (const key in chars) {
    out[n++] = key;
    out[n++] = chars[key];
  }
  out[at] = n - at;
  const o = source.overrides;
  out[n++] = o.reflexes;
  out[n++] = o.resistance;
  out[n++] = o.speed;
  out[n++] = source.wounds.value;
  out[n++] = source.fatigue.value;
  out[n++] = source.fatigue.deprivation;
  out[n++] = source.poison.doses;
  // The fever is read for its two counters (an equal one from a re-created data model counts as the same).
  const fever = source.poison.fever ?? null;
  out[n++] = fever === null;
  out[n++] = fever?.startsInHours;
  out[n++] = fever?.hoursLeft;
  out[n++] = source.fame;
  out[n++] = source.reputation;
  const limbs = source.crippledLimbs ?? null;
  out[n++] = limbs === null ? -1 : limbs.length;
  for (const l of limbs ?? []) {
    out[n++] = l.limb;
    out[n++] = l.wounds;
    out[n++] = l.fatigue;
  }
  out[n++] = worn.length;
  for (const a of worn) {
    out[n++] = a.name;
    out[n++] = a.defence;
    out[n++] = a.minStrength;
    out[n++] = a.coversTrunk;
  }
  for (const key of RULE_KEYS) out[n++] = options[key];
  out[n++] = modifiers.length;
  for (const m of modifiers) {
    out[n++] = m.target.kind;
    out[n++] = targetKey(m.target);
    out[n++] = m.kind;
    out[n++] = m.value;
    out[n++] = m.effect;
    out[n++] = m.item;
  }
  out[n++] = carriedKg;
  if (out.length !== n) out.length = n;
  return out;
}

/** The one key a change's target names (none for an immunity). */
function targetKey(t: EffectTarget): string | null {
  switch (t.kind) {
    case "characteristic":
    case "derived":
      return t.key;
    case "check":
      return t.scope;
    case "skill":
      return t.ref;
    case "immunity":
      return null;
  }
}

/** The same values in the same order. */
function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
  return true;
}

/** The same sourced parts (label, value, i18n key) in the same order. */
function sameParts(a: readonly SourcedPart[], b: readonly SourcedPart[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined || x.label !== y.label || !same(x.value, y.value) || x.i18n !== y.i18n) return false;
  }
  return true;
}

/** The five scores (a data model's characteristics have no other key; one added later is not seen). */
function sameScores(a: Characteristics, b: Characteristics): boolean {
  return same(a.dexterity, b.dexterity) && same(a.experience, b.experience) && same(a.charm, b.charm) && same(a.strength, b.strength) && same(a.perception, b.perception);
}

/** Whether the sources still hold what their copy holds (typed over every key, as samePerson is). */
function sameSources(a: ModifierSources, b: ModifierSources): boolean {
  const ca = a.characteristics;
  const cb = b.characteristics;
  const checks: Record<keyof ModifierSources, boolean> = {
    characteristics:
      sameParts(ca.dexterity, cb.dexterity) && sameParts(ca.experience, cb.experience) && sameParts(ca.charm, cb.charm) && sameParts(ca.strength, cb.strength) && sameParts(ca.perception, cb.perception),
    derived: sameParts(a.derived.reflexes, b.derived.reflexes) && sameParts(a.derived.resistance, b.derived.resistance) && sameParts(a.derived.speed, b.derived.speed),
    checks:
      sameParts(a.checks.all, b.checks.all) && sameParts(a.checks.by.dexterity, b.checks.by.dexterity) && sameParts(a.checks.by.experience, b.checks.by.experience) &&
      sameParts(a.checks.by.charm, b.checks.by.charm) && sameParts(a.checks.by.strength, b.checks.by.strength) && sameParts(a.checks.by.perception, b.checks.by.perception),
    immunities: sameList(a.immunities, b.immunities),
    ignored: same(a.ignored, b.ignored),
  };
  for (const key in checks) if (!checks[key as keyof ModifierSources]) return false; // the keys of the literal above
  return true;
}

/**
 * Whether a derivation still holds what its copy holds. Typed over every key of PersonDerived, so that a key added
 * there cannot be left out here; within each, every field derivePerson writes.
 */
function samePerson(a: PersonDerived, b: PersonDerived): boolean {
  const checks: Record<keyof PersonDerived, boolean> = {
    wounds: same(a.wounds.value, b.wounds.value) && same(a.wounds.max, b.wounds.max),
    fatigue: same(a.fatigue.value, b.fatigue.value) && same(a.fatigue.max, b.fatigue.max) && same(a.fatigue.deprivation, b.fatigue.deprivation),
    poison:
      same(a.poison.doses, b.poison.doses) && a.poison.effect === b.poison.effect && a.poison.feverish === b.poison.feverish &&
      same(a.poison.fever.startsInHours, b.poison.fever.startsInHours) && same(a.poison.fever.hoursLeft, b.poison.fever.hoursLeft),
    condition:
      a.condition.key === b.condition.key && same(a.condition.penalty, b.condition.penalty) && a.condition.canAct === b.condition.canAct &&
      a.condition.canDefend === b.condition.canDefend && a.condition.conscious === b.condition.conscious,
    bars:
      same(a.bars.life.value, b.bars.life.value) && same(a.bars.life.max, b.bars.life.max) &&
      same(a.bars.consciousness.value, b.bars.consciousness.value) && same(a.bars.consciousness.max, b.bars.consciousness.max),
    sources: sameSources(a.sources, b.sources),
    load: same(a.load.kg, b.load.kg) && a.load.level === b.load.level,
    derived: same(a.derived.reflexes, b.derived.reflexes) && same(a.derived.resistance, b.derived.resistance) && same(a.derived.speed, b.derived.speed) && same(a.derived.dexterity, b.derived.dexterity),
    crippled: same(a.crippled.arm, b.crippled.arm) && same(a.crippled.leg, b.crippled.leg),
    formula: same(a.formula.reflexes, b.formula.reflexes) && same(a.formula.resistance, b.formula.resistance) && same(a.formula.speed, b.formula.speed),
    effective: sameScores(a.effective, b.effective),
    modified: sameScores(a.modified, b.modified),
    armour: same(a.armour.defence, b.armour.defence) && same(a.armour.minStrength, b.armour.minStrength) && same(a.armour.shortfall, b.armour.shortfall) && sameList(a.armour.names, b.armour.names),
    fameBand: a.fameBand === b.fameBand,
    reputationBand: a.reputationBand === b.reputationBand,
  };
  for (const key in checks) if (!checks[key as keyof PersonDerived]) return false; // the keys of the literal above
  return true;
}
