/** The contest card's card decoration: contest-flow.ts loads with the first contest card (flagged-card-hook.ts). The intents are the Narrator's side (narrator.ts). */
import { SYSTEM_SCOPE } from "../attack/attack-card.js";
import { CONTEST_FLAG } from "./contest-card.js";
import { carriesFlag, registerFlaggedCard } from "../chat/flagged-card-hook.js";

/** Whether a message carries a contest card's state (read and checked by contest-flow.ts when it decorates it). */
export const carriesContest = (message: { flags: unknown }): boolean => carriesFlag(message, SYSTEM_SCOPE, CONTEST_FLAG);

/** Registers the card decoration. Call at init. */
export function registerContestCards(): void {
  registerFlaggedCard(carriesContest, async (message, html) => (await import("./contest-flow.js")).decorateContestCard(message, html));
}
