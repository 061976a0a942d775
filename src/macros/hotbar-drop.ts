/**
 * A roll dragged from a sheet to the hotbar (roll-drag.ts) becomes a script macro calling game.genesys.rollCheck or
 * attack for game.genesys.macroActor(uuid). As in dnd5e (create5eMacro) and draw-steel (createDocMacro), `hotbarDrop`
 * answers false at once, so core makes no macro of its own, and the macro is made afterwards: an existing one by this
 * user with the same name and command is reused. Other drops are core's.
 */
import { guarded } from "../ui/guarded.js";
import { actorFrom } from "../documents/actor-from.js";
import { skillByKey } from "../data/item/skill.js";
import { WeaponModel } from "../data/item/weapon.js";
import type { GenesysActor } from "../documents/actor.js";
import { rollDragOf, type RollDrag } from "./roll-drag.js";

/** Core's dice icon (t2k4e's stat macros use it too). */
const CHECK_ICON = "icons/svg/dice-target.svg";

interface MacroSpec {
  name: string;
  img: string;
  command: string;
}

function warn(key: string, data: Record<string, string> = {}): null {
  ui.notifications.warn(game.i18n.format(key, data));
  return null;
}

/** The macro's script: plain JSON literals, so no name or id can break out of it. */
export function rollCommand(roll: RollDrag): string {
  const who = `game.genesys.macroActor(${JSON.stringify(roll.actorUuid)})`;
  if ("itemId" in roll) return `await game.genesys.attack(${who}, ${JSON.stringify(roll.itemId)});`;
  const what = "skill" in roll ? `{ skill: ${JSON.stringify(roll.skill)} }` : `{ characteristic: ${JSON.stringify(roll.characteristic)} }`;
  return `await game.genesys.rollCheck(${who}, ${what});`;
}

/** Name, picture and script of the macro for `roll` on `actor`; null (with a warning) when the actor no longer has it. */
function macroSpec(actor: GenesysActor, roll: RollDrag): MacroSpec | null {
  const named = (label: string, img: string): MacroSpec => ({ name: game.i18n.format("GENESYS.Macro.Name", { label, name: actor.name }), img, command: rollCommand(roll) });
  if ("characteristic" in roll) return named(game.i18n.localize(`GENESYS.Characteristic.${roll.characteristic}`), CHECK_ICON);
  if ("skill" in roll) {
    const skill = skillByKey(actor.items, roll.skill);
    return skill ? named(skill.name, skill.img ?? CHECK_ICON) : warn("GENESYS.Macro.Warn.NoSkill", { name: actor.name, skill: roll.skill });
  }
  const weapon = actor.items.get(roll.itemId);
  return weapon?.system instanceof WeaponModel ? named(weapon.name, weapon.img ?? CHECK_ICON) : warn("GENESYS.Api.Warn.NoWeapon", { name: actor.name, weapon: roll.itemId });
}

/** Makes (or finds) the macro for `roll` and puts it in `slot`; the macro, or null when none could be made. */
export async function createRollMacro(roll: RollDrag, slot: number): Promise<Macro.Stored | null> {
  const actor = await actorFrom(roll.actorUuid);
  if (!actor) return warn("GENESYS.Api.Warn.NoActor", { ref: roll.actorUuid });
  const spec = macroSpec(actor, roll);
  if (!spec) return null;
  let macro: Macro.Stored | null = game.macros.find((m) => m.name === spec.name && m.command === spec.command && m.isAuthor) ?? null;
  try {
    macro ??= (await Macro.implementation.create({ ...spec, type: "script" })) ?? null;
  } catch (error) {
    // A player without the "script macros" permission is refused by the server.
    console.error("GeneSys GdR | macro not created", error);
  }
  if (!macro) return warn("GENESYS.Macro.Warn.NotCreated", { name: spec.name });
  // A stored macro is fvtt-types' structural Macro.Stored, which the lint rule cannot match to the Macro class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  await game.user.assignHotbarMacro(macro, slot);
  return macro;
}

/** The `hotbarDrop` handler: false (core makes nothing) for a GeneSys roll, nothing for other drops. */
export function onHotbarDrop(data: unknown, slot: number): false | undefined {
  const roll = rollDragOf(data);
  if (!roll) return undefined;
  void guarded(null, () => createRollMacro(roll, slot));
  return false;
}

/** Listens for hotbar drops; call at ready, so that a module listening from init or setup is asked first (as draw-steel does). */
export function registerHotbarDrop(): void {
  Hooks.on("hotbarDrop", (_bar, data, slot) => onHotbarDrop(data, slot));
}
