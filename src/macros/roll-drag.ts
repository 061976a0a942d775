/**
 * The drag data of a roll a sheet offers to the hotbar: `{ type: "GenesysRoll", actorUuid, characteristic | skill |
 * itemId }`. A characteristic's button carries it alone; an item row keeps core's Item drag data (other sheets copy
 * and sort items by it) and carries the roll beside it as `genesysRoll`. A skill is named by its language-free key, so
 * the macro survives a translated or re-dragged skill; a weapon by its item id.
 */
import { SkillModel } from "../data/item/skill.js";
import { WeaponModel } from "../data/item/weapon.js";
import { isCharacteristic } from "../check/check-request.js";
import type { CharacteristicKey } from "../rules/types.js";

export const ROLL_DRAG_TYPE = "GenesysRoll";

export type RollTarget = { characteristic: CharacteristicKey } | { skill: string } | { itemId: string };
export type RollDrag = { type: typeof ROLL_DRAG_TYPE; actorUuid: string } & RollTarget;

interface RollSource {
  uuid: string;
}
interface RollItem {
  id: string | null;
  system: unknown;
}

export function characteristicDrag(actor: RollSource, characteristic: CharacteristicKey): RollDrag {
  return { type: ROLL_DRAG_TYPE, actorUuid: actor.uuid, characteristic };
}

/** A skill's or a weapon's roll; null for items that roll nothing. */
export function itemDrag(actor: RollSource, item: RollItem): RollDrag | null {
  if (item.system instanceof SkillModel && item.system.slug) return { type: ROLL_DRAG_TYPE, actorUuid: actor.uuid, skill: item.system.slug };
  if (item.system instanceof WeaponModel && item.id) return { type: ROLL_DRAG_TYPE, actorUuid: actor.uuid, itemId: item.id };
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const nonEmpty = (value: unknown): value is string => typeof value === "string" && value !== "" && value.length <= 200;

/** The roll a drop carries (GenesysRoll data, or an Item drag with `genesysRoll`), checked field by field; else null. */
export function rollDragOf(data: unknown): RollDrag | null {
  if (!isRecord(data)) return null;
  const roll = data["type"] === "Item" ? data["genesysRoll"] : data;
  if (!isRecord(roll) || roll["type"] !== ROLL_DRAG_TYPE || !nonEmpty(roll["actorUuid"])) return null;
  const { actorUuid, characteristic, skill, itemId } = roll;
  const given = [characteristic, skill, itemId].filter((v) => v !== undefined);
  if (given.length !== 1) return null;
  if (isCharacteristic(characteristic)) return { type: ROLL_DRAG_TYPE, actorUuid, characteristic };
  if (nonEmpty(skill)) return { type: ROLL_DRAG_TYPE, actorUuid, skill };
  if (nonEmpty(itemId)) return { type: ROLL_DRAG_TYPE, actorUuid, itemId };
  return null;
}
