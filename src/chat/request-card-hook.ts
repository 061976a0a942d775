/**
 * The request card's chat hook: a message carrying a request's state is re-rendered for whoever looks and wired by
 * request-flow.ts, which loads with the first such card (its decoration was already asynchronous); any other message
 * costs a flag lookup. The intents are the Narrator's side (narrator.ts).
 */
import { guarded } from "../applications/guarded.js";
import { REQUEST_FLAG, REQUEST_SCOPE } from "./request-flag.js";

/** Whether a message carries a request card's state (read and checked by request-flow.ts when it decorates it). */
export function carriesRequest(message: { flags: unknown }): boolean {
  // Flags are read as unknown; the FlagConfig entry is the attack card's.
  const flags = message.flags as Record<string, Record<string, unknown> | undefined>;
  return flags[REQUEST_SCOPE]?.[REQUEST_FLAG] !== undefined;
}

/** Registers the chat hook. Call at init. */
export function registerRequestCards(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    if (!carriesRequest(message)) return;
    void guarded(false, async () => (await import("./request-flow.js")).decorateRequestCard(message, html));
  });
}
