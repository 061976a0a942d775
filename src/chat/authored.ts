/** Which chat messages are the system's own: only a Narrator's client writes cards, so only a GM-authored one counts. */

/** A posted card: as created (ChatMessage.create answers Stored) or as Foundry hands it to hooks. */
export type CardMessage = ChatMessage.Implementation | ChatMessage.Stored;

/** A card only a GM's client could have written: its author is a GM. */
export function authoredByGm(message: CardMessage): boolean {
  // The types say a User, but a deleted author leaves null.
  const author: unknown = message.author;
  return typeof author === "object" && author !== null && "isGM" in author && author.isGM === true;
}

/** A creation a hook stopped made no message: a failure of the writes an intent answered for (told to the requester late). */
export function assertCreated<T>(message: T): asserts message is NonNullable<T> {
  if (message === null || message === undefined) throw new Error("ChatMessage.create made no message");
}
