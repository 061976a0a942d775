/**
 * The buttons of a Narrator tool card (tool-card.ts actions): a Narrator's click asks his active client
 * (losing-control-effects.ts); a player sees the card without them. Any client may be asked to render the card, so
 * this runs on every client.
 */
import { registerCardDecorator } from "../chat/card-decorators.js";
import { requestIntent } from "../authority/intent-channel.js";
import { authoredByGm } from "../chat/authored.js";
import { asElement } from "../compat/dom.js";
import { TOOL_INTENTS } from "./tool-intent-kinds.js";

/** Wires a Narrator's tool card buttons, or takes them off a player's view; false for a message no Narrator wrote. */
export function decorateToolCard(message: ChatMessage.Implementation, html: HTMLElement): boolean {
  if (!authoredByGm(message)) return false;
  if (!game.user.isGM) {
    for (const b of Array.from(html.querySelectorAll("[data-tool-action]"))) b.remove();
    return true;
  }
  // A sealed card's content arrives once this client opens it: the listener is on the message, not on the buttons.
  html.addEventListener("click", (event) => {
    const button = asElement(event.target)?.closest<HTMLButtonElement>("[data-tool-action='losingControl']");
    if (!button) return;
    event.preventDefault();
    button.disabled = true;
    const payload = { actorUuid: button.dataset["actorUuid"] ?? "", option: button.dataset["option"] ?? "" };
    void requestIntent(TOOL_INTENTS.losingControlApply, payload).finally(() => { button.disabled = false; });
  });
  return true;
}

export function registerToolCards(): void {
  registerCardDecorator(decorateToolCard);
}
