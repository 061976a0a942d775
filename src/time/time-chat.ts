/** The "time passes" card in the chat log: its Undo and death buttons ask the Narrator's client (time-intents.ts). */
import { registerCardDecorator } from "../chat/card-decorators.js";
import { authoredByGm } from "../chat/authored.js";
import { asElement } from "../compat/dom.js";
import { lazily } from "../load/lazily.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { TIME_CARD_FLAG } from "./time-card-flag.js";

/** The card is read (time-requests.ts) only when its Undo is pressed; the Narrator's client reads it again. */
const requestTimeUndo = lazily(() => import("./time-requests.js"), "requestTimeUndo");
const requestTimeDeath = lazily(() => import("./time-requests.js"), "requestTimeDeath");

/** Whether the message is a Narrator's "time passes" card, by its flag (its content is read on Undo). */
function isTimeCard(message: ChatMessage.Implementation): boolean {
  const flags = message.flags as Record<string, Record<string, unknown> | undefined>; // read as unknown: the flag's shape is checked on Undo
  return authoredByGm(message) && flags[SYSTEM_ID]?.[TIME_CARD_FLAG] !== undefined;
}

/** Wires the card's buttons; false for any other message. */
export function decorateTimeCard(message: ChatMessage.Implementation, html: HTMLElement): boolean {
  if (!isTimeCard(message)) return false;
  html.addEventListener("click", (event) => {
    const button = asElement(event.target)?.closest<HTMLButtonElement>("[data-time-action]");
    const action = button?.dataset["timeAction"];
    const id = message.id;
    if (!button || !id) return;
    const actorUuid = button.dataset["actorUuid"] ?? "";
    const request = action === "undo" ? () => requestTimeUndo(id)
      : action === "death" || action === "undeath" ? () => requestTimeDeath(id, actorUuid, action === "undeath")
      : null;
    if (!request) return;
    event.preventDefault();
    button.disabled = true;
    void request().finally(() => { button.disabled = false; });
  });
  return true;
}

export function registerTimeCards(): void {
  registerCardDecorator(decorateTimeCard);
}
