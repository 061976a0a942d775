/**
 * A hazard card's buttons in the chat log, which are the Narrator's (a player sees the card without them), and the two
 * hazard tools in the scene controls. What a click asks loads on its first use (hazard-chat.ts), so that no player
 * loads the card's reader; the Narrator's client checks the card again when it answers (hazard-intents.ts).
 */
import { registerCardDecorator } from "../chat/card-decorators.js";
import { authoredByGm } from "../chat/authored.js";
import { sealedCardOf } from "../chat/sealed-card.js";
import { asElement } from "../compat/dom.js";
import { hazardFlagOf } from "./hazard-card-flag.js";

/** A card the Narrator's client posted as a hazard card, open or sealed (hidden). */
function isHazardCard(message: ChatMessage.Implementation): boolean {
  return authoredByGm(message) && (hazardFlagOf(message) !== undefined || sealedCardOf(message)?.kind === "hazard");
}

/** Wires the card's buttons (a Narrator's only: a player's are removed); false for any other message. */
export function decorateHazardCard(message: ChatMessage.Implementation, html: HTMLElement): boolean {
  if (!isHazardCard(message)) return false;
  if (!game.user.isGM) {
    for (const b of Array.from(html.querySelectorAll("[data-hazard-action]"))) b.remove();
    return true;
  }
  html.addEventListener("click", (event) => {
    const button = asElement(event.target)?.closest<HTMLButtonElement>("[data-hazard-action]");
    const messageId = message.id;
    if (!button || !messageId) return;
    event.preventDefault();
    const action = button.dataset["hazardAction"];
    const recordId = action === "undoAll" ? "all" : button.dataset["recordId"];
    if (!recordId) return;
    button.disabled = true;
    const done = import("./hazard-chat.js").then((chat) => (action === "stun" ? chat.requestHazardStun(messageId, recordId) : chat.requestHazardUndo(messageId, recordId)));
    void done.catch((error: unknown) => { console.error("GeneSys | a hazard card's button failed", error); }).finally(() => { button.disabled = false; });
  });
  return true;
}

/** The card's buttons in the chat log. Call at init. */
export function registerHazardCards(): void {
  registerCardDecorator(decorateHazardCard);
}
