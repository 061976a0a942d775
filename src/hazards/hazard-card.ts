/**
 * The card of the Narrator's hazards (§3.1.2 falls, flames, arbitrary damage; §3.2.6 explosions): what happened, the
 * dice and lines of the computation, and one row per victim with what it took and its own Undo (and Undo all). The
 * flag keeps, per row, the ledger record and what the hit added, so Undo (hazard-intents.ts) takes back that and no
 * more. Texts are localized once, on the Narrator's client that posts the card; buttons are labelled at each render.
 * A hidden card is sealed like a blind roll (chat/sealed-card.ts): its state lives in the box, which only a Narrator's
 * client opens, with only the victims' names beside it.
 */
import { cipherLoaded, openBox } from "../authority/seal.js";
import { actorFrom } from "../documents/actor-from.js";
import { playerChosenNames, postSealed, registerSealedKind, sealContext, sealedCardOf, type SealedCard } from "../chat/sealed-card.js";
import { applyMessageMode } from "../compat/message-mode.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";

import { HAZARD_CARD_FLAG } from "./hazard-card-flag.js";
export const HAZARD_CARD_TEMPLATE = "systems/genesys-gdr/templates/chat/hazard-card.hbs";

export type HazardCardKind = "fall" | "flames" | "damage" | "explosion" | "landing";

export interface HazardLine {
  label: string;
  value: string;
}

export interface HazardRow {
  actorUuid: string;
  tokenUuid: string | null;
  name: string;
  /** The ledger entry of this hit on the actor (GenesysActor#applyDamage). */
  recordId: string;
  /** The dice of this victim's own rolls (a fall's D6s, the flames' 2D6), shown on the row. */
  dice: number[];
  lines: HazardLine[];
  /** "3 Ferite, 2 Fatica → Ferito", or "nessun danno". */
  result: string;
  added: { wounds: number; fatigue: number };
  /** §3.2.2 difficulty of the Forza check when the optional stun rule calls for one, else null. */
  stunDifficulty: number | null;
  /** §3.2.2 the stun check once made (absent before, and on cards posted before it was recorded). */
  stun?: HazardStun | null;
  undone: boolean;
  /** What Undo said (less than the hit when the counters went down meanwhile). */
  undoneText: string | null;
}

/**
 * §3.2.2 the stun check a row's victim made: its total against the damage before armour, and whether it knocked him
 * down; `proned` when it was this check that laid him prone (not when he already lay there), as the card says.
 */
export interface HazardStun {
  total: number;
  difficulty: number;
  knockedDown: boolean;
  proned: boolean;
  /** What the card says of it, in the Narrator's language. */
  text: string;
}

export interface HazardCardState {
  kind: HazardCardKind;
  title: string;
  subtitle: string | null;
  dice: { values: number[]; sum: number; label: string } | null;
  lines: HazardLine[];
  notes: string[];
  rows: HazardRow[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
const isLine = (v: unknown): v is HazardLine => isObject(v) && isString(v["label"]) && isString(v["value"]);
const KINDS: readonly string[] = ["fall", "flames", "damage", "explosion", "landing"];
const isStun = (v: unknown): v is HazardStun => isObject(v) && typeof v["total"] === "number" && Number.isInteger(v["total"]) && isCount(v["difficulty"])
  && typeof v["knockedDown"] === "boolean" && typeof v["proned"] === "boolean" && isString(v["text"]);

function isRow(v: unknown): v is HazardRow {
  if (!isObject(v) || !isString(v["actorUuid"]) || !isString(v["name"]) || !isString(v["recordId"]) || !isString(v["result"])) return false;
  if (!(v["tokenUuid"] === null || isString(v["tokenUuid"])) || typeof v["undone"] !== "boolean") return false;
  if (!(v["undoneText"] === null || isString(v["undoneText"])) || !(v["stunDifficulty"] === null || isCount(v["stunDifficulty"]))) return false;
  if (!(v["stun"] === undefined || v["stun"] === null || isStun(v["stun"]))) return false;
  const added = v["added"];
  const dice = v["dice"];
  const lines = v["lines"];
  return isObject(added) && isCount(added["wounds"]) && isCount(added["fatigue"]) && Array.isArray(dice) && dice.every(isCount)
    && Array.isArray(lines) && lines.every(isLine);
}

/** The card's state, or null for anything of another shape. */
export function readHazardCard(raw: unknown): HazardCardState | null {
  if (!isObject(raw) || !isString(raw["kind"]) || !KINDS.includes(raw["kind"]) || !isString(raw["title"])) return null;
  if (!(raw["subtitle"] === null || isString(raw["subtitle"]))) return null;
  const dice = raw["dice"];
  if (!(dice === null || (isObject(dice) && Array.isArray(dice["values"]) && dice["values"].every(isCount) && isCount(dice["sum"]) && isString(dice["label"])))) return null;
  const { lines, notes, rows } = raw;
  if (!Array.isArray(lines) || !lines.every(isLine) || !Array.isArray(notes) || !notes.every(isString) || !Array.isArray(rows) || !rows.every(isRow)) return null;
  // Each part checked above.
  return raw as unknown as HazardCardState;
}

/** The state of a hazard card in a message's flags (not yet checked for who wrote it). */

type I18n = { localize(key: string): string };

/** What templates/chat/hazard-card.hbs shows. */
export function hazardCardContext(state: HazardCardState, i18n: I18n) {
  const live = state.rows.filter((r) => !r.undone);
  return {
    ...state,
    rows: state.rows.map((r) => ({ ...r, hasDice: r.dice.length > 0, stun: !r.undone && r.stunDifficulty !== null && !r.stun, stunText: r.stun?.text ?? null })),
    undoAll: live.length > 1,
    // A landing card harms nobody yet: it says where the blast goes off.
    nobody: state.rows.length === 0 && state.kind !== "landing",
    labels: {
      undo: i18n.localize("GENESYS.Hazard.Undo"),
      undoAll: i18n.localize("GENESYS.Hazard.UndoAll"),
      stun: i18n.localize("GENESYS.Hazard.Stun"),
      nobody: i18n.localize("GENESYS.Hazard.Nobody"),
    },
  };
}

export async function renderHazardCard(state: HazardCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(HAZARD_CARD_TEMPLATE, hazardCardContext(state, game.i18n));
}

/** The names a hidden card's box leaves beside it: those of its victims (and speaker) that a player chose. */
async function namesOf(state: HazardCardState, speaker: Actor.Implementation | null | undefined): Promise<string[]> {
  const victims = await Promise.all(state.rows.map((r) => actorFrom(r.actorUuid)));
  return playerChosenNames([...victims, speaker]);
}

/** A hidden card's sealed part (the message must be a Narrator's: sealedCardOf checks), or null. */
export function sealedHazardOf(message: ChatMessage.Implementation | ChatMessage.Stored): SealedCard | null {
  const card = sealedCardOf(message);
  return card?.kind === "hazard" ? card : null;
}

/** A hidden card's state, opened with the key this (a Narrator's) client holds; null elsewhere. */
export function openedHazardOf(message: ChatMessage.Implementation | ChatMessage.Stored): HazardCardState | null {
  const card = sealedHazardOf(message);
  // Before the Narrator's side (and its cipher) has loaded, the card is read as still sealed: its buttons are wired.
  if (!card || !cipherLoaded()) return null;
  const opened = openBox(card.box, sealContext(message, card));
  return opened.ok ? readHazardCard(opened.value) : null;
}

/** A hidden card as the Narrators see it, and its Reveal: an open card for everyone, its buttons still the Narrators'. */
export function registerSealedHazards(): void {
  registerSealedKind("hazard", {
    render: async (value) => {
      const state = readHazardCard(value);
      return state ? renderHazardCard(state) : null;
    },
    reveal: async (value) => {
      const state = readHazardCard(value);
      return state ? { fields: { content: await renderHazardCard(state), [`flags.${SYSTEM_ID}.${HAZARD_CARD_FLAG}`]: state } } : null;
    },
  });
}

/**
 * Posts the card, with the rolls for the dice animation and the tooltip; a `hidden` one sealed for the Narrators,
 * without its rolls.
 */
export async function postHazardCard(state: HazardCardState, options: { hidden: boolean; rolls: Roll[]; speaker?: Actor.Implementation | null }): Promise<ChatMessage.Stored | null> {
  if (options.hidden) {
    const posted = await postSealed({
      kind: "hazard",
      value: state,
      names: await namesOf(state, options.speaker),
      // The placeholder every client receives names nobody (a hidden token's name is the Narrator's secret too).
      label: game.i18n.localize("GENESYS.Seal.NarratorCardLabel"),
      requesterId: game.user.id,
      speaker: options.speaker ? ChatMessage.getSpeaker({ actor: options.speaker }) : ChatMessage.getSpeaker(),
    });
    if ("warning" in posted) {
      ui.notifications.warn(game.i18n.localize(posted.warning));
      return null;
    }
    return posted as ChatMessage.Stored; // the created message, as ChatMessage.create gives it
  }
  const data: ChatMessage.CreateData = {
    speaker: options.speaker ? ChatMessage.getSpeaker({ actor: options.speaker }) : ChatMessage.getSpeaker(),
    content: await renderHazardCard(state),
    ...(options.rolls.length > 0 ? { rolls: options.rolls } : {}),
    flags: { [SYSTEM_ID]: { [HAZARD_CARD_FLAG]: state } },
  } as ChatMessage.CreateData; // FlagConfig lists the attack card's flags; this one is read back as unknown (readHazardCard)
  applyMessageMode(data, "public");
  const message = await ChatMessage.implementation.create(data);
  return message ?? null;
}
