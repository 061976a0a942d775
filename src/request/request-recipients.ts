/**
 * Whom the Narrator may ask for a check: the selected tokens, the targeted tokens, and the players' assigned
 * characters. A token's row names its token, so a row whose token left the scene can no longer roll.
 */
import { GenesysActor } from "../documents/actor.js";
import type { RequestRecipient } from "./request-plan.js";

export type RecipientSource = "selected" | "targeted" | "character";

export interface RequestCandidate extends RequestRecipient {
  source: RecipientSource;
}

interface TokenLike {
  actor: unknown;
  name: string;
  document: { uuid: string };
}

function fromToken(token: TokenLike, source: RecipientSource): RequestCandidate | null {
  const actor = token.actor;
  return actor instanceof GenesysActor ? { actorUuid: actor.uuid, tokenUuid: token.document.uuid, name: token.name, source } : null;
}

/** Every candidate once (a token both selected and targeted counts as selected), in that order. */
export function requestCandidates(): RequestCandidate[] {
  const out: RequestCandidate[] = [];
  const seen = new Set<string>();
  const add = (c: RequestCandidate | null): void => {
    if (!c || seen.has(c.actorUuid)) return;
    seen.add(c.actorUuid);
    out.push(c);
  };
  // A canvas that has drawn no scene has no token layer yet, and so nothing selected.
  for (const token of canvas.tokens?.controlled ?? []) add(fromToken(token, "selected"));
  for (const token of game.user.targets) add(fromToken(token, "targeted"));
  for (const user of game.users.contents) {
    if (user.isGM) continue;
    const character: unknown = user.character;
    if (character instanceof GenesysActor) add({ actorUuid: character.uuid, tokenUuid: null, name: character.name, source: "character" });
  }
  return out;
}

/** Who is asked when nobody is named: the selected tokens, else the targeted ones, else the players' characters. */
export function defaultRecipients(candidates: readonly RequestCandidate[] = requestCandidates()): RequestCandidate[] {
  for (const source of ["selected", "targeted", "character"] as const) {
    const chosen = candidates.filter((c) => c.source === source);
    if (chosen.length > 0) return chosen;
  }
  return [];
}

/** A recipient named by an actor, an actor uuid or a token uuid; null when it names nothing of ours. */
export async function recipientOf(ref: unknown): Promise<RequestRecipient | null> {
  let doc: unknown = ref;
  if (typeof ref === "string") {
    try {
      // Any uuid string: fromUuid answers null (or throws) for what it cannot find.
      doc = await foundry.utils.fromUuid(ref as `Actor.${string}`);
    } catch {
      doc = null;
    }
  }
  if (doc instanceof GenesysActor) return { actorUuid: doc.uuid, tokenUuid: doc.token?.uuid ?? null, name: doc.token?.name ?? doc.name };
  if (doc instanceof foundry.documents.TokenDocument) {
    const actor: unknown = doc.actor;
    return actor instanceof GenesysActor ? { actorUuid: actor.uuid, tokenUuid: doc.uuid, name: doc.name } : null;
  }
  return null;
}
