/** Translation converters for the packs' own shapes (Babele calls them with the source value and the entry's value). */

/**
 * An animal's capabilities are `{ key, label, … }`; a translation entry gives `{ <key>: label }`. Labels without a
 * translation stay as they are, and anything that is not such a list passes through untouched.
 */
export function translateLabels(value: unknown, translation: unknown): unknown {
  if (!Array.isArray(value) || typeof translation !== "object" || translation === null) return value;
  const labels = translation as Record<string, unknown>;
  return value.map((entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return entry;
    const key = (entry as { key?: unknown }).key;
    const label = typeof key === "string" && Object.hasOwn(labels, key) ? labels[key] : undefined;
    return typeof label === "string" ? { ...entry, label } : entry;
  });
}
