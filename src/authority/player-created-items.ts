/**
 * An item a player's own client created on an actor: a v13 server does not check creation data against gmOnlyFields
 * (test/foundry/server-guard.ts), so its numbers are whatever that client sent. The sheets never do it (a player's
 * item is made by the Narrator's client, owner-actions.ts onAddItem), so such an item came from the console: the active
 * Narrator's client, told by the server who created it, sets its protected values back to the type's defaults.
 */
import { gmQueue } from "./serial-queue.js";
import { expandPaths, protectedPaths, valueAt } from "../data/protected-fields.js";

type ModelClass = new (data: Record<string, unknown>) => { toObject(): Record<string, unknown> };

/** The type's default for each protected path whose stored value differs from it. */
export function protectedDefaults(type: string, stored: unknown): Record<string, unknown> {
  const Model = (CONFIG.Item.dataModels as unknown as Record<string, ModelClass | undefined>)[type]; // the registered data models are classes
  if (!Model) return {};
  const defaults = new Model({}).toObject();
  const out: Record<string, unknown> = {};
  for (const path of protectedPaths("Item", type)) {
    const value = valueAt(defaults, path);
    if (JSON.stringify(value) !== JSON.stringify(valueAt(stored, path))) out[path] = value;
  }
  return out;
}

async function resetToDefaults(item: Item.Implementation): Promise<void> {
  if (!item.actor) return;
  const changes = protectedDefaults(item.type, item._source.system);
  if (Object.keys(changes).length === 0) return;
  await item.update({ system: expandPaths(changes) });
}

export function registerPlayerCreatedItems(): void {
  Hooks.on("createItem", (item, _options, userId) => {
    if (!game.user.isActiveGM) return;
    // fvtt-types types get() as always finding the user; an id from the server may name one deleted since.
    const creator = game.users.get(userId) as User.Stored | undefined;
    if (!creator || creator.isGM) return;
    void gmQueue.run(() => resetToDefaults(item)).catch((error: unknown) => {
      console.error("GeneSys GdR | a player's item kept its numbers", error);
    });
  });
}
