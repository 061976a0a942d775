/**
 * What a hold in progress does to other rolls (§2.3.4, §2.3.7, A-19d), read from the scene's record: the advantage row
 * an attack on a grappler counts, and whether a grappler's defence may add the Difesa bonus or a dive.
 */
import type { AdvantageKey } from "../rules/attack.js";
import { grappleAdvantagePosition, grappleDefenceLimits } from "../rules/grapple.js";
import { grappleOfActor, grappleOfToken, sceneNamed, type GrappleRecord } from "../documents/grapple-state.js";
import type { GrappleSide } from "../rules/grapple.js";

type ActorRef = { isToken?: boolean; token?: unknown; id: string | null; uuid: string };

const uuidOf = (v: unknown): string | null => (typeof v === "object" && v !== null && "uuid" in v && typeof v.uuid === "string" ? v.uuid : null);

/**
 * The hold the target's token is in, found by the token's uuid when that token is the target actor's own (the uuid
 * comes from the attacker's client: another actor's token must not lend its hold), else by the actor.
 */
function holdOfTarget(actor: ActorRef, tokenUuid: string | null): { record: GrappleRecord; side: GrappleSide; partnerActorUuid: string | null } | null {
  const tokenId = /(?:^|\.)Token\.([A-Za-z0-9]+)$/.exec(tokenUuid ?? "")?.[1];
  const sceneId = /^Scene\.([A-Za-z0-9]+)\./.exec(tokenUuid ?? "")?.[1];
  let found: { record: GrappleRecord; side: GrappleSide; scene: { tokens: { get(id: string): { actor: unknown } | undefined } } } | null = null;
  if (tokenId && sceneId) {
    const scene = sceneNamed(sceneId);
    const hold = scene && uuidOf(scene.tokens.get(tokenId)?.actor) === actor.uuid ? grappleOfToken(scene, tokenId) : null;
    if (scene && hold) found = { ...hold, scene };
  }
  if (!found) {
    const hold = grappleOfActor(actor);
    if (hold) found = { record: hold.record, side: hold.side, scene: hold.scene };
  }
  if (!found) return null;
  const partner: unknown = found.scene.tokens.get(found.record[found.side === "attacker" ? "defender" : "attacker"].tokenId)?.actor;
  return { record: found.record, side: found.side, partnerActorUuid: uuidOf(partner) };
}

/**
 * §2.3.4/§2.3.7 the advantage row an attacker enjoys against a target involved in a hold (+4; +6 against the
 * immobilised defender), or null. Only third parties: the two contenders fight each other on the hold's own terms.
 */
export function grappleAdvantageAgainst(attacker: { uuid: string }, target: ActorRef, tokenUuid: string | null): AdvantageKey | null {
  const hold = holdOfTarget(target, tokenUuid);
  if (!hold || hold.partnerActorUuid === attacker.uuid) return null;
  return grappleAdvantagePosition(hold.record.state, hold.side);
}

/** §2.3.7 (A-19d) whether a grappler's defence may count the Difesa bonus and a dive (both false while held). */
export function grappleDefence(target: ActorRef): { defenceManeuver: boolean; dive: boolean } | null {
  const hold = grappleOfActor(target);
  if (!hold) return null;
  return grappleDefenceLimits(hold.record.state);
}

/** §2.3.7 who holds whom, for the tracker row of either contender ("Tiene Bruto", "Immobilizzato da Jack"), or null. */
export function grappleLine(actor: ActorRef | null, i18n: { format(key: string, data?: Record<string, string>): string }): string | null {
  const hold = actor ? grappleOfActor(actor) : null;
  if (!hold) return null;
  const { record, side } = hold;
  if (side === "attacker") return i18n.format(record.state.status === "immobilised" ? "GENESYS.Grapple.Row.Immobilises" : "GENESYS.Grapple.Row.Holds", { name: record.defender.name });
  return i18n.format(record.state.status === "immobilised" ? "GENESYS.Grapple.Row.ImmobilisedBy" : "GENESYS.Grapple.Row.HeldBy", { name: record.attacker.name });
}
