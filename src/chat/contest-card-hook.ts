/**
 * The contest card's chat hook: a message carrying a contest's state is re-rendered for whoever looks and wired by
 * contest-flow.ts, which loads with the first such card (its decoration was already asynchronous); any other message
 * costs a flag lookup. The intents are the Narrator's side (narrator.ts).
 */
import { guarded } from "../applications/guarded.js";
import { SYSTEM_SCOPE } from "./attack-card.js";
import { CONTEST_FLAG } from "./contest-card.js";

/** Whether a message carries a contest card's state (read and checked by contest-flow.ts when it decorates it). */
export function carriesContest(message: { flags: unknown }): boolean {
  // Flags are read as unknown; the FlagConfig entry is the attack card's.
  const flags = message.flags as Record<string, Record<string, unknown> | undefined>;
  return flags[SYSTEM_SCOPE]?.[CONTEST_FLAG] !== undefined;
}

/** Registers the chat hook. Call at init. */
export function registerContestCards(): void {
  Hooks.on("renderChatMessageHTML", (message, html) => {
    if (!carriesContest(message)) return;
    void guarded(false, async () => (await import("./contest-flow.js")).decorateContestCard(message, html));
  });
}
