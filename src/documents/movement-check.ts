/**
 * §2.2.5 the adverse-conditions check of a Movimento, asked through a check request (request/request-intents.ts) that
 * names the tracker row it is for. The link is checked on the active GM's client when the card is posted and again
 * when its row is judged: a started combat, a combatant of it, the current round, Movimento as that combatant's
 * maneuver this round. The margin goes in the combat's flags (GenesysCombat.recordMovementCheck), which only a GM may
 * write, never in the combatant's own (a player may rewrite those); allowanceOf reads it back for that round only.
 */
import type { IntentResult } from "../authority/intent-channel.js";
import type { GenesysActor } from "./actor.js";
import { GenesysCombat } from "./combat.js";
import { isGenesysCombatant, type GenesysCombatant } from "./combatant.js";
import { trackerOf } from "./tracker-state.js";

/** The tracker row a terrain check is asked for. */
export interface MovementLink {
  combatId: string;
  combatantId: string;
  round: number;
}

const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);

/** A link as stored or passed by a macro: null when there is none, undefined when it is malformed. */
export function readMovementLink(raw: unknown): MovementLink | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const { combatId, combatantId, round } = raw as Record<string, unknown>;
  if (!isId(combatId) || !isId(combatantId) || typeof round !== "number" || !Number.isInteger(round) || round < 1) return undefined;
  return { combatId, combatantId, round };
}

export type LinkedRow = { ok: true; combat: GenesysCombat; combatant: GenesysCombatant } | { ok: false; warning: string; data: Record<string, string> };

const refuse = (warning: string, data: Record<string, string> = {}): LinkedRow => ({ ok: false, warning, data });

/** The combat and combatant a link names, read from the world, or why the link no longer holds. */
export function linkedRow(link: MovementLink): LinkedRow {
  const combat = game.combats.get(link.combatId);
  if (!(combat instanceof GenesysCombat)) return refuse("GENESYS.Combat.Warn.NoCombat");
  if (!combat.started) return refuse("GENESYS.Combat.Warn.NotStarted");
  const combatant = combat.combatants.get(link.combatantId);
  if (!isGenesysCombatant(combatant)) return refuse("GENESYS.Combat.Warn.NoCombatant");
  const name = combatant.name ?? "";
  if (link.round !== combat.round) return refuse("GENESYS.Movement.Check.Warn.Stale", { name, round: String(link.round) });
  if (combatant.declarationFor(combat.round)?.maneuver !== "movement") return refuse("GENESYS.Movement.Check.Warn.NotMovement", { name });
  return { ok: true, combat, combatant };
}

/**
 * §2.2.5 on the active GM's client, once a linked row's result is known to everyone it concerns (at the roll for an
 * open row, at the reveal for a hidden difficulty): the margin, if the row is the linked combatant's. A link that no
 * longer holds (a new round, another maneuver) records nothing and says why to the Narrator.
 */
export async function recordLinkedCheck(link: MovementLink, actorUuid: string, margin: number | null): Promise<IntentResult> {
  const row = linkedRow(link);
  if (!row.ok) return { ok: false, warning: row.warning, data: row.data };
  // Another character asked on the same card: only the linked combatant's own check moves it.
  if (margin === null || row.combatant.actor?.uuid !== actorUuid) return { ok: true };
  return (await row.combat.recordMovementCheck(row.combatant, margin)) ? { ok: true } : { ok: false, warning: "GENESYS.Authority.Invalid" };
}

/** §2.2.5 the margin of the check recorded for the actor's Movimento in its fight's current round, or undefined. */
export function movementCheckOf(actor: GenesysActor): number | undefined {
  const reading = trackerOf(actor);
  return reading?.combatant.movementCheckFor(reading.round) ?? undefined;
}
