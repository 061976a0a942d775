/**
 * What the system draws into a chat message before the chat log shows it (issue 22). Each card registers its
 * decoration here; GenesysChatMessage#renderHTML awaits them, so the log never shows a card's stored placeholder
 * first and scrolls to the card's final height. Core fires other modules' renderChatMessageHTML hooks inside
 * renderHTML, before these run. A decoration still pending after DECORATION_WAIT_MS (a second Narrator asking the
 * active one for a blind card's key) is finished in place, as every decoration was before, so a slow one never holds
 * the log.
 */
import { guarded } from "../ui/guarded.js";
import type { CardMessage } from "./authored.js";

/** One card's decoration: returns once the message's element shows that card, or leaves it alone. */
export type CardDecorator = (message: CardMessage, html: HTMLElement) => unknown;

/** How long a message's element waits for its decorations before it is shown anyway. */
export const DECORATION_WAIT_MS = 1_500;

const decorators: CardDecorator[] = [];

/** Adds a card's decoration, in the order they run (the same function once); call at init. */
export function registerCardDecorator(decorate: CardDecorator): void {
  if (!decorators.includes(decorate)) decorators.push(decorate);
}

/** Runs every decoration on the message's element, one after the other; a failure becomes a notification, never a
 *  message that fails to render. Resolves when they are done, or after DECORATION_WAIT_MS. */
export async function decorateMessage(message: CardMessage, html: HTMLElement): Promise<void> {
  const all = (async () => {
    for (const decorate of decorators) await guarded(undefined, async () => { await decorate(message, html); });
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = new Promise<void>((resolve) => { timer = setTimeout(resolve, DECORATION_WAIT_MS); });
  try {
    await Promise.race([all, wait]);
  } finally {
    clearTimeout(timer);
  }
}
