import { GenesysActor } from "../documents/actor.js";

/** The actors of the selected tokens (token actors for unlinked tokens), each once. */
export function selectedActors(): GenesysActor[] {
  // A canvas that has drawn no scene has no token layer yet, and so nothing selected.
  const actors = (canvas.tokens?.controlled ?? []).map((token) => token.actor as unknown).filter((a): a is GenesysActor => a instanceof GenesysActor);
  return [...new Set(actors)];
}
