/** Reading an attack card from its message and rendering it for one viewer. */
import { openBox } from "../authority/seal.js";
import { GenesysActor } from "../documents/actor.js";
import { authoredByGm, type CardMessage } from "../chat/authored.js";
import { sealContext, sealedCardOf, type SealedCard } from "../chat/sealed-card.js";
import { ATTACK_CARD_TEMPLATE, ATTACK_FLAG, SYSTEM_SCOPE, attackCardContext, readAttackState, type AttackCardState, type CardViewer } from "./attack-card.js";

export { authoredByGm, type CardMessage };

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    ChatMessage: { "genesys-gdr": { attack?: AttackCardState; sealed?: SealedCard } };
  }
}

/**
 * The attack card's state: from its flag, or, for a blind card, from its sealed box on a client that holds the
 * Narrators' key (sealed-card.ts); null anywhere else, and for messages that are not attack cards.
 */
export function cardState(message: CardMessage): AttackCardState | null {
  const open = readAttackState(message.getFlag(SYSTEM_SCOPE, ATTACK_FLAG));
  if (open) return open;
  const sealed = sealedCardOf(message);
  if (sealed?.kind !== "attack") return null;
  const opened = openBox(sealed.box, sealContext(message, sealed));
  return opened.ok ? readAttackState(opened.value) : null;
}

export async function renderCard(state: AttackCardState, viewer: CardViewer): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, attackCardContext(state, viewer, game.i18n));
}

/** Whether this client's user owns the actor behind a stored uuid (false when it is gone). */
export async function ownedActor(uuid: string): Promise<boolean> {
  try {
    // Stored uuids are ones Foundry gave us (actor.uuid), so they have the "Actor." or "Scene." shape fromUuid wants.
    const doc: unknown = await foundry.utils.fromUuid(uuid as `Actor.${string}`);
    return doc instanceof GenesysActor && doc.isOwner;
  } catch {
    return false;
  }
}

/** The current user as the card sees them: which of its actors they own (buttons only; the GM's client decides). */
export async function currentViewer(state: AttackCardState): Promise<CardViewer> {
  const owned = new Set<string>();
  const uuids = new Set([state.attacker.actorUuid, ...state.order.map((id) => state.rows[id]?.target.actorUuid ?? "")]);
  for (const uuid of uuids) if (uuid && (await ownedActor(uuid))) owned.add(uuid);
  return { isGM: game.user.isGM, owns: (uuid) => owned.has(uuid) };
}
