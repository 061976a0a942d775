/**
 * GenesysCheckRoll: the Lancio di Verifica (§1.7.1) as a Foundry Roll, and its chat card.
 * The outcome is read only through src/rules (resolveCheck, odds); this file formats it.
 */
import { percent, signed } from "../format/numbers.js";
import { DIFFICULTY_LADDER, resolveCheck, type CheckResult } from "../rules/check.js";
import { RulesError } from "../rules/errors.js";
import { incrementFromCheck, INCREMENT_POINTS_PER_GRADE, type IncrementAward } from "../rules/increment.js";
import type { CharacteristicKey, ConditionKey } from "../rules/types.js";
import { registerClaimedPointCards } from "./claimed-point.js";
import { checkPreview, checkSetup } from "./check-request.js";
import { partLabel, sumParts } from "../effects/check-effects.js";
import type { SourcedPart } from "../effects/effect-math.js";
import type { IncrementRecord } from "../documents/check-options.js";

/** Options stored with the roll (and in its chat message's JSON): everything the card needs. */
export interface GenesysCheckOptions extends Roll.Options {
  /** Difficulty margin; null when not declared (blind roll, or the Narrator judges the total). */
  difficulty: number | null;
  grade: number;
  /** Every modifier but the condition penalty: the situational one plus the effects' (`effects`). */
  modifiers: number;
  /** §1.5.2 0, −2 Weak, −5 Exhausted. */
  conditionPenalty: number;
  condition: ConditionKey;
  label: string;
  blind: boolean;
  /** The effects' and fever's share of `modifiers`, each with its source, for the card's lines (absent on older cards). */
  effects?: SourcedPart[];
  actorUuid: string | null;
  skillId?: string | null;
  /** Esperienza, for §1.8.2 condition 3. */
  experience?: number;
  /** Filled in after the roll when a skill check earned an increment point. */
  increment?: IncrementRecord | null;
  /** §1.7.4 the opponent whose characteristic moved the difficulty, when there was one. */
  influence?: InfluenceRecord | null;
}

/** §1.7.4 an influence roll: whose characteristic, its score, and the shift it gave the Narrator's difficulty. */
export interface InfluenceRecord {
  name: string;
  characteristic: CharacteristicKey;
  score: number;
  /** difficulty − base difficulty (influenceDifficulty's). */
  shift: number;
}

/** The values substituted into the formula. */
export type GenesysCheckData = {
  grade: number;
  modifiers: number;
  conditionPenalty: number;
};

const DEFAULT_OPTIONS: GenesysCheckOptions = {
  difficulty: null,
  grade: 0,
  modifiers: 0,
  conditionPenalty: 0,
  condition: "normal",
  label: "",
  blind: false,
  actorUuid: null,
};

export class GenesysCheckRoll extends foundry.dice.Roll<GenesysCheckData> {
  static override CHAT_TEMPLATE = "systems/genesys-gdr/templates/chat/check-roll.hbs";

  declare options: GenesysCheckOptions;

  /** Foundry rebuilds a roll from its JSON with (formula, data, options), and the JSON holds no data: both are optional. */
  constructor(formula: string, data?: GenesysCheckData, options?: Partial<GenesysCheckOptions>) {
    super(formula, data, { ...DEFAULT_OPTIONS, ...options });
  }

  /** 2D10 + grade + modifiers, with the condition penalty as its own term when there is one (§1.7.1). */
  static formulaFor(conditionPenalty: number): string {
    return conditionPenalty === 0 ? "2d10 + @grade + @modifiers" : "2d10 + @grade + @modifiers + @conditionPenalty";
  }

  /** A check roll for these inputs, not yet evaluated. */
  static build(options: GenesysCheckOptions): GenesysCheckRoll {
    const data: GenesysCheckData = { grade: options.grade, modifiers: options.modifiers, conditionPenalty: options.conditionPenalty };
    return new this(this.formulaFor(options.conditionPenalty), data, options);
  }

  /**
   * §1.7.3 a blind check never asks for manual dice entry (Roll#evaluate's allowInteractive, foundryvtt/foundryvtt#10941):
   * a hidden result is nobody's to type in. Foundry's own blind roll mode skips it too (foundryvtt/foundryvtt#11208),
   * and dnd5e passes the same option for blind rolls (foundryvtt/dnd5e#3771).
   */
  override async evaluate(options: Roll.Options = {}): Promise<Roll.Evaluated<this>> {
    return super.evaluate(this.options.blind ? { ...options, allowInteractive: false } : options);
  }

  /** The two d10 as rolled, or null before evaluation. */
  get diceResults(): number[] | null {
    if (!this._evaluated) return null;
    const term = this.dice[0];
    if (!term) return null;
    return term.results.filter((r) => r.active !== false).map((r) => r.result);
  }

  /** The natural 2D10 sum. */
  get natural(): number | null {
    const dice = this.diceResults;
    return dice ? dice.reduce((sum, d) => sum + d, 0) : null;
  }

  /** §1.7.1 the outcome, through the rules; null before evaluation, without a difficulty, or if the dice are not 2D10. */
  get outcome(): CheckResult | null {
    const dice = this.natural;
    const { difficulty } = this.options;
    if (dice === null || difficulty === null || this.diceResults?.length !== 2) return null;
    try {
      return resolveCheck({ dice, ...checkSetup({ ...this.options, difficulty }) });
    } catch (error) {
      // A stored message with damaged options still renders (without an outcome) instead of breaking the chat log.
      if (error instanceof RulesError) return null;
      throw error;
    }
  }

  /** §1.8.2 conditions 1 and 3: whether this check earned its skill an increment point. */
  get incrementAward(): IncrementAward | null {
    const dice = this.natural;
    const { difficulty, skillId } = this.options;
    if (!skillId || dice === null || difficulty === null || this.outcome === null) return null;
    return incrementFromCheck({ dice, ...checkSetup({ ...this.options, difficulty }), experience: this.options.experience ?? 0 });
  }

  /** The card; `isPrivate` (a blind roll seen by a player) hides dice, total and outcome. */
  override async render(options: Parameters<foundry.dice.Roll["render"]>[0] = {}): Promise<string> {
    if (!this._evaluated) await this.evaluate();
    const o = this.options;
    const context = checkCardContext({
      label: o.label,
      kind: o.skillId ? "skill" : "characteristic",
      grade: o.grade,
      modifiers: o.modifiers,
      effects: readSourcedParts(o.effects),
      conditionPenalty: o.conditionPenalty,
      condition: o.condition,
      difficulty: o.difficulty,
      blind: o.blind,
      dice: this.diceResults,
      total: this.total ?? null,
      result: this.outcome,
      increment: o.increment ?? null,
      influence: o.influence ?? null,
      isPrivate: options.isPrivate ?? false,
      rolled: true,
      // Each client renders a roll message's rolls itself, so a Narrator's gets the buttons.
      narrator: game.user.isGM,
    });
    return foundry.applications.handlebars.renderTemplate(options.template ?? GenesysCheckRoll.CHAT_TEMPLATE, context);
  }
}

// Foundry stores a roll's class by constructor name and finds it again by that name in CONFIG.Dice.rolls;
// the minified bundle renames classes, so the name is fixed here.
Object.defineProperty(GenesysCheckRoll, "name", { value: "GenesysCheckRoll" });

/** Adds the check roll to the classes Foundry rebuilds chat rolls from, and a claimed point's buttons. Call at init. */
export function registerDice(): void {
  if (!CONFIG.Dice.rolls.includes(GenesysCheckRoll)) CONFIG.Dice.rolls.push(GenesysCheckRoll);
  registerClaimedPointCards(GenesysCheckRoll);
}

/** Everything the card shows, as the rules reported it. */
export interface CheckCardInput {
  label: string;
  /** A skill's grade or a characteristic's score (§1.2, §1.3): the card names the number as the book does. */
  kind?: "skill" | "characteristic";
  grade: number;
  modifiers: number;
  /** The effects' share of `modifiers`, each with its source: the card lists them and the situational rest apart. */
  effects?: readonly SourcedPart[] | null;
  conditionPenalty: number;
  condition: ConditionKey;
  difficulty: number | null;
  blind: boolean;
  /** Each d10; null when no dice were rolled (automatic success, A-15). */
  dice: readonly number[] | null;
  total: number | null;
  result: CheckResult | null;
  increment: IncrementRecord | null;
  /** §1.7.4 the influence that moved the difficulty, if any. */
  influence?: InfluenceRecord | null;
  /** Seen by someone who may not see the result (blind roll). */
  isPrivate: boolean;
  /** False for an automatic success announced without rolling. */
  rolled: boolean;
  /** A Narrator is looking: a claimed increment point gets their buttons (check/claimed-point.ts). */
  narrator?: boolean;
}

export interface CardLine {
  label: string;
  value: string;
  cssClass: string;
}

export type CheckCardContext = {
  cssClass: string;
  label: string;
  hidden: boolean;
  hiddenText: string;
  dice: { values: number[]; sum: number; label: string } | null;
  lines: CardLine[];
  total: { label: string; value: string } | null;
  outcome: { text: string; cssClass: string };
  margin: { label: string; value: string } | null;
  chance: { label: string; value: string } | null;
  notes: { text: string; cssClass: string }[];
  increment: { text: string; cssClass: string; buttons: { award: string; letGo: string } | null } | null;
};

/** The two calls the card needs from game.i18n. */
export interface Localizer {
  localize(key: string): string;
  format(key: string, data?: Record<string, string>): string;
}


/** Margin → ladder key, from the rules' table. */
const LADDER_NAMES = new Map<number, string>(Object.entries(DIFFICULTY_LADDER).map(([key, value]) => [value, key]));

/** The difficulty as the card shows it: the ladder name when the margin is one of the book's steps (§1.7.2). */
function difficultyText(difficulty: number, i18n: Localizer): string {
  const step = LADDER_NAMES.get(difficulty);
  return step ? `${String(difficulty)} (${i18n.localize(`GENESYS.Difficulty.${step}`)})` : String(difficulty);
}

/** What a card says of an increment point: stored, a grade gained, or why not. */
export function incrementText(record: IncrementRecord, i18n: Localizer): { text: string; cssClass: string } {
  const reason = i18n.localize(`GENESYS.Check.Increment.Reason.${record.reason}`);
  const data = { reason, points: String(record.points), max: String(INCREMENT_POINTS_PER_GRADE), grade: String(record.grade ?? "") };
  const key = {
    stored: "GENESYS.Check.Increment.Stored",
    gradeGained: "GENESYS.Check.Increment.GradeGained",
    notOwner: "GENESYS.Check.Increment.NotOwner",
    blind: "GENESYS.Check.Increment.Blind",
    failed: "GENESYS.Check.Increment.Failed",
    withheld: "GENESYS.Check.Increment.Withheld",
    pending: "GENESYS.Check.Increment.Pending",
    claimed: "GENESYS.Check.Increment.Claimed",
  }[record.status];
  return { text: i18n.format(key, data), cssClass: `increment ${record.status}` };
}

/** A roll's stored effect parts (JSON any client may have written), the well-formed ones only; null when there are none. */
export function readSourcedParts(raw: unknown): SourcedPart[] | null {
  if (!Array.isArray(raw)) return null;
  const parts: SourcedPart[] = [];
  for (const p of raw as unknown[]) {
    if (typeof p !== "object" || p === null) continue;
    const { label, value, i18n } = p as Record<string, unknown>;
    if (typeof label !== "string" || typeof value !== "number" || !Number.isInteger(value) || !(i18n === undefined || typeof i18n === "string")) continue;
    parts.push(i18n === undefined ? { label, value } : { label, value, i18n });
  }
  return parts;
}

/**
 * The modifiers by source: the situational one, then each effect and the fever. A card without its sources (an older
 * one) shows their total on one line.
 */
function modifierLines(input: CheckCardInput, i18n: Localizer): CardLine[] {
  const effects = (input.effects ?? []).filter((p) => p.value !== 0);
  if (effects.length === 0) return input.modifiers === 0 ? [] : [{ label: i18n.localize("GENESYS.Check.Modifiers"), value: signed(input.modifiers), cssClass: "modifiers" }];
  const situational = input.modifiers - sumParts(effects);
  return [
    ...(situational === 0 ? [] : [{ label: i18n.localize("GENESYS.Check.Situational"), value: signed(situational), cssClass: "modifiers situational" }]),
    ...effects.map((p) => ({ label: partLabel(p, (k) => i18n.localize(k)), value: signed(p.value), cssClass: "modifiers effect" })),
  ];
}

/** The chance before rolling, or null when the stored inputs make no sense to the rules (the card still renders). */
function previewOrNull(input: CheckCardInput): ReturnType<typeof checkPreview> {
  try {
    return checkPreview(input);
  } catch (error) {
    if (error instanceof RulesError) return null;
    throw error;
  }
}

/**
 * Builds the chat card's context from the rules' result, with every text localized: the template only lays it out.
 * The chance is the one before rolling (§1.7.1 table through src/rules/odds.ts).
 */
export function checkCardContext(input: CheckCardInput, i18n: Localizer = game.i18n): CheckCardContext {
  const preview = previewOrNull(input);
  const hidden = input.isPrivate;
  const gradeLabel = i18n.localize(input.kind === "characteristic" ? "GENESYS.Check.Score" : "GENESYS.Check.Grade");
  const lines: CardLine[] = [{ label: gradeLabel, value: String(input.grade), cssClass: "grade" }];
  lines.push(...modifierLines(input, i18n));
  if (input.conditionPenalty !== 0) {
    lines.push({
      label: i18n.format("GENESYS.Check.ConditionPenalty", { condition: i18n.localize(`GENESYS.Condition.${input.condition}`) }),
      value: signed(input.conditionPenalty),
      cssClass: "condition-penalty",
    });
  }
  lines.push({
    label: i18n.localize("GENESYS.Check.Difficulty"),
    value: input.difficulty === null ? i18n.localize("GENESYS.Check.DifficultyUndeclared") : difficultyText(input.difficulty, i18n),
    cssClass: "difficulty",
  });
  if (input.influence) {
    const { name, characteristic, score, shift } = input.influence;
    const text = i18n.format("GENESYS.Check.InfluenceLine", { characteristic: i18n.localize(`GENESYS.Characteristic.${characteristic}`), score: String(score), name });
    lines.push({ label: i18n.localize("GENESYS.Check.Influence"), value: `${text}, ${signed(shift)}`, cssClass: "influence" });
  }

  const notes: CheckCardContext["notes"] = [];
  if (input.blind) notes.push({ text: i18n.localize("GENESYS.Check.BlindNote"), cssClass: "blind" });
  let outcome: CheckCardContext["outcome"];
  let cssClass: string;
  if (hidden) {
    outcome = { text: i18n.localize("GENESYS.Check.Hidden"), cssClass: "hidden" };
    cssClass = "hidden";
  } else if (!input.rolled) {
    outcome = { text: i18n.localize("GENESYS.Check.Success"), cssClass: "success" };
    cssClass = "success automatic";
    notes.push({ text: i18n.localize("GENESYS.Check.AutomaticNoRoll"), cssClass: "automatic" });
  } else if (input.result) {
    const success = input.result.success;
    outcome = { text: i18n.localize(success ? "GENESYS.Check.Success" : "GENESYS.Check.Failure"), cssClass: success ? "success" : "failure" };
    cssClass = outcome.cssClass;
    if (input.result.automatic) notes.push({ text: i18n.localize("GENESYS.Check.Automatic"), cssClass: "automatic" });
    if (input.result.impossible) notes.push({ text: i18n.localize("GENESYS.Check.Impossible"), cssClass: "impossible" });
  } else {
    outcome = { text: i18n.localize("GENESYS.Check.Unjudged"), cssClass: "unjudged" };
    cssClass = "unjudged";
  }

  const shown = !hidden;
  const dice = shown && input.dice ? { values: [...input.dice], sum: input.dice.reduce((s, d) => s + d, 0), label: i18n.localize("GENESYS.Check.Dice") } : null;
  const total = shown && input.rolled && input.total !== null ? { label: i18n.localize("GENESYS.Check.Total"), value: String(input.result?.total ?? input.total) } : null;
  const margin = shown && input.result ? { label: i18n.localize("GENESYS.Check.Margin"), value: signed(input.result.margin) } : null;
  const chance = shown && preview ? { label: i18n.localize("GENESYS.Check.Chance"), value: percent(preview.percent / 100) } : null;
  const claimed = input.narrator === true && input.increment?.status === "claimed";
  const buttons = claimed ? { award: i18n.localize("GENESYS.Check.Increment.Award"), letGo: i18n.localize("GENESYS.Check.Increment.LetGo") } : null;
  const increment = shown && input.increment ? { ...incrementText(input.increment, i18n), buttons } : null;

  return {
    cssClass,
    label: input.label,
    hidden,
    hiddenText: i18n.localize("GENESYS.Check.HiddenHint"),
    dice,
    lines: shown ? lines : [],
    total,
    outcome,
    margin,
    chance,
    // A hidden card's hint already says that the Narrator has the result: no blind note beside it.
    notes: shown ? notes : [],
    increment,
  };
}
