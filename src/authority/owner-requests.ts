/** What an owner asks of the Narrator's client for his own actor, and the guards every client keeps; owner-actions.ts answers. */
import { registerKnockedDownGuard } from "../documents/knocked-down-guard.js";
import { registerNarratorStatuses } from "../documents/narrator-statuses.js";
import { itemArrival } from "./arrival.js";
import { sendIntent, notifyResult, type IntentResult } from "./intent-channel.js";
import { requestProtectedEdit } from "./protected-edit-request.js";
import type { CounterChange, GenesysActor } from "../documents/actor.js";
import { registerNarratorRequests } from "../documents/narrator-requests.js";
import type { RestPeriod } from "../rules/recovery.js";

export const OWNER_INTENTS = { finishCreation: "creation.finish", reload: "weapon.reload", ready: "weapon.ready", damage: "actor.damage", recover: "actor.recover", addItem: "item.add" } as const;

function changeOf(result: IntentResult): CounterChange | null {
  if (!notifyResult(result) || !result.ok || !result.data?.["change"]) return null;
  return JSON.parse(result.data["change"]) as CounterChange; // written by owner-actions.ts onOwnDamage/onRecover
}

/** Asks the Narrator's client to finish creation. */
export async function requestFinishCreation(actor: GenesysActor): Promise<boolean> {
  return notifyResult(await sendIntent(OWNER_INTENTS.finishCreation, { uuid: actor.uuid }));
}

/** Asks the Narrator's client to add an item to the actor: a copy of `source` (a uuid), or a new one of a type. */
export async function requestAddItem(actor: GenesysActor, item: { source: string } | { type: string; name: string }): Promise<Item.Implementation | null> {
  const result = await sendIntent(OWNER_INTENTS.addItem, { uuid: actor.uuid, ...item });
  if (!notifyResult(result) || !result.ok) return null;
  const id = result.data?.["itemId"] ?? "";
  return itemArrival(() => actor.items.get(id));
}

/** Asks the Narrator's client to reload a weapon. */
export async function requestReload(actor: GenesysActor, itemId: string): Promise<boolean> {
  return notifyResult(await sendIntent(OWNER_INTENTS.reload, { uuid: actor.uuid, itemId }));
}

/** Asks the Narrator's client to draw a weapon or put it away (in a fight, drawing is a declared Preparation). */
export async function requestReady(actor: GenesysActor, itemId: string, ready: boolean): Promise<boolean> {
  return notifyResult(await sendIntent(OWNER_INTENTS.ready, { uuid: actor.uuid, itemId, ready }));
}

export function registerOwnerActions(): void {
  registerKnockedDownGuard();
  registerNarratorStatuses();
  registerNarratorRequests({
    damage: async (actor, options) => changeOf(await sendIntent(OWNER_INTENTS.damage, { uuid: actor.uuid, options })),
    recover: async (actor, rest: RestPeriod) => changeOf(await sendIntent(OWNER_INTENTS.recover, { uuid: actor.uuid, ...rest })),
    edit: (actor, system) => requestProtectedEdit(actor.uuid, system),
  });
}
