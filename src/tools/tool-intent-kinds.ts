/** The intents a Narrator tool card's buttons send (tool-chat.ts), which the Narrator's side answers. */
export const TOOL_INTENTS = { losingControlApply: "genesys.losingControlApply" } as const;
