/**
 * What a player may do with the Active Effects of what he owns, and what stays the Narrator's. Checked by the writing
 * client in GenesysActiveEffect's _preCreate / _preUpdate / _preDelete:
 * - a change keyed under `system.derived` or `system.overrides` is the Narrator's (§1.2.2: a derived value he fixes
 *   by hand is refused to players as a field, documents/derived-overrides.ts; an effect is the same number by another
 *   door): a player may not create, edit, disable or delete an effect that carries one, or add one to his own;
 * - an effect a Narrator created is his: his client marks it at creation (flag `narrator`) and a player may neither
 *   change (disable included) nor delete it. Status effects are not marked: the token HUD and the system's own
 *   automation (conditions, prone, grapple, surprise) toggle them from whichever client acts. A player may still
 *   remove an item that carries a marked effect; the item is his.
 * What this does not stop: the checks run on the player's own client, and Foundry lets any owner write his actor's
 * embedded effects, so a player who replaces this code from the console (or writes through the socket) can still
 * create such an effect, clear the mark or delete a marked effect. The Narrator sees them on the sheet's Effects list.
 */
import { readEffectChanges, type EffectChange } from "../compat/effect-changes.js";
import { changedAt } from "../data/actor/creation.js";

/** i18n keys of the refusals. */
export const EFFECT_REFUSALS = {
  narratorKeys: "GENESYS.Warn.EffectNarratorKeys",
  narratorOwned: "GENESYS.Warn.EffectNarratorOwned",
} as const;
export type EffectRefusal = (typeof EFFECT_REFUSALS)[keyof typeof EFFECT_REFUSALS];

/** The flag (under the system's scope) a Narrator's client puts on the effects it creates. */
export const NARRATOR_MARK = "narrator";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** Whether a key is under one of the Narrator's paths (the path itself, or any key below it). */
function isNarratorKey(key: string): boolean {
  const k = key.trim();
  return ["system.derived", "system.overrides"].some((root) => k === root || k.startsWith(`${root}.`));
}

/** Whether any of these changes touches a derived value or an override. */
export function touchesNarratorKeys(changes: readonly EffectChange[]): boolean {
  return changes.some((c) => isNarratorKey(c.key));
}

/** Whether an effect (document or source) carries the Narrator's mark. */
export function isNarratorEffect(effect: unknown): boolean {
  const flags = isObject(effect) ? effect["flags"] : undefined;
  const scoped = isObject(flags) ? flags["genesys-gdr"] : undefined;
  return isObject(scoped) && scoped[NARRATOR_MARK] === true;
}

/** Whether creation data makes a status effect (core's `statuses`, an array in data, a Set on a document). */
function carriesStatus(data: unknown): boolean {
  const statuses = isObject(data) ? data["statuses"] : undefined;
  if (statuses instanceof Set) return statuses.size > 0;
  return Array.isArray(statuses) && statuses.length > 0;
}

/** Whether a creation by this user gets the Narrator's mark. */
export function marksAsNarrator(data: unknown, isGM: boolean): boolean {
  return isGM && !carriesStatus(data);
}

/** The changes an update writes (v13 `changes`, v14 `system.changes`, nested or dotted); none when it leaves them. */
function writtenChanges(update: unknown): EffectChange[] {
  return readEffectChanges({ changes: changedAt(update, "changes"), system: { changes: changedAt(update, "system.changes") } });
}

/** A player's creation of an effect refused, or null when it may go. */
export function effectCreateRefusal(data: unknown, isGM: boolean): EffectRefusal | null {
  if (isGM) return null;
  return touchesNarratorKeys(readEffectChanges(data)) ? EFFECT_REFUSALS.narratorKeys : null;
}

/** A player's update of an effect refused: the effect as it is, and the update's changes. */
export function effectUpdateRefusal(effect: unknown, update: unknown, isGM: boolean): EffectRefusal | null {
  if (isGM) return null;
  if (isNarratorEffect(effect)) return EFFECT_REFUSALS.narratorOwned;
  return touchesNarratorKeys(readEffectChanges(effect)) || touchesNarratorKeys(writtenChanges(update)) ? EFFECT_REFUSALS.narratorKeys : null;
}

/** A player's deletion of an effect refused. */
export function effectDeleteRefusal(effect: unknown, isGM: boolean): EffectRefusal | null {
  if (isGM) return null;
  if (isNarratorEffect(effect)) return EFFECT_REFUSALS.narratorOwned;
  return touchesNarratorKeys(readEffectChanges(effect)) ? EFFECT_REFUSALS.narratorKeys : null;
}
