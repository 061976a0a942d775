import { ACTIVITY_LEVELS } from "../rules/advanced/tiredness.js";

/** What the actor did while the time passed: slept, rested, an activity of the §3.1.1 table, or nothing the table counts. */
export const PASTIMES = ["none", "rest", "sleep", ...ACTIVITY_LEVELS] as const;
export type Pastime = (typeof PASTIMES)[number];
