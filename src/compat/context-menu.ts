/**
 * The one place that names a context-menu entry for the Foundry generation it runs on (read at call time): v13 names
 * an entry by `name`; v14 by `label`, `name` being deprecated there (the v14 type declarations, and dnd5e 5.3 on v14
 * writing `label`). Core's own entries are found by whichever the running generation filled in.
 */

/** The i18n key an entry is named by, whatever the generation that made it. */
export function entryKey(entry: object): string | undefined {
  const named = entry as { name?: unknown; label?: unknown }; // both generations' fields, read as unknown
  const key = named.label ?? named.name;
  return typeof key === "string" ? key : undefined;
}

/** An entry of ours, named as the running generation reads it. */
export function contextEntry<T extends { name: string }>(entry: T): T {
  if (game.release.generation < 14) return entry;
  const { name, ...rest } = entry;
  // v14's entry type has `label` where v13's (the types this project compiles against) has `name`.
  return { ...rest, label: name } as unknown as T;
}
