/**
 * Chat wiring for the attack card: the v13 renderChatMessageHTML hook re-renders the card from the message's flags
 * for whoever is looking (buttons only for what they may do); the buttons send intents that the active GM's client
 * decides (card-intents.ts).
 *
 * Why flags and not a ChatMessage `system` data model: the card is authored by the GM's client, so no player can write
 * its flags, and readAttackState checks them on every read; a typed subtype would add a `documentTypes.ChatMessage`
 * entry and a data model for state that only card-intents.ts writes, and would make every card of a world unreadable
 * (an invalid document) while the system is disabled, where flags leave the rendered content readable.
 */
import { guarded } from "../applications/guarded.js";
import { asElement } from "../compat/dom.js";
import { isCardAction, onCardAction } from "./attack-flow.js";
import { authoredByGm, registerCardIntents } from "./card-intents.js";
import { cardState, currentViewer, renderCard, type CardMessage } from "./card-render.js";

/** The button a click landed on, with its action and row; null for clicks elsewhere. */
function clickedButton(event: Event): { action: string; rowId: string } | null {
  const target = asElement(event.target);
  if (!target) return null;
  const button = target.closest<HTMLElement>("[data-attack-action]");
  const action = button?.dataset["attackAction"];
  const rowId = button?.closest<HTMLElement>("[data-row-id]")?.dataset["rowId"];
  return action && rowId ? { action, rowId } : null;
}

/**
 * Replaces the message's content with the card as the current user sees it and wires its buttons.
 * Returns false for messages that are not attack cards (left as they are).
 */
export async function decorateAttackCard(message: CardMessage, html: HTMLElement): Promise<boolean> {
  const state = cardState(message);
  // A look-alike a player posted (flags of the right shape in their own message) is left as it is: no buttons, no
  // card rendering, and card-intents.ts never acts on it either.
  if (!state || !authoredByGm(message)) return false;
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!content) return false;
  content.innerHTML = await renderCard(state, await currentViewer(state));
  content.addEventListener("click", (event) => {
    const clicked = clickedButton(event);
    if (!clicked || !isCardAction(clicked.action)) return;
    event.preventDefault();
    const button = asElement(event.target)?.closest<HTMLButtonElement>("button") ?? null;
    if (button) button.disabled = true;
    void onCardAction(message, clicked.action, clicked.rowId).finally(() => {
      if (button) button.disabled = false;
    });
  });
  return true;
}

/** Registers the chat hook and the card's intents. Call at init. */
export function registerChatCards(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    void guarded(false, () => decorateAttackCard(message, html));
  });
  registerCardIntents();
}
