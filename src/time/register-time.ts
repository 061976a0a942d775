/** Time passing (§1.5.3, §3.1.1, §3.1.2, §3.3.3): the world-time hook, the card, its intents and the world setting. Call at init. */
import { registerWorldTime } from "./time-advance.js";
import { registerTimeActorsSetting } from "./time-actors.js";
import { registerTimeCards } from "./time-chat.js";
import { registerTimeIntents } from "./time-intents.js";

export function registerTime(): void {
  registerTimeActorsSetting();
  registerTimeIntents();
  registerTimeCards();
  registerWorldTime();
}
