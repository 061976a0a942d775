/**
 * What the GeneSys combat tracker says of one actor, read from the Combat's flags (which only a Narrator writes): the
 * round, the maneuvers its combatant executed (§2.2.1, §2.2.4) and surprise (§3.2.1). The attack and defence dialogs
 * pre-fill from it, and the Narrator's client takes it over a player's word (card-intents.ts). Who gets what is
 * decided by src/rules/maneuver-effects.ts; this file only finds the combat and reads it.
 */
import { MANEUVERS, type ManeuverKey } from "../rules/types.js";
import type { ExecutedManeuver, Mobility } from "../rules/maneuver-effects.js";
import type { GenesysActor } from "./actor.js";
import { GenesysCombat } from "./combat.js";
import type { GenesysCombatant } from "./combatant.js";

export interface TrackerReading {
  combat: GenesysCombat;
  combatant: GenesysCombatant;
  round: number;
  executed: readonly ExecutedManeuver[];
  /** §3.2.1 marked by the Narrator as caught by surprise (it counts in round 1 only). */
  surprised: boolean;
}

const isManeuver = (v: unknown): v is ManeuverKey => typeof v === "string" && (MANEUVERS as readonly string[]).includes(v);

/** The well-formed entries of a stored record (flags written by an older version, or by hand, may hold anything). */
function wellFormed(entries: unknown): ExecutedManeuver[] {
  if (!Array.isArray(entries)) return [];
  return (entries as unknown[]).flatMap((raw) => {
    if (typeof raw !== "object" || raw === null) return [];
    const { round, maneuver, target } = raw as Record<string, unknown>;
    if (typeof round !== "number" || !Number.isInteger(round) || round < 1 || !isManeuver(maneuver)) return [];
    return [{ round, maneuver, target: typeof target === "string" ? target : null }];
  });
}

/**
 * The started GeneSys combat the actor fights in (the combat on view first, then any other), or null: no fight, or
 * theatre of the mind, where what a player says stands.
 */
export function trackerOf(actor: GenesysActor): TrackerReading | null {
  // Read as unknown: fvtt-types types game.combat as always present; it is null (or, before the world is ready, missing) without a combat.
  const current: unknown = game.combat;
  const viewed = current instanceof GenesysCombat ? current.id : null;
  const combats = game.combats.contents
    .flatMap((c) => (c instanceof GenesysCombat && c.started ? [c] : []))
    .sort((a, b) => Number(b.id === viewed) - Number(a.id === viewed));
  for (const combat of combats) {
    const combatant = combat.genesysCombatants.find((c) => c.actor?.uuid === actor.uuid);
    if (!combatant) continue;
    return { combat, combatant, round: combat.round, executed: wellFormed(combatant.executedManeuvers), surprised: combatant.surprised };
  }
  return null;
}

/**
 * The ids a declaration may name this actor's token by (§2.2.4 "a specific target"): its combatant's in that
 * combat, its token's, its actor's.
 */
export function targetIds(actor: GenesysActor, tokenUuid: string | null, combat: GenesysCombat | null): string[] {
  const ids = new Set<string>();
  const token = /(?:^|\.)Token\.([A-Za-z0-9]+)/.exec(tokenUuid ?? "")?.[1];
  if (token) ids.add(token);
  if (actor.id) ids.add(actor.id);
  if (actor.isToken && actor.token?.id) ids.add(actor.token.id);
  const combatant = combat?.genesysCombatants.find((c) => c.actor?.uuid === actor.uuid);
  if (combatant?.id) ids.add(combatant.id);
  return [...ids];
}

/** §2.2.1/§2.3.7 what keeps the actor from moving, as its token shows it. */
export function mobilityOf(actor: GenesysActor): Mobility {
  return { immobilised: actor.statuses.has("immobilised"), grappled: actor.statuses.has("grappled") };
}
