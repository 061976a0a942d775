/**
 * §3.2.1 the Narrator's ambush check, asked from the combat tracker: the ordinary request dialog and card, Percezione
 * at Difficult (25, the book's example) pre-chosen, the combatants marked surprised asked (their tokens' actors when
 * unlinked), and the card linked to the fight (documents/ambush-check.ts).
 */
import { guarded } from "../ui/guarded.js";
import { ambushed } from "../documents/ambush-check.js";
import type { GenesysCombat } from "../documents/combat.js";
import { SURPRISE_AWARENESS_DIFFICULTY } from "../rules/advanced/surprise.js";
import type { CardMessage } from "../chat/authored.js";
import { askForCheck } from "./request-flow.js";

/** Opens the request dialog for the fight's surprised combatants; the card, or null (a warning says why). */
export async function askAmbushCheck(combat: GenesysCombat, options: { prompt?: boolean } = {}): Promise<CardMessage | null> {
  const warn = (key: string): null => {
    ui.notifications.warn(game.i18n.localize(key));
    return null;
  };
  if (!game.user.isGM) return warn("GENESYS.Request.Warn.NarratorsOnly");
  const actors = ambushed(combat).flatMap((c) => (c.actor ? [c.actor] : []));
  if (combat.id === null || actors.length === 0) return warn("GENESYS.Combat.Ambush.Warn.NobodySurprised");
  const check = { characteristic: "perception", difficulty: SURPRISE_AWARENESS_DIFFICULTY };
  return guarded(null, () => askForCheck(check, { recipients: actors, ambush: { combatId: combat.id ?? "" }, prompt: options.prompt !== false }));
}
