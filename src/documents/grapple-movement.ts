/**
 * §2.3.7 whether a token (or an actor's token) may move: neither contender of a grapple can, and an immobilised
 * character cannot either. For the movement helpers (tracker, token ruler): they ask here rather than reading the
 * grapple's storage.
 */
import { canMove } from "../rules/grapple.js";
import { grappleOfActor, grappleOfToken, sceneOfToken, type TokenLike } from "./grapple-state.js";

type Statused = { statuses?: ReadonlySet<string> | Set<string> };
type ActorLike = Statused & { isToken?: boolean; token?: unknown; id: string | null };

const isToken = (v: ActorLike | (TokenLike & { actor?: unknown })): v is TokenLike & { actor?: unknown } => "parent" in v && !("statuses" in v);

/** True when a grapple in progress or the grappled/immobilised status keeps it from moving. */
export function grappleBlocksMovement(actorOrToken: ActorLike | (TokenLike & { actor?: unknown }) | null | undefined): boolean {
  if (!actorOrToken) return false;
  if (isToken(actorOrToken)) {
    const scene = sceneOfToken(actorOrToken);
    const found = scene && actorOrToken.id ? grappleOfToken(scene, actorOrToken.id) : null;
    if (found) return !canMove(found.record.state);
    const actor = actorOrToken.actor;
    return typeof actor === "object" && actor !== null && blockedByStatus(actor);
  }
  const found = grappleOfActor(actorOrToken);
  return (found !== null && !canMove(found.record.state)) || blockedByStatus(actorOrToken);
}

function blockedByStatus(actor: Statused): boolean {
  return actor.statuses?.has("grappled") === true || actor.statuses?.has("immobilised") === true;
}
