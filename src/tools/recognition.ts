/**
 * §3.1.4 whether someone just met recognises a Protagonist: 2D6 + the situation's modifiers must not exceed his Fama;
 * animals, unknown peoples and alien races never do (no roll). When he is recognised, the card gives the Reputation
 * modifier his reactions take (trunc(Reputazione / 5), A-26). Only people have Fama: an animal is refused. Nothing on
 * any actor changes.
 */
import { CharacterModel } from "../data/actor/character.js";
import { NpcModel } from "../data/actor/npc.js";
import type { GenesysActor } from "../documents/actor.js";
import { signed } from "../format/numbers.js";
import {
  RECOGNITION_MODIFIERS,
  neverRecognises,
  recognitionCheck,
  reputationReactionModifier,
  type RecognitionModifierKey,
  type RecognitionObserver,
} from "../rules/advanced/reputation-effects.js";
import { RulesError } from "../rules/errors.js";
import { keyList, narratorOnly, postToolCard, toolWarn, type ToolMessage } from "./tool-card.js";

export interface RecognitionRequest {
  observer?: RecognitionObserver;
  modifiers?: readonly RecognitionModifierKey[];
  otherModifier?: number;
  /** Whisper the card to the Narrators (default true). */
  hidden?: boolean;
}

/** Rolls recognition for one Protagonist and posts its card; null (with a warning) when he has no Fama or an input is bad. */
export async function rollRecognition(protagonist: GenesysActor, request: RecognitionRequest = {}): Promise<ToolMessage | null> {
  if (!narratorOnly()) return null;
  const sys = protagonist.system;
  if (!(sys instanceof CharacterModel || sys instanceof NpcModel)) {
    toolWarn("GENESYS.Tools.Warn.NoFame", { name: protagonist.name });
    return null;
  }
  const i18n = game.i18n;
  const observer = request.observer ?? "person";
  let never: boolean;
  let modifiers: readonly RecognitionModifierKey[];
  try {
    never = neverRecognises(observer);
    modifiers = keyList("modifiers", request.modifiers);
    // Checks the modifiers before any die is rolled.
    recognitionCheck({ fame: sys.fame, neverRecognises: true, modifiers, otherModifier: request.otherModifier ?? 0 });
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    toolWarn("GENESYS.Tools.Warn.BadInput", { reason: error.message });
    return null;
  }
  const roll = never ? null : await new foundry.dice.Roll("2d6").evaluate();
  const values = roll?.dice.flatMap((d) => d.results.map((r) => r.result)) ?? [];
  const check = recognitionCheck({
    fame: sys.fame,
    neverRecognises: never,
    modifiers,
    otherModifier: request.otherModifier ?? 0,
    ...(roll ? { roll2d6: roll.total } : {}),
  });
  const reputationModifier = check.recognised ? reputationReactionModifier(sys.reputation) : 0;
  const lines = [
    { label: i18n.localize("GENESYS.Tools.Recognition.Observer.label"), value: i18n.localize(`GENESYS.Tools.Recognition.Observer.${observer}`) },
    ...(never ? [] : modifiers.map((k) => ({ label: i18n.localize(`GENESYS.Tools.Recognition.Modifier.${k}`), value: signed(RECOGNITION_MODIFIERS[k]) }))),
    ...(!never && request.otherModifier ? [{ label: i18n.localize("GENESYS.Tools.Other"), value: signed(request.otherModifier) }] : []),
    { label: i18n.localize("GENESYS.Sheet.Fame"), value: String(sys.fame) },
  ];
  const notes = never
    ? [i18n.localize("GENESYS.Tools.Recognition.Never")]
    : check.recognised
      ? [i18n.format("GENESYS.Tools.Recognition.Effect", { name: protagonist.name, reputation: signed(sys.reputation), modifier: signed(reputationModifier) })]
      : [i18n.format("GENESYS.Tools.Recognition.NoEffect", { name: protagonist.name })];
  return postToolCard(
    protagonist,
    {
      kind: "recognition",
      title: i18n.format("GENESYS.Tools.Recognition.Title", { name: protagonist.name }),
      outcome: { text: i18n.localize(check.recognised ? "GENESYS.Tools.Recognition.Recognised" : "GENESYS.Tools.Recognition.NotRecognised"), tone: "unjudged" },
      ...(roll ? { dice: { values, sum: roll.total, label: "2D6" } } : {}),
      lines,
      ...(check.total === null ? {} : { total: { label: i18n.format("GENESYS.Tools.Recognition.TotalVsFame", { fame: String(sys.fame) }), value: String(check.total) } }),
      notes,
    },
    { hidden: request.hidden !== false, ...(roll ? { rolls: [roll] } : {}) },
  );
}
