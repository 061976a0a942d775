/**
 * §3.1.5 the Narrator may extend armour's hindrance to objects he judges bulky: a world setting, off by default (the
 * book treats only armour as encumbering). When on, gear with a FOR minima hinders its carrier exactly as armour of
 * that FM does (§2.4.1: the shortfall lowers Destrezza and Velocità); no other number is added.
 */
import { SYSTEM_ID, unlinkedTokenActors } from "../settings/rules-settings.js";

export const BULKY_GEAR_SETTING = "bulkyGearHinders";

export function registerBulkyGearSetting(): void {
  game.settings.register(SYSTEM_ID, BULKY_GEAR_SETTING, {
    name: "GENESYS.Settings.bulkyGearHinders.Name",
    hint: "GENESYS.Settings.bulkyGearHinders.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
    onChange: () => {
      for (const actor of [...game.actors.contents, ...unlinkedTokenActors()]) actor.reset();
    },
  });
}

/** Whether bulky gear hinders in this world; false before the setting exists (documents prepared before init). */
export function bulkyGearHinders(): boolean {
  try {
    return game.settings.get(SYSTEM_ID, BULKY_GEAR_SETTING);
  } catch {
    return false;
  }
}
