/**
 * The chat hook of a card whose code loads with the first such card (issue 23): any other message costs a flag
 * lookup, a message carrying the card's flag is handed to the card's own decoration, which reads and checks it (its
 * decoration was already asynchronous).
 */
import { guarded } from "../ui/guarded.js";

/** Whether a message carries something under `scope.flag` (flags are read as unknown: the FlagConfig entry is the attack card's). */
export function carriesFlag(message: { flags: unknown }, scope: string, flag: string): boolean {
  const flags = message.flags as Record<string, Record<string, unknown> | undefined>;
  return flags[scope]?.[flag] !== undefined;
}

/** Registers the render hook for the messages `carries` picks; call at init. */
export function registerFlaggedCard(carries: (message: { flags: unknown }) => boolean, decorate: (message: ChatMessage.Implementation, html: HTMLElement) => Promise<unknown>): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    if (!carries(message)) return;
    void guarded(false, () => decorate(message, html));
  });
}
