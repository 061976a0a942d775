/** What the effect-approval tests share: a character the player owns, effects of either generation's shape, the sum of its check modifiers. */
import { effectChangesData, type EffectChange } from "../../src/compat/effect-changes.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import type { ActiveEffect as EffectDouble } from "../foundry/effects.js";
import { createActor, personOf } from "../documents/helpers.js";

export const STATS = { dexterity: 8, experience: 7, charm: 8, strength: 5, perception: 7 };
export const effect = (name: string, changes: EffectChange[], extra: Record<string, unknown> = {}) => ({ name, ...effectChangesData(changes), ...extra });
export const BLESSING: EffectChange = { key: "genesys.check", kind: "add", value: "50" };
export const CURSE: EffectChange = { key: "genesys.check", kind: "add", value: "-2" };
export const effectsOf = (holder: { effects: unknown }): EffectDouble[] => [...(holder.effects as Iterable<EffectDouble>)]; // the double's effects
export const named = (holder: { effects: unknown }, name: string): EffectDouble | undefined => effectsOf(holder).find((e) => e.name === name);
export const asCore = (e: EffectDouble): ActiveEffect.Implementation => e as unknown as ActiveEffect.Implementation; // the double's effect stands in for core's
/** The sum of the modifiers the actor's effects put on every check. */
export const checks = (actor: GenesysActor): number => personOf(actor).sources.checks.all.reduce((sum, p) => sum + p.value, 0);
/** Alven, owned by everyone (the player included). */
export const alven = (extra: Record<string, unknown> = {}): Promise<GenesysActor> =>
  createActor({ name: "Alven", type: "character", system: { characteristics: STATS }, ownership: { default: 3 }, ...extra });
