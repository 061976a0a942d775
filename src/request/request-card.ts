/**
 * The Narrator's check request (§1.7): a card naming a check (a skill by its key, or a characteristic), its difficulty
 * (shown, hidden or undeclared), whether it is blind (§1.7.3), and one row per character asked. Every player may read
 * the card; what the players may not know (a hidden difficulty, the results of hidden or blind rows) travels in one
 * sealed box (authority/seal.ts) that only a Narrator's client opens. Only the active GM's client writes the card
 * (request/request-intents.ts); this file reads and renders it.
 */
import { isSealedBox, loadCipher, openBox, type SealContext, type SealedBox } from "../authority/seal.js";
import { fetchKey } from "../authority/seal-key.js";
import { isCharacteristic } from "../check/check-request.js";
import type { Localizer } from "../check/genesys-roll.js";
import { signed } from "../format/numbers.js";
import { DIFFICULTY_LADDER } from "../rules/check.js";
import { INCREMENT_POINTS_PER_GRADE, INCREMENT_REASONS } from "../rules/increment.js";
import type { CharacteristicKey } from "../rules/types.js";
import { authoredByGm, type CardMessage } from "../chat/authored.js";
import { readMovementLink, type MovementLink } from "../documents/movement-check.js";
import { readAmbushLink, type AmbushLink } from "../documents/ambush-check.js";
import { isActorUuid as isUuid } from "../documents/actor-from.js";
import { REQUEST_FLAG, REQUEST_SCOPE } from "./request-flag.js";
import type { IncrementRecord } from "../documents/check-options.js";

export const REQUEST_CARD_TEMPLATE = "systems/genesys-gdr/templates/chat/request-card.hbs";

/** What is asked: a skill by its language-free key, or a characteristic. */
export type RequestedCheck = { skill: string; characteristic: null; label: string } | { skill: null; characteristic: CharacteristicKey; label: string };

/** One row's roll as the rules judged it. */
export interface RequestResult {
  dice: [number, number];
  total: number;
  /** Null when no difficulty was declared (the Narrator judges the total). */
  success: boolean | null;
  margin: number | null;
  /** §1.8.2 the point the check earned, or null; "blind" while it is held back. */
  increment: IncrementRecord | null;
  /** Rolled blind (§1.7.3): its own sealed card holds the roll and its Reveal. */
  blind: boolean;
}

export interface RequestRow {
  id: string;
  actorUuid: string;
  /** The token asked, when the Narrator chose tokens: a row whose token left the scene can no longer roll. */
  tokenUuid: string | null;
  name: string;
  rolled: boolean;
  /** The roll's message (open roll or sealed card), once rolled. */
  messageId: string | null;
  /** Open only when neither the difficulty is hidden nor the request blind; otherwise in the sealed part. */
  result: RequestResult | null;
}

export interface RequestState {
  version: 1;
  check: RequestedCheck;
  /** The difficulty everyone may read: null when undeclared or hidden. */
  difficulty: number | null;
  /** The difficulty is in the sealed part, for the Narrators only. */
  hidden: boolean;
  blind: boolean;
  order: string[];
  rows: Record<string, RequestRow>;
  /** The sealed RequestSecret; null when the request hides nothing. */
  secret: SealedBox | null;
  /** §2.2.5 the tracker row whose Movimento this check is for, checked by the GM's client when posted; absent: none. */
  movement?: MovementLink | null;
  /** §3.2.1 the fight whose surprised combatants this Percezione check may free (documents/ambush-check.ts). */
  ambush?: AmbushLink | null;
}

/** The Narrators' part. */
export interface RequestSecret {
  difficulty: number | null;
  results: Record<string, RequestResult>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);
const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isKey = (v: unknown): v is string => typeof v === "string" && /^[\p{L}\p{N}_-]{1,64}$/u.test(v);
const STATUSES = ["stored", "gradeGained", "notOwner", "blind", "failed", "withheld"] as const;

function readIncrement(raw: unknown): IncrementRecord | null | undefined {
  if (raw === null) return null;
  if (!isObject(raw)) return undefined;
  const { reason, status, points, grade } = raw;
  if (!(INCREMENT_REASONS as readonly unknown[]).includes(reason) || !(STATUSES as readonly unknown[]).includes(status)) return undefined;
  if (!isWhole(points) || !(grade === null || isWhole(grade))) return undefined;
  // Both checked against their lists just above.
  return { reason: reason as IncrementRecord["reason"], status: status as IncrementRecord["status"], points, grade };
}

export function readRequestResult(raw: unknown): RequestResult | null {
  if (!isObject(raw)) return null;
  const { dice, total, success, margin, blind } = raw;
  if (!Array.isArray(dice) || dice.length !== 2 || !dice.every((d) => isWhole(d) && d >= 1 && d <= 10)) return null;
  if (!isWhole(total) || !(success === null || typeof success === "boolean") || !(margin === null || isWhole(margin)) || typeof blind !== "boolean") return null;
  const increment = readIncrement(raw["increment"]);
  if (increment === undefined) return null;
  return { dice: [dice[0] as number, dice[1] as number], total, success, margin, increment, blind };
}

function readCheck(raw: unknown): RequestedCheck | null {
  if (!isObject(raw) || typeof raw["label"] !== "string") return null;
  const { skill, characteristic, label } = raw;
  if (isKey(skill) && characteristic === null) return { skill, characteristic: null, label };
  if (skill === null && isCharacteristic(characteristic)) return { skill: null, characteristic, label };
  return null;
}

function readRow(id: string, raw: unknown): RequestRow | null {
  if (!isObject(raw)) return null;
  const { actorUuid, tokenUuid, name, rolled, messageId, result } = raw;
  if (raw["id"] !== id || !isUuid(actorUuid) || !(tokenUuid === null || isUuid(tokenUuid)) || typeof name !== "string" || typeof rolled !== "boolean") return null;
  if (!(messageId === null || isId(messageId))) return null;
  const read = result === null ? null : readRequestResult(result);
  if (result !== null && !read) return null;
  return { id, actorUuid, tokenUuid, name, rolled, messageId, result: read };
}

/** A request's state from its flag, checked field by field; null when it is not one. */
export function readRequestState(raw: unknown): RequestState | null {
  if (!isObject(raw) || raw["version"] !== 1) return null;
  const check = readCheck(raw["check"]);
  const { difficulty, hidden, blind, order, rows, secret } = raw;
  if (!check || !(difficulty === null || isWhole(difficulty)) || typeof hidden !== "boolean" || typeof blind !== "boolean") return null;
  if (!Array.isArray(order) || order.length > 50 || !order.every(isId) || !isObject(rows)) return null;
  if (!(secret === null || isSealedBox(secret))) return null;
  const movement = readMovementLink(raw["movement"]);
  if (movement === undefined) return null;
  const ambush = readAmbushLink(raw["ambush"]);
  if (ambush === undefined) return null;
  const read: Record<string, RequestRow> = {};
  for (const id of order) {
    const row = readRow(id, rows[id]);
    if (!row) return null;
    read[id] = row;
  }
  return { version: 1, check, difficulty, hidden, blind, order: [...order], rows: read, secret, ...(movement ? { movement } : {}), ...(ambush ? { ambush } : {}) };
}

export function readRequestSecret(raw: unknown): RequestSecret | null {
  if (!isObject(raw) || !isObject(raw["results"])) return null;
  const difficulty = raw["difficulty"];
  if (!(difficulty === null || isWhole(difficulty))) return null;
  const results: Record<string, RequestResult> = {};
  for (const [id, value] of Object.entries(raw["results"])) {
    const result = readRequestResult(value);
    if (!isId(id) || !result) return null;
    results[id] = result;
  }
  return { difficulty, results };
}

/** The state of a request card a Narrator posted; a player's look-alike is none. */
export function requestStateOf(message: CardMessage): RequestState | null {
  if (!authoredByGm(message)) return null;
  // The flag is typed by FlagConfig for the attack card only; the request's is read as unknown and checked.
  const flags = message.flags as unknown as Record<string, Record<string, unknown> | undefined>;
  return readRequestState(flags[REQUEST_SCOPE]?.[REQUEST_FLAG]);
}

/** Every request's sealed part is this size: its difficulty and a result for each row, as numbers and code words. */
export const REQUEST_SEAL_BYTES = 16_384;

/** What a request's sealed part is bound to: its message (the Narrator posted it; no player asked for it). */
export function requestSealContext(messageId: string): SealContext {
  return { messageId, kind: "request", requesterId: "" };
}

/** The Narrators' part, opened on a Narrator's client (asking the active Narrator for the key if needed); else null. */
export async function openRequestSecret(message: { id: string | null }, state: RequestState): Promise<RequestSecret | null> {
  if (!state.secret || !game.user.isGM) return null;
  await loadCipher();
  const context = requestSealContext(message.id ?? "");
  let opened = openBox(state.secret, context);
  if (!opened.ok && opened.reason !== "damaged" && !game.user.isActiveGM) {
    await fetchKey(state.secret.kid);
    opened = openBox(state.secret, context);
  }
  return opened.ok ? readRequestSecret(opened.value) : null;
}

/** Who looks at the card: buttons only for what they may do (the GM's client decides anyway). */
export interface RequestViewer {
  isGM: boolean;
  owns(actorUuid: string): boolean;
}

export const NO_REQUEST_VIEWER: RequestViewer = { isGM: false, owns: () => false };

export type RequestRowContext = {
  id: string;
  name: string;
  canRoll: boolean;
  rollLabel: string;
  status: string;
  result: { total: string; dice: string; outcome: string; cssClass: string; margin: string | null; increment: string | null } | null;
};

/** A type, not an interface: renderTemplate takes an indexable object. */
export type RequestCardContext = {
  title: string;
  label: string;
  difficulty: { label: string; value: string; hidden: boolean };
  blind: string | null;
  rows: RequestRowContext[];
  /** For Narrators: the sealed part could not be opened here. */
  unreadable: string | null;
  narratorsNote: string | null;
};

const LADDER_NAMES = new Map<number, string>(Object.entries(DIFFICULTY_LADDER).map(([key, value]) => [value, key]));

/** "20 (Complessa)": the ladder step's name when the margin is one of the book's (§1.7.2). */
export function difficultyLabel(difficulty: number, i18n: Localizer): string {
  const step = LADDER_NAMES.get(difficulty);
  return step ? `${String(difficulty)} (${i18n.localize(`GENESYS.Difficulty.${step}`)})` : String(difficulty);
}

function incrementText(record: IncrementRecord, i18n: Localizer): string {
  const reason = i18n.localize(`GENESYS.Check.Increment.Reason.${record.reason}`);
  const data = { reason, points: String(record.points), max: String(INCREMENT_POINTS_PER_GRADE), grade: String(record.grade ?? "") };
  const key = record.status === "blind" ? "GENESYS.Request.IncrementHeld" : `GENESYS.Check.Increment.${record.status === "gradeGained" ? "GradeGained" : record.status === "notOwner" ? "NotOwner" : record.status === "failed" ? "Failed" : record.status === "withheld" ? "Withheld" : "Stored"}`;
  return i18n.format(key, data);
}

function resultContext(result: RequestResult, i18n: Localizer): NonNullable<RequestRowContext["result"]> {
  const outcome = result.success === null ? "unjudged" : result.success ? "success" : "failure";
  const text = { unjudged: "GENESYS.Check.Unjudged", success: "GENESYS.Check.Success", failure: "GENESYS.Check.Failure" }[outcome];
  return {
    total: String(result.total),
    dice: `${String(result.dice[0])} + ${String(result.dice[1])}`,
    outcome: i18n.localize(text),
    cssClass: outcome,
    margin: result.margin === null ? null : signed(result.margin),
    increment: result.increment ? incrementText(result.increment, i18n) : null,
  };
}

/**
 * The card for one viewer. A player's view is made from the open state only, so nothing sealed can show in it; a
 * Narrator's view adds the opened secret (null: not opened, or nothing sealed).
 */
export function requestCardContext(state: RequestState, secret: RequestSecret | null, viewer: RequestViewer, i18n: Localizer): RequestCardContext {
  const narrator = viewer.isGM;
  const known = narrator && secret ? secret : null;
  const difficulty = state.hidden ? known?.difficulty ?? null : state.difficulty;
  let value: string;
  if (state.hidden && !known) value = i18n.localize("GENESYS.Request.DifficultyHidden");
  else value = difficulty === null ? i18n.localize("GENESYS.Check.DifficultyUndeclared") : difficultyLabel(difficulty, i18n);
  const rows = state.order.flatMap((id) => {
    const row = state.rows[id];
    if (!row) return [];
    const result = row.result ?? known?.results[id] ?? null;
    const status = row.rolled ? (state.blind ? "GENESYS.Request.RolledBlind" : "GENESYS.Request.Rolled") : "GENESYS.Request.Pending";
    return [{
      id,
      name: row.name,
      canRoll: !row.rolled && (narrator || viewer.owns(row.actorUuid)),
      rollLabel: i18n.localize(state.blind ? "GENESYS.Request.RollBlind" : "GENESYS.Request.Roll"),
      status: i18n.localize(status),
      result: row.rolled && result ? resultContext(result, i18n) : null,
    }];
  });
  return {
    title: i18n.localize("GENESYS.Request.Title"),
    label: state.check.characteristic ? i18n.localize(`GENESYS.Characteristic.${state.check.characteristic}`) : state.check.label,
    difficulty: { label: i18n.localize("GENESYS.Check.Difficulty"), value, hidden: state.hidden },
    blind: state.blind ? i18n.localize("GENESYS.Request.BlindNote") : null,
    rows,
    unreadable: narrator && state.secret && !secret ? i18n.localize("GENESYS.Request.Unreadable") : null,
    // A blind request's own line already says who sees the results.
    narratorsNote: narrator && state.hidden && secret ? i18n.localize("GENESYS.Request.NarratorsOnly") : null,
  };
}

export async function renderRequestCard(state: RequestState, secret: RequestSecret | null, viewer: RequestViewer): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(REQUEST_CARD_TEMPLATE, requestCardContext(state, secret, viewer, game.i18n));
}
