/** The attack card's intents, by name: what a player sends (attack-flow.ts) and the Narrator's client answers (card-intents.ts). */
export const CARD_INTENTS = {
  attack: "card.attack",
  defend: "card.defend",
  static: "card.static",
  damage: "card.damage",
  apply: "card.apply",
  undo: "card.undo",
  /** The Narrator's: a row's hit into the tokens they selected (token-hits.ts). */
  applyTokens: "card.applyTokens",
  undoToken: "card.undoToken",
  /** §3.2.2 the target's stun check (its owner's dice). */
  stun: "card.stun",
  /** The Narrator's: a claim on a row struck, or restored (card-claims.ts). */
  strike: "card.strike",
  /** The Narrator's: which roll of a narrow win stood in the advantageous position (§1.8.2, A-14). */
  advantage: "card.advantage",
} as const;
