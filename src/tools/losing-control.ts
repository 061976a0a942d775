/**
 * §3.1.6 losing control: faced with something terrifying, disgusting or shocking, a character the Narrator picks makes
 * an Esperienza check at the difficulty the Narrator sets (§1.7.2 ladder: the stranger the event, the higher), unless
 * a trait makes him immune to that cause. The check is an ordinary check roll (src/check/check-flow.ts: condition penalty,
 * automatic success, blind roll sealed for the Narrators); a second card gives the row of the table the difference
 * falls in and the behaviours the Narrator chooses from.
 *
 * Who rolls: the book has the Narrator require the check and then choose the behaviour, so it is a Narrator procedure
 * like a blind check, and the Narrator's client rolls it for the character (whoever owns him). The card offers the
 * behaviours with a book duration as buttons (while the world setting allows), which apply the one the Narrator picks
 * as a timed effect (losing-control-effects.ts); nothing changes on the actor until he picks.
 */
import { AnimalModel } from "../data/actor/animal.js";
import { TraitModel } from "../data/item/trait.js";
import type { GenesysActor } from "../documents/actor.js";
import { signed } from "../format/numbers.js";
import {
  LOSING_CONTROL_CAUSES,
  LOSING_CONTROL_EFFECTS,
  losingControlOutcome,
  requiresLosingControlCheck,
  timedOption,
  type EffectDuration,
  type LosingControlCause,
  type LosingControlOption,
} from "../rules/advanced/losing-control.js";
import { RulesError } from "../rules/errors.js";
import type { CheckMessage } from "../documents/check-options.js";
import { narratorOnly, postToolCard, toolWarn, type ToolCardAction, type ToolMessage, type ToolTone } from "./tool-card.js";
import { losingControlEffectsOn } from "./losing-control-setting.js";
import { postedCheck } from "./posted-check.js";

/** The two translation calls the texts need. */
type I18n = { localize(key: string): string; format(key: string, data?: Record<string, string>): string };

export interface LosingControlRequest {
  cause: LosingControlCause;
  /** The Esperienza check's difficulty margin. */
  difficulty: number;
  /** Situational modifier to the check (the condition penalty is added by the check flow). */
  modifiers?: number;
  /** §1.7.3 a blind check: the check card is sealed and this card whispered to the Narrators. */
  blind?: boolean;
}

/** The causes of losing control the actor's traits, or an effect (`genesys.immunity`), make him immune to (§1.4, §3.1.6). */
export function immunitiesOf(actor: GenesysActor): LosingControlCause[] {
  const found = new Set<LosingControlCause>();
  for (const item of actor.items) if (item.system instanceof TraitModel) for (const cause of item.system.immunities) found.add(cause);
  const sys = actor.genesys;
  if (sys && "sources" in sys) for (const cause of sys.sources.immunities) found.add(cause);
  return LOSING_CONTROL_CAUSES.filter((c) => found.has(c));
}

/** The check's total as its card has it (tools/posted-check.ts): open, sealed or automatic (A-15, no total). */
async function checkResultOf(message: CheckMessage): Promise<{ total: number | null; automatic: boolean } | null> {
  const posted = await postedCheck(message);
  if (!posted) return null;
  if (posted.automatic) return { total: null, automatic: true };
  const outcome = posted.roll.outcome;
  return outcome ? { total: outcome.total, automatic: false } : null;
}

function durationText(d: Readonly<EffectDuration> | null, i18n: I18n): string {
  if (d === null) return i18n.localize("GENESYS.Tools.LosingControl.NarratorDecides");
  const dice = d.dice > 0 ? `${String(d.dice)}D${String(d.faces)}` : String(d.flat);
  return i18n.format(`GENESYS.Tools.LosingControl.Unit.${d.unit}`, { n: dice });
}

/** One behaviour in words: what it is, for how long, and what it changes meanwhile. */
function optionText(o: Readonly<LosingControlOption>, i18n: I18n): string {
  const effects = [
    o.canAct ? "" : i18n.localize("GENESYS.Tools.LosingControl.CannotAct"),
    o.checkModifier ? i18n.format("GENESYS.Tools.LosingControl.CheckModifier", { n: signed(o.checkModifier) }) : "",
    o.attackModifier ? i18n.format("GENESYS.Tools.LosingControl.AttackModifier", { n: signed(o.attackModifier) }) : "",
    o.defenceModifier ? i18n.format("GENESYS.Tools.LosingControl.DefenceModifier", { n: signed(o.defenceModifier) }) : "",
    o.meleeDamageModifier ? i18n.format("GENESYS.Tools.LosingControl.MeleeDamage", { n: signed(o.meleeDamageModifier) }) : "",
    o.requiresNoEscape ? i18n.localize("GENESYS.Tools.LosingControl.NoEscape") : "",
    o.aftermath ? i18n.format("GENESYS.Tools.LosingControl.Aftermath", { n: signed(o.aftermath.checkModifier), duration: durationText(o.aftermath.duration, i18n) }) : "",
  ].filter((t) => t !== "");
  return `${i18n.localize(`GENESYS.Tools.LosingControl.Option.${o.key}`)} (${durationText(o.duration, i18n)})${effects.length ? `: ${effects.join("; ")}` : ""}`;
}

/**
 * Offers the check for one character: immune → a card saying so and no roll; else the Esperienza check, then the card
 * with its band. Null (with a warning) when the actor has no Esperienza or an input is bad, or the check was not made.
 */
export async function rollLosingControl(actor: GenesysActor, request: LosingControlRequest): Promise<ToolMessage | null> {
  if (!narratorOnly()) return null;
  const i18n = game.i18n;
  const sys = actor.genesys;
  if (!sys || (sys instanceof AnimalModel && sys.characteristics.experience === null)) {
    toolWarn("GENESYS.Tools.Warn.NoExperience", { name: actor.name });
    return null;
  }
  let required: boolean;
  try {
    required = requiresLosingControlCheck(request.cause, immunitiesOf(actor));
    if (!Number.isInteger(request.difficulty) || request.difficulty < 0) throw new RulesError("difficulty", request.difficulty, "a whole number ≥ 0");
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    toolWarn("GENESYS.Tools.Warn.BadInput", { reason: error.message });
    return null;
  }
  const cause = i18n.localize(`GENESYS.LosingControlCause.${request.cause}`);
  const title = i18n.format("GENESYS.Tools.LosingControl.Title", { name: actor.name, cause });
  const hidden = request.blind === true;
  if (!required) {
    // §1.7.3 blind: the check is rolled all the same (sealed, and it decides nothing), so that an immune character's
    // cards look like anyone's: a sealed check, then a sealed card.
    if (hidden && !(await actor.rollCheck({ characteristic: "experience", difficulty: request.difficulty, modifiers: request.modifiers ?? 0, blind: true, prompt: false }))) return null;
    return postToolCard(actor, {
      kind: "losingControl",
      title,
      outcome: { text: i18n.localize("GENESYS.Tools.LosingControl.Immune"), tone: "success" },
      lines: [],
      notes: [i18n.format("GENESYS.Tools.LosingControl.ImmuneNote", { name: actor.name, cause })],
    }, { hidden });
  }
  const message = await actor.rollCheck({ characteristic: "experience", difficulty: request.difficulty, modifiers: request.modifiers ?? 0, blind: hidden, prompt: false });
  if (!message) return null;
  const result = await checkResultOf(message);
  if (!result) {
    toolWarn("GENESYS.Tools.Warn.NoCheckResult", { name: actor.name });
    return null;
  }
  const outcome = result.total === null ? null : losingControlOutcome({ total: result.total, difficulty: request.difficulty });
  const band = outcome?.band ?? "none";
  const tone: ToolTone = band === "none" ? "success" : "failure";
  const lines = [
    { label: i18n.localize("GENESYS.Check.Difficulty"), value: String(request.difficulty) },
    { label: i18n.localize("GENESYS.Tools.LosingControl.CheckTotal"), value: result.total === null ? i18n.localize("GENESYS.Tools.LosingControl.Automatic") : String(result.total) },
    ...(outcome?.failed ? [{ label: i18n.localize("GENESYS.Tools.LosingControl.Difference"), value: String(outcome.difference) }] : []),
  ];
  const notes = band === "none"
    ? [i18n.format("GENESYS.Tools.LosingControl.Kept", { name: actor.name })]
    : [i18n.localize("GENESYS.Tools.LosingControl.Choose"), ...LOSING_CONTROL_EFFECTS[band].map((o) => optionText(o, i18n))];
  // §3.1.6 the behaviours with a book duration, as buttons that apply them as timed effects (losing-control-effects.ts).
  const actions: ToolCardAction[] = band === "none" || !losingControlEffectsOn()
    ? []
    : LOSING_CONTROL_EFFECTS[band].filter((o) => timedOption(o.key) !== null).map((o) => ({
        label: i18n.format("GENESYS.Tools.LosingControl.Apply", { option: i18n.localize(`GENESYS.Tools.LosingControl.Option.${o.key}`) }),
        tool: "losingControl",
        actorUuid: actor.uuid,
        option: o.key,
      }));
  return postToolCard(actor, {
    kind: "losingControl",
    title,
    outcome: { text: i18n.localize(`GENESYS.Tools.LosingControl.Band.${band}`), tone },
    lines,
    notes,
    ...(actions.length > 0 ? { actions } : {}),
  }, { hidden });
}
