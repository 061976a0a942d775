/**
 * §3.2.2 a failed stun check leaves the victim on the ground: the token shows "prone" (config/statuses.ts), which the
 * next attack and defence dialogs read. Run on the active GM's client inside the card's intents (one at a time, the
 * intent queue), which record the check: the victim may be an unlinked token's actor, and only the GM may write every
 * actor.
 *
 * The prone effect a stun creates keeps in a flag the hits whose failed checks hold the victim down: a second hit that
 * fails while he is down adds itself. Undo of a hit takes its id away and lifts the victim only when no other hit
 * holds him and the effect is still the stun's: one he lay down in himself (a dive, or standing up and going down again,
 * which makes a new effect) carries no such flag and stays.
 */
import { SYSTEM_ID } from "../settings/rules-settings.js";
import type { GenesysActor } from "./actor.js";

const PRONE = "prone";
const HITS_FLAG = "stunHits";

type ProneEffect = ActiveEffect.Implementation;

function proneEffect(actor: GenesysActor): ProneEffect | undefined {
  return actor.effects.find((e) => e.statuses.has(PRONE));
}

/** The hits holding the victim down, or null when the effect is not the stun's (no flag, or one that is not a list). */
function heldBy(effect: ProneEffect): string[] | null {
  // Read as unknown: the victim's owner may write his effects' flags too.
  const hits: unknown = effect.getFlag(SYSTEM_ID, HITS_FLAG);
  return Array.isArray(hits) ? hits.filter((h): h is string => typeof h === "string") : null;
}

/**
 * Lays the victim prone for the hit `hitId` (its damage record), or adds the hit to those holding a stun's fall,
 * without waiting: whether this call lays him down is known from the statuses he has now, so the card that records it
 * is written beside the status. A failed write is logged, never thrown.
 */
export function startLayProne(actor: GenesysActor, hitId: string): { proned: boolean; written: Promise<void> } {
  const fail = (error: unknown): void => { console.error("GeneSys | laying the stunned target prone failed", error); };
  const lying = proneEffect(actor);
  if (lying) {
    const hits = heldBy(lying);
    const written = hits && !hits.includes(hitId) ? lying.setFlag(SYSTEM_ID, HITS_FLAG, [...hits, hitId]).then(() => undefined, fail) : Promise.resolve();
    return { proned: false, written };
  }
  const written = (async () => {
    await actor.toggleStatusEffect(PRONE, { active: true });
    await proneEffect(actor)?.setFlag(SYSTEM_ID, HITS_FLAG, [hitId]);
  })().catch(fail);
  return { proned: true, written };
}

/** Undo of the hit `hitId`: it no longer holds the victim down; true when that lifted him (see the header). */
export async function liftProne(actor: GenesysActor, hitId: string): Promise<boolean> {
  const started = startLiftProne(actor, hitId);
  await started.written;
  return started.lifted && !actor.statuses.has(PRONE);
}

/** liftProne without waiting: whether it lifts the victim is known from the effect as it is now. Failures are logged. */
export function startLiftProne(actor: GenesysActor, hitId: string): { lifted: boolean; written: Promise<void> } {
  const lying = proneEffect(actor);
  const hits = lying ? heldBy(lying) : null;
  if (!lying || !hits?.includes(hitId)) return { lifted: false, written: Promise.resolve() };
  const fail = (error: unknown): void => { console.error("GeneSys | lifting the stunned target failed", error); };
  const rest = hits.filter((h) => h !== hitId);
  if (rest.length > 0) return { lifted: false, written: lying.setFlag(SYSTEM_ID, HITS_FLAG, rest).then(() => undefined, fail) };
  return { lifted: true, written: actor.toggleStatusEffect(PRONE, { active: false }).then(() => undefined, fail) };
}
