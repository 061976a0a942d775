/**
 * The one place that reads or writes CONFIG.statusEffects, because its shape depends on the Foundry generation:
 * - v13: an array of status configs (what the 13.345 types describe);
 * - v14: a record keyed by status id, with array access kept only for backwards compatibility
 *   (foundryvtt/foundryvtt#13122; MetaMorphic-Digital/draw-steel#1166). Array-style writes on the v14 registry lose
 *   entries (SR5-FoundryVTT/SR5-FoundryVTT#1960: a splice dropped core statuses from the HUD), so v14 is written by key.
 * The generation is read at call time, not at import, so the module follows whatever Foundry it runs on; dnd5e reads
 * it the same way (foundryvtt/dnd5e module/documents/active-effect.mjs: `game.release.generation < 14 ? find : [id]`).
 */

export type StatusEffectConfig = CONFIG.StatusEffect;

/** The v14 shape of CONFIG.statusEffects; the 13.345 types only know the array. */
type StatusEffectRecord = Record<string, StatusEffectConfig>;

function generation(): number {
  return game.release.generation;
}

function asRecord(): StatusEffectRecord {
  // From v14 on the value is a record keyed by id (foundryvtt/foundryvtt#13122); the v13 types only describe the array.
  return CONFIG.statusEffects as unknown as StatusEffectRecord;
}

/** Every configured status, core's and ours, in configuration order. */
export function readStatusEffects(): StatusEffectConfig[] {
  return generation() >= 14 ? Object.values(asRecord()) : [...CONFIG.statusEffects];
}

/**
 * Adds `entries` to core's statuses: core's own stay (blind, invisible… are the Narrator's too), and an entry whose id
 * core already uses takes that entry's place, so each id is configured once.
 */
export function addStatusEffects(entries: readonly StatusEffectConfig[]): void {
  if (generation() >= 14) {
    const record = asRecord();
    for (const entry of entries) record[entry.id] = entry;
    return;
  }
  const list = CONFIG.statusEffects;
  for (const entry of entries) {
    const at = list.findIndex((s) => s.id === entry.id);
    if (at === -1) list.push(entry);
    else list[at] = entry;
  }
}
