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

/**
 * The Preparations counted toward an aim so far, the round of the last one and how many the weapon's mode needed
 * then: the count goes on only from the round before, for the same need (A-08: the maneuvers follow one another).
 */
export interface PreparingFlag extends PrepareAim {
  done: number;
  round: number;
  needed: number;
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

const sameAim = (flag: PreparingFlag, aim: PrepareAim): boolean => flag.itemId === aim.itemId && flag.purpose === aim.purpose;

/**
 * §2.2.6 the count a Preparazione of `round` goes on from: the last one's, when it was toward the same weapon
 * and purpose in the round before, for the same need, and not complete yet; else none (a new reload starts at 0).
 */
export function doneToward(flag: PreparingFlag | null | undefined, aim: PrepareAim, round: number, needed: number): number {
  if (!flag || !sameAim(flag, aim) || flag.round !== round - 1 || flag.needed !== needed || flag.done >= needed) return 0;
  return flag.done;
}

/**
 * What the tracker shows of a declared aim in `round`: the weapon, the purpose and the count out of what it needs,
 * this round's Preparazione included once its slot is over.
 */
export function preparationProgress(actor: GenesysActor | null, aim: PrepareAim, flag: PreparingFlag | null | undefined, round: number): { weapon: string; purpose: PreparePurpose; done: number; needed: number } | null {
  const weapon = preparedWeapon(actor, aim.itemId);
  const needed = weapon ? neededFor(weapon, aim.purpose) : null;
  if (!weapon || needed === null) return null;
  const counted = flag && sameAim(flag, aim) && flag.round === round ? Math.min(flag.done, needed) : doneToward(flag, aim, round, needed);
  return { weapon: weapon.item.name, purpose: aim.purpose, done: counted, needed };
}
