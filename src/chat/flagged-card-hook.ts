/**
 * The decoration of a card whose code loads with the first such card (issue 23): any other message costs a flag
 * lookup, a message carrying the card's flag waits for the card's code and is handed to its own decoration, which
 * reads and checks it.
 */
import { registerCardDecorator } from "./card-decorators.js";
import type { CardMessage } from "./authored.js";

/** Whether a message carries something under `scope.flag` (flags are read as unknown: the FlagConfig entry is the attack card's). */
export function carriesFlag(message: { flags: unknown }, scope: string, flag: string): boolean {
  const flags = message.flags as Record<string, Record<string, unknown> | undefined>;
  return flags[scope]?.[flag] !== undefined;
}

/** Registers the decoration of the messages `carries` picks; call at init. */
export function registerFlaggedCard(carries: (message: { flags: unknown }) => boolean, decorate: (message: CardMessage, html: HTMLElement) => Promise<unknown>): void {
  registerCardDecorator((message, html) => (carries(message) ? decorate(message, html) : undefined));
}
