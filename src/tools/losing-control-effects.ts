/**
 * §3.1.6 the behaviour the Narrator picks on a losing-control card, applied as a timed effect (time/timed-effects.ts):
 * its duration rolled on the Narrator's client (1D6 turns, 3D6 minutes; a turn is 1 second of world time, §2.1), a
 * check modifier where the book gives one ("genesys.check", A-39: attack and defence rolls too), and for vomiting the
 * −5 that follows it for 3D6 minutes. An intent the active Narrator's client decides: only a Narrator may ask, whatever
 * a console sends; the card's buttons only name what to apply. The effect is the Narrator's (effect-authority.ts):
 * its owner may not change or delete it; the Narrator removes it from the sheet like any effect.
 */
import { answerWhile, registerIntent, type IntentOutcome, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { AnimalModel } from "../data/actor/animal.js";
import { actorFrom } from "../documents/actor-from.js";
import { signed } from "../format/numbers.js";
import { formatCount } from "../format/plural.js";
import { effectDurationSeconds, timedOption, type EffectDuration } from "../rules/advanced/losing-control.js";
import { timedEffectData, type TimedEffectSpec } from "../time/timed-effects.js";
import { rollDice } from "../hazards/hazard-rows.js";
import { LOSING_CONTROL_EFFECTS_SETTING, losingControlEffectsOn } from "./losing-control-setting.js";
import { TOOL_INTENTS } from "./tool-intent-kinds.js";

const IMG = "icons/svg/terror.svg";

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });

/** The duration's dice rolled through Foundry's Roll on this client, as seconds and as words ("4 turni"). */
async function rolledDuration(duration: Readonly<EffectDuration>): Promise<{ seconds: number; text: string }> {
  const rolled = duration.dice > 0 ? (await rollDice(`${String(duration.dice)}d${String(duration.faces)}`, [])).values.reduce((a, b) => a + b, 0) : 0;
  const seconds = effectDurationSeconds(duration, rolled);
  const count = rolled + duration.flat;
  return { seconds, text: formatCount(game.i18n, `GENESYS.Tools.LosingControl.Count.${duration.unit}`, count) };
}

function spec(name: string, description: string, checkModifier: number, seconds: number): TimedEffectSpec {
  return {
    name,
    img: IMG,
    description,
    changes: checkModifier === 0 ? [] : [{ key: "genesys.check", kind: "add", value: String(checkModifier) }],
    seconds,
  };
}

async function onApply(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Tools.Warn.NarratorOnly");
  if (!losingControlEffectsOn()) return no("GENESYS.Tools.LosingControl.Warn.Off", { setting: game.i18n.localize(`GENESYS.Settings.${LOSING_CONTROL_EFFECTS_SETTING}.Name`) });
  const p = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : {}; // any object: each field checked below
  const option = typeof p["option"] === "string" ? timedOption(p["option"]) : null;
  if (!option?.duration) return no("GENESYS.Tools.LosingControl.Warn.BadOption");
  const actor = typeof p["actorUuid"] === "string" ? await actorFrom(p["actorUuid"]) : null;
  if (!actor?.genesys) return no("GENESYS.Tools.LosingControl.Warn.NoActor");
  // An animal's checks read no effects (effects/check-effects.ts): a modifier on one would be shown and never counted.
  if (actor.genesys instanceof AnimalModel && (option.checkModifier !== 0 || option.aftermath)) return no("GENESYS.Tools.LosingControl.Warn.Animal", { name: actor.name });

  const label = game.i18n.localize(`GENESYS.Tools.LosingControl.Option.${option.key}`);
  const name = game.i18n.format("GENESYS.Tools.LosingControl.EffectName", { option: label });
  const main = await rolledDuration(option.duration);
  const parts = [main.text];
  if (option.checkModifier !== 0) parts.push(game.i18n.format("GENESYS.Tools.LosingControl.CheckModifier", { n: signed(option.checkModifier) }));
  if (!option.canAct) parts.push(game.i18n.localize("GENESYS.Tools.LosingControl.CannotAct"));
  let then: TimedEffectSpec | null = null;
  if (option.aftermath) {
    const after = await rolledDuration(option.aftermath.duration);
    const modifier = signed(option.aftermath.checkModifier);
    parts.push(game.i18n.format("GENESYS.Tools.LosingControl.Aftermath", { n: modifier, duration: after.text }));
    const afterName = game.i18n.format("GENESYS.Tools.LosingControl.AftermathName", { option: label });
    then = spec(afterName, game.i18n.format("GENESYS.Tools.LosingControl.CheckModifier", { n: modifier }) + ` (${after.text})`, option.aftermath.checkModifier, after.seconds);
  }
  const summary = parts.join("; ");
  const data = timedEffectData(spec(name, summary, option.checkModifier, main.seconds), game.time.worldTime, then);
  const created = actor.createEmbeddedDocuments("ActiveEffect", [data as ActiveEffect.CreateData]); // built by timedEffectData: the generation's shape
  return answerWhile(created, { ok: true, info: "GENESYS.Tools.LosingControl.Applied", data: { name: actor.name, option: label, summary } });
}

export function registerLosingControlIntents(): void {
  registerIntent(TOOL_INTENTS.losingControlApply, onApply);
}
