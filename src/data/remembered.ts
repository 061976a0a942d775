/**
 * What the derivation caches share (actor/person-memo.ts, item/skill.ts, item/weapon.ts): each remembers its last
 * result by the document that outlives its data model's re-creations, and compares inputs value by value.
 */

/** The same value, −0 told from 0 (Object.is, kept a plain comparison in these hot paths; NaN never is). */
export function same(a: unknown, b: unknown): boolean {
  return a === b && (a !== 0 || 1 / a === 1 / (b as number)); // b is a here, so ±0
}

/** The document a data model belongs to, the cache's key; none for a model made on its own. */
export function ownerOf(model: { parent: unknown }): object | null {
  const parent = model.parent;
  return typeof parent === "object" && parent !== null ? parent : null;
}
