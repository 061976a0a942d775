/** Registers the GeneSys combat documents and the intents the GM's client decides; call at init (the tracker is combat/register-tracker.ts). */
import { GenesysCombat } from "./combat.js";
import { GenesysCombatant } from "./combatant.js";

export function registerCombat(): void {
  CONFIG.Combat.documentClass = GenesysCombat;
  CONFIG.Combatant.documentClass = GenesysCombatant;
  // Nothing is rolled: Foundry's initiative shows the execution value (Riflessi + maneuver initiative), a whole number.
  CONFIG.Combat.initiative = { formula: null, decimals: 0 };
  GenesysCombat.registerIntents();
}
