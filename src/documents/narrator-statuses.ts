/**
 * Statuses a Narrator places that the rules read from the token: surprised (§3.2.1, the defence's −2 outside the
 * tracker) and immobilised (§2.3.7, no Difesa, the +6 to third parties). Foundry lets an owner take any effect off
 * his actor, so the active Narrator's client keeps the ones a Narrator put on (`system.narratorStatuses`, a
 * gmOnlyField, written from the hooks, whose writer the server names) and puts them back when their owner takes one
 * off, until a Narrator does; the owner's click is refused up front, as a courtesy. Prone is held by its own flow (knocked-down-guard.ts), a hold's statuses by the hold.
 */
import { effectActor as actorOf, isGmUser } from "../authority/hook-writer.js";
import { refuseOwnerRemoval } from "../authority/status-courtesy.js";
import { backgroundWrites } from "../authority/serial-queue.js";
import { statusBackOn } from "../config/statuses.js";
import { unlinkedTokenActors } from "../settings/rules-settings.js";

/** The statuses this guard keeps. */
export const NARRATOR_HELD_STATUSES: readonly string[] = ["surprised", "immobilised"];

const writes = backgroundWrites("a Narrator's status was not kept");

/** Resolves once every write this guard started has landed (tests). */
export const narratorStatusWritesSettled = writes.settled;

/** The statuses a Narrator placed on the actor, as its record says. */
export function narratorStatusesOf(actor: Actor.Implementation): string[] {
  const system: unknown = actor.system;
  const held = typeof system === "object" && system !== null ? (system as { narratorStatuses?: unknown }).narratorStatuses : undefined;
  return Array.isArray(held) ? held.filter((s): s is string => typeof s === "string") : [];
}



function record(actor: Actor.Implementation, next: readonly string[]): Promise<unknown> {
  if (JSON.stringify([...next].sort()) === JSON.stringify([...narratorStatusesOf(actor)].sort())) return Promise.resolve();
  // narratorStatuses is a gmOnlyField of every actor type (data/fields.ts narratorFields).
  return actor.update({ "system.narratorStatuses": [...next] } as Actor.UpdateData);
}

/** The kept statuses the actor no longer shows, put back (an owner took them off). */
async function putBack(actor: Actor.Implementation): Promise<void> {
  await Promise.all(narratorStatusesOf(actor).filter((s) => !actor.statuses.has(s)).map((s) => statusBackOn(actor, s)));
}

/** Every actor in the world (at ready): what an owner took off while no Narrator was connected comes back. */
export function sweepNarratorStatuses(): void {
  if (!game.user.isActiveGM) return;
  for (const actor of [...game.actors.contents, ...unlinkedTokenActors()]) {
    if (narratorStatusesOf(actor).some((s) => !actor.statuses.has(s))) writes.queued(() => putBack(actor));
  }
}

export function registerNarratorStatuses(): void {
  const kept = (effect: ActiveEffect.Implementation): string[] => NARRATOR_HELD_STATUSES.filter((s) => effect.statuses.has(s));
  Hooks.on("createActiveEffect", (effect, _options, userId) => {
    const actor = actorOf(effect);
    const placed = kept(effect);
    if (!game.user.isActiveGM || !actor || placed.length === 0 || !isGmUser(userId)) return;
    writes.queued(() => record(actor, [...new Set([...narratorStatusesOf(actor), ...placed])]));
  });
  const takenOff = (effect: ActiveEffect.Implementation, userId: string, statuses: readonly string[]): void => {
    const actor = actorOf(effect);
    if (!game.user.isActiveGM || !actor) return;
    if (isGmUser(userId)) {
      // A Narrator's own removal: he keeps it no more.
      const gone = statuses.filter((s) => !actor.statuses.has(s));
      if (gone.length > 0) writes.queued(() => record(actor, narratorStatusesOf(actor).filter((s) => !gone.includes(s))));
    } else if (narratorStatusesOf(actor).some((s) => !actor.statuses.has(s))) writes.queued(() => putBack(actor));
  };
  Hooks.on("deleteActiveEffect", (effect, _options, userId) => { takenOff(effect, userId, kept(effect)); });
  Hooks.on("updateActiveEffect", (effect, changes, _options, userId) => {
    const c = changes as { disabled?: unknown; statuses?: unknown };
    if (c.disabled === true || c.statuses !== undefined) takenOff(effect, userId, NARRATOR_HELD_STATUSES);
  });
  refuseOwnerRemoval((effect) => {
    const actor = actorOf(effect);
    return actor !== null && kept(effect).some((s) => narratorStatusesOf(actor).includes(s));
  }, "GENESYS.Warn.NarratorStatus");
  Hooks.once("ready", () => { sweepNarratorStatuses(); });
}
