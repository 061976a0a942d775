/** Who a hotbar macro rolls for: the selected token of the macro's actor, which has its own wounds when unlinked, else that actor. */
import { GenesysActor } from "../documents/actor.js";

/**
 * A controlled token whose actor is `actorUuid`'s (a world actor's uuid also matches its unlinked tokens, whose
 * synthetic actors keep the base actor's id), else the uuid itself for game.genesys to resolve (and to report gone).
 */
export function macroActor(actorUuid: string): GenesysActor | string {
  // A canvas that has drawn no scene has no token layer yet, and so nothing selected.
  for (const token of canvas.tokens?.controlled ?? []) {
    const actor: unknown = token.actor;
    if (actor instanceof GenesysActor && (actor.uuid === actorUuid || `Actor.${actor.id ?? ""}` === actorUuid)) return actor;
  }
  return actorUuid;
}
