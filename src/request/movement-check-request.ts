/**
 * §2.2.5 the Narrator's terrain check for a combatant's Movimento, asked from its tracker row: the ordinary request
 * dialog and card, the combatant's actor (its token's, when unlinked) asked, and the row linked, so that the GM's
 * client records the result where the tracker and the ruler read it (documents/movement-check.ts).
 */
import { guarded } from "../ui/guarded.js";
import type { GenesysCombat } from "../documents/combat.js";
import type { GenesysCombatant } from "../documents/combatant.js";
import type { CardMessage } from "../chat/authored.js";
import { askForCheck } from "./request-flow.js";

/** Opens the request dialog for the row (Dexterity pre-chosen, any skill may be picked); the card, or null. */
export async function askMovementCheck(combat: GenesysCombat, combatant: GenesysCombatant, options: { prompt?: boolean; check?: Record<string, unknown> } = {}): Promise<CardMessage | null> {
  const warn = (key: string): null => {
    ui.notifications.warn(game.i18n.localize(key));
    return null;
  };
  if (!game.user.isGM) return warn("GENESYS.Request.Warn.NarratorsOnly");
  const actor = combatant.actor;
  if (!actor || combat.id === null || combatant.id === null) return warn("GENESYS.Combat.Warn.NoCombatant");
  const movement = { combatId: combat.id, combatantId: combatant.id, round: combat.round };
  return guarded(null, () => askForCheck(options.check ?? { characteristic: "dexterity" }, { recipients: [actor], movement, prompt: options.prompt !== false }));
}
