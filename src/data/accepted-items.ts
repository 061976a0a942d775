/**
 * Which item types make sense on which actor type when dropped on a sheet.
 *
 * People (character, npc) take every item type. Animals (§3.3) are described by their printed stat block: they
 * have Capacità instead of skills, natural weapons instead of weapon items and natural protection instead of armour,
 * and none of those items would change anything on them; so only traits (e.g. trained not to fear fire) and gear
 * (a saddle, saddlebags) are accepted.
 */
export const ACCEPTED_ITEM_TYPES: Readonly<Record<string, readonly string[]>> = {
  character: ["skill", "trait", "weapon", "armor", "gear"],
  npc: ["skill", "trait", "weapon", "armor", "gear"],
  animal: ["trait", "gear"],
};

/** A refusal names an i18n key; its message takes {item} (the item's name), {type} and {actor} (localized type names). */
export type DropVerdict = { ok: true } | { ok: false; reason: string };

/** Whether an item of `itemType` may be added to an actor of `actorType`, and the i18n key explaining a refusal. */
export function dropVerdict(actorType: string, itemType: string): DropVerdict {
  const accepted = ACCEPTED_ITEM_TYPES[actorType] ?? [];
  if (accepted.includes(itemType)) return { ok: true };
  return { ok: false, reason: actorType === "animal" ? "GENESYS.Sheet.Drop.AnimalRejects" : "GENESYS.Sheet.Drop.Rejected" };
}

/** Item types a sheet offers in its "create" buttons. */
export function creatableItemTypes(actorType: string): readonly string[] {
  return ACCEPTED_ITEM_TYPES[actorType] ?? [];
}
