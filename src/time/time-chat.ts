/** The "time passes" card in the chat log: its Undo button asks the Narrator's client (time-intents.ts). */
import { asElement } from "../compat/dom.js";
import { timeCardOf, requestTimeUndo } from "./time-requests.js";

/** Wires the card's Undo; false for any other message. */
export function decorateTimeCard(message: ChatMessage.Implementation, html: HTMLElement): boolean {
  if (!timeCardOf(message)) return false;
  html.addEventListener("click", (event) => {
    const button = asElement(event.target)?.closest<HTMLButtonElement>("[data-time-action='undo']");
    if (!button || !message.id) return;
    event.preventDefault();
    button.disabled = true;
    void requestTimeUndo(message.id).finally(() => { button.disabled = false; });
  });
  return true;
}

export function registerTimeCards(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => { decorateTimeCard(message, html); });
}
