/** The grapple's intents, by name: what a side sends (grapple-flow.ts) and the Narrator's client answers (grapple-intents.ts). */
export const GRAPPLE_INTENTS = {
  start: "grapple.start",
  contest: "grapple.contest",
  release: "grapple.release",
} as const;
