/**
 * §3.2.2 a failed stun check leaves the victim on the ground: the token shows "prone" (config/statuses.ts), which the
 * next attack and defence dialogs read. Run on the active GM's client inside the card's intents (one at a time, the
 * intent queue), which record the check: the victim may be an unlinked token's actor, and only the GM may write every
 * actor.
 *
 * The hits whose failed checks hold the victim down are kept on the actor, in `system.knockedDown`, a gmOnlyField (the
 * status effect itself is its owner's to write): a second hit that fails while he is down adds itself. Undo of a hit
 * takes its id away and lifts the victim only when nothing else holds him: another hit, or a dive of his own (recorded
 * as "dive", dive-prone.ts). While anything holds him, he gets up only as the book says (knocked-down-guard.ts).
 */
import { statusBackOn } from "../config/statuses.js";
import { mayStandUp } from "../rules/maneuver-effects.js";
import type { GenesysActor } from "./actor.js";
import { trackerOf } from "./tracker-state.js";

const PRONE = "prone";
/** What holds down someone who lay there before the hit, of his own (the token HUD): not a hit, so no Undo lifts it. */
const LYING = "lying";
/** Marks a fall in a round whose Movimento the victim had already used: that one cannot stand him up (§3.2.2). */
const SPENT = "spent:";

/** The marker of a fall now, when the victim's Movimento of this round of a started combat has already executed. */
export function spentMovementMarker(actor: GenesysActor): string | null {
  const tracker = trackerOf(actor);
  return tracker && mayStandUp(tracker.executed, tracker.round) ? `${SPENT}${String(tracker.round)}` : null;
}

/** Whether the victim fell in `round` after his Movimento of that round (it cannot stand him up). */
export function movementSpentIn(actor: GenesysActor, round: number): boolean {
  return knockedDownBy(actor).includes(`${SPENT}${String(round)}`);
}

/** What actually holds him down: hits, a dive, his own lying; not the round markers. */
export function holders(list: readonly string[]): string[] {
  return list.filter((h) => !h.startsWith(SPENT));
}

/** The record with `entries` and, for a fall now, its marker. */
export function withFall(actor: GenesysActor, list: readonly string[], ...entries: string[]): string[] {
  const marker = spentMovementMarker(actor);
  return [...new Set([...list, ...entries, ...(marker ? [marker] : [])])];
}

/** The hits holding the victim down (§3.2.2), from the Narrator's record on the actor. */
export function knockedDownBy(actor: GenesysActor): string[] {
  const system: unknown = actor.system;
  const held = typeof system === "object" && system !== null ? (system as { knockedDown?: unknown }).knockedDown : undefined;
  return Array.isArray(held) ? held.filter((h): h is string => typeof h === "string") : [];
}

function writeHeld(actor: GenesysActor, hits: readonly string[]): Promise<unknown> {
  // knockedDown is a gmOnlyField of every actor type (data/fields.ts narratorFields).
  return actor.update({ "system.knockedDown": [...hits] } as Actor.UpdateData);
}

/**
 * Lays the victim prone for the hit `hitId` (its damage record), or adds the hit to those holding a stun's fall,
 * without waiting: whether this call lays him down is known from the statuses he has now, so the card that records it
 * is written beside the status. A failed write is logged, never thrown.
 */
export function startLayProne(actor: GenesysActor, hitId: string): { proned: boolean; written: Promise<void> } {
  const fail = (error: unknown): void => { console.error("GeneSys | laying the stunned target prone failed", error); };
  const hits = knockedDownBy(actor);
  if (actor.statuses.has(PRONE)) {
    // Down already (another hit, a dive, or lying down of his own from the token HUD before the check): the failed
    // check holds him down too, so that he gets up as the book says whatever laid him there first.
    // Lying there with nothing recorded is his own doing: kept as such, so that Undo of this hit leaves him down.
    const before = holders(hits).length === 0 ? [...hits, LYING] : hits;
    const written = hits.includes(hitId) ? Promise.resolve() : writeHeld(actor, withFall(actor, before, hitId)).then(() => undefined, fail);
    return { proned: false, written };
  }
  // Laid down whatever became of an earlier prone effect (switched off, its statuses edited: layDownAgain).
  const written = Promise.all([writeHeld(actor, withFall(actor, [], hitId)), layDownAgain(actor)]).then(() => undefined, fail);
  return { proned: true, written };
}

/** The prone status back on, whatever became of an earlier prone effect (config/statuses.ts statusBackOn). */
export function layDownAgain(actor: GenesysActor): Promise<void> {
  return statusBackOn(actor, PRONE);
}

/** Undo of the hit `hitId`: it no longer holds the victim down; true when that lifted him (see the header). */
export async function liftProne(actor: GenesysActor, hitId: string): Promise<boolean> {
  const started = startLiftProne(actor, hitId);
  await started.written;
  return started.lifted && !actor.statuses.has(PRONE);
}

/** liftProne without waiting: whether it lifts the victim is known from the record as it is now. Failures are logged. */
export function startLiftProne(actor: GenesysActor, hitId: string): { lifted: boolean; written: Promise<void> } {
  const hits = knockedDownBy(actor);
  if (!hits.includes(hitId)) return { lifted: false, written: Promise.resolve() };
  const fail = (error: unknown): void => { console.error("GeneSys | lifting the stunned target failed", error); };
  const rest = hits.filter((h) => h !== hitId);
  if (holders(rest).length > 0 || !actor.statuses.has(PRONE)) return { lifted: false, written: writeHeld(actor, holders(rest).length > 0 ? rest : []).then(() => undefined, fail) };
  return { lifted: true, written: Promise.all([writeHeld(actor, []), actor.toggleStatusEffect(PRONE, { active: false })]).then(() => undefined, fail) };
}
