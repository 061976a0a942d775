/**
 * Active Effects that last a stretch of world time (§3.1.6 losing control's after-effects): each carries, in the
 * system's flag, the world second it ends at and what follows it (vomiting, then −5 for 3D6 minutes). A combat turn
 * is 1 second of world time (§2.1; CONFIG.time.roundTime), so one clock ends them in combat and out of it.
 *
 * Foundry v13 never ends an effect by itself (the duration only labels it: Times Up and pf1 delete expired effects on
 * world-time updates, Savantford/foundry-weirdwizard#103); v14 may (CONFIG.ActiveEffect.expiryAction, foundryvtt/
 * crucible#607), and an effect already gone is skipped. The writer's client sweeps after every advance of the clock,
 * in the time queue (time-advance.ts), so a sweep never races an advance.
 */
import { effectChangesData, type EffectChange } from "../compat/effect-changes.js";
import { effectDurationData } from "../compat/effect-duration.js";
import { SYSTEM_ID, unlinkedTokenActors } from "../settings/rules-settings.js";

/** The flag under the system's scope a timed effect carries. */
export const TIMED_FLAG = "timed";

/** An effect to create: what it changes and for how many seconds. */
export interface TimedEffectSpec {
  name: string;
  img: string;
  description: string;
  changes: EffectChange[];
  seconds: number;
}

/** What the flag holds: when the effect ends, and the effect that starts then. */
export interface TimedFlag {
  endsAt: number;
  then: TimedEffectSpec | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isSeconds = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

function readSpec(v: unknown): TimedEffectSpec | null {
  if (!isObject(v) || typeof v["name"] !== "string" || typeof v["img"] !== "string" || typeof v["description"] !== "string" || !isSeconds(v["seconds"])) return null;
  const changes = v["changes"];
  if (!Array.isArray(changes) || !changes.every((c) => isObject(c) && typeof c["key"] === "string" && typeof c["value"] === "string" && typeof c["kind"] === "string")) return null;
  return v as unknown as TimedEffectSpec; // each field checked above
}

/** The flag of an effect (any object: a document or its source), or null when it is not a timed effect. */
export function timedFlagOf(effect: unknown): TimedFlag | null {
  if (!isObject(effect)) return null;
  const flags = effect["flags"];
  const raw = isObject(flags) && isObject(flags[SYSTEM_ID]) ? flags[SYSTEM_ID][TIMED_FLAG] : undefined;
  if (!isObject(raw) || !isSeconds(raw["endsAt"])) return null;
  const then = raw["then"] === null || raw["then"] === undefined ? null : readSpec(raw["then"]);
  return { endsAt: raw["endsAt"], then };
}

/** The creation data of a timed effect starting at `startTime` (world seconds). */
export function timedEffectData(spec: TimedEffectSpec, startTime: number, then: TimedEffectSpec | null = null): Record<string, unknown> {
  const flag: TimedFlag = { endsAt: startTime + spec.seconds, then };
  return {
    name: spec.name,
    img: spec.img,
    description: spec.description,
    transfer: false,
    disabled: false,
    ...effectChangesData(spec.changes),
    ...effectDurationData(spec.seconds, startTime),
    flags: { [SYSTEM_ID]: { [TIMED_FLAG]: flag } },
  };
}

/**
 * Ends every timed effect whose time is up at `worldTime`, on world actors and unlinked tokens' actors, and starts
 * what follows each one when its own time is not up as well; the number of effects ended. The writes go out together.
 */
export async function sweepTimedEffects(worldTime: number): Promise<number> {
  let ended = 0;
  const writes: Promise<unknown>[] = [];
  for (const actor of [...game.actors.contents, ...unlinkedTokenActors()]) {
    const expired: ActiveEffect.Implementation[] = [];
    const follow: Record<string, unknown>[] = [];
    for (const effect of actor.effects) {
      const flag = timedFlagOf(effect);
      if (!flag || flag.endsAt > worldTime) continue;
      expired.push(effect);
      // What follows starts when the first ends (not now): a long advance may have run it out as well.
      if (flag.then && flag.endsAt + flag.then.seconds > worldTime) follow.push(timedEffectData(flag.then, flag.endsAt));
    }
    if (expired.length === 0) continue;
    ended += expired.length;
    for (const effect of expired) writes.push(effect.delete());
    if (follow.length > 0) writes.push(actor.createEmbeddedDocuments("ActiveEffect", follow as ActiveEffect.CreateData[])); // built by timedEffectData: the generation's shape
  }
  await Promise.all(writes);
  return ended;
}
