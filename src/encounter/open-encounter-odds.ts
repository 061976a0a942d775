/** The encounter odds as the tracker, the scene controls, macros and the API call them: loaded on first use. */
import { lazily } from "../load/lazily.js";

export const encounterOdds = lazily(() => import("./encounter-odds.js"), "encounterOdds");
