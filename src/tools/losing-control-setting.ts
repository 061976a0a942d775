/**
 * §3.1.6 whether the losing-control card offers to apply the behaviour the Narrator picks as a timed effect (−2 to
 * every check for 1D6 turns, vomiting then −5 for 3D6 minutes, …). On by default; a table that plays them out by
 * hand turns it off, and the card only lists the behaviours.
 */
import { SYSTEM_ID } from "../settings/rules-settings.js";

export const LOSING_CONTROL_EFFECTS_SETTING = "losingControlEffects";

export function registerLosingControlSetting(): void {
  game.settings.register(SYSTEM_ID, LOSING_CONTROL_EFFECTS_SETTING, {
    name: "GENESYS.Settings.losingControlEffects.Name",
    hint: "GENESYS.Settings.losingControlEffects.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
}

/** Whether losing control's behaviours are applied as timed effects in this world (true before the setting exists). */
export function losingControlEffectsOn(): boolean {
  try {
    return game.settings.get(SYSTEM_ID, LOSING_CONTROL_EFFECTS_SETTING);
  } catch {
    return true;
  }
}
