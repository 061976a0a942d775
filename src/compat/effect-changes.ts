/**
 * The one place that reads or writes an ActiveEffect's changes, because their shape depends on the Foundry generation:
 * - v13: `effect.changes[]`, each `{ key, value, mode, priority }` with a numeric mode (CONST.ACTIVE_EFFECT_MODES:
 *   CUSTOM 0, MULTIPLY 1, ADD 2, DOWNGRADE 3, UPGRADE 4, OVERRIDE 5);
 * - v14: `effect.system.changes[]` (foundryvtt/foundryvtt#13740), each `{ key, value, type, phase, priority }` with a
 *   string type (#13566, CONST.ACTIVE_EFFECT_CHANGE_TYPES; SR5-FoundryVTT/SR5-FoundryVTT#1841 "type instead of mode",
 *   Pjb518/FoundryVTT-Level-Up-Official#643 "`changes#mode` is deprecated. Use `changes#type` instead").
 * v14 adds a `subtract` type (foundryvtt/foundryvtt#13613: on a number it does what `add` does with the value's sign
 * turned; SR5-FoundryVTT/SR5-FoundryVTT#1935 supports it the same way): it is read as `add` of the negated number, so
 * every GeneSys key takes it through the one `add` rule; a subtract whose value is no number (core uses it to remove
 * from a set, which no GeneSys key is) is read as `custom`, counted as ignored like any change GeneSys cannot apply.
 * The generation is read at call time, as src/compat/status-effects.ts does.
 */

/** How a change combines with the value before it, named as v14 names its types. */
export type ChangeKind = "add" | "multiply" | "override" | "upgrade" | "downgrade" | "custom";

/** A change as GeneSys reads it, whatever the generation. */
export interface EffectChange {
  key: string;
  kind: ChangeKind;
  value: string;
}

const V13_MODES: readonly ChangeKind[] = ["custom", "multiply", "add", "downgrade", "upgrade", "override"];
const KINDS: readonly string[] = V13_MODES;

function generation(): number {
  return game.release.generation;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** v14's subtract, as the add of the negated number it amounts to; custom when the value is no number. */
function subtracted(value: string): { kind: ChangeKind; value: string } {
  const n = Number(value.trim());
  return value.trim() !== "" && Number.isFinite(n) ? { kind: "add", value: String(-n) } : { kind: "custom", value };
}

function kindOf(raw: Record<string, unknown>, v14: boolean): ChangeKind | "subtract" | null {
  if (v14) {
    if (raw["type"] === "subtract") return "subtract";
    const type = raw["type"];
    return typeof type === "string" && KINDS.includes(type) ? (type as ChangeKind) : null;
  }
  const mode = raw["mode"];
  return typeof mode === "number" ? (V13_MODES[mode] ?? null) : null;
}

/** The changes of an effect (any object: a document or its source); malformed entries are left out. */
export function readEffectChanges(effect: unknown): EffectChange[] {
  if (!isObject(effect)) return [];
  const v14 = generation() >= 14;
  const system = effect["system"];
  const list = v14 ? (isObject(system) ? system["changes"] : undefined) : effect["changes"];
  if (!Array.isArray(list)) return [];
  const out: EffectChange[] = [];
  for (const raw of list as unknown[]) {
    if (!isObject(raw) || typeof raw["key"] !== "string") continue;
    const kind = kindOf(raw, v14);
    const value = raw["value"];
    if (kind === null || (typeof value !== "string" && typeof value !== "number")) continue;
    out.push({ key: raw["key"], ...(kind === "subtract" ? subtracted(String(value)) : { kind, value: String(value) }) });
  }
  return out;
}

/** The part of an effect's creation data that holds these changes, shaped for the running generation. */
export function effectChangesData(changes: readonly EffectChange[]): Record<string, unknown> {
  if (generation() >= 14) {
    return { system: { changes: changes.map((c) => ({ key: c.key, type: c.kind, value: c.value, phase: "initial", priority: null })) } };
  }
  return { changes: changes.map((c) => ({ key: c.key, mode: V13_MODES.indexOf(c.kind), value: c.value, priority: null })) };
}
