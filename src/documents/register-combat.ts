/** Registers the GeneSys combat (documents, sidebar tracker, and the intents the GM's client decides); call at init. */
import { GenesysCombatTracker } from "../applications/combat-tracker.js";
import { GenesysCombat } from "./combat.js";
import { GenesysCombatant } from "./combatant.js";

export function registerCombat(): void {
  CONFIG.Combat.documentClass = GenesysCombat;
  CONFIG.Combatant.documentClass = GenesysCombatant;
  // Nothing is rolled: Foundry's initiative shows the execution value (Riflessi + maneuver initiative), a whole number.
  CONFIG.Combat.initiative = { formula: null, decimals: 0 };
  CONFIG.ui.combat = GenesysCombatTracker;
  GenesysCombat.registerIntents();
}
