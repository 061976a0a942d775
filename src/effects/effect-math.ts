/**
 * How the changes aimed at one number combine, and the line each leaves for the sheet and dialogs ("Forza +1 (Anello
 * di forza)"). Pure: the data model hands in the base value and the changes read from the actor's effects.
 */
import type { ChangeKind } from "../compat/effect-changes.js";
import type { EffectTarget } from "./effect-keys.js";

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

/**
 * Applies the changes in Foundry's default order (priority = mode × 10: add, then downgrade, upgrade, override; v13
 * API ActiveEffect "priority … defaults to mode * 10"), never below `min`. Changes that are not whole numbers, and
 * kinds a score cannot take (multiply, custom), are left out and reported.
 */
export function applyModifiers(base: number, modifiers: readonly EffectModifier[], min = 0): { value: number; parts: SourcedPart[]; ignored: EffectModifier[] } {
  const order: ChangeKind[] = ["add", "downgrade", "upgrade", "override"];
  const parts: SourcedPart[] = [];
  const ignored: EffectModifier[] = [];
  let value = base;
  for (const kind of order) {
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
  for (const m of modifiers) if (!order.includes(m.kind)) ignored.push(m);
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
