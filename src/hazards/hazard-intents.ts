/**
 * The hazard card's buttons. Undo (one row, or every row still standing) is an intent the active Narrator's client
 * decides (intent-channel.ts): a co-Narrator's click reaches the one writer, a player's is refused there whatever the
 * console sends. It trusts only a card a Narrator's client wrote, and takes back from each actor no more than its row
 * says the hit added (GenesysActor#undoRecorded with that cap), so a later hit or the owner's own ledger never widen it.
 * The stun check (§3.2.2) is an intent too: the one writer rolls an ordinary Forza check for the victim, decides with
 * the rules' knockedDown, lays a failed victim prone for the row's hit (stun-prone.ts) and records the check on the row,
 * so a second click is refused; Undo of the row takes that hit back from what holds him down (as card.stun does).
 */
import { answerWhile, registerIntent, type IntentOutcome, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { actorFrom } from "../documents/actor-from.js";
import { currentMessageMode } from "../compat/message-mode.js";
import { startLayProne, startLiftProne } from "../documents/stun-prone.js";
import { formatCount } from "../format/plural.js";
import { knockedDown } from "../rules/damage.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { HAZARD_CARD_FLAG } from "./hazard-card-flag.js";
import { registerSealedHazards, renderHazardCard, sealedHazardOf, type HazardCardState, type HazardRow, type HazardStun } from "./hazard-card.js";
import { reseal } from "../chat/sealed-card.js";
import { postedCheck } from "../tools/posted-check.js";
import { HAZARD_STUN_INTENT, HAZARD_UNDO_INTENT, hazardCardOf } from "./hazard-chat.js";

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });

/** "Annullato: −3 Ferite, −2 Fatica" (less than the hit when the counters went down since). */
function undoneText(taken: { wounds: number; fatigue: number }, row: HazardRow): string {
  const i18n = game.i18n;
  const parts = [
    taken.wounds > 0 ? `−${formatCount(i18n, "GENESYS.Count.Wounds", taken.wounds)}` : null,
    taken.fatigue > 0 ? `−${formatCount(i18n, "GENESYS.Count.Fatigue", taken.fatigue)}` : null,
  ].filter((p): p is string => p !== null);
  const partial = taken.wounds < row.added.wounds || taken.fatigue < row.added.fatigue;
  const amounts = parts.length > 0 ? parts.join(", ") : i18n.localize("GENESYS.Hazard.NothingLeft");
  return i18n.format(partial ? "GENESYS.Hazard.UndonePartly" : "GENESYS.Hazard.Undone", { amounts });
}

async function onHazardUndo(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Hazard.Warn.NarratorsOnly");
  const p = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : {}; // any object: each field checked
  const id = p["messageId"];
  const which = p["recordId"];
  if (typeof id !== "string" || typeof which !== "string") return no("GENESYS.Hazard.Warn.NoCard");
  // The intent channel already runs each intent in the GM's queue, one after another: no other write comes between.
  const message = which.length > 0 ? game.messages.get(id) : undefined;
  const state = message ? hazardCardOf(message) : null;
  if (!message || !state) return no("GENESYS.Hazard.Warn.NoCard");
  const rows = state.rows.filter((r) => !r.undone && (which === "all" || r.recordId === which));
  if (rows.length === 0) return no("GENESYS.Hazard.Warn.AlreadyUndone");
  const gone: string[] = [];
  const next = new Map<string, HazardRow>();
  // Every victim's Undo and the card in one round of writes.
  const writes: Promise<unknown>[] = [];
  for (const row of rows) {
    const actor = await actorFrom(row.actorUuid);
    if (!actor?.genesys) {
      gone.push(row.name);
      continue;
    }
    const undone = actor.startUndo(row.recordId, { ...row.added, poison: 0 });
    if (undone) writes.push(undone.written);
    const taken = undone?.report.taken ?? { wounds: 0, fatigue: 0 };
    // §3.2.2 the hit taken back no longer holds the victim down (stun-prone.ts lifts him only when nothing else does).
    const lift = row.stun?.knockedDown === true ? startLiftProne(actor, row.recordId) : null;
    if (lift) writes.push(lift.written);
    const stun = row.stun && lift?.lifted === true ? { ...row.stun, text: stunText(row.name, row.stun, true) } : row.stun;
    next.set(row.recordId, { ...row, ...(stun ? { stun } : {}), undone: true, undoneText: undoneText(taken, row) });
  }
  if (next.size > 0) writes.push(writeCard(message, { ...state, rows: state.rows.map((r) => next.get(r.recordId) ?? r) }));
  const result: IntentResult = gone.length === 0
    ? { ok: true }
    : next.size > 0 ? { ok: true, info: "GENESYS.Hazard.Warn.ActorsGone", data: { names: gone.join(", ") } } : no("GENESYS.Hazard.Warn.ActorsGone", { names: gone.join(", ") });
  return answerWhile(Promise.all(writes), result);
}

/** The card rewritten with its new state (the active Narrator's client, inside an intent); a hidden one sealed again. */
async function writeCard(message: ChatMessage.Stored, state: HazardCardState): Promise<void> {
  const sealed = sealedHazardOf(message);
  if (sealed) {
    const refused = await reseal(message, sealed, state);
    if (refused !== null) throw new Error(game.i18n.localize(refused));
    return;
  }
  // FlagConfig lists the attack card's flags; this one is read back as unknown (readHazardCard).
  await message.update({ content: await renderHazardCard(state), flags: { [SYSTEM_ID]: { [HAZARD_CARD_FLAG]: state } } } as ChatMessage.UpdateData);
}

/** §3.2.2 what the stun check came to, in the words of the attack card's (GENESYS.Attack.Stun). */
function stunText(name: string, stun: Omit<HazardStun, "text">, lifted = false): string {
  const data = { target: name, total: String(stun.total), difficulty: String(stun.difficulty) };
  if (!stun.knockedDown) return game.i18n.format("GENESYS.Attack.Stun.Stands", data);
  if (!stun.proned) return game.i18n.format("GENESYS.Attack.Stun.AlreadyProne", data);
  return game.i18n.format(lifted ? "GENESYS.Attack.Stun.ProneUndone" : "GENESYS.Attack.Stun.Prone", data);
}

/**
 * §3.2.2 a row's stun check, once: the victim's Forza against the damage before armour, rolled here. A hidden card's
 * check goes to the Narrators only; an open card's in this Narrator's mode, but never blind, whose roll is itself an
 * intent this queue would wait for behind the one running (the card says the result anyway).
 */
async function onHazardStun(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Tools.Warn.NarratorOnly");
  const p = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : {}; // any object: each field checked
  const id = p["messageId"];
  const which = p["recordId"];
  if (typeof id !== "string" || typeof which !== "string") return no("GENESYS.Hazard.Warn.NoStun");
  // fvtt-types types get() as always finding the message, but it may have been deleted since the card was drawn.
  const message = game.messages.get(id) as ChatMessage.Stored | undefined;
  const state = message ? hazardCardOf(message) : null;
  const row = state?.rows.find((r) => r.recordId === which);
  if (!message || !state || !row || row.undone || row.stunDifficulty === null) return no("GENESYS.Hazard.Warn.NoStun");
  if (row.stun) return no("GENESYS.Hazard.Warn.StunDone", { name: row.name });
  const actor = await actorFrom(row.actorUuid);
  if (!actor?.genesys) return no("GENESYS.Hazard.Warn.ActorsGone", { names: row.name });
  const hidden = message.whisper.length > 0 || message.blind;
  const mode = currentMessageMode();
  const messageMode = hidden || mode === "blind" ? "gm" : mode;
  const difficulty = row.stunDifficulty;
  const check = await actor.rollCheck({ characteristic: "strength", difficulty, prompt: false, rollIfAutomatic: true, messageMode });
  // No card (the check flow warned why: a victim who cannot roll, a module's veto) or none readable: nothing recorded.
  const posted = check ? await postedCheck(check) : null;
  const total = posted && !posted.automatic ? posted.roll.total : undefined;
  if (total === undefined) return no("GENESYS.Hazard.Warn.StunUnread", { name: row.name });
  const down = knockedDown(total, difficulty);
  const laid = down ? startLayProne(actor, row.recordId) : null;
  const decided = { total, difficulty, knockedDown: down, proned: laid?.proned ?? false };
  const stun: HazardStun = { ...decided, text: stunText(row.name, decided) };
  const card = writeCard(message, { ...state, rows: state.rows.map((r) => (r.recordId === row.recordId ? { ...r, stun } : r)) });
  return answerWhile(Promise.all([card, laid?.written]));
}

/** The Narrator's side: the card's intents, and how his client opens a hidden card. */
export function registerHazardIntents(): void {
  registerSealedHazards();
  registerIntent(HAZARD_UNDO_INTENT, onHazardUndo);
  registerIntent(HAZARD_STUN_INTENT, onHazardStun);
}
