/** Which chat messages are the system's own: only a Narrator's client writes cards, so only a GM-authored one counts. */

/** A posted card: as created (ChatMessage.create answers Stored) or as Foundry hands it to hooks. */
export type CardMessage = ChatMessage.Implementation | ChatMessage.Stored;

/** A card only a GM's client could have written: its author is a GM. */
export function authoredByGm(message: CardMessage): boolean {
  // The types say a User, but a deleted author leaves null.
  const author: unknown = message.author;
  return typeof author === "object" && author !== null && "isGM" in author && author.isGM === true;
}
