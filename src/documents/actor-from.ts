import { GenesysActor } from "./actor.js";

/** A uuid of the shape fromUuid resolves to an actor: a world actor's or a token actor's, bounded in length. */
export const isActorUuid = (v: unknown): v is string => typeof v === "string" && v.length <= 200 && /^(Actor|Scene)\.[A-Za-z0-9.]+$/.test(v);

/** The actor behind a uuid (world actor or token actor), or null when it was deleted, is not one of ours, or there is none (an object's row). */
export async function actorFrom(uuid: string | null): Promise<GenesysActor | null> {
  if (!isActorUuid(uuid)) return null;
  try {
    // Checked above to have the "Actor." or "Scene." shape fromUuid resolves.
    const doc: unknown = await foundry.utils.fromUuid(uuid as `Actor.${string}`);
    return doc instanceof GenesysActor ? doc : null;
  } catch {
    return null;
  }
}

