/**
 * §3.1.1 death by hunger or thirst, as the Narrator confirms it on the time card that ran the 2D6-hour deadline
 * out: the Ferite that kill go through the damage pipeline (GenesysActor#startDamage, armour not counted) with a ledger
 * record, so that its Undo, or the card's, takes back those Ferite and nothing else. Decided on the active Narrator's
 * client, in the time queue, from what the actor holds now: a character fed or watered since is saved, one already
 * dead takes nothing, and no death is ever applied without this confirmation.
 */
import type { IntentResult, Requester } from "../authority/intent-channel.js";
import { actorFrom } from "../documents/actor-from.js";
import type { GenesysActor } from "../documents/actor.js";
import { woundsToDie } from "../rules/condition.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { deadlineOf, renderTimeCard, type TimeCardRow, type TimeCardState } from "./time-card.js";
import { TIME_CARD_FLAG } from "./time-card-flag.js";
import { timeQueue } from "./time-advance.js";
import { timeCardOf } from "./time-requests.js";
import { timeActorOf } from "./time-state.js";

export interface TimeDeathRequest {
  messageId: string;
  actorUuid: string;
  /** Take the confirmed death back instead of confirming it. */
  undo: boolean;
}

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });

function readRequest(raw: unknown): TimeDeathRequest | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>; // any object: each field checked below
  const { messageId, actorUuid, undo } = r;
  return typeof messageId === "string" && typeof actorUuid === "string" && typeof undo === "boolean" ? { messageId, actorUuid, undo } : null;
}

/**
 * Starts taking back the row's confirmed death from what the actor holds now (no more than the Ferite it added); the
 * write under way, or null when it had none or nothing of it is left.
 */
export function startUndoDeath(actor: GenesysActor, row: TimeCardRow): Promise<void> | null {
  const death = row.death;
  if (!death) return null;
  return actor.startUndo(death.recordId, { wounds: death.wounds, fatigue: 0, poison: 0 })?.written ?? null;
}

/** The card's "confirm the death" and its Undo, one at a time with every other change of time. */
export async function onTimeDeath(requester: Requester, payload: unknown): Promise<IntentResult> {
  if (!requester.isGM) return no("GENESYS.Time.Warn.NarratorsOnly");
  const request = readRequest(payload);
  if (!request) return no("GENESYS.Time.Warn.BadRequest");
  return timeQueue.run(async () => {
    const message = game.messages.contents.find((m) => m.id === request.messageId);
    const state = message ? timeCardOf(message) : null;
    if (!message || !state) return no("GENESYS.Time.Warn.NoCard");
    const writeCard = async (next: TimeCardState): Promise<unknown> =>
      message.update({ content: await renderTimeCard(next), flags: { [SYSTEM_ID]: { [TIME_CARD_FLAG]: next } } } as ChatMessage.UpdateData); // FlagConfig lists the attack card's flags; this one is read as unknown
    if (state.undone) return no("GENESYS.Time.Warn.AlreadyUndone");
    const row = state.rows.find((r) => r.actorUuid === request.actorUuid);
    const of = row ? deadlineOf(row) : null;
    if (!row || !of) return no("GENESYS.Time.Death.Warn.NoDeadline");
    const actor = await actorFrom(row.actorUuid);
    const read = actor ? timeActorOf(actor) : null;
    if (!actor || !read) return no("GENESYS.Time.Death.Warn.NoActor", { name: row.name });
    const withRow = (next: TimeCardRow): TimeCardState => ({ ...state, rows: state.rows.map((r) => (r === row ? next : r)) });

    if (request.undo) {
      if (!row.death) return no("GENESYS.Time.Death.Warn.NotConfirmed", { name: row.name });
      const { death: _taken, ...alive } = row;
      const undone = startUndoDeath(actor, row);
      await Promise.all([undone, writeCard(withRow(alive))]);
      return { ok: true, info: undone ? "GENESYS.Time.Death.Undone" : "GENESYS.Time.Death.UndoneNothing", data: { name: row.name } };
    }

    if (row.death) return no("GENESYS.Time.Death.Warn.Already", { name: row.name });
    // a full meal (drink) since the deadline ran out saved him; a later advance set a new deadline, or none.
    if (read.state.deprivation?.deadline[of] !== 0) return no("GENESYS.Time.Death.Warn.Saved", { name: row.name });
    const wounds = woundsToDie(read.state.wounds, read.resistance);
    if (wounds === 0) return no("GENESYS.Time.Death.Warn.AlreadyDead", { name: row.name });
    const recordId = foundry.utils.randomID();
    const started = actor.startDamage({ amount: wounds, type: "wounding", ignoreArmour: true }, recordId);
    if (!started) return no("GENESYS.Time.Death.Warn.Stopped", { name: row.name });
    const added = started.change.after.wounds - started.change.before.wounds;
    await Promise.all([started.written, writeCard(withRow({ ...row, death: { of, recordId, wounds: added } }))]);
    return { ok: true, info: "GENESYS.Time.Death.Applied", data: { name: row.name } };
  });
}
