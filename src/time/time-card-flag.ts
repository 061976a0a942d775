/** The flag a "time passes" card carries its state in (time-card.ts reads it). */
export const TIME_CARD_FLAG = "timeCard";
