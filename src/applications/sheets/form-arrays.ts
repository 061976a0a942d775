/**
 * Editable lists in sheet forms (weapon modes, animal speeds, environments, capabilities).
 *
 * A form names its inputs `system.modes.0.damage.dice`; once expanded that is an object keyed "0", "1"… Foundry's
 * ArrayField would replace the whole list with it, so a row field missing from the form would be reset. Here each
 * submitted row is laid over the stored row and the list becomes an array again.
 */

type Plain = Record<string, unknown>;

function isPlain(v: unknown): v is Plain {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Deep copy of `base` with `over` laid on top (arrays and scalars in `over` replace). */
export function overlay(base: unknown, over: unknown): unknown {
  if (!isPlain(base) || !isPlain(over)) return over === undefined ? structuredClone(base) : over;
  const out: Plain = structuredClone(base);
  for (const [k, v] of Object.entries(over)) out[k] = overlay(base[k], v);
  return out;
}

function getPath(obj: Plain, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split(".")) {
    if (!isPlain(cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

function setPath(obj: Plain, path: string, value: unknown): void {
  const parts = path.split(".");
  const last = parts.pop();
  if (last === undefined) return;
  let cur: Plain = obj;
  for (const part of parts) {
    const next = cur[part];
    if (!isPlain(next)) return;
    cur = next;
  }
  cur[last] = value;
}

/**
 * For each list path present in the expanded form data, rebuild the array: rows in index order, each the stored
 * row overlaid with what the form sent. Rows the form did not mention keep their stored values.
 */
export function arraysFromForm<T extends object>(data: T, stored: Record<string, readonly unknown[]>): T {
  if (!isPlain(data)) return data;
  for (const [path, source] of Object.entries(stored)) {
    const submitted = getPath(data, path);
    if (!isPlain(submitted)) continue;
    const rows = source.map((row, i) => overlay(row, submitted[String(i)]));
    setPath(data, path, rows);
  }
  return data;
}

/** The list with one more row at the end. */
export function withRow<T>(rows: readonly T[], row: T): T[] {
  return [...structuredClone(rows as T[]), row];
}

/** The list without the row at `index`; a list that must keep `min` rows is returned unchanged. */
export function withoutRow<T>(rows: readonly T[], index: number, min = 0): T[] {
  if (rows.length <= min || index < 0 || index >= rows.length) return structuredClone(rows as T[]);
  return structuredClone(rows as T[]).filter((_, i) => i !== index);
}

/** First value of `choices` no row uses yet (so a new speed or environment row is not a duplicate), else the first. */
export function firstUnused<T extends string>(choices: readonly T[], used: readonly string[]): T {
  const pick = choices.find((c) => !used.includes(c)) ?? choices[0];
  if (pick === undefined) throw new Error("firstUnused: no choices");
  return pick;
}
