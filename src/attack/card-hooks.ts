/**
 * Chat wiring for the attack card: its decoration (chat/card-decorators.ts) re-renders the card from the message's
 * flags for whoever is looking (buttons only for what they may do); the buttons send intents that the active GM's client
 * decides (card-intents.ts).
 *
 * Why flags and not a ChatMessage `system` data model: the card is authored by the GM's client, so no player can write
 * its flags, and readAttackState checks them on every read; a typed subtype would add a `documentTypes.ChatMessage`
 * entry and a data model for state that only card-intents.ts writes, and would make every card of a world unreadable
 * (an invalid document) while the system is disabled, where flags leave the rendered content readable.
 */
import { registerCardDecorator } from "../chat/card-decorators.js";
import { addShortcutTooltips, CARD_ROLL_BUTTONS, cardClickOptions } from "../check/quick-roll.js";
import { modifierEvent } from "../input/roll-modifiers.js";
import { asElement } from "../compat/dom.js";
import { lazily } from "../load/lazily.js";
import { isCardAction } from "./card-actions.js";
import { ATTACK_FLAG, NO_VIEWER, SYSTEM_SCOPE, readAttackState } from "./attack-card.js";
import { authoredByGm, cardState, currentViewer, renderCard, type CardMessage } from "./card-render.js";
import { decorateSealedCard, registerSealedKind } from "../chat/sealed-card.js";
import { standAsideFor } from "../dice/dice-so-nice.js";
import { cardRolls } from "./card-rolls.js";
import { contestState } from "../contest/contest-plan.js";

/** The attack flow loads with the first click on a card's button. */
const onCardAction = lazily(() => import("./attack-flow.js"), "onCardAction");

/** The button a click landed on, with its action, row, the actor (a selected token's Undo) or the claim (a strike); null for clicks elsewhere. */
function clickedButton(event: Event): { action: string; rowId: string; hit?: string; claim?: string } | null {
  const target = asElement(event.target);
  if (!target) return null;
  const button = target.closest<HTMLElement>("[data-attack-action]");
  const action = button?.dataset["attackAction"];
  const rowId = button?.closest<HTMLElement>("[data-row-id]")?.dataset["rowId"];
  const hit = button?.dataset["hit"];
  const claim = button?.dataset["claim"];
  if (!action || !rowId) return null;
  return { action, rowId, ...(hit ? { hit } : {}), ...(claim ? { claim } : {}) };
}

/**
 * Replaces the message's content with the card as the current user sees it and wires its buttons.
 * Returns false for messages that are not attack cards (left as they are).
 */
export async function decorateAttackCard(message: CardMessage, html: HTMLElement): Promise<boolean> {
  const content = html.querySelector<HTMLElement>(".message-content");
  // A sealed (blind) card: the Narrators see the real card in place of its placeholder, anyone else the placeholder.
  if (await decorateSealedCard(message, html)) {
    if (content && cardState(message)) wireButtons(message, content);
    return true;
  }
  const state = cardState(message);
  // A look-alike a player posted (flags of the right shape in their own message) is left as it is: no buttons, no
  // card rendering, and card-intents.ts never acts on it either.
  if (!state || !authoredByGm(message)) return false;
  if (!content) return false;
  content.innerHTML = await renderCard(state, await currentViewer(state));
  wireButtons(message, content);
  return true;
}

function wireButtons(message: CardMessage, content: HTMLElement): void {
  content.addEventListener("click", (event) => {
    const clicked = clickedButton(event);
    if (!clicked || !isCardAction(clicked.action)) return;
    event.preventDefault();
    const button = asElement(event.target)?.closest<HTMLButtonElement>("button") ?? null;
    if (button) button.disabled = true;
    // A mouse click carries the modifiers that may skip the defence dialog (check/quick-roll.ts).
    const quick = cardClickOptions(modifierEvent(event));
    const named = { ...(clicked.hit ? { hit: clicked.hit } : {}), ...(clicked.claim ? { claim: clicked.claim } : {}) };
    void onCardAction(message, clicked.action, clicked.rowId, { ...quick, ...named }).finally(() => {
      if (button) button.disabled = false;
    });
  });
  addShortcutTooltips(content, CARD_ROLL_BUTTONS, false);
}

/**
 * A sealed attack card on a Narrator's client is the attack card itself; revealed, it becomes an open card (no longer
 * blind), whose players may defend, roll damage and apply as on any other.
 */
function registerSealedAttack(): void {
  registerSealedKind("attack", {
    render: async (value) => {
      const state = readAttackState(value);
      return state ? renderCard(state, { ...(await currentViewer(state)), sealed: true }) : null;
    },
    note: "GENESYS.Seal.NarratorsOnlyAttack",
    reveal: async (value) => {
      const state = readAttackState(value);
      if (!state) return null;
      // §1.8.2 the points the card held are handed out: the open card says what became of them, the skills follow it.
      const { revealPoints } = await import("./attack-points.js");
      const points = await revealPoints(state);
      const open = { ...points.state, blind: false };
      // Its dice as Rolls, now that they may be seen; already thrown on the Narrator's screen, so not thrown again.
      const rolls = cardRolls(open).map((r) => r.toJSON());
      const after = async (): Promise<void> => {
        await Promise.all(points.writes.map((write) => write()));
      };
      return { fields: { [`flags.${SYSTEM_SCOPE}.${ATTACK_FLAG}`]: open, content: await renderCard(open, NO_VIEWER), rolls }, after };
    },
  });
}

/** Registers the card's decoration (the card's intents are the Narrator's side, narrator.ts). Call at init. */
export function registerChatCards(): void {
  registerCardDecorator(decorateAttackCard);
  // An attack card's dice are thrown by whoever rolled them (attack-flow.ts), so Dice So Nice's message hooks do not.
  standAsideFor((message) => authoredByGm(message) && (message.getFlag(SYSTEM_SCOPE, ATTACK_FLAG) !== undefined || contestState(message) !== null));
  registerSealedAttack();
}
