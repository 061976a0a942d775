/** The GeneSys combat tracker in Foundry's sidebar (the combat documents are registered by documents/register-combat.ts); call at init. */
import { GenesysCombatTracker } from "./combat-tracker.js";

export function registerCombatTracker(): void {
  CONFIG.ui.combat = GenesysCombatTracker;
}
