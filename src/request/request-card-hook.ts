/** The request card's card decoration: request-flow.ts loads with the first request card (flagged-card-hook.ts). The intents are the Narrator's side (narrator.ts). */
import { carriesFlag, registerFlaggedCard } from "../chat/flagged-card-hook.js";
import { REQUEST_FLAG, REQUEST_SCOPE } from "./request-flag.js";

/** Whether a message carries a request card's state (read and checked by request-flow.ts when it decorates it). */
export const carriesRequest = (message: { flags: unknown }): boolean => carriesFlag(message, REQUEST_SCOPE, REQUEST_FLAG);

/** Registers the card decoration. Call at init. */
export function registerRequestCards(): void {
  registerFlaggedCard(carriesRequest, async (message, html) => (await import("./request-flow.js")).decorateRequestCard(message, html));
}
