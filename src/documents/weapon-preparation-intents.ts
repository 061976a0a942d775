/**
 * §2.2.6 the Narrator's side of a Preparazione declared for a weapon (weapon-preparation.ts): the aim read from a
 * client's payload and checked against the combatant's own actor (a token's for an unlinked one), and each completed
 * slot counted, the weapon drawn (ready) or its magazine full once the count reaches what the rules ask. Loaded on
 * first use by the active Narrator's client (documents/combat.ts).
 */
import { PREPARE_PURPOSES, advancePreparation, type PreparePurpose } from "../rules/preparation.js";
import type { GenesysActor } from "./actor.js";
import { doneToward, neededFor, preparedWeapon, type PrepareAim, type PreparingFlag } from "./weapon-preparation.js";

const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);

/** An aim as it arrives from a client: null for none, "invalid" for anything malformed. */
export function readPrepareAim(value: unknown): PrepareAim | null | "invalid" {
  if (value === undefined || value === null) return null;
  if (typeof value !== "object" || Array.isArray(value)) return "invalid";
  // A non-null, non-array object: each field is checked below.
  const { itemId, purpose } = value as Record<string, unknown>;
  if (!isId(itemId) || !PREPARE_PURPOSES.some((p) => p === purpose)) return "invalid";
  return { itemId, purpose: purpose as PreparePurpose };
}

/** Why the aim cannot be declared for this actor now (a warning key and its data), or null when it can. */
export function prepareRefusal(actor: GenesysActor | null, aim: PrepareAim): { warning: string; data: Record<string, string> } | null {
  const weapon = preparedWeapon(actor, aim.itemId);
  if (!weapon) return { warning: "GENESYS.Combat.Prepare.Warn.NoWeapon", data: { name: actor?.name ?? "" } };
  const data = { name: actor?.name ?? "", weapon: weapon.item.name };
  if (neededFor(weapon, aim.purpose) === null) return { warning: "GENESYS.Sheet.Weapon.NoMagazine", data };
  if (aim.purpose === "draw" && weapon.sys.ready) return { warning: "GENESYS.Combat.Prepare.Warn.AlreadyDrawn", data };
  if (aim.purpose === "reload" && (weapon.sys.rounds ?? 0) >= (weapon.sys.active?.magazine ?? 0)) return { warning: "GENESYS.Combat.Prepare.Warn.AlreadyLoaded", data };
  return null;
}

/**
 * §2.2.6 a completed Preparation slot: one more maneuver toward the aim, and the weapon drawn (ready) or its magazine
 * full once the count is complete. Answers the new count for the combat's flags, or null when the weapon is gone or
 * can no longer be prepared that way (nothing is written then).
 */
export async function completePreparation(actor: GenesysActor | null, aim: PrepareAim, flag: PreparingFlag | null | undefined): Promise<PreparingFlag | null> {
  const weapon = preparedWeapon(actor, aim.itemId);
  const needed = weapon ? neededFor(weapon, aim.purpose) : null;
  if (!weapon || needed === null) return null;
  const step = advancePreparation(doneToward(flag, aim), needed);
  if (step.complete) {
    const magazine = weapon.sys.active?.magazine ?? null;
    await weapon.item.update({ system: aim.purpose === "draw" ? { ready: true } : { rounds: magazine } });
  }
  return { ...aim, done: step.done };
}
