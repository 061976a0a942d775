/** A hazard card in the chat log: its Narrator's buttons and the two tools in the scene controls; hazard-intents.ts answers. */
import { requestIntent } from "../authority/intent-channel.js";
import { authoredByGm } from "../chat/authored.js";
import { asElement } from "../compat/dom.js";
import { NARRATOR_CONTROL_TOOLS } from "../applications/scene-controls.js";
import { explosion, genericDamageForSelected } from "./narrator-tools.js";
import { hazardFlagOf, openedHazardOf, readHazardCard, sealedHazardOf, type HazardCardState } from "./hazard-card.js";

export const HAZARD_UNDO_INTENT = "genesys.hazardUndo";
export const HAZARD_STUN_INTENT = "genesys.hazardStun";

/** The card's state from a message only a Narrator's client could have written (a hidden one opened here), or null. */
export function hazardCardOf(message: ChatMessage.Implementation | ChatMessage.Stored): HazardCardState | null {
  if (!authoredByGm(message)) return null;
  return readHazardCard(hazardFlagOf(message)) ?? openedHazardOf(message);
}

/** Asks the Narrator's client to undo one row (its record id) or "all" rows of the card. */
export function requestHazardUndo(messageId: string, recordId: string): Promise<boolean> {
  return requestIntent(HAZARD_UNDO_INTENT, { messageId, recordId });
}

/** Asks the Narrator's client for a row's stun check. */
export function requestHazardStun(messageId: string, recordId: string): Promise<boolean> {
  return requestIntent(HAZARD_STUN_INTENT, { messageId, recordId });
}

/** Wires the card's buttons (a Narrator's only: a player sees the card without them); false for any other message. */
export function decorateHazardCard(message: ChatMessage.Implementation, html: HTMLElement): boolean {
  // A hidden card this Narrator's browser opens only once it has fetched the key: its buttons are wired all the same.
  const state = hazardCardOf(message) ?? (game.user.isGM && authoredByGm(message) ? sealedHazardOf(message) : null);
  if (!state) return false;
  if (!game.user.isGM) {
    for (const b of Array.from(html.querySelectorAll("[data-hazard-action]"))) b.remove();
    return true;
  }
  html.addEventListener("click", (event) => {
    const button = asElement(event.target)?.closest<HTMLButtonElement>("[data-hazard-action]");
    if (!button || !message.id) return;
    event.preventDefault();
    const action = button.dataset["hazardAction"];
    const recordId = action === "undoAll" ? "all" : button.dataset["recordId"];
    if (!recordId) return;
    button.disabled = true;
    const done = action === "stun" ? requestHazardStun(message.id, recordId) : requestHazardUndo(message.id, recordId);
    void done.finally(() => { button.disabled = false; });
  });
  return true;
}

/** The card's buttons in the chat log, and the two tools in the Narrator's scene controls. Call at init. */
export function registerHazardCards(): void {
  if (!NARRATOR_CONTROL_TOOLS.some((t) => t.name === "genericDamage")) {
    NARRATOR_CONTROL_TOOLS.push(
      { name: "genericDamage", title: "GENESYS.Controls.GenericDamage", icon: "fa-solid fa-person-falling-burst", run: () => genericDamageForSelected() },
      { name: "explosion", title: "GENESYS.Controls.Explosion", icon: "fa-solid fa-bomb", run: () => explosion() },
    );
  }
  Hooks.on("renderChatMessageHTML", (message, html) => { decorateHazardCard(message, html); });
}
