/** Time passing (§1.5.3, §3.1.1, §3.1.2, §3.3.3): the card and the world setting; the world-time hook and the intents are the Narrator's side (narrator.ts). Call at init. */
import { registerTimeActorsSetting } from "./time-actors.js";
import { registerTimeCards } from "./time-chat.js";

export function registerTime(): void {
  registerTimeActorsSetting();
  registerTimeCards();
}
