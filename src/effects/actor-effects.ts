/**
 * The GeneSys changes in force on an actor: its own enabled effects, and the enabled effects its items transfer to it
 * (modern transferral, CONFIG.ActiveEffect.legacyTransferral = false: an item's effect with `transfer` applies to the
 * owner from the item, it is not copied onto the actor). Armour transfers only while worn, as dnd5e suppresses the
 * effects of unequipped items (foundryvtt/dnd5e module/documents/active-effect.mjs determineSuppression). An effect a
 * Narrator has not approved counts for nothing (effect-approval.ts).
 */
import { readEffectChanges } from "../compat/effect-changes.js";
import { ArmorModel } from "../data/item/armor.js";
import { permits, trustsOwner } from "./effect-approval.js";
import { parseEffectKey } from "./effect-keys.js";
import type { EffectModifier } from "./effect-math.js";

/** What is read of an effect: the v13/v14 documents and their source have these fields. */
interface EffectView {
  name?: unknown;
  disabled?: unknown;
  transfer?: unknown;
  /** ActiveEffect#active, `!disabled && !isSuppressed` on both generations (V13-API §8); absent on plain data. */
  active?: unknown;
}

/** What is read of an actor or item: its embedded effects, iterable in Foundry (a Collection) and in the double. */
interface EffectHolder {
  effects: Iterable<unknown>;
}

interface OwnerView extends EffectHolder {
  items: Iterable<{ name: string; system: unknown } & EffectHolder>;
}

function view(effect: unknown): EffectView {
  return typeof effect === "object" && effect !== null ? effect : {};
}

/** An item's effects apply to its owner only while the item is in use (armour worn; anything else carried). */
export function itemTransfers(system: unknown): boolean {
  return !(system instanceof ArmorModel) || system.worn;
}

function modifiersOf(effect: unknown, item: string | null, out: EffectModifier[]): void {
  const v = view(effect);
  // v14 suppresses an effect whose duration ran out (core's ActiveEffectRegistry marks it expired,
  // foundryvtt/foundryvtt#13743; dnd5e#6995 sees expired effects turn inactive): such an effect counts no more.
  if (v.disabled === true || v.active === false) return;
  const name = typeof v.name === "string" ? v.name : "";
  for (const change of readEffectChanges(effect)) {
    const target = parseEffectKey(change.key);
    if (target) out.push({ target, kind: change.kind, value: change.value, effect: name, item });
  }
}

/** The effects of a holder that count: all of them on an actor open for free editing, else those with a permit. */
export function counted(holder: EffectHolder, trusted: boolean): unknown[] {
  const effects = [...holder.effects];
  // Most items carry no effect: nothing to look up in their approvals.
  if (trusted || effects.length === 0) return effects;
  const allowed = permits(effects, holder);
  return effects.filter((e) => allowed.has(e));
}

/** Whether a holder has any effect at all (a Collection in Foundry, an array in the double: both only iterable here). */
function hasAny(effects: Iterable<unknown>): boolean {
  for (const _ of effects) return true;
  return false;
}

/** Every GeneSys change in force on the actor, each with its effect and item: only approved effects count. */
export function actorModifiers(actor: OwnerView): EffectModifier[] {
  const out: EffectModifier[] = [];
  const trusted = trustsOwner(actor);
  for (const effect of counted(actor, trusted)) modifiersOf(effect, null, out);
  for (const item of actor.items) {
    // Checked first: every preparation passes over each item, and most have no effect at all.
    if (!hasAny(item.effects) || !itemTransfers(item.system)) continue;
    for (const effect of counted(item, trusted)) if (view(effect).transfer !== false) modifiersOf(effect, item.name, out);
  }
  return out;
}
