/**
 * One row's hit sent by the Narrator to tokens other than the row's target ("Applica ai token selezionati"): one
 * entry per actor, each with its own ledger record so that its Undo takes back that actor's change and nothing else.
 *
 * Which distance counts (§2.4.1, A-05): the row's. The hit is the one shot the card rolled, with the range penalty of
 * the row's distance already in its attack roll, and half damage past 2/3 Gt belongs to that shot (the card keeps no
 * Gt to measure another against). What each token brings of its own is what the book ties to the victim: its armour
 * on the aimed area, its Forza (disarm, limb, stun), its condition, and for an explosive its own distance from where
 * the blast went off, the row target's token (§3.2.6, −4 per metre: card-intents.ts measures it).
 * Venom (§3.3.3) goes only into the bitten row target: the bite's doses are not shared out.
 */
import type { AppliedRecord, AttackRow, CardRefusal, UndoRecord } from "./attack-card.js";

/** The hit as it went into one actor that is not the row's target. */
export interface TokenHit {
  actorUuid: string;
  /** The token that was selected, for the record; the actor is what Undo reaches. */
  tokenUuid: string | null;
  name: string;
  applied: AppliedRecord;
  undone: boolean;
  undo: UndoRecord | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const isCounters = (v: unknown): boolean => isObject(v) && typeof v["wounds"] === "number" && typeof v["fatigue"] === "number";

/** The fields the card shows and Undo reads. */
function isTokenHit(v: unknown): v is TokenHit {
  if (!isObject(v) || typeof v["actorUuid"] !== "string" || typeof v["name"] !== "string" || typeof v["undone"] !== "boolean") return false;
  const applied = v["applied"];
  if (!(v["tokenUuid"] === null || typeof v["tokenUuid"] === "string") || !isObject(applied) || typeof applied["recordId"] !== "string") return false;
  const change = applied["change"];
  return isObject(change) && isCounters(change["before"]) && isCounters(change["after"]) && isObject(change["condition"]) && typeof change["condition"]["after"] === "string";
}

/** A row's stored hits on other tokens: absent on cards made before them, else a list of entries. */
export function isSpread(v: unknown): v is TokenHit[] | undefined {
  return v === undefined || (Array.isArray(v) && v.every(isTokenHit));
}

/** The entry for this actor that still stands (applied, not undone), if any. */
export function liveHit(row: AttackRow, actorUuid: string): TokenHit | null {
  return row.spread?.find((h) => h.actorUuid === actorUuid && !h.undone) ?? null;
}

/**
 * The row after the hit went into these actors, and into the row's own target (`own`) when it was among the selected
 * tokens. Stale when any of them already holds the hit; an undone entry is replaced by the new one.
 */
export function spreadRow(row: AttackRow, own: AppliedRecord | null, hits: readonly TokenHit[]): AttackRow | CardRefusal {
  if (row.damage === null) return "stale";
  if (own === null && hits.length === 0) return "invalid";
  if (own !== null && row.applied !== null && !row.undone) return "stale";
  const actors = new Set(hits.map((h) => h.actorUuid));
  if (actors.size !== hits.length || (row.target.actorUuid !== null && actors.has(row.target.actorUuid)) || !hits.every(isTokenHit)) return "invalid";
  if (hits.some((h) => liveHit(row, h.actorUuid) !== null)) return "stale";
  const kept = (row.spread ?? []).filter((h) => !actors.has(h.actorUuid));
  const next: AttackRow = { ...row, spread: [...kept, ...hits] };
  return own === null ? next : { ...next, applied: own, undone: false, undo: null };
}

/** The row after Undo took back this actor's entry. */
export function undoSpreadRow(row: AttackRow, actorUuid: string, undo: UndoRecord): AttackRow | CardRefusal {
  const hit = liveHit(row, actorUuid);
  if (!hit) return "stale";
  return { ...row, spread: (row.spread ?? []).map((h) => (h === hit ? { ...h, undone: true, undo } : h)) };
}
