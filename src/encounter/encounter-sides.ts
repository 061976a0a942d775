/**
 * Who fights whom: the selected tokens, or a combat's combatants, split by their token's disposition. Friendly tokens
 * are the party (side 0); hostile and secret ones the foes (side 1: a secret token is an enemy kept hidden). Neutral
 * tokens take no side: they are left out and named in the warning, as are tokens without an actor and actors the
 * simulator cannot describe. The same actor met twice (a linked token placed twice) fights once.
 */
import { GenesysActor } from "../documents/actor.js";
import type { EncounterFighterInput } from "../rules/sim/fighter.js";
import { encounterFighterOf, type LeftOutReason } from "./encounter-fighter.js";

/** A token as this module reads it: its name, its actor (anything: it is checked) and its disposition. */
export interface EncounterEntry {
  name: string;
  actor: unknown;
  /** CONST.TOKEN_DISPOSITIONS: SECRET −2, HOSTILE −1, NEUTRAL 0, FRIENDLY 1; null when no token says it. */
  disposition: number | null;
}

export interface LeftOut {
  name: string;
  reason: LeftOutReason | "noActor" | "neutral";
}

/** A combatant ready for the simulator, with the actor it was read from (for the card's names). */
export interface EncounterMember {
  fighter: EncounterFighterInput;
  actor: GenesysActor;
}

export interface EncounterLineup {
  party: EncounterMember[];
  foes: EncounterMember[];
  leftOut: LeftOut[];
}

/** CONST.TOKEN_DISPOSITIONS.FRIENDLY (v13 and v14 keep the same numbers). */
const FRIENDLY = 1;

function sideOf(disposition: number | null): "party" | "foes" | null {
  if (disposition === null || disposition === 0) return null;
  return disposition === FRIENDLY ? "party" : disposition < 0 ? "foes" : null;
}

/** The two sides, and who was left out and why. */
export function lineupOf(entries: readonly EncounterEntry[], localize: (key: string) => string): EncounterLineup {
  const lineup: EncounterLineup = { party: [], foes: [], leftOut: [] };
  const seen = new Set<GenesysActor>();
  for (const entry of entries) {
    if (!(entry.actor instanceof GenesysActor)) {
      lineup.leftOut.push({ name: entry.name, reason: "noActor" });
      continue;
    }
    const actor: GenesysActor = entry.actor as GenesysActor; // narrowed above; the class's generic default reads as any
    if (seen.has(actor)) continue;
    seen.add(actor);
    const side = sideOf(entry.disposition);
    if (!side) {
      lineup.leftOut.push({ name: entry.name, reason: "neutral" });
      continue;
    }
    const reading = encounterFighterOf(actor, actor.uuid, localize);
    if (!reading.ok) {
      lineup.leftOut.push({ name: entry.name, reason: reading.reason });
      continue;
    }
    lineup[side].push({ fighter: reading.fighter, actor });
  }
  return lineup;
}

interface TokenLike {
  name?: string;
  actor?: unknown;
  document?: { disposition?: unknown } | null;
}

const dispositionOf = (value: unknown): number | null => (typeof value === "number" ? value : null);

/** The Narrator's selected tokens (canvas placeables: the disposition is on their document). */
export function selectedEntries(): EncounterEntry[] {
  // A canvas that has drawn no scene has no token layer yet, and so nothing selected.
  const tokens: readonly TokenLike[] = canvas.tokens?.controlled ?? [];
  return tokens.map((t) => ({ name: t.name ?? "", actor: t.actor ?? null, disposition: dispositionOf(t.document?.disposition) }));
}

interface CombatantLike {
  name?: string | null;
  actor?: unknown;
  token?: { disposition?: unknown } | null;
}

/** A combat's combatants; one without a token takes its actor's prototype token's disposition. */
export function combatEntries(combat: { combatants: { contents: readonly CombatantLike[] } }): EncounterEntry[] {
  return combat.combatants.contents.map((c) => {
    const actor = c.actor ?? null;
    const prototype = actor instanceof GenesysActor ? (actor.prototypeToken as { disposition?: unknown } | undefined) : undefined; // read as unknown: checked below
    return { name: c.name ?? "", actor, disposition: dispositionOf(c.token?.disposition ?? prototype?.disposition) };
  });
}
