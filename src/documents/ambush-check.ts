/**
 * §3.2.1 an ambush: the Narrator marks on the tracker who would be surprised, then asks those combatants for the
 * Percezione check that lets them notice it in time (the book's example: Difficult, 25). The request card is linked
 * to the fight; the active Narrator's client reads each result as the rules judge it (avoidsSurprise) and clears the
 * surprise of whoever passes, while the first turn has not gone by. A blind request is refused: its results stay on
 * their own sealed cards, which this link does not follow (as a terrain check's, movement-check.ts).
 */
import type { IntentResult } from "../authority/intent-channel.js";
import { avoidsSurprise } from "../rules/advanced/surprise.js";
import { GenesysCombat } from "./combat.js";
import { isGenesysCombatant, type GenesysCombatant } from "./combatant.js";

export interface AmbushLink {
  combatId: string;
}

const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);

/** A link as stored or passed by a macro: null when there is none, undefined when it is malformed. */
export function readAmbushLink(raw: unknown): AmbushLink | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "object" || Array.isArray(raw)) return undefined;
  const { combatId } = raw as Record<string, unknown>;
  return isId(combatId) ? { combatId } : undefined;
}

export type AmbushFight = { ok: true; combat: GenesysCombat } | { ok: false; warning: string; data: Record<string, string> };

/** The fight a link names, while surprise still counts in it (§3.2.1: the first turn), or why not. */
export function ambushFight(link: AmbushLink): AmbushFight {
  const combat = game.combats.get(link.combatId);
  if (!(combat instanceof GenesysCombat)) return { ok: false, warning: "GENESYS.Combat.Warn.NoCombat", data: {} };
  if (combat.round > 1) return { ok: false, warning: "GENESYS.Combat.Ambush.Warn.TooLate", data: {} };
  return { ok: true, combat };
}

/** The combatants marked surprised in the fight: those the ambush check is for. */
export function ambushed(combat: GenesysCombat): GenesysCombatant[] {
  return combat.combatants.contents.filter((c): c is GenesysCombatant => isGenesysCombatant(c) && c.surprised && c.actor !== null);
}

/**
 * §3.2.1 one row's result on the linked fight: the combatant of that actor passed (total beats the difficulty) and
 * is no longer surprised; failed, or no difficulty, or no longer surprised, nothing changes.
 */
export async function recordAmbushCheck(link: AmbushLink, actorUuid: string, total: number, difficulty: number | null): Promise<IntentResult> {
  const fight = ambushFight(link);
  if (!fight.ok) return fight;
  if (difficulty === null || !avoidsSurprise(total, difficulty)) return { ok: true };
  for (const combatant of ambushed(fight.combat)) {
    if (combatant.actor?.uuid === actorUuid) await fight.combat.avoidSurprise(combatant);
  }
  return { ok: true };
}
