/**
 * §2.2.6 a Preparation maneuver declared for a weapon: drawing it, or reloading its magazine over P maneuvers.
 * What every client reads of it (the tracker's line); the Narrator's client checks and counts it in
 * weapon-preparation-intents.ts, loaded on first use. The count is kept in the combat's flags beside the declaration
 * (combatant.ts), never on the weapon, which its owner could rewrite.
 */
import { WeaponModel } from "../data/item/weapon.js";
import { preparationsNeeded, type PreparePurpose } from "../rules/preparation.js";
import type { GenesysActor } from "./actor.js";

/** What a Preparation is declared for: a weapon of the combatant's actor, by item id, and the purpose. */
export interface PrepareAim {
  itemId: string;
  purpose: PreparePurpose;
}

/** The Preparations counted toward an aim so far (the count stays complete until the next aim starts again). */
export interface PreparingFlag extends PrepareAim {
  done: number;
}

export type PreparedWeapon = { item: Item.Implementation; sys: WeaponModel };

export function preparedWeapon(actor: GenesysActor | null, itemId: string): PreparedWeapon | null {
  const item = actor?.items.get(itemId);
  return item && item.system instanceof WeaponModel ? { item, sys: item.system } : null;
}

/** How many Preparations the aim needs with the weapon's mode in use; null when it cannot be prepared that way. */
export function neededFor(weapon: PreparedWeapon, purpose: PreparePurpose): number | null {
  const mode = weapon.sys.active;
  return mode ? preparationsNeeded(mode, purpose) : null;
}

/** The count so far toward this aim: the flag's when it is for the same weapon and purpose, else none. */
export function doneToward(flag: PreparingFlag | null | undefined, aim: PrepareAim): number {
  return flag && flag.itemId === aim.itemId && flag.purpose === aim.purpose ? flag.done : 0;
}

/** What the tracker shows of a declared aim: the weapon, the purpose and the count so far out of what it needs. */
export function preparationProgress(actor: GenesysActor | null, aim: PrepareAim, flag: PreparingFlag | null | undefined): { weapon: string; purpose: PreparePurpose; done: number; needed: number } | null {
  const weapon = preparedWeapon(actor, aim.itemId);
  const needed = weapon ? neededFor(weapon, aim.purpose) : null;
  if (!weapon || needed === null) return null;
  return { weapon: weapon.item.name, purpose: aim.purpose, done: Math.min(doneToward(flag, aim), needed), needed };
}
