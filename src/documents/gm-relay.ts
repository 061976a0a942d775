/**
 * Changes a player may ask for but not make: damage to an actor they do not own, and its undo.
 * The request goes to the active GM's client through a v13 query; the GM's client makes the change
 * with its own permissions, so Foundry's permission checks are never bypassed.
 */
import type { ApplyDamageOptions, CounterChange } from "./actor.js";

export const APPLY_DAMAGE_QUERY = "genesys-gdr.applyDamage";
export const REVERT_CHANGE_QUERY = "genesys-gdr.revertChange";

/** World actors ("Actor.id") and unlinked token actors ("Scene.id.Token.id.Actor.id"). */
type ActorUuid = `Actor.${string}` | `Scene.${string}`;

export type RelayResult = { ok: true; change: CounterChange | null } | { ok: false; reason: "missing" | "failed"; message: string };

declare global {
  namespace CONFIG {
    interface Queries {
      "genesys-gdr.applyDamage": (data: { actorUuid: ActorUuid; options: ApplyDamageOptions }) => Promise<RelayResult>;
      "genesys-gdr.revertChange": (data: { actorUuid: ActorUuid; change: CounterChange }) => Promise<RelayResult>;
    }
  }
}

type RelayActor = {
  applyDamage(options: ApplyDamageOptions): Promise<CounterChange | null>;
  revertChange(change: CounterChange): Promise<CounterChange | null>;
};

function isRelayActor(doc: unknown): doc is RelayActor {
  return typeof doc === "object" && doc !== null && "applyDamage" in doc && "revertChange" in doc;
}

/** Runs on the GM's client: find the actor (it may have been deleted meanwhile) and make the change. */
async function onGm(actorUuid: ActorUuid, act: (actor: RelayActor) => Promise<CounterChange | null>): Promise<RelayResult> {
  const actor: unknown = await foundry.utils.fromUuid(actorUuid);
  if (!isRelayActor(actor)) return { ok: false, reason: "missing", message: actorUuid };
  try {
    return { ok: true, change: await act(actor) };
  } catch (err) {
    return { ok: false, reason: "failed", message: err instanceof Error ? err.message : String(err) };
  }
}

export function registerGmRelay(): void {
  CONFIG.queries[APPLY_DAMAGE_QUERY] = ({ actorUuid, options }) => onGm(actorUuid, (a) => a.applyDamage(options));
  CONFIG.queries[REVERT_CHANGE_QUERY] = ({ actorUuid, change }) => onGm(actorUuid, (a) => a.revertChange(change));
}

/** Asks the active GM to make the change; a clear notification when no GM is connected or the change failed. */
export async function relayToGm<Q extends typeof APPLY_DAMAGE_QUERY | typeof REVERT_CHANGE_QUERY>(
  query: Q,
  data: Parameters<CONFIG.Queries[Q]>[0],
  actorName: string,
): Promise<CounterChange | null> {
  const gm = game.users.activeGM;
  if (!gm) {
    ui.notifications.warn(game.i18n.format("GENESYS.Relay.NoGm", { name: actorName }));
    return null;
  }
  const result = (await gm.query(query, data, { timeout: 10_000 })) as RelayResult;
  if (result.ok) return result.change;
  const key = result.reason === "missing" ? "GENESYS.Relay.Missing" : "GENESYS.Relay.Failed";
  ui.notifications.warn(game.i18n.format(key, { name: actorName, message: result.message }));
  return null;
}
