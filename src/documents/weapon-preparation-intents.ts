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
 * §2.2.6 a completed Preparation slot of `round`: one more maneuver toward the aim, the new count for the combat's
 * flags and, once the count is complete, the weapon's write (drawn, or its magazine full), which the caller makes after
 * the count is stored, so that no retry counts twice. Null when the weapon is gone or can no longer be prepared that way.
 */
export function planPreparation(actor: GenesysActor | null, aim: PrepareAim, flag: PreparingFlag | null | undefined, round: number): { flag: PreparingFlag; write: (() => Promise<unknown>) | null } | null {
  const weapon = preparedWeapon(actor, aim.itemId);
  const needed = weapon ? neededFor(weapon, aim.purpose) : null;
  if (!weapon || needed === null) return null;
  const step = advancePreparation(doneToward(flag, aim, round, needed), needed);
  const magazine = weapon.sys.active?.magazine ?? null;
  const write = step.complete ? () => weapon.item.update({ system: aim.purpose === "draw" ? { ready: true } : { rounds: magazine } }) : null;
  return { flag: { ...aim, done: step.done, round, needed }, write };
}
