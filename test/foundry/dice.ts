/**
 * Test double of the dice, chat and dialog calls our check rolls make (v13 behaviour, kept small):
 * a Roll whose d10 results tests inject, toMessage/ChatMessage.create recording messages (roll mode, whisper, blind),
 * rolls rebuilt from their JSON through CONFIG.Dice.rolls, DialogV2.wait answering from a script,
 * and renderTemplate rendering the real templates/ files with the real handlebars package.
 * Each member names its evidence or says "assumption"; injected dice and recorded calls are test plumbing.
 */
import fs from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SYSTEM_PREFIX = "systems/genesys-gdr/";

/** CONST.DICE_ROLL_MODES (foundryvtt.com/api/v11/enums/foundry.CONST.DICE_ROLL_MODES.html; the values are the
 *  core.rollMode setting's, src/compat/message-mode.ts). */
const DICE_ROLL_MODES = { PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" } as const;

interface UserLike { id: string; isGM: boolean }
interface GameLike {
  user: UserLike;
  users: { filter(fn: (u: UserLike) => boolean): UserLike[]; get(id: string): UserLike | undefined };
  settings: { get(ns: string, key: string): unknown; register(ns: string, key: string, data: { default: unknown } & Record<string, unknown>): void };
}
const game = (): GameLike => (globalThis as unknown as { game: GameLike }).game;

export interface DieResult { result: number; active: boolean }

/** Every test file starts its dice from this seed: a die nobody injected is reproducible, never left to chance. */
export const DICE_SEED = 20261204;

/** mulberry32: a small seeded generator of uniforms in [0, 1), for the double's CONFIG.Dice.randomUniform. */
export function seededUniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A die with no injected result draws from CONFIG.Dice.randomUniform as core's dice do, result ⌈u × faces⌉: evidence,
 * the Sneaky Fudger module (github.com/rensje/sneaky_fudger), which fixes every die of any system by replacing that
 * function ("min=0.5" makes a d20 roll 10 to 20). Math.random only when no generator is configured (the double configures a seeded one).
 */
function uniform(): number {
  const dice = (globalThis as unknown as { CONFIG?: { Dice?: { randomUniform?: () => number } } }).CONFIG?.Dice;
  const u = dice?.randomUniform?.() ?? Math.random();
  return u > 0 ? u : Number.MIN_VALUE; // ⌈0⌉ would be no face: core's generator never answers 0 (assumption)
}

/** A run of dice of one size, "2d10": `results` of { result, active }, the total counting active results (v13 API
 *  DiceTerm#results / DiceTermResult; dice terms live at foundry.dice.terms). */
export class DiceTerm {
  results: DieResult[] = [];
  constructor(readonly number: number, readonly faces: number) {}
  get total(): number { return this.results.reduce((s, r) => s + (r.active ? r.result : 0), 0); }
  get values(): number[] { return this.results.map((r) => r.result); }
  roll(): void {
    for (let i = 0; i < this.number; i++) {
      const next = state().queue.shift() ?? Math.ceil(uniform() * this.faces);
      if (!Number.isInteger(next) || next < 1 || next > this.faces) throw new Error(`injected die ${String(next)} is not a d${String(this.faces)} result`);
      this.results.push({ result: next, active: true });
    }
  }
}

/**
 * A term of a sum: a number, a run of dice, or one of the Math functions Foundry's Roll evaluates as a FunctionTerm
 * over its arguments (foundry.dice.terms.FunctionTerm, which dnd5e dice/damage-roll.mjs imports): `max` (dnd5e
 * config.mjs "max(@classes.druid.levels, @subclasses.moon.levels * 3)"), `min` (dnd5e premade "min(@item.uses.value,3)")
 * and `floor` (dnd5e ooze "floor(@attributes.hp.value / 2)"). Each argument is a sum; products and quotients are not
 * modelled (our formulas have none), nor any other function.
 */
type Term = { sign: 1 | -1; dice: DiceTerm | null; value: number; fn?: { name: MathFunction; args: Term[][] } };
type MathFunction = "max" | "min" | "floor";
const MATH_FUNCTIONS: readonly string[] = ["max", "min", "floor"];

const termValue = (t: Term): number => t.sign * (t.fn ? mathValue(t.fn) : t.dice ? t.dice.total : t.value);
const sumValue = (terms: readonly Term[]): number => terms.reduce((s, t) => s + termValue(t), 0);
function mathValue(fn: { name: MathFunction; args: Term[][] }): number {
  const values = fn.args.map(sumValue);
  if (fn.name === "floor") return Math.floor(values[0] ?? 0);
  return fn.name === "max" ? Math.max(...values) : Math.min(...values);
}
const termDice = (t: Term): DiceTerm[] => (t.fn ? t.fn.args.flatMap((a) => a.flatMap(termDice)) : t.dice ? [t.dice] : []);
function sumFormula(terms: readonly Term[]): string {
  return terms.map((t, i) => {
    const body = t.fn ? `${t.fn.name}(${t.fn.args.map(sumFormula).join(", ")})` : t.dice ? `${String(t.dice.number)}d${String(t.dice.faces)}` : String(t.value);
    if (i === 0) return t.sign < 0 ? `-${body}` : body;
    return `${t.sign < 0 ? "-" : "+"} ${body}`;
  }).join(" ");
}

export interface RollJSON {
  class: string;
  formula: string;
  options: Record<string, unknown>;
  dice: DieResult[][];
  total: number | undefined;
  evaluated: boolean;
}

export class Roll {
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  data: Record<string, unknown>;
  options: Record<string, unknown>;
  _evaluated = false;
  #formula: string;
  #terms: Term[];
  #total: number | undefined;

  constructor(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
    this.data = data;
    this.options = options;
    this.#formula = Roll.replaceFormulaData(formula, data);
    this.#terms = Roll.parse(this.#formula);
  }

  /** @path → value (v13 API Roll.replaceFormulaData); a missing path is an error here, stricter than Foundry, which
   *  leaves the term (assumption), so that a wrong path in our formulas fails the tests. */
  static replaceFormulaData(formula: string, data: Record<string, unknown>): string {
    return formula.replace(/@([\w.]+)/g, (_m, key: string) => {
      const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], data);
      if (typeof value !== "number") throw new Error(`Roll double: no number at @${key}`);
      return String(value);
    });
  }

  /** Sums of dice, numbers and max/min/floor of sums, "2d10 + 12 + -2", "max(7 - 1d6, 0)" (see Term). */
  static parse(formula: string): Term[] {
    const compact = formula.replace(/\s+/g, "");
    const fail = (): never => { throw new Error(`Roll double cannot parse "${formula}"`); };
    let at = 0;
    const sum = (): Term[] => {
      const terms: Term[] = [];
      for (;;) {
        const signs = /^[+-]*/.exec(compact.slice(at))?.[0] ?? "";
        if (terms.length > 0 && signs === "") return terms;
        at += signs.length;
        const sign = (signs.split("-").length - 1) % 2 === 1 ? -1 : 1;
        const fn = /^([a-z]+)\(/.exec(compact.slice(at));
        if (fn) {
          const name = fn[1] ?? "";
          if (!MATH_FUNCTIONS.includes(name)) fail();
          at += fn[0].length;
          const args: Term[][] = [sum()];
          while (compact[at] === ",") {
            at += 1;
            args.push(sum());
          }
          if (compact[at] !== ")" || (name === "floor" && args.length !== 1)) fail();
          at += 1;
          terms.push({ sign, dice: null, value: 0, fn: { name: name as MathFunction, args } });
        } else {
          const m = /^(\d+)(?:d(\d+))?/.exec(compact.slice(at));
          if (!m) return fail();
          at += m[0].length;
          terms.push(m[2] ? { sign, dice: new DiceTerm(Number(m[1]), Number(m[2])), value: 0 } : { sign, dice: null, value: Number(m[1]) });
        }
        if (at < compact.length && !"+-,)".includes(compact[at] ?? "")) throw new Error(`Roll double: missing operator in "${formula}"`);
      }
    };
    const terms = sum();
    if (at !== compact.length) fail();
    return terms;
  }

  /** "+ -2" reads "- 2" (assumption: core simplifies a negative term after "+" when it shows the formula). */
  get formula(): string {
    return sumFormula(this.#terms);
  }

  get dice(): DiceTerm[] { return this.#terms.flatMap(termDice); }
  get total(): number | undefined { return this.#total; }

  /**
   * Roll#evaluate({ allowInteractive }): v12+ option, default true (foundryvtt/foundryvtt#10941). A client whose user set
   * manual dice entry gets the entry prompt unless the option is false; then the dice are Foundry's. Typed results come
   * from the same queue as random ones here (assumption: the prompt itself is not modelled, only that it appeared).
   */
  async evaluate(options: { allowInteractive?: boolean } = {}): Promise<this> {
    // "Once evaluated the Roll is immutable" (v13 API Roll#_evaluated); the error's wording is an assumption.
    if (this._evaluated) throw new Error("The Roll has already been evaluated");
    const s = state();
    const userId = game().user.id;
    const prompted = options.allowInteractive !== false && s.manualEntry.has(userId) && this.dice.length > 0;
    s.evaluations.push({ userId, formula: this.formula, allowInteractive: options.allowInteractive !== false });
    if (prompted) s.prompts.push({ userId, formula: this.formula });
    for (const d of this.dice) d.roll();
    this.#computeTotal();
    this._evaluated = true;
    await Promise.resolve();
    return this;
  }

  #computeTotal(): void {
    this.#total = sumValue(this.#terms);
  }

  /** Not core's dice template: a total is enough for what our cards embed (assumption). */
  async render(): Promise<string> {
    await Promise.resolve();
    return `<div class="dice-roll">${String(this.total)}</div>`;
  }

  /** Evaluates if needed; the roll mode defaults to the core.rollMode setting; `create: false` answers the prepared
   *  message data instead of a message (v13 API Roll#toMessage: "Whether to automatically create the chat message, or
   *  only return the prepared chatData object"). */
  async toMessage(messageData: Record<string, unknown> = {}, { rollMode, messageMode, create = true }: { rollMode?: string | null; messageMode?: string; create?: boolean } = {}): Promise<unknown> {
    if (!this._evaluated) await this.evaluate();
    const mode = rollMode ?? v13Mode(messageMode) ?? (game().settings.get("core", "rollMode") as string);
    const data: Record<string, unknown> = { author: game().user.id, content: String(this.total), ...messageData, rolls: [this] };
    ChatMessage.applyRollMode(data, mode);
    if (!create) return data;
    // The configured message class, as core's toMessage creates through getDocumentClass("ChatMessage") (assumption,
    // consistent with V13-API §7's ChatMessage.implementation): chat.ts's when it is installed.
    const configured = (globalThis as unknown as { ChatMessage?: typeof ChatMessage }).ChatMessage ?? ChatMessage;
    return configured.create(data, { rollMode: mode });
  }

  /** The stored shape carries the class name, formula, options, dice results, total and `evaluated` (v13 API
   *  RollTermData: "class: The name of the … class with which this data should be constructed"). */
  toJSON(): RollJSON {
    return {
      class: this.constructor.name,
      formula: this.formula,
      options: this.options,
      dice: this.dice.map((d) => d.results.map((r) => ({ ...r }))),
      total: this.total,
      evaluated: this._evaluated,
    };
  }

  /** Rebuilds a stored roll with the registered class of that name, constructed as (formula, data, options): this is
   *  why systems register their Roll subclasses in CONFIG.Dice.rolls (dnd5e dnd5e.mjs `CONFIG.Dice.rolls = [dice.BasicRoll,
   *  dice.D20Roll, dice.DamageRoll]`; V13-API §4). An unregistered class fails (assumption on the message). */
  static fromData(json: RollJSON & { data?: Record<string, unknown>; terms?: StoredTerm[] }): Roll {
    const cls = config().Dice.rolls.find((c) => c.name === json.class);
    if (!cls) throw new Error(`Unable to recreate ${json.class} instance from provided data`);
    const roll = new cls(json.formula, json.data, json.options);
    const stored = json.terms ? json.terms.filter((t) => t.class === "Die").map((t) => t.results ?? []) : json.dice;
    roll.dice.forEach((d, i) => { d.results = (stored[i] ?? []).map((r) => ({ ...r })); });
    roll._evaluated = json.evaluated;
    if (json.evaluated) roll.#computeTotal();
    return roll;
  }
}

/** Foundry's own stored term, as Roll#toJSON writes it in `terms` (class, options, evaluated, and for a Die number, faces,
 *  modifiers, results: a PF2e test fixture of roll.toJSON() from Foundry 14.363, `{"class":"Die","options":{},
 *  "evaluated":true,"number":1,"faces":20,"modifiers":[],"results":[{"result":1,"active":true}]}`). This double's own
 *  toJSON keeps its shorter `dice` list; fromData reads either. */
interface StoredTerm { class: string; results?: DieResult[] }

type RollClass = new (formula: string, data?: Record<string, unknown>, options?: Record<string, unknown>) => Roll;
const config = (): { Dice: { rolls: RollClass[] } } => (globalThis as unknown as { CONFIG: { Dice: { rolls: RollClass[] } } }).CONFIG;

export interface SpeakerData { actor: string | null; alias: string | null; scene: string | null; token: string | null }

/** v14 names a message's mode `messageMode` (public / gm / blind / self: `Roll#toMessage(messageData, { messageMode,
 *  create })`, as peers on v14 call it); the double keeps v13's names, so a v14 option is read as its v13 twin. */
const V13_MODES: Record<string, string> = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" };
function v13Mode(messageMode: string | undefined): string | undefined {
  return messageMode === undefined ? undefined : V13_MODES[messageMode] ?? messageMode;
}

/** A created chat message: its data as stored (rolls through their JSON, as the database keeps them: toJSON above) and
 *  the roll mode used. */
export class ChatMessage {
  static get implementation(): typeof ChatMessage { return ChatMessage; }
  content: string;
  readonly speaker: SpeakerData | undefined;
  whisper: string[];
  blind: boolean;
  /** The author's id as stored; `author` is the User, as v13's ForeignDocumentField gives it (the types say User | null). */
  readonly authorId: string;
  rolls: Roll[];
  readonly rollMode: string | undefined;
  /** The sound played when the message is created (v13 ChatMessage#sound; Roll#toMessage sets CONFIG.sounds.dice, which
   *  Dice So Nice strips from the messages it animates: module/main.js createChatMessage, "sounds/dice.wav"). */
  readonly sound: string | null;

  constructor(data: Record<string, unknown>, options: { rollMode?: string; messageMode?: string } = {}) {
    this.content = typeof data["content"] === "string" ? data["content"] : "";
    this.speaker = data["speaker"] as SpeakerData | undefined;
    this.whisper = (data["whisper"] as string[] | undefined) ?? [];
    this.blind = data["blind"] === true;
    // Foundry sets the author to the creating user; only a GM may create a message in someone else's name (assumption).
    this.authorId = typeof data["author"] === "string" && game().user.isGM ? data["author"] : game().user.id;
    const rolls = (data["rolls"] as unknown[] | undefined) ?? [];
    this.rolls = rolls.map((r) => Roll.fromData(JSON.parse(JSON.stringify(r)) as RollJSON));
    this.rollMode = options.rollMode ?? v13Mode(options.messageMode);
    this.sound = typeof data["sound"] === "string" ? data["sound"] : null;
  }

  get author(): UserLike | null { return game().users.get(this.authorId) ?? null; }

  /** A message carrying rolls (v13 API ChatMessage#isRoll). */
  get isRoll(): boolean { return this.rolls.length > 0; }

  static async create(data: Record<string, unknown>, options: { rollMode?: string; messageMode?: string } = {}): Promise<ChatMessage> {
    const message = new ChatMessage(data, options);
    state().messages.push(message);
    await Promise.resolve();
    return message;
  }

  /** Private and blind modes add the GMs to the message's recipients (foundryvtt/foundryvtt#11442, v12 and later: "GM
   *  users are added to `whisper`", the existing recipients kept), self whispers the author, public clears the whisper;
   *  blind only for blind mode; "roll" means the core.rollMode setting (CONST.DICE_ROLL_MODES: PRIVATE "only visible to
   *  the player that rolled and any Game Master users", BLIND "only visible to Game Master users", SELF "only visible
   *  to the user who rolled"; that the roller sees a private roll as its author, not as a recipient, is an assumption). */
  static applyRollMode(data: Record<string, unknown>, mode: string): Record<string, unknown> {
    const rollMode = mode === "roll" ? (game().settings.get("core", "rollMode") as string) : mode;
    if (rollMode === DICE_ROLL_MODES.PRIVATE || rollMode === DICE_ROLL_MODES.BLIND) {
      const given = Array.isArray(data["whisper"]) ? (data["whisper"] as unknown[]).filter((id): id is string => typeof id === "string") : [];
      data["whisper"] = [...new Set([...given, ...ChatMessage.getWhisperRecipients("GM").map((u) => u.id)])];
    }
    else if (rollMode === DICE_ROLL_MODES.SELF) data["whisper"] = [game().user.id];
    else if (rollMode === DICE_ROLL_MODES.PUBLIC) data["whisper"] = [];
    data["blind"] = rollMode === DICE_ROLL_MODES.BLIND;
    return data;
  }

  /** "GM" names every GM user (v13 API ChatMessage.getWhisperRecipients); other names are not modelled. */
  static getWhisperRecipients(name: string): UserLike[] {
    if (name !== "GM") throw new Error("only GM recipients in this double");
    return game().users.filter((u) => u.isGM);
  }

  /** { actor, alias, scene, token } naming the actor (v13 API ChatMessage.getSpeaker; dnd5e passes `{ actor }`);
   *  scene and token stay null here since no token speaks (assumption). */
  static getSpeaker({ actor }: { actor?: { id: string; name: string } | null } = {}): SpeakerData {
    return { actor: actor?.id ?? null, alias: actor?.name ?? null, scene: null, token: null };
  }
}

/** What a scripted dialog answer may be: a value, or a function of the dialog's config (to call a button's callback). */
export type DialogScript = unknown;

export interface DialogConfig {
  content: string;
  buttons: { action: string; label: string; default?: boolean; callback?: (event: unknown, button: unknown, dialog: unknown) => unknown }[];
  window?: { title?: string };
  render?: (event: unknown, dialog: unknown) => void;
}

class DialogV2 {
  /**
   * Records the dialog and resolves with the next scripted answer; none left = dismissed (null). A value is what wait
   * resolves with (an action string is a press of a button without callback: MetaMorphic-Digital/draw-steel
   * src/module/data/actor/creature.mjs reads the pressed action from wait). A function of the config presses buttons
   * by calling their callbacks; wait then resolves with `result ?? action` of the last button pressed, as v13's
   * DialogV2 does when a callback returns null or undefined (BeneosBattlemaps/beneos-module scripts/beneos_cloud.js,
   * on DialogV2's submit: "result = (await callback?.()) ?? button.action").
   */
  static async wait(config: DialogConfig): Promise<unknown> {
    const s = state();
    s.dialogs.push(config);
    await Promise.resolve();
    const next: unknown = s.dialogAnswers.shift();
    if (typeof next !== "function") return next ?? null;
    let pressed: string | null = null;
    const buttons = config.buttons.map((b) => {
      const callback = b.callback;
      if (!callback) return b;
      return { ...b, callback: (event: unknown, button: unknown, dialog: unknown): unknown => { pressed = b.action; return callback(event, button, dialog); } };
    });
    // A scripted answer is a function of the config it is shown (DialogScript); it may await, as a callback may.
    const result: unknown = await (next as (c: DialogConfig) => unknown)({ ...config, buttons });
    return result ?? pressed ?? null;
  }
}

const templates = new Map<string, Handlebars.TemplateDelegate>();
const handlebars = Handlebars.create();

/** Renders a system template from the repository's templates/ with the real handlebars package (v13 path
 *  foundry.applications.handlebars.renderTemplate, V13-API §9; only "systems/<id>/" paths, as ours are). */
async function renderTemplate(templatePath: string, data: Record<string, unknown>): Promise<string> {
  if (!templatePath.startsWith(SYSTEM_PREFIX)) throw new Error(`renderTemplate double only knows system templates: ${templatePath}`);
  let template = templates.get(templatePath);
  if (!template) {
    const file = path.join(ROOT, templatePath.slice(SYSTEM_PREFIX.length));
    template = handlebars.compile(fs.readFileSync(file, "utf8"));
    templates.set(templatePath, template);
  }
  await Promise.resolve();
  return template(data);
}

export interface DiceDouble {
  /** d10 results the next rolls take, in order; when empty, dice roll at random. */
  queue: number[];
  /** Users whose client set manual dice entry (core's dice configuration is a per-client setting). */
  manualEntry: Set<string>;
  /** Every Roll#evaluate: on whose client, and whether manual entry was allowed. */
  evaluations: { userId: string; formula: string; allowInteractive: boolean }[];
  /** Manual-entry prompts shown, and to whom. */
  prompts: { userId: string; formula: string }[];
  messages: ChatMessage[];
  dialogs: DialogConfig[];
  /** Answers for the next DialogV2.wait calls. */
  dialogAnswers: DialogScript[];
  /** Every AudioHelper.play: on whose client, what, and whether it was broadcast to every client. */
  sounds: { userId: string; src: string; broadcast: boolean }[];
}

function state(): DiceDouble {
  return (globalThis as unknown as { diceDouble: DiceDouble }).diceDouble;
}

export function diceDouble(): DiceDouble {
  return state();
}

/** Adds the dice, chat and dialog globals to an installed double (call after installFoundry has set foundry, CONFIG, game). */
export function installDice(): DiceDouble {
  const g = globalThis as unknown as Record<string, Record<string, unknown>>;
  const s: DiceDouble = { queue: [], manualEntry: new Set(), evaluations: [], prompts: [], messages: [], dialogs: [], dialogAnswers: [], sounds: [] };
  g["diceDouble"] = s as unknown as Record<string, unknown>;
  const foundry = g["foundry"] ?? {};
  const applications = (foundry["applications"] ?? {}) as Record<string, Record<string, unknown> | undefined>;
  foundry["dice"] = { Roll, terms: { DiceTerm } };
  // foundry.audio.AudioHelper.play(data, broadcast): the sound recorded, not played. Evidence: Dice So Nice's sound
  // effects call AudioHelper.play({ src, volume }, false) (module/sfx/*.js), a broadcast passes true.
  foundry["audio"] = {
    AudioHelper: {
      play(data: { src: string }, broadcast = false): Promise<null> {
        s.sounds.push({ userId: game().user.id, src: data.src, broadcast });
        return Promise.resolve(null);
      },
    },
  };
  foundry["applications"] = {
    ...applications,
    api: { ...applications["api"], DialogV2 },
    handlebars: { ...applications["handlebars"], renderTemplate },
  };
  const CONFIG = g["CONFIG"] ?? {};
  CONFIG["Dice"] = { rolls: [Roll], randomUniform: seededUniform(DICE_SEED) };
  // CONFIG.sounds.dice, core's dice sound (the path Dice So Nice compares a message's sound with, module/main.js).
  CONFIG["sounds"] = { dice: "sounds/dice.wav" };
  g["CONST"] = { ...g["CONST"], DICE_ROLL_MODES };
  g["ChatMessage"] = ChatMessage as unknown as Record<string, unknown>;
  game().settings.register("core", "rollMode", { default: DICE_ROLL_MODES.PUBLIC });
  return s;
}
