/**
 * The world clock moving on: Foundry fires `updateWorldTime` on every client, and only the active Narrator's client
 * (the one writer, designated-client.ts) plans and writes what the time did to the actors it concerns, then whispers
 * the card to the Narrators. A clock moved back changes nothing and says so. The Narrator's "time passes" (time-intents.ts)
 * leaves its answers here for the advance it is about to make, so that the one advance is applied once, by this hook.
 */
import { SerialQueue } from "../authority/serial-queue.js";
import { actorFrom } from "../documents/actor-from.js";
import { assertCreated } from "../chat/authored.js";
import { GenesysActor } from "../documents/actor.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { renderTimeCard, type TimeCardRow, type TimeCardState } from "./time-card.js";
import { TIME_CARD_FLAG } from "./time-card-flag.js";
import { planTime, UNSPECIFIED, type TimeAnswers, type TimeDice, type TimePlan } from "./time-plan.js";
import { systemUpdateOf, timeActorOf } from "./time-state.js";
import { actorsConcerned } from "./time-actors.js";
import { planStudy, studySystemUpdate, writeStudySkill } from "../study/study-time.js";
import { sweepTimedEffects } from "./timed-effects.js";

/** Time changes of this client, one after another: an advance, then the next, then an Undo, each reading afresh. */
export const timeQueue = new SerialQueue();

interface Pending {
  toSeconds: number;
  delta: number;
  answers: TimeAnswers;
  /** The actors the Narrator chose (uuids); null: those the setting names. */
  actorUuids: string[] | null;
  settle: (advance: Advance | null) => void;
}

/** An advance applied: its card's id, and its writes (the actors', the card's) under way. */
export interface Advance {
  messageId: string;
  written: Promise<void>;
}

const pending: Pending[] = [];

/**
 * Marks the advance this client is about to make with what the actors did; resolves once the hook has applied it,
 * with the card's id (null when nothing was posted). A mark the hook never takes (the advance failed) is dropped by `drop`.
 */
export function expectAdvance(toSeconds: number, delta: number, answers: TimeAnswers, actorUuids: string[] | null): { done: Promise<Advance | null>; drop: () => void } {
  let settle: Pending["settle"] = () => undefined;
  const done = new Promise<Advance | null>((resolve) => { settle = resolve; });
  const mark: Pending = { toSeconds, delta, answers, actorUuids, settle };
  pending.push(mark);
  const drop = (): void => {
    const at = pending.indexOf(mark);
    if (at >= 0) pending.splice(at, 1);
    mark.settle(null);
  };
  return { done, drop };
}

function takeMark(worldTime: number, delta: number): Pending | null {
  const at = pending.findIndex((p) => p.toSeconds === worldTime && p.delta === delta);
  return at >= 0 ? (pending.splice(at, 1)[0] ?? null) : null;
}

async function rollTotal(formula: string): Promise<number> {
  const roll = await new foundry.dice.Roll(formula).evaluate();
  return roll.total;
}

/**
 * The planner asks for dice by name and synchronously; which it asks for depends only on the state, not on the values.
 * So a first pass with the lowest faces learns which dice the plan needs, they are rolled, and the second pass uses them.
 */
async function rolledDice(probe: (dice: TimeDice) => void): Promise<TimeDice> {
  const asked: ("d6" | "d3" | "twoD6")[] = [];
  probe({ d6: () => (asked.push("d6"), 1), d3: () => (asked.push("d3"), 1), twoD6: () => (asked.push("twoD6"), 2) });
  const formulas = { d6: "1d6", d3: "1d3", twoD6: "2d6" } as const;
  const rolled: Record<"d6" | "d3" | "twoD6", number[]> = { d6: [], d3: [], twoD6: [] };
  for (const kind of asked) rolled[kind].push(await rollTotal(formulas[kind]));
  const take = (kind: "d6" | "d3" | "twoD6", lowest: number) => (): number => rolled[kind].shift() ?? lowest;
  return { d6: take("d6", 1), d3: take("d3", 1), twoD6: take("twoD6", 2) };
}

/**
 * Combat rounds move the clock a few seconds at a time. An advance from elsewhere that only moves an actor's clocks
 * (no event) is not written at once: its seconds wait here, per actor, and join the actor's next plan, written when
 * that plan reports something, the Narrator advances time, or WRITE_EVERY_SECONDS have gathered. One update a minute
 * of play per actor instead of one a round; the sheet's clocks lag at most that, and a reload (or another Narrator
 * taking over as writer) loses at most that — a few seconds' wakefulness no rule's period comes close to.
 */
export const WRITE_EVERY_SECONDS = 60;
const unwritten = new Map<string, number>();

/** Seconds of world time not yet written to the actor (see WRITE_EVERY_SECONDS). */
export function unwrittenSeconds(actorUuid: string): number {
  return unwritten.get(actorUuid) ?? 0;
}

interface ActorPlan {
  actor: GenesysActor;
  plan: TimePlan;
}

/**
 * One actor's plan, the seconds still unwritten first (as a stretch nobody described), then this advance with its
 * answers; null for an actor with no GeneSys data. Throws what the rules throw on data they cannot plan.
 */
async function planActor(actor: GenesysActor, fromSeconds: number, toSeconds: number, answers: TimeAnswers): Promise<ActorPlan | null> {
  const read = timeActorOf(actor);
  if (!read) return null;
  const owed = unwrittenSeconds(actor.uuid);
  const planner = (dice: TimeDice): TimePlan => {
    if (owed <= 0) return planTime(read, fromSeconds, toSeconds, answers, dice);
    const first = planTime(read, fromSeconds - owed, fromSeconds, UNSPECIFIED, dice);
    const second = planTime({ ...read, state: first.after }, fromSeconds, toSeconds, answers, dice);
    return { before: read.state, after: second.after, events: [...first.events, ...second.events] };
  };
  const dice = await rolledDice((probe) => { planner(probe); });
  return { actor, plan: planner(dice) };
}

/** The Narrators' user ids: the card is theirs alone. */
export function narratorIds(): string[] {
  return game.users.contents.filter((u) => u.isGM).map((u) => u.id);
}

/**
 * Applies one advance to `actors` and posts its card; the card's id and the writes under way, or null when nothing was
 * worth reporting. Every actor is planned before any is written, each on its own: one whose data the rules refuse is
 * left as it was and named in a warning, the others applied. The card lists every actor written, even those whose
 * clocks alone moved (shown without lines), so that Undo takes back the whole advance. The actors' writes and the card
 * go out together (one round trip); should a write fail, or the schema keep other values than planned (it clamps), the
 * card is corrected once they have landed, so that Undo goes by what was written.
 */
export async function advanceActors(actors: readonly GenesysActor[], fromSeconds: number, toSeconds: number, answers: TimeAnswers | null): Promise<Advance | null> {
  const skipped: string[] = [];
  const planned: ActorPlan[] = [];
  for (const actor of actors) {
    try {
      const p = await planActor(actor, fromSeconds, toSeconds, answers ?? UNSPECIFIED);
      if (p) planned.push(p);
    } catch (error) {
      console.warn("GeneSys GdR | time not applied to", actor.name, error);
      skipped.push(actor.name);
    }
  }
  const rows: { row: TimeCardRow; actor: GenesysActor; written: Promise<boolean> }[] = [];
  for (const { actor, plan } of planned) {
    const owed = unwrittenSeconds(actor.uuid) + (toSeconds - fromSeconds);
    // §1.8.3 the study runs over the same seconds as the rest: those still owed and this advance's.
    const study = planStudy(actor, owed);
    // Nothing that runs (an animal at rest, a rested and fed sleeper who studies nothing): no write at all. A study
    // moves on by itself, whatever the clocks do.
    const studies = study !== null && JSON.stringify(study.change.after) !== JSON.stringify(study.change.before);
    if (!studies && JSON.stringify(plan.after) === JSON.stringify(plan.before)) continue;
    const studyEvents = study?.events ?? [];
    if (answers === null && plan.events.length === 0 && studyEvents.length === 0 && owed < WRITE_EVERY_SECONDS) {
      unwritten.set(actor.uuid, owed);
      continue;
    }
    const system = systemUpdateOf(plan.after);
    if (study) system["study"] = studySystemUpdate(study.change.after);
    const written = Promise.all([actor.update({ system }), study ? writeStudySkill(actor, study.change) : null]).then(
      () => true,
      (error: unknown) => {
        console.warn("GeneSys GdR | time not written to", actor.name, error);
        return false;
      },
    );
    unwritten.delete(actor.uuid);
    const events = [...plan.events, ...studyEvents];
    rows.push({ actor, written, row: { actorUuid: actor.uuid, name: actor.name, before: plan.before, after: plan.after, events, ...(study ? { study: study.change } : {}) } });
  }
  const warnSkipped = (): void => {
    if (skipped.length > 0) ui.notifications.warn(game.i18n.format("GENESYS.Time.Warn.Skipped", { names: skipped.join(", ") }));
  };
  // The Narrator's own "time passes" always gets its card, even when it did nothing: the answer to a click.
  if (answers === null && !rows.some((r) => r.row.events.length > 0)) {
    await Promise.all(rows.map((r) => r.written));
    warnSkipped();
    return null;
  }
  const state: TimeCardState = { fromSeconds, toSeconds, answers, rows: rows.map((r) => r.row), undone: false };
  const messageId = foundry.utils.randomID();
  const data = {
    _id: messageId,
    content: await renderTimeCard(state),
    speaker: { alias: game.i18n.localize("GENESYS.Time.Speaker") },
    whisper: narratorIds(),
    flags: { [SYSTEM_ID]: { [TIME_CARD_FLAG]: state } },
  } as ChatMessage.CreateData; // the system's FlagConfig entry lists the attack card's flags; this one is read as unknown
  const created = ChatMessage.implementation.create(data, { keepId: true });
  const written = (async () => {
    const [message, ...landed] = await Promise.all([created, ...rows.map((r) => r.written)]);
    assertCreated(message);
    // What the schema kept: the card, and so Undo, goes by what was written.
    const kept: TimeCardRow[] = [];
    for (const [i, { actor, row }] of rows.entries()) {
      if (landed[i] !== true) skipped.push(actor.name);
      else kept.push({ ...row, after: timeActorOf(actor)?.state ?? row.after });
    }
    warnSkipped();
    if (JSON.stringify(kept) === JSON.stringify(state.rows)) return;
    const corrected: TimeCardState = { ...state, rows: kept };
    await message.update({ content: await renderTimeCard(corrected), flags: { [SYSTEM_ID]: { [TIME_CARD_FLAG]: corrected } } } as ChatMessage.UpdateData); // as above
  })();
  return { messageId, written };
}

/** The active Narrator's client is the one that writes (designated-client.ts); no Narrator connected, nobody does. */
export function isTimeWriter(): boolean {
  return game.users.activeGM?.isSelf === true;
}

/**
 * The `updateWorldTime` hook (pf2e's UpdateWorldTime reads `(total, diff)` the same way): on the writer's client, the
 * advance `delta` seconds ending at `worldTime` applied to the actors concerned; backwards, a warning and nothing else.
 */
export async function onWorldTime(worldTime: number, delta: number): Promise<string | null> {
  if (!isTimeWriter()) return null;
  const mark = takeMark(worldTime, delta);
  if (!(delta > 0)) {
    if (delta < 0) ui.notifications.warn(game.i18n.localize("GENESYS.Time.Warn.Backwards"));
    mark?.settle(null);
    return null;
  }
  return timeQueue.run(async () => {
    let actors: GenesysActor[];
    if (mark?.actorUuids) {
      const found = await Promise.all(mark.actorUuids.map((uuid) => actorFrom(uuid)));
      actors = found.filter((a): a is GenesysActor => a instanceof GenesysActor);
    } else actors = actorsConcerned();
    try {
      const advance = await advanceActors(actors, worldTime - delta, worldTime, mark?.answers ?? null);
      mark?.settle(advance);
      // One advance at a time, each reading what the last one wrote; then the timed effects it ran out end.
      await advance?.written;
      await sweepTimedEffects(worldTime);
      return advance?.messageId ?? null;
    } catch (error) {
      mark?.settle(null);
      throw error;
    }
  });
}

export function registerWorldTime(): void {
  Hooks.on("updateWorldTime", (worldTime: number, delta: number) => {
    void onWorldTime(worldTime, delta).catch((error: unknown) => {
      console.error("GeneSys GdR |", error);
      ui.notifications.error(game.i18n.format("GENESYS.Warn.Unexpected", { message: error instanceof Error ? error.message : String(error) }));
    });
  });
}
