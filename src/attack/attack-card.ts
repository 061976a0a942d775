/**
 * The attack card (§2.3, §2.4, §3.2): its state, the events that move it on, and the context its template shows.
 * Everything here is pure: the state lives in the flags of a message the GM's client authored (card-intents.ts; see
 * chat-hooks.ts for why flags), every outcome comes from src/rules, and the context builder only lays out the state.
 */
import type { ApplyDamageOptions, CounterChange } from "../documents/actor.js";
import { defenceDived } from "../documents/dive-prone.js";
import { incrementText, type Localizer } from "../check/genesys-roll.js";
import { percent, signed, tenths } from "../format/numbers.js";
import { formatCount, type CountLocalizer } from "../format/plural.js";
import { AIMED_AREAS, resolveAttack, type AimedArea, type AttackKind, type AttackOutcome, type RollKind } from "../rules/attack.js";
import { rollPartLabel, type RollPart } from "../effects/roll-parts.js";
import { knockedDown, resolveDamage } from "../rules/damage.js";
import { RulesError } from "../rules/errors.js";
import { ATTACK_SIDES, INCREMENT_REASONS, isNarrowMargin, loserAdvantaged, type AttackSide, type ContrastSide } from "../rules/increment.js";
import type { RulesOptions } from "../rules/options.js";
import { DAMAGE_TYPES, type DamageType } from "../rules/types.js";
import { DAMAGE_FACES, wieldedDamageNotation, type DamageSpec } from "../rules/weapons.js";
import { isSpread, spreadRow, undoSpreadRow, type TokenHit } from "./token-hits.js";
import { isClaims, struckValue, type Claim, type ClaimKey } from "./card-claims.js";
import type { IncrementRecord } from "../documents/check-options.js";

export const SYSTEM_SCOPE = "genesys-gdr";
export const ATTACK_FLAG = "attack";
export const ATTACK_CARD_TEMPLATE = "systems/genesys-gdr/templates/chat/attack-card.hbs";

/** Dice as rolled and the total the rules made of them. */
export interface RollRecord {
  formula: string;
  dice: number[];
  total: number;
}

/** A defence roll (§2.3.3) or, for a static or unaware target, the Narrator's difficulty (§2.3.5, A-16). */
export type DefenceRecord =
  /** `skill`: the slug of the skill defended with, for its increment point (§1.8.2); absent for Destrezza or an animal. */
  | { kind: "roll"; label: string; grade: number; parts: RollPart[]; roll: RollRecord; skill?: string }
  | { kind: "static"; difficulty: number };

/** §3.3.3 venom injected by a bite that got past armour. */
export interface VenomRecord {
  roll: number;
  doses: number;
  limited: boolean;
}

/** Damage applied to the target through GenesysActor#applyDamage, kept for the breakdown and for Undo. */
export interface AppliedRecord {
  change: CounterChange;
  venom: VenomRecord | null;
  /** The entry of the target's damage ledger that Undo takes back (damage-ledger.ts). */
  recordId: string;
}

/** What Undo took back; less than the hit added when the counters went down meanwhile (`partial`). */
export interface UndoRecord {
  wounds: number;
  fatigue: number;
  poison: number;
  partial: boolean;
}

/**
 * §3.2.2 the stun check the hit's target made: 2D10 + Forza (with its condition and effects) against the damage before
 * armour; `proned` when the failure laid the target prone (not when it already lay there), so Undo lifts only that.
 */
export interface StunRecord {
  roll: RollRecord;
  difficulty: number;
  knockedDown: boolean;
  proned: boolean;
}

/** One attack roll against one target (a burst has one row per roll, §3.2.3). */
export interface AttackRow {
  id: string;
  /** The target's actor; null for an object (§2.3.5), which only the Narrator's static difficulty resolves. */
  target: { actorUuid: string | null; tokenUuid: string | null; name: string };
  /** Metres to the target, when known. */
  distance: number | null;
  /** §2.4.1 hit past 2/3 of the range: half damage. */
  beyondHalf: boolean;
  /** The attack roll's modifiers, as attackModifiers itemised them, then the effects' (key "effect", with their source) and the situational one, or the Narrator's override (key "narrator"). */
  parts: RollPart[];
  /** Chance to hit before rolling, 0–1, from the rules' odds against the target's expected defence. */
  chance: { hit: number; grazing: number } | null;
  attack: RollRecord;
  defence: DefenceRecord | null;
  outcome: AttackOutcome | null;
  damage: RollRecord | null;
  applied: AppliedRecord | null;
  undone: boolean;
  /** The last Undo of this row, for the card to say what it took back. */
  undo: UndoRecord | null;
  /** The hit the Narrator also sent to other tokens (token-hits.ts); absent on older cards. */
  spread?: TokenHit[];
  /** §3.2.2 the stun check of the hit that stands (absent before it; null once the hit is applied again). */
  stun?: StunRecord | null;
  /** The bonuses that stood on the player's word (card-claims.ts), struck or not; absent on a Narrator's own rolls. */
  claims?: Claim[];
  /** The damage rolled for a hit that a struck claim turned into a miss, back if the claim is restored. */
  setAside?: RollRecord | null;
  /** §1.8.2 the increment points the exchange earned each side's skill (attack/attack-points.ts); absent before it is settled. */
  increments?: RowIncrements | null;
  /** §1.8.2 the Narrator's word on which roll stood in the advantageous position (null: neither); absent: grades and modifiers decide. */
  advantaged?: AttackSide | null;
}

/** The increment point of each side of a row: null when that side earned none (or has no skill to earn it). */
export interface RowIncrements {
  attack: IncrementRecord | null;
  defence: IncrementRecord | null;
}

/** Everything the card shows and its buttons act on. */
export interface AttackCardState {
  version: 2;
  attacker: { actorUuid: string; name: string };
  weapon: {
    name: string;
    itemId: string | null;
    /** i18n key of the mode (GENESYS.WeaponMode.*) or of the natural weapons. */
    modeLabel: string;
    kind: AttackKind;
    explosive: boolean;
    /**
     * The damage of the mode used, fixed when the attack was made: `spec` is what the rules total the dice with (null =
     * unarmed blow, FOR − 1D6) and `strength` the attacker's Forza then, so editing the weapon or the actor between the
     * hit and the damage roll changes nothing.
     */
    damage: { formula: string; book: string; type: DamageType; spec: DamageSpec | null; strength: number };
    /** Attacker's venom (2D6 doses for the viper), or null. */
    venom: { dice: number; maxPerDay: number } | null;
  };
  /** What the attack roll adds to 2D10 before modifiers: the skill grade, or the animal's attack grade. */
  grade: { label: string; value: number };
  /** The slug of the attacker's skill, for its increment point (§1.8.2); absent for an animal and on older cards. */
  skill?: string | null;
  aimedArea: AimedArea;
  bypassArmour: boolean;
  /** §1.7.3 hidden from the players: only the Narrator sees totals and outcomes. */
  blind: boolean;
  /** Rounds spent and left (§2.4.1, one per attack roll), or null for weapons without a magazine. */
  rounds: { used: number; left: number } | null;
  order: string[];
  rows: Record<string, AttackRow>;
}

/** What a click (or the Narrator) does to one row. Each is checked against the row's state before it applies. */
export type CardEvent =
  | { type: "defend"; rowId: string; defence: Extract<DefenceRecord, { kind: "roll" }>; claims?: Claim[] }
  | { type: "static"; rowId: string; difficulty: number }
  | { type: "damage"; rowId: string; damage: RollRecord }
  | { type: "applied"; rowId: string; applied: AppliedRecord }
  | { type: "undone"; rowId: string; undo: UndoRecord }
  /** §3.2.2 the target's stun check; `bonus` is what the Narrator's client added to the 2D10 (Forza, condition, effects). */
  | { type: "stunned"; rowId: string; roll: RollRecord; bonus: number; proned: boolean }
  /** The hit sent to selected tokens: `own` when the row's target was among them, `hits` for the others. */
  | { type: "spread"; rowId: string; own: AppliedRecord | null; hits: TokenHit[] }
  | { type: "spreadUndone"; rowId: string; actorUuid: string; undo: UndoRecord }
  /** A Narrator strikes a claim (`struck`) or restores it: the outcome is worked out again from what stands. */
  | { type: "strike"; rowId: string; roll: RollKind; key: ClaimKey; struck: boolean }
  /** §1.8.2 the Narrator says which roll stood in the advantageous position: the points are worked out again. */
  | { type: "advantage"; rowId: string; advantaged: AttackSide | null };

export type CardEventType = CardEvent["type"];

// ───────────────────────── reading the flags ─────────────────────────

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isString = (v: unknown): v is string => typeof v === "string";

function isRollRecord(v: unknown): v is RollRecord {
  return isObject(v) && isString(v["formula"]) && Array.isArray(v["dice"]) && v["dice"].every(isInt) && isInt(v["total"]);
}

function isDefence(v: unknown): v is DefenceRecord {
  if (!isObject(v)) return false;
  if (v["kind"] === "static") return isInt(v["difficulty"]) && v["difficulty"] >= 0;
  return v["kind"] === "roll" && isString(v["label"]) && isInt(v["grade"]) && Array.isArray(v["parts"]) && isRollRecord(v["roll"]) && (v["skill"] === undefined || isString(v["skill"]));
}

function isStun(v: unknown): v is StunRecord {
  return isObject(v) && isRollRecord(v["roll"]) && isInt(v["difficulty"]) && typeof v["knockedDown"] === "boolean" && typeof v["proned"] === "boolean";
}

function isIncrement(v: unknown): boolean {
  return v === null || (isObject(v) && (INCREMENT_REASONS as readonly unknown[]).includes(v["reason"]) && isString(v["status"]) && isInt(v["points"]));
}

function isIncrements(v: unknown): boolean {
  return v === undefined || v === null || (isObject(v) && isIncrement(v["attack"]) && isIncrement(v["defence"]));
}

function isDamageSpec(v: unknown): v is DamageSpec {
  if (!isObject(v) || !isInt(v["dice"]) || v["dice"] < 0 || v["dice"] > 100 || !(DAMAGE_FACES as readonly unknown[]).includes(v["faces"])) return false;
  return (v["strengthBonus"] === null || isInt(v["strengthBonus"])) && isInt(v["flat"]) && (DAMAGE_TYPES as readonly unknown[]).includes(v["type"]);
}

function isRow(v: unknown): v is AttackRow {
  if (!isObject(v) || !isString(v["id"]) || !isObject(v["target"]) || !(isString(v["target"]["actorUuid"]) || v["target"]["actorUuid"] === null) || !isString(v["target"]["name"])) return false;
  if (!isRollRecord(v["attack"]) || !Array.isArray(v["parts"])) return false;
  if (v["defence"] !== null && !isDefence(v["defence"])) return false;
  if (v["damage"] !== null && !isRollRecord(v["damage"])) return false;
  if (!isSpread(v["spread"])) return false;
  if (v["stun"] !== undefined && v["stun"] !== null && !isStun(v["stun"])) return false;
  if (!isClaims(v["claims"]) || !(v["setAside"] === undefined || v["setAside"] === null || isRollRecord(v["setAside"]))) return false;
  if (!isIncrements(v["increments"])) return false;
  if (!(v["advantaged"] === undefined || v["advantaged"] === null || (ATTACK_SIDES as readonly unknown[]).includes(v["advantaged"]))) return false;
  return v["outcome"] === null || v["outcome"] === "hit" || v["outcome"] === "grazing" || v["outcome"] === "miss";
}

/** The card state stored in a message's flags, or null when it is missing or not one this version can read. */
export function readAttackState(raw: unknown): AttackCardState | null {
  if (!isObject(raw) || raw["version"] !== 2) return null;
  const attacker = raw["attacker"];
  const weapon = raw["weapon"];
  const rows = raw["rows"];
  const order = raw["order"];
  if (!isObject(attacker) || !isString(attacker["actorUuid"]) || !isString(attacker["name"]) || !isObject(weapon) || !isObject(weapon["damage"])) return null;
  // Every field the card's renderer and its intents read: a message of the wrong shape is no card at all.
  const damage = weapon["damage"];
  const grade = raw["grade"];
  if (!isString(weapon["name"]) || !isString(weapon["modeLabel"]) || !isString(damage["formula"]) || !isString(damage["book"]) || !isInt(damage["strength"])) return null;
  if (!(damage["spec"] === null || isDamageSpec(damage["spec"])) || !isObject(grade) || !isString(grade["label"]) || !isInt(grade["value"])) return null;
  if (typeof raw["blind"] !== "boolean" || typeof raw["bypassArmour"] !== "boolean") return null;
  // A card posted before limbs were told apart says "limb": it was read as an arm (the arms' armour), and still is.
  const aimedArea = raw["aimedArea"] === "limb" ? "arm" : raw["aimedArea"];
  if (!(DAMAGE_TYPES as readonly unknown[]).includes(weapon["damage"]["type"]) || !(AIMED_AREAS as readonly unknown[]).includes(aimedArea)) return null;
  if (!isObject(rows) || !Array.isArray(order) || !order.every((id) => isString(id) && isRow(rows[id]))) return null;
  // Checked field by field above; the remaining fields are plain values written by this module.
  return { ...(raw as unknown as AttackCardState), aimedArea: aimedArea as AimedArea };
}

// ───────────────────────── events ─────────────────────────

/** Why an event did not apply: the row moved on meanwhile (someone else clicked first) or the data is bad. */
export type CardRefusal = "missingRow" | "stale" | "invalid";

export type CardUpdate = { ok: true; row: AttackRow } | { ok: false; reason: CardRefusal };

const refuse = (reason: CardRefusal): CardUpdate => ({ ok: false, reason });

function validDice(dice: readonly number[], count: number, faces: number): boolean {
  return dice.length === count && dice.every((d) => isInt(d) && d >= 1 && d <= faces);
}

/** A 2D10 roll whose total is its dice plus the bonus it claims (grade and parts). */
function validDefenceRoll(defence: Extract<DefenceRecord, { kind: "roll" }>): boolean {
  const bonus = defence.grade + defence.parts.reduce((s, p) => s + p.value, 0);
  const { dice, total } = defence.roll;
  return validDice(dice, 2, 10) && total === dice.reduce((s, d) => s + d, 0) + bonus;
}

/** The attack roll's total as it stands: as rolled, less the claims a Narrator struck. */
export function attackTotal(row: AttackRow): number {
  return row.attack.total - struckValue(row.claims, "attack");
}

/** The defence roll's total as it stands, or null for a static target or no defence yet. */
export function defenceTotal(row: AttackRow): number | null {
  return row.defence?.kind === "roll" ? row.defence.roll.total - struckValue(row.claims, "defence") : null;
}

/** §1.8.2 a roll as the increment rules read it: its dice, its grade and every modifier that stands (Esperienza aside). */
function rollSide(dice: readonly number[], grade: number, total: number): Omit<ContrastSide, "experience"> {
  const sum = dice.reduce((s, d) => s + d, 0);
  return { dice: sum, grade, modifiers: total - sum - grade };
}

/** §1.8.2 the row's attack roll as the increment rules read it. */
export function attackSide(state: AttackCardState, row: AttackRow): Omit<ContrastSide, "experience"> {
  return rollSide(row.attack.dice, state.grade.value, attackTotal(row));
}

/** §1.8.2 the two rolls of a row against a defence roll as the increment rules read them, or null. */
export function exchangeSides(state: AttackCardState, row: AttackRow): Record<AttackSide, Omit<ContrastSide, "experience">> | null {
  const defence = row.defence;
  if (defence?.kind !== "roll") return null;
  return { attack: attackSide(state, row), defence: rollSide(defence.roll.dice, defence.grade, defenceTotal(row) ?? defence.roll.total) };
}

/**
 * §1.8.2 a row won by 1–3 against a defence roll by a side with a skill to earn with: its loser, the margin, and
 * whether the loser counts as advantaged now; else null (a Destrezza defence or an animal's grade earns nothing either way).
 */
export function narrowWin(state: AttackCardState, row: AttackRow): { loser: AttackSide; margin: number; advantaged: boolean } | null {
  const sides = row.outcome === null ? null : exchangeSides(state, row);
  const defence = defenceTotal(row);
  if (!sides || defence === null || row.defence?.kind !== "roll") return null;
  const margin = Math.abs(attackTotal(row) - defence);
  if (!isNarrowMargin(margin)) return null;
  const loser: AttackSide = attackTotal(row) < defence ? "attack" : "defence";
  const winnerSkill = loser === "attack" ? row.defence.skill : state.skill;
  if (!winnerSkill) return null;
  return { loser, margin, advantaged: loserAdvantaged(loser, sides, row.advantaged) };
}

/** Whether the row's hit is on a target's counters now: its own, or a selected token's. */
export function hitStands(row: AttackRow): boolean {
  return (row.applied !== null && !row.undone) || (row.spread ?? []).some((h) => !h.undone);
}

/** §2.3.1/§2.3.5 the row's outcome from its totals as they stand, or null before the defence. */
function outcomeOf(row: AttackRow, options: Partial<RulesOptions>): AttackOutcome | null {
  const defence = row.defence;
  if (defence === null) return null;
  if (defence.kind === "static") return resolveAttack({ attackTotal: attackTotal(row), staticDifficulty: defence.difficulty }, options);
  return resolveAttack({ attackTotal: attackTotal(row), defenceTotal: defenceTotal(row) ?? defence.roll.total }, options);
}

/**
 * A claim struck or restored: the totals and the outcome follow. A hit on someone's counters is taken back first (its
 * Undo), so that a strike never leaves damage standing that the new outcome denies. Damage rolled for a hit that
 * becomes a miss is set aside, and comes back with the hit.
 */
function strikeRow(row: AttackRow, event: Extract<CardEvent, { type: "strike" }>, options: Partial<RulesOptions>): CardUpdate {
  const claims = row.claims ?? [];
  const at = claims.findIndex((c) => c.roll === event.roll && c.key === event.key);
  const claim = claims[at];
  if (!claim || claim.struck === event.struck || hitStands(row)) return refuse("stale");
  const next: AttackRow = { ...row, claims: claims.map((c, i) => (i === at ? { ...c, struck: event.struck } : c)) };
  const outcome = outcomeOf(next, options);
  const hit = outcome === "hit" || outcome === "grazing";
  const damage = hit ? (row.damage ?? row.setAside ?? null) : null;
  const setAside = hit ? null : (row.damage ?? row.setAside ?? null);
  return { ok: true, row: { ...next, outcome, damage, setAside } };
}

/**
 * Moves one row on by an event, or says why not. The outcome is always the rules' (resolveAttack, with the
 * world's grazing setting); an event that does not fit the row's state (already defended, no hit, nothing to undo) is stale.
 */
export function applyCardEvent(state: AttackCardState, event: CardEvent, options: Partial<RulesOptions>): CardUpdate {
  const row = state.rows[event.rowId];
  if (!row) return refuse("missingRow");
  try {
    switch (event.type) {
      case "defend": {
        if (row.defence !== null) return refuse("stale");
        // A relayed event is data from another client: check its shape, not only its type.
        const defence: unknown = event.defence;
        if (!isDefence(defence) || defence.kind !== "roll" || !validDefenceRoll(defence)) return refuse("invalid");
        const claims: unknown = event.claims;
        if (!isClaims(claims) || (claims ?? []).some((c) => c.roll !== "defence" || c.struck)) return refuse("invalid");
        const next: AttackRow = { ...row, defence: event.defence, ...(claims && claims.length > 0 ? { claims: [...(row.claims ?? []), ...claims] } : {}) };
        return { ok: true, row: { ...next, outcome: outcomeOf(next, options) } };
      }
      case "static": {
        if (row.defence !== null) return refuse("stale");
        const next: AttackRow = { ...row, defence: { kind: "static", difficulty: event.difficulty } };
        return { ok: true, row: { ...next, outcome: outcomeOf(next, options) } };
      }
      case "damage": {
        if (row.outcome === null || row.outcome === "miss" || row.damage !== null) return refuse("stale");
        if (!isRollRecord(event.damage) || event.damage.total < 0) return refuse("invalid");
        return { ok: true, row: { ...row, damage: event.damage } };
      }
      case "applied": {
        if (row.damage === null || (row.applied !== null && !row.undone)) return refuse("stale");
        // A hit applied again is a new hit: its stun check is still to be made (null, since flag updates merge).
        return { ok: true, row: { ...row, applied: event.applied, undone: false, undo: null, ...(row.stun ? { stun: null } : {}) } };
      }
      case "stunned": {
        const difficulty = row.applied?.change.damage?.stunDifficulty;
        if (row.applied === null || row.undone || row.applied.change.damage?.stunCheck !== true || difficulty === undefined || row.stun) return refuse("stale");
        const { dice, total } = event.roll;
        if (!isRollRecord(event.roll) || !isInt(event.bonus) || !validDice(dice, 2, 10) || total !== dice.reduce((a, d) => a + d, 0) + event.bonus) return refuse("invalid");
        const down = knockedDown(total, difficulty);
        return { ok: true, row: { ...row, stun: { roll: event.roll, difficulty, knockedDown: down, proned: down && event.proned } } };
      }
      case "undone": {
        if (row.applied === null || row.undone) return refuse("stale");
        return { ok: true, row: { ...row, undone: true, undo: event.undo } };
      }
      case "spread":
      case "spreadUndone": {
        const next = event.type === "spread" ? spreadRow(row, event.own, event.hits) : undoSpreadRow(row, event.actorUuid, event.undo);
        return typeof next === "string" ? refuse(next) : { ok: true, row: next };
      }
      case "strike":
        return strikeRow(row, event, options);
      case "advantage": {
        // Only a narrow win hangs on the Narrator's word: anything else is a card that moved on since the click.
        if (narrowWin(state, row) === null) return refuse("stale");
        const advantaged: unknown = event.advantaged;
        if (!(advantaged === null || (ATTACK_SIDES as readonly unknown[]).includes(advantaged))) return refuse("invalid");
        return { ok: true, row: { ...row, advantaged: event.advantaged } };
      }
    }
  } catch (error) {
    if (error instanceof RulesError) return refuse("invalid");
    throw error;
  }
}

/** What applyDamage needs for this row: the hit as the card recorded it (§3.2.x pipeline inputs). */
export function damageOptions(state: AttackCardState, row: AttackRow): ApplyDamageOptions | null {
  if (!row.damage) return null;
  return {
    amount: row.damage.total,
    type: state.weapon.damage.type,
    grazing: row.outcome === "grazing",
    aimedArea: state.aimedArea,
    armourPiercing: state.bypassArmour,
    rangedBeyondHalf: row.beyondHalf,
    explosive: state.weapon.explosive,
  };
}

/** The state with one row replaced. */
export function withRow(state: AttackCardState, row: AttackRow): AttackCardState {
  return { ...state, rows: { ...state.rows, [row.id]: row } };
}

// ───────────────────────── the card's context ─────────────────────────

/** Who is looking: the Narrator sees and may do everything; a player acts for the actors they own. */
export interface CardViewer {
  isGM: boolean;
  owns(actorUuid: string): boolean;
  /** A sealed (blind) card on a Narrator's client: only its outcome is decided before the Reveal. */
  sealed?: boolean;
}

/** Nobody in particular: the card as stored in the message content (no buttons, blind totals hidden). */
export const NO_VIEWER: CardViewer = { isGM: false, owns: () => false };

/** game.i18n, or a test's stand-in: the card's counts need the language's plural forms. */
export type CardLocalizer = Localizer & Pick<CountLocalizer, "lang">;

export interface LabelValue {
  label: string;
  value: string;
  cssClass: string;
}

export interface RowButtons {
  defend: boolean;
  static: boolean;
  rollDamage: boolean;
  apply: boolean;
  /** The Narrator's: the same hit into the tokens they have selected (token-hits.ts). */
  applySelected: boolean;
  undo: boolean;
  stun: boolean;
  /** §2.2.1 the Narrator's: the diver's jump check, when the dive took him over an obstacle or a gap. */
  diveJump: boolean;
}

export interface RowTag {
  text: string;
  cssClass: string;
}

export interface RowContext {
  id: string;
  cssClass: string;
  target: string;
  outcome: string;
  distance: string | null;
  /** The odds before the defence, shown while the row waits for it. */
  chance: string | null;
  /** What happened to the row since (undone). */
  tags: RowTag[];
  attack: { dice: number[]; total: number; parts: LabelValue[]; claims: ClaimContext[] };
  /** `proneNote`: §2.2.1 the defender dived and now lies prone (documents/dive-prone.ts sets the status). */
  defence: { text: string; isRoll: boolean; dice: number[]; total: number | null; parts: LabelValue[]; claims: ClaimContext[]; proneNote: string | null } | null;
  damage: { formula: string; dice: number[]; total: number } | null;
  applied: {
    steps: LabelValue[];
    counters: string;
    condition: string;
    conditionClass: string;
    undone: boolean;
    notes: string[];
    /** What a partial Undo took back, shown apart from the struck-through hit. */
    undoNote: string | null;
  } | null;
  stun: string | null;
  venom: string | null;
  /** §1.8.2 the increment points the exchange earned, each naming whose skill. */
  increments: RowTag[];
  /** §1.8.2 the Narrator's: a narrow win, whether the loser stood in the advantageous position, and the button that changes it. */
  advantage: { text: string; label: string } | null;
  /** The selected tokens the hit also went into, each with what it took and its own Undo. */
  spread: SpreadContext | null;
  buttons: RowButtons;
  labels: Record<keyof RowButtons, string>;
  /** Why Apply names only the damage before armour (its tooltip), or null when its label says everything. */
  applyHint: string | null;
  /** What Apply to the selected tokens does with each of them (its tooltip). */
  applySelectedHint: string;
}

/** One claim under its roll: what the player claimed, or what the Narrator struck, and the Narrator's button. */
export interface ClaimContext {
  text: string;
  cssClass: string;
  /** "attack:advantage": what the button sends (attack-flow.ts). */
  claim: string;
  /** The Narrator's button, when they may strike or restore it now. */
  button: { label: string; icon: string } | null;
}

export interface SpreadHitContext {
  actorUuid: string;
  name: string;
  counters: string;
  condition: string;
  conditionClass: string;
  undone: boolean;
  undoneTag: string;
  canUndo: boolean;
  undoLabel: string;
}

export interface SpreadContext {
  title: string;
  hits: SpreadHitContext[];
}

export type AttackCardContext = {
  cssClass: string;
  title: string;
  subtitle: string;
  hidden: boolean;
  hiddenText: string;
  notes: string[];
  rows: RowContext[];
  summary: string | null;
  labels: { attack: string; defence: string; damage: string; total: string };
};


function partLines(parts: readonly RollPart[], prefix: string, i18n: Localizer): LabelValue[] {
  return parts.map((p) => ({ label: rollPartLabel(p, prefix, (k) => i18n.localize(k)), value: signed(p.value), cssClass: p.key }));
}

/**
 * The claims of one roll as the card lists them. Everyone sees them; only a Narrator gets the button, and only while
 * the hit is on nobody's counters (Undo first).
 */
function claimLines(row: AttackRow, roll: RollKind, viewer: CardViewer, i18n: Localizer): ClaimContext[] {
  const canStrike = viewer.isGM && !hitStands(row);
  return (row.claims ?? []).filter((c) => c.roll === roll).map((c) => {
    const data = { part: i18n.localize(`GENESYS.Attack.Modifier.${c.key}`), value: signed(c.value) };
    return {
      text: i18n.format(c.struck ? "GENESYS.Attack.Claim.Struck" : "GENESYS.Attack.Claim.Claimed", data),
      cssClass: c.struck ? "struck" : "claimed",
      claim: `${roll}:${c.key}`,
      button: canStrike ? { label: i18n.format(c.struck ? "GENESYS.Attack.Claim.Restore" : "GENESYS.Attack.Claim.Strike", data), icon: c.struck ? "fa-rotate-left" : "fa-ban" } : null,
    };
  });
}

function outcomeText(row: AttackRow, i18n: Localizer): string {
  if (row.outcome !== null) return i18n.localize(`GENESYS.Attack.Outcome.${row.outcome}`);
  return i18n.localize(row.target.actorUuid === null ? "GENESYS.Attack.Outcome.pendingObject" : "GENESYS.Attack.Outcome.pending");
}

/** "3 Ferite", "1 Ferita e 1 Fatica": the counters a hit moves, each only when it moves (the type's own when none does). */
function countersText(wounds: number, fatigue: number, type: DamageType, i18n: CardLocalizer): string {
  const parts: string[] = [];
  if (wounds > 0 || (fatigue === 0 && type !== "shock")) parts.push(formatCount(i18n, "GENESYS.Count.Wounds", wounds));
  if (fatigue > 0 || (wounds === 0 && type === "shock")) parts.push(formatCount(i18n, "GENESYS.Count.Fatigue", fatigue));
  const [first = "", second] = parts;
  return second === undefined ? first : i18n.format("GENESYS.Attack.CountersAnd", { first, second });
}

/**
 * What Apply will do, from the rules' pipeline run on what the card holds (damageOptions). With the armour bypassed
 * that is the whole result, Ferite and Fatica. Otherwise the target's armour is read by the Narrator's client only when
 * the damage is applied, so the label names the damage that reaches it (after grazing, range and blast) and no more.
 */
function applyLabel(state: AttackCardState, row: AttackRow, i18n: CardLocalizer): { label: string; hint: string | null } {
  const options = damageOptions(state, row);
  const target = row.target.name;
  if (!options) return { label: i18n.localize("GENESYS.Attack.Button.apply"), hint: null };
  if (state.aimedArea === "weapon") return { label: i18n.format("GENESYS.Attack.Button.applyWeapon", { target }), hint: null };
  const input = {
    rolled: options.amount,
    type: options.type,
    grazing: options.grazing ?? false,
    rangedBeyondHalf: options.rangedBeyondHalf ?? false,
    explosive: options.explosive ?? false,
    armourDefence: 0,
    targetStrength: 0,
  };
  try {
    if (state.bypassArmour) {
      const result = resolveDamage({ ...input, aimedArea: state.aimedArea, bypassArmour: true });
      return { label: i18n.format("GENESYS.Attack.Button.applyCounters", { amount: countersText(result.wounds, result.fatigue, options.type, i18n), target }), hint: null };
    }
    const reaching = resolveDamage({ ...input, aimedArea: "trunk", armourCovers: false }).inflicted;
    return { label: i18n.format("GENESYS.Attack.Button.applyDamage", { amount: String(reaching), target }), hint: i18n.localize("GENESYS.Attack.ApplyHint") };
  } catch (error) {
    // A damaged stored card still renders, with the plain label.
    if (error instanceof RulesError) return { label: i18n.localize("GENESYS.Attack.Button.apply"), hint: null };
    throw error;
  }
}

function defenceContext(row: AttackRow, defence: DefenceRecord, viewer: CardViewer, i18n: Localizer): NonNullable<RowContext["defence"]> {
  if (defence.kind === "static") {
    return { text: i18n.format("GENESYS.Attack.StaticTarget", { difficulty: String(defence.difficulty) }), isRoll: false, dice: [], total: null, parts: [], claims: [], proneNote: null };
  }
  return {
    text: i18n.format("GENESYS.Attack.DefenceWith", { label: defence.label, grade: String(defence.grade) }),
    isRoll: true,
    dice: defence.roll.dice,
    total: defenceTotal(row),
    parts: partLines(defence.parts, "GENESYS.Attack.Modifier", i18n),
    claims: claimLines(row, "defence", viewer, i18n),
    proneNote: defenceDived(defence.parts) ? i18n.localize("GENESYS.Attack.DiveProne") : null,
  };
}

function appliedContext(applied: AppliedRecord, row: AttackRow, type: DamageType, i18n: CardLocalizer): NonNullable<RowContext["applied"]> {
  const change = applied.change;
  const steps = (change.damage?.steps ?? []).map((s) => ({ label: i18n.localize(`GENESYS.Attack.Step.${s.key}`), value: String(s.value), cssClass: s.key }));
  const dw = change.after.wounds - change.before.wounds;
  const df = change.after.fatigue - change.before.fatigue;
  const notes: string[] = [];
  if (change.damage?.limbDisabled === true) notes.push(i18n.localize("GENESYS.Attack.LimbDisabled"));
  if (change.damage?.disarmed === true) notes.push(i18n.localize("GENESYS.Attack.Disarmed"));
  if (change.damage?.disarmed === false) notes.push(i18n.localize("GENESYS.Attack.NotDisarmed"));
  const undo = row.undone ? row.undo : null;
  // A full Undo is told by the row's tag; a partial one also says how much was still there.
  const undoNote = undo?.partial === true
    ? i18n.format("GENESYS.Attack.UndonePartial", {
        wounds: formatCount(i18n, "GENESYS.Count.Wounds", undo.wounds),
        fatigue: formatCount(i18n, "GENESYS.Count.Fatigue", undo.fatigue),
        target: row.target.name,
      })
    : null;
  return {
    steps,
    // The row already names its target: the line says what it took.
    counters: i18n.format("GENESYS.Attack.Counters", { changes: countersText(dw, df, type, i18n) }),
    condition: i18n.format("GENESYS.Attack.NewCondition", { condition: i18n.localize(`GENESYS.Condition.${change.condition.after}`) }),
    conditionClass: change.condition.after,
    undone: row.undone,
    notes,
    undoNote,
  };
}

/** "Applicato ai token selezionati: Lupo, 6 Ferite, Ferito": the other actors the Narrator sent the hit to. */
function spreadContext(row: AttackRow, type: DamageType, canUndo: boolean, i18n: CardLocalizer): SpreadContext | null {
  const hits = row.spread ?? [];
  if (hits.length === 0) return null;
  return {
    title: i18n.localize("GENESYS.Attack.Spread.Title"),
    hits: hits.map((h) => {
      const { before, after, condition } = h.applied.change;
      return {
        actorUuid: h.actorUuid,
        name: h.name,
        counters: countersText(after.wounds - before.wounds, after.fatigue - before.fatigue, type, i18n),
        condition: i18n.localize(`GENESYS.Condition.${condition.after}`),
        conditionClass: condition.after,
        undone: h.undone,
        undoneTag: i18n.localize("GENESYS.Attack.Tag.undone"),
        canUndo: canUndo && !h.undone,
        undoLabel: i18n.format("GENESYS.Attack.Spread.Undo", { target: h.name }),
      };
    }),
  };
}

/** The damage line's notation: the book's, with the attacker's Forza counted in (the unarmed blow as the book writes it). */
function damageNotation(damage: AttackCardState["weapon"]["damage"]): string {
  if (damage.spec === null) return damage.book;
  try {
    return wieldedDamageNotation(damage.spec, damage.strength);
  } catch (error) {
    if (error instanceof RulesError) return damage.book;
    throw error;
  }
}

/** §3.2.2 what the stun check came to: the total against the difficulty, and whether the target went down. */
function stunText(row: AttackRow, i18n: Localizer): string | null {
  const stun = row.stun;
  if (!stun) return null;
  const data = { target: row.target.name, total: String(stun.roll.total), difficulty: String(stun.difficulty) };
  if (!stun.knockedDown) return i18n.format("GENESYS.Attack.Stun.Stands", data);
  if (!stun.proned) return i18n.format("GENESYS.Attack.Stun.AlreadyProne", data);
  return i18n.format(row.undone ? "GENESYS.Attack.Stun.ProneUndone" : "GENESYS.Attack.Stun.Prone", data);
}

/** "Jack Quade: Punto incremento (successo difficile): 3/6.": each side's point; a blind card's is held for the Reveal. */
function incrementLines(state: AttackCardState, row: AttackRow, i18n: Localizer): RowTag[] {
  const sides = [
    [state.attacker.name, row.increments?.attack ?? null],
    [row.target.name, row.increments?.defence ?? null],
  ] as const;
  return sides.flatMap(([name, record]) => {
    if (!record) return [];
    const shown = record.status === "blind"
      ? { text: i18n.format("GENESYS.Attack.IncrementHeld", { reason: i18n.localize(`GENESYS.Check.Increment.Reason.${record.reason}`) }), cssClass: "increment blind" }
      : incrementText(record, i18n);
    return [{ text: i18n.format("GENESYS.Attack.Increment", { name, text: shown.text }), cssClass: shown.cssClass }];
  });
}

/**
 * §1.8.2 a narrow win against a defence roll as the Narrator sees it: whether the loser stood in the advantageous
 * position, and who said so (grades and modifiers, or the Narrator). Only then can the winner's point hang on it.
 */
function advantageContext(state: AttackCardState, row: AttackRow, viewer: CardViewer, i18n: Localizer): RowContext["advantage"] {
  const won = viewer.isGM ? narrowWin(state, row) : null;
  if (!won) return null;
  const data = {
    name: won.loser === "attack" ? state.attacker.name : row.target.name,
    margin: String(won.margin),
    source: i18n.localize(row.advantaged === undefined ? "GENESYS.Attack.NarrowWin.ByGrades" : "GENESYS.Attack.NarrowWin.ByNarrator"),
  };
  return {
    text: i18n.format(won.advantaged ? "GENESYS.Attack.NarrowWin.Was" : "GENESYS.Attack.NarrowWin.WasNot", data),
    label: i18n.localize(won.advantaged ? "GENESYS.Attack.NarrowWin.Unmark" : "GENESYS.Attack.NarrowWin.Mark"),
  };
}

function rowContext(state: AttackCardState, row: AttackRow, viewer: CardViewer, i18n: CardLocalizer): RowContext {
  const attackerSide = viewer.isGM || viewer.owns(state.attacker.actorUuid);
  // An object (§2.3.5) has nobody to defend it and no counters to take damage: the Narrator's difficulty resolves it.
  const object = row.target.actorUuid === null;
  const targetSide = !object && (viewer.isGM || viewer.owns(row.target.actorUuid ?? ""));
  const hit = !object && (row.outcome === "hit" || row.outcome === "grazing");
  const live = row.applied !== null && !row.undone;
  const damage = row.applied?.change.damage ?? null;
  const stunAsked = live && damage?.stunCheck === true && !row.stun;
  const stun = stunAsked
    ? i18n.format("GENESYS.Attack.StunPrompt", { target: row.target.name, difficulty: String(damage.stunDifficulty) })
    : stunText(row, i18n);
  // Sealed, a card only gets its outcome: a damage roll would tell by its very existence that it hit (sealed-card.ts).
  const open = viewer.sealed !== true;
  const buttons: RowButtons = {
    defend: row.defence === null && targetSide,
    // An object's row waits for it (the "static" key is the Narrator's static-target difficulty, §2.3.5).
    static: row.defence === null && viewer.isGM,
    rollDamage: open && hit && row.damage === null && attackerSide,
    apply: open && row.damage !== null && !live && attackerSide,
    // Any token at all: a player could reach any of them from the console, so only the Narrator (card-intents.ts checks).
    applySelected: open && row.damage !== null && viewer.isGM,
    undo: open && live && attackerSide,
    stun: open && stunAsked && targetSide,
    diveJump: open && viewer.isGM && row.defence?.kind === "roll" && defenceDived(row.defence.parts),
  };
  const venom = live && row.applied?.venom && row.applied.venom.doses > 0
    ? i18n.format(row.applied.venom.limited ? "GENESYS.Attack.VenomLimited" : "GENESYS.Attack.Venom", {
        doses: formatCount(i18n, "GENESYS.Count.Doses", row.applied.venom.doses),
        roll: String(row.applied.venom.roll),
        target: row.target.name,
      })
    : null;
  const apply = buttons.apply ? applyLabel(state, row, i18n) : { label: i18n.localize("GENESYS.Attack.Button.apply"), hint: null };
  return {
    id: row.id,
    cssClass: row.outcome ?? "pending",
    target: row.target.name,
    outcome: outcomeText(row, i18n),
    distance: row.distance === null ? null : i18n.format("GENESYS.Attack.Distance", { metres: tenths(row.distance) }),
    chance: row.chance === null || row.outcome !== null
      ? null
      : i18n.format(row.chance.grazing > 0 ? "GENESYS.Attack.ChanceGrazing" : "GENESYS.Attack.Chance", { hit: percent(row.chance.hit), grazing: percent(row.chance.grazing) }),
    tags: row.undone ? [{ text: i18n.localize("GENESYS.Attack.Tag.undone"), cssClass: "undone" }] : [],
    attack: { dice: row.attack.dice, total: attackTotal(row), parts: partLines(row.parts, "GENESYS.Attack.Modifier", i18n), claims: claimLines(row, "attack", viewer, i18n) },
    defence: row.defence === null ? null : defenceContext(row, row.defence, viewer, i18n),
    damage: row.damage === null ? null : { formula: damageNotation(state.weapon.damage), dice: row.damage.dice, total: row.damage.total },
    applied: row.applied === null ? null : appliedContext(row.applied, row, state.weapon.damage.type, i18n),
    stun,
    venom,
    increments: incrementLines(state, row, i18n),
    advantage: advantageContext(state, row, viewer, i18n),
    spread: spreadContext(row, state.weapon.damage.type, open && viewer.isGM, i18n),
    buttons,
    labels: {
      defend: i18n.localize("GENESYS.Attack.Button.defend"),
      static: i18n.localize("GENESYS.Attack.Button.static"),
      rollDamage: i18n.localize("GENESYS.Attack.Button.rollDamage"),
      apply: apply.label,
      applySelected: i18n.localize("GENESYS.Attack.Button.applySelected"),
      undo: i18n.localize("GENESYS.Attack.Button.undo"),
      stun: i18n.localize("GENESYS.Attack.Button.stun"),
      diveJump: i18n.localize("GENESYS.Attack.Button.diveJump"),
    },
    applyHint: apply.hint,
    applySelectedHint: i18n.localize("GENESYS.Attack.ApplySelectedHint"),
  };
}

const NO_BUTTONS: RowButtons = { defend: false, static: false, rollDamage: false, apply: false, applySelected: false, undo: false, stun: false, diveJump: false };

/** "2 colpi a segno su 3 lanci, 1 di striscio": a finished burst, or null while a row waits or for a single roll. */
function summaryText(state: AttackCardState, i18n: CardLocalizer): string | null {
  const decided = state.order.map((id) => state.rows[id]).filter((r): r is AttackRow => r !== undefined && r.outcome !== null);
  if (state.order.length <= 1 || decided.length !== state.order.length) return null;
  const grazing = decided.filter((r) => r.outcome === "grazing").length;
  const data = {
    hits: formatCount(i18n, "GENESYS.Count.Hits", decided.filter((r) => r.outcome !== "miss").length),
    rolls: formatCount(i18n, "GENESYS.Count.Rolls", state.order.length),
    grazing: String(grazing),
  };
  return i18n.format(grazing > 0 ? "GENESYS.Attack.SummaryGrazing" : "GENESYS.Attack.Summary", data);
}

/**
 * The card as one viewer sees it: buttons only for what that viewer may do (the target's side defends, the attacker's
 * side rolls and applies damage, the Narrator may also mark a static target); a blind card shows a player nothing but
 * who attacked whom. The attacker is the message's speaker, named in its header, so the card does not name them again.
 */
export function attackCardContext(state: AttackCardState, viewer: CardViewer, i18n: CardLocalizer): AttackCardContext {
  const hidden = state.blind && !viewer.isGM;
  const rows = state.order.flatMap((id) => {
    const row = state.rows[id];
    if (!row) return [];
    const full = rowContext(state, row, viewer, i18n);
    if (!hidden) return [full];
    return [{ ...full, cssClass: "hidden", outcome: i18n.localize("GENESYS.Attack.Outcome.hidden"), chance: null, tags: [], attack: { dice: [], total: 0, parts: [], claims: [] }, defence: null, damage: null, applied: null, stun: null, venom: null, increments: [], advantage: null, spread: null, buttons: NO_BUTTONS }];
  });
  const notes: string[] = [];
  if (state.aimedArea !== "trunk") notes.push(i18n.format("GENESYS.Attack.Aimed", { area: i18n.localize(`GENESYS.Attack.Area.${state.aimedArea}`) }));
  if (state.bypassArmour) notes.push(i18n.localize("GENESYS.Attack.BypassArmour"));
  if (state.rounds) notes.push(i18n.format("GENESYS.Attack.Rounds", { used: String(state.rounds.used), left: String(state.rounds.left) }));
  // Said once: a player's hidden card has its own hint, and a sealed card's note beneath it (sealed-card.ts) says who sees it.
  if (state.blind && !hidden && viewer.sealed !== true) notes.push(i18n.localize("GENESYS.Attack.BlindNote"));
  return {
    cssClass: hidden ? "hidden" : "",
    title: state.weapon.name,
    subtitle: `${i18n.localize(state.weapon.modeLabel)} · ${state.grade.label} ${String(state.grade.value)} · ${state.weapon.damage.book}`,
    hidden,
    hiddenText: i18n.localize("GENESYS.Attack.HiddenHint"),
    notes,
    rows,
    summary: hidden ? null : summaryText(state, i18n),
    labels: {
      attack: i18n.localize("GENESYS.Attack.AttackRoll"),
      defence: i18n.localize("GENESYS.Attack.DefenceRoll"),
      damage: i18n.localize("GENESYS.Attack.DamageRoll"),
      total: i18n.localize("GENESYS.Check.Total"),
    },
  };
}
