/**
 * Chat wiring for the attack card: the v13 renderChatMessageHTML hook re-renders the card from the message's flags
 * for whoever is looking (buttons only for what they may do), and a v13 query lets a player who may not update the
 * message ask the active GM's client to record their defence.
 *
 * Why flags and not a ChatMessage `system` data model: a typed subtype needs a `documentTypes.ChatMessage` entry in
 * system.json and a registered data model, while the card's state is plain JSON that only this module writes;
 * flags need no manifest change, survive the system being disabled, and readAttackState checks them on every read.
 */
import { cardState, currentViewer, isCardAction, onCardAction, onCardQuery, renderCard, CARD_QUERY, type CardMessage } from "./attack-flow.js";

/** The button a click landed on, with its action and row; null for clicks elsewhere. */
function clickedButton(event: Event): { action: string; rowId: string } | null {
  const target = event.target;
  if (!(target instanceof Element)) return null;
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
  if (!state) return false;
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!content) return false;
  content.innerHTML = await renderCard(state, await currentViewer(state));
  content.addEventListener("click", (event) => {
    const clicked = clickedButton(event);
    if (!clicked || !isCardAction(clicked.action)) return;
    event.preventDefault();
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button") : null;
    if (button) button.disabled = true;
    void onCardAction(message, clicked.action, clicked.rowId).finally(() => {
      if (button) button.disabled = false;
    });
  });
  return true;
}

/** Registers the chat hook and the GM query. Call at init. */
export function registerChatCards(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    void decorateAttackCard(message, html);
  });
  CONFIG.queries[CARD_QUERY] = onCardQuery;
}
