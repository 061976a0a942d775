/**
 * §1.8.1 (A-12) a permanent rise of a characteristic raises every skill based on it (§1.3.2); whether that clears the
 * skills' increment points is the world's setting. The writing client notes the rises before the write (it alone
 * still sees the old scores) and, once written, clears the points of the skills concerned.
 */
import { changedAt } from "../data/actor/creation.js";
import { SkillModel } from "../data/item/skill.js";
import { resetOnPermanentRise } from "../rules/increment.js";
import { CHARACTERISTICS, type CharacteristicKey } from "../rules/types.js";
import { rulesOptions } from "../settings/rules-settings.js";

/** What the write's options carry from _preUpdate to _onUpdate (dnd5e carries its hit-point change the same way). */
const RISES = "genesysCharacteristicRises";

type Scored = { characteristics?: Partial<Record<CharacteristicKey, number | null>> } | null | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** The characteristics this update raises, compared with the stored scores; its keys nested, dotted or mixed. */
export function risenCharacteristics(stored: Scored, changes: unknown): CharacteristicKey[] {
  const old = stored?.characteristics;
  if (!old) return [];
  return CHARACTERISTICS.filter((key) => {
    const value = changedAt(changes, `system.characteristics.${key}`);
    const before = old[key];
    return typeof value === "number" && typeof before === "number" && value > before;
  });
}

/** Before the write: notes the rises in the options; nothing to note when the setting keeps the points anyway. */
export function noteCharacteristicRises(stored: Scored, changes: unknown, options: object): void {
  if (!rulesOptions().resetIncrementOnCharacteristicRise) return;
  const risen = risenCharacteristics(stored, changes);
  if (risen.length > 0) Reflect.set(options, RISES, risen);
}

/** The actor's side that clearing needs: its skills. */
export type RiseActor = Pick<Actor.Implementation, "items">;

/**
 * After the write, on the writing client only (it owns the actor): the points of each skill based on a risen
 * characteristic, as resetOnPermanentRise decides.
 */
export async function applyCharacteristicRises(actor: RiseActor, options: unknown, userId: string): Promise<void> {
  if (userId !== game.user.id || !isObject(options)) return;
  const risen = options[RISES];
  if (!Array.isArray(risen) || risen.length === 0) return;
  const rulesIn = rulesOptions();
  for (const item of actor.items) {
    const skill = item.system;
    if (!(skill instanceof SkillModel) || !risen.includes(skill.characteristic) || skill.increment === 0) continue;
    const left = resetOnPermanentRise(skill.increment, "characteristic", rulesIn);
    if (left !== skill.increment) await item.update({ system: { increment: left } });
  }
}
