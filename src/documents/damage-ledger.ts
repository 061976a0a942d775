/**
 * What each recorded hit still accounts for on an actor, so that Undo takes back exactly its own change and no more.
 * The GM's client keeps the ledger on the damaged actor. Whatever lowered the counters meanwhile (rest, the Narrator's
 * own edit, another undo) is first taken off the oldest entries: a hit that was healed away has nothing left to undo,
 * and undoing it never erases a later hit.
 */
export interface LedgerAmounts {
  wounds: number;
  fatigue: number;
  poison: number;
}

export interface LedgerEntry extends LedgerAmounts {
  id: string;
}

const KEYS = ["wounds", "fatigue", "poison"] as const;
/** Older entries beyond this are forgotten: a hit from that long ago is no longer undone from its card. */
export const LEDGER_LIMIT = 50;

const whole = (n: unknown): number => (typeof n === "number" && Number.isInteger(n) && n > 0 ? n : 0);

/** The stored ledger, or an empty one; entries of the wrong shape are dropped. */
export function readLedger(raw: unknown): LedgerEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e: unknown) => {
    if (typeof e !== "object" || e === null) return [];
    const r = e as Record<string, unknown>;
    return typeof r["id"] === "string" ? [{ id: r["id"], wounds: whole(r["wounds"]), fatigue: whole(r["fatigue"]), poison: whole(r["poison"]) }] : [];
  });
}

/** The entries trimmed, oldest first, so that for each counter they account for no more than the actor has now. */
export function reconcileLedger(entries: readonly LedgerEntry[], current: LedgerAmounts): LedgerEntry[] {
  const out = entries.map((e) => ({ ...e }));
  for (const key of KEYS) {
    let excess = out.reduce((s, e) => s + e[key], 0) - Math.max(0, current[key]);
    for (const e of out) {
      if (excess <= 0) break;
      const cut = Math.min(e[key], excess);
      e[key] -= cut;
      excess -= cut;
    }
  }
  return out.filter((e) => KEYS.some((k) => e[k] > 0)).slice(-LEDGER_LIMIT);
}

/** The ledger after recording a new change. */
export function recordInLedger(entries: readonly LedgerEntry[], current: LedgerAmounts, entry: LedgerEntry): LedgerEntry[] {
  return [...reconcileLedger(entries, current), entry].slice(-LEDGER_LIMIT);
}

/**
 * What undoing entry `id` takes back now, never more than `cap` (what the change itself added, as the GM's own record
 * says), and the ledger without it; null when nothing of it is left.
 */
export function takeBackFromLedger(entries: readonly LedgerEntry[], current: LedgerAmounts, id: string, cap?: LedgerAmounts): { taken: LedgerAmounts; entries: LedgerEntry[] } | null {
  const reconciled = reconcileLedger(entries, current);
  const entry = reconciled.find((e) => e.id === id);
  if (!entry) return null;
  const limit = (key: keyof LedgerAmounts): number => Math.min(entry[key], cap ? Math.max(0, cap[key]) : entry[key]);
  return { taken: { wounds: limit("wounds"), fatigue: limit("fatigue"), poison: limit("poison") }, entries: reconciled.filter((e) => e.id !== id) };
}
