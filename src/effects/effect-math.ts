/**
 * How the changes aimed at one number combine, and the line each leaves for the sheet and dialogs ("Forza +1 (Anello
 * di forza)"). Pure: the data model hands in the base value and the changes read from the actor's effects.
 */
import type { ChangeKind } from "../compat/effect-changes.js";
import type { CharacteristicKey } from "../rules/types.js";
import type { DerivedKey, EffectTarget } from "./effect-keys.js";

/** One change of one active effect, with where it comes from. */
export interface EffectModifier {
  target: EffectTarget;
  kind: ChangeKind;
  value: string;
  /** The effect's name. */
  effect: string;
  /** The item that carries the effect, or null for an effect on the actor itself. */
  item: string | null;
}

/** A signed contribution to a number, with the name of what gave it. */
export interface SourcedPart {
  label: string;
  value: number;
  /** The system's own sources (armour, load, fever) carry the i18n key the UI words them with. */
  i18n?: string;
}

/** The whole number a change's value spells, or null ("+1", "-2", " 3 " are numbers; "1.5", "due" are not). */
export function changeNumber(value: string): number | null {
  const v = value.trim();
  if (!/^[+-]?\d{1,4}$/.test(v)) return null;
  return Number(v);
}

/** The source's name as the sheet shows it: the item, and the effect when it is named otherwise. */
export function sourceLabel(m: Pick<EffectModifier, "effect" | "item">): string {
  if (m.item === null || m.item === m.effect || m.effect === "") return m.item ?? m.effect;
  return `${m.item}: ${m.effect}`;
}

/** No change at all: shared by every number none is aimed at. */
const NONE: readonly EffectModifier[] = Object.freeze([]);

/** The kinds a score takes, in the order Foundry applies them (see applyModifiers). */
const APPLY_ORDER: readonly ChangeKind[] = ["add", "downgrade", "upgrade", "override"];

/**
 * Applies the changes in Foundry's default order (priority = mode × 10: add, then downgrade, upgrade, override; v13
 * API ActiveEffect "priority … defaults to mode * 10"), never below `min`. Changes that are not whole numbers, and
 * kinds a score cannot take (multiply, custom), are left out and reported.
 */
export function applyModifiers(base: number, modifiers: readonly EffectModifier[], min = 0): { value: number; parts: SourcedPart[]; ignored: readonly EffectModifier[] } {
  // Most numbers have no change aimed at them: nothing to pass over.
  if (modifiers.length === 0) return { value: Math.max(min, base), parts: [], ignored: NONE };
  return applyEach(base, modifiers, min);
}

/** applyModifiers over a list with at least one change. */
function applyEach(base: number, modifiers: readonly EffectModifier[], min: number): { value: number; parts: SourcedPart[]; ignored: EffectModifier[] } {
  const parts: SourcedPart[] = [];
  const ignored: EffectModifier[] = [];
  let value = base;
  for (const kind of APPLY_ORDER) {
    for (const m of modifiers) {
      if (m.kind !== kind) continue;
      const n = changeNumber(m.value);
      if (n === null) {
        ignored.push(m);
        continue;
      }
      const before = value;
      if (kind === "add") value += n;
      else if (kind === "downgrade") value = Math.min(value, n);
      else if (kind === "upgrade") value = Math.max(value, n);
      else value = n;
      if (value !== before) parts.push({ label: sourceLabel(m), value: value - before });
    }
  }
  for (const m of modifiers) if (!APPLY_ORDER.includes(m.kind)) ignored.push(m);
  return { value: Math.max(min, value), parts, ignored };
}

function isKind<T extends EffectTarget["kind"]>(target: EffectTarget, kind: T): target is Extract<EffectTarget, { kind: T }> {
  return target.kind === kind;
}

/** The changes aimed at a target of this kind that `match` accepts. */
export function aimedAt<T extends EffectTarget["kind"]>(modifiers: readonly EffectModifier[], kind: T, match: (t: Extract<EffectTarget, { kind: T }>) => boolean = () => true): EffectModifier[] {
  return modifiers.filter((m) => {
    const t = m.target;
    return isKind(t, kind) && match(t);
  });
}

/** An actor's changes sorted by the number each is aimed at, each group in the changes' order (what aimedAt gives). */
export interface ChangesByTarget {
  characteristic: Readonly<Record<CharacteristicKey, readonly EffectModifier[]>>;
  derived: Readonly<Record<DerivedKey, readonly EffectModifier[]>>;
  check: Readonly<Record<CharacteristicKey | "all", readonly EffectModifier[]>>;
  skill: readonly EffectModifier[];
  immunity: readonly EffectModifier[];
}

const NO_CHANGES: ChangesByTarget = Object.freeze({
  characteristic: Object.freeze({ dexterity: NONE, experience: NONE, charm: NONE, strength: NONE, perception: NONE }),
  derived: Object.freeze({ reflexes: NONE, resistance: NONE, speed: NONE }),
  check: Object.freeze({ all: NONE, dexterity: NONE, experience: NONE, charm: NONE, strength: NONE, perception: NONE }),
  skill: NONE,
  immunity: NONE,
});

/** One pass over the changes instead of one filter per number; most actors have none, and share one empty grouping. */
export function changesByTarget(modifiers: readonly EffectModifier[]): ChangesByTarget {
  if (modifiers.length === 0) return NO_CHANGES;
  const characteristic: Record<CharacteristicKey, EffectModifier[]> = { dexterity: [], experience: [], charm: [], strength: [], perception: [] };
  const derived: Record<DerivedKey, EffectModifier[]> = { reflexes: [], resistance: [], speed: [] };
  const check: Record<CharacteristicKey | "all", EffectModifier[]> = { all: [], dexterity: [], experience: [], charm: [], strength: [], perception: [] };
  const skill: EffectModifier[] = [];
  const immunity: EffectModifier[] = [];
  for (const m of modifiers) {
    const t = m.target;
    if (t.kind === "characteristic") characteristic[t.key].push(m);
    else if (t.kind === "derived") derived[t.key].push(m);
    else if (t.kind === "check") check[t.scope].push(m);
    else if (t.kind === "skill") skill.push(m);
    else immunity.push(m);
  }
  return { characteristic, derived, check, skill, immunity };
}
