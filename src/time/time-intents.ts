/**
 * The Narrator's "time passes" and the card's Undo, as intents the active Narrator's client decides (intent-channel.ts):
 * a co-Narrator's click reaches the one writer; a player's is refused there, whatever the console sent.
 *
 * "Time passes" does not apply anything itself: it marks the advance with the Narrator's answers and moves the world
 * clock (game.time.advance); the world-time hook (time-advance.ts) then applies that one advance once, with them.
 */
import { answerWhile, registerIntent, requestIntent, type IntentOutcome, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { actorFrom } from "../documents/actor-from.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { renderTimeCard, type TimeCardState } from "./time-card.js";
import { TIME_CARD_FLAG } from "./time-card-flag.js";
import { expectAdvance, timeQueue } from "./time-advance.js";
import type { TimeAnswers } from "./time-plan.js";
import { PASTIMES } from "./pastimes.js";
import { timeActorOf, systemUpdateOf, undoneState } from "./time-state.js";
import { undoStudy } from "../study/study-time.js";
import { TIME_INTENTS, timeCardOf } from "./time-requests.js";
import { onTimeDeath, startUndoDeath } from "./time-death.js";

/** A year: anything longer is a typing slip, not a stretch of play. */
export const MAX_ADVANCE_SECONDS = 365 * 24 * 3600;
/** How long the Narrator's client waits for its own advance to come back through the world-time hook. */
export const advanceTimings = { waitMs: 10_000 };

export interface TimePassesRequest {
  seconds: number;
  answers: TimeAnswers;
  /** Actor uuids (an unlinked token's actor by its token path); null: those the world setting names. */
  actorUuids: string[] | null;
}

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });

function readAnswers(raw: unknown): TimeAnswers | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>; // any object: each field checked below
  const pastime = PASTIMES.find((p) => p === r["pastime"]);
  return pastime && typeof r["ate"] === "boolean" && typeof r["drank"] === "boolean" ? { pastime, ate: r["ate"], drank: r["drank"] } : null;
}

/** The request as sent, or the warning that refuses it: the Narrator's client re-checks what any client sent. */
export function readTimeRequest(raw: unknown): TimePassesRequest | { warning: string } {
  if (typeof raw !== "object" || raw === null) return { warning: "GENESYS.Time.Warn.BadRequest" };
  const r = raw as Record<string, unknown>; // any object: each field checked below
  const seconds = r["seconds"];
  if (typeof seconds !== "number" || !Number.isFinite(seconds)) return { warning: "GENESYS.Time.Warn.BadRequest" };
  if (seconds < 0) return { warning: "GENESYS.Time.Warn.Backwards" };
  // Under half a second rounds to no advance at all: refused rather than moving the clock by 0.
  if (seconds < 0.5 || seconds > MAX_ADVANCE_SECONDS) return { warning: "GENESYS.Time.Warn.BadDuration" };
  const answers = readAnswers(r["answers"]);
  if (!answers) return { warning: "GENESYS.Time.Warn.BadRequest" };
  const uuids = r["actorUuids"];
  if (uuids !== null && !(Array.isArray(uuids) && uuids.every((u) => typeof u === "string"))) return { warning: "GENESYS.Time.Warn.BadRequest" };
  return { seconds: Math.round(seconds), answers, actorUuids: uuids === null ? null : [...new Set(uuids)] };
}

async function onTimePasses(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Time.Warn.NarratorsOnly");
  const request = readTimeRequest(payload);
  if ("warning" in request) return no(request.warning);
  if (request.actorUuids) {
    for (const uuid of request.actorUuids) if (!(await actorFrom(uuid))) return no("GENESYS.Time.Warn.NoActor", { ref: uuid });
  }
  const to = game.time.worldTime + request.seconds;
  const { done, drop } = expectAdvance(to, request.seconds, request.answers, request.actorUuids);
  try {
    await game.time.advance(request.seconds);
  } catch (error) {
    drop();
    throw error;
  }
  const timer = setTimeout(drop, advanceTimings.waitMs);
  const advance = await done;
  clearTimeout(timer);
  return advance ? answerWhile(advance.written, { ok: true, data: { messageId: advance.messageId } }) : no("GENESYS.Time.Warn.NotApplied");
}

/** Takes back exactly what the card's advance did, from what each actor holds now; a second Undo does nothing. */
async function onTimeUndo(requester: Requester, payload: unknown): Promise<IntentResult> {
  if (!requester.isGM) return no("GENESYS.Time.Warn.NarratorsOnly");
  const id = typeof payload === "object" && payload !== null ? (payload as { messageId?: unknown }).messageId : null; // any object
  const message = typeof id === "string" ? game.messages.get(id) : undefined;
  return timeQueue.run(async () => {
    const state = message ? timeCardOf(message) : null;
    if (!message || !state) return no("GENESYS.Time.Warn.NoCard");
    if (state.undone) return no("GENESYS.Time.Warn.AlreadyUndone");
    const gone: string[] = [];
    // Every actor's Undo and the card in one round of writes; the time queue waits for them before the next change.
    const writes: Promise<unknown>[] = [];
    for (const row of state.rows) {
      const actor = await actorFrom(row.actorUuid);
      // A death confirmed on this card goes first: the advance is then taken back from the Ferite it left.
      const death = actor ? startUndoDeath(actor, row) : null;
      if (death) await death;
      const now = actor ? timeActorOf(actor) : null;
      if (!actor || !now) {
        gone.push(row.name);
        continue;
      }
      // The study's Undo reads what the actor holds once the rest is back: after it, for this actor.
      const study = row.study;
      writes.push(actor.update({ system: systemUpdateOf(undoneState(now.state, row.before, row.after)) }).then(() => (study ? undoStudy(actor, study) : undefined)));
    }
    const undone: TimeCardState = { ...state, undone: true };
    writes.push(message.update({ content: await renderTimeCard(undone), flags: { [SYSTEM_ID]: { [TIME_CARD_FLAG]: undone } } } as ChatMessage.UpdateData)); // FlagConfig lists the attack card's flags; this one is read as unknown
    await Promise.all(writes);
    return gone.length > 0 ? { ok: true, info: "GENESYS.Time.UndoneMissing", data: { names: gone.join(", ") } } : { ok: true, info: "GENESYS.Time.UndoneInfo" };
  });
}

export function registerTimeIntents(): void {
  registerIntent(TIME_INTENTS.passes, onTimePasses);
  registerIntent(TIME_INTENTS.undo, onTimeUndo);
  registerIntent(TIME_INTENTS.death, onTimeDeath);
}

/** Asks the Narrator's client for an advance; true once it is applied. Players are told no on their own client too. */
export async function requestTimePasses(request: TimePassesRequest): Promise<boolean> {
  if (!game.user.isGM) {
    ui.notifications.warn(game.i18n.localize("GENESYS.Time.Warn.NarratorsOnly"));
    return false;
  }
  const read = readTimeRequest(request);
  if ("warning" in read) {
    ui.notifications.warn(game.i18n.localize(read.warning));
    return false;
  }
  return requestIntent(TIME_INTENTS.passes, read);
}
