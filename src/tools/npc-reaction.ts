/**
 * §3.1.3 an Extra's reaction to a Protagonist, rolled by the Narrator: 1D6 + the Protagonist's Fascino + the book's
 * situation modifiers (+ the Reputation modifier of §3.1.4 when the Extra recognised him). The Extra is a Comparsa or
 * an animal (then the −4 of animal intelligence always applies and Reputation never does). Nothing on any actor
 * changes: the card says how the Extra takes the Protagonist, and the Narrator plays it.
 */
import { AnimalModel } from "../data/actor/animal.js";
import { CharacterModel } from "../data/actor/character.js";
import { NpcModel } from "../data/actor/npc.js";
import { GenesysActor } from "../documents/actor.js";
import { signed } from "../format/numbers.js";
import { REACTION_MODIFIERS, npcReaction, reactionSetup, type ReactionBand, type ReactionModifierKey } from "../rules/advanced/reaction.js";
import { RulesError } from "../rules/errors.js";
import { keyList, narratorOnly, postToolCard, toolWarn, type ToolMessage, type ToolTone } from "./tool-card.js";

/** Who the Extra meets: a person actor (his Fascino and Reputazione), or the two numbers as the Narrator types them. */
export type ReactionProtagonist = { actor: GenesysActor } | { name: string; charm: number; reputation: number };

export interface ReactionRequest {
  protagonist: ReactionProtagonist;
  modifiers?: readonly ReactionModifierKey[];
  /** The Narrator's own adjustment (dress, manners, past history). */
  otherModifier?: number;
  /** §3.1.4 the Extra recognised the Protagonist (the recognition tool says whether). */
  recognised?: boolean;
  /** Whisper the card to the Narrators (default true: the players learn the reaction from the Extra's behaviour). */
  hidden?: boolean;
}

const TONE: Record<ReactionBand, ToolTone> = { veryBad: "failure", bad: "failure", neutral: "unjudged", good: "success", excellent: "success" };

/** The actors an Extra can be: a Comparsa or an animal (a Protagonist is the one who is met). */
export function isExtra(actor: GenesysActor): boolean {
  return actor.system instanceof NpcModel || actor.system instanceof AnimalModel;
}

/** Fascino and Reputazione of the Protagonist, or null (with a warning) when he has none to give. */
function protagonistScores(p: ReactionProtagonist): { name: string; charm: number; reputation: number } | null {
  if (!("actor" in p)) return p;
  const sys = p.actor.system;
  if (sys instanceof CharacterModel || sys instanceof NpcModel) return { name: p.actor.name, charm: sys.effective.charm, reputation: sys.reputation };
  toolWarn("GENESYS.Tools.Warn.NoCharm", { name: p.actor.name });
  return null;
}

/** Rolls the reaction and posts its card; null (with a warning) when the Extra or an input does not fit. */
export async function rollNpcReaction(extra: GenesysActor, request: ReactionRequest): Promise<ToolMessage | null> {
  if (!narratorOnly()) return null;
  if (!isExtra(extra)) {
    toolWarn("GENESYS.Tools.Warn.NotAnExtra", { name: extra.name });
    return null;
  }
  const who = protagonistScores(request.protagonist);
  if (!who) return null;
  const animal = extra.system instanceof AnimalModel;
  const i18n = game.i18n;
  let result: ReturnType<typeof npcReaction>;
  let keys: ReactionModifierKey[];
  const roll = new foundry.dice.Roll("1d6");
  try {
    const setup = reactionSetup({ extraIsAnimal: animal, modifiers: keyList("modifiers", request.modifiers), recognised: request.recognised === true, reputation: who.reputation });
    keys = setup.modifiers;
    // The inputs are checked (above and in npcReaction) before the die is rolled: a bad one rolls nothing.
    npcReaction({ charm: who.charm, d6: 1, modifiers: keys, otherModifier: request.otherModifier ?? 0, reputationModifier: setup.reputationModifier });
    await roll.evaluate();
    result = npcReaction({ charm: who.charm, d6: roll.total ?? 0, modifiers: keys, otherModifier: request.otherModifier ?? 0, reputationModifier: setup.reputationModifier });
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    toolWarn("GENESYS.Tools.Warn.BadInput", { reason: error.message });
    return null;
  }
  const lines = [
    { label: i18n.format("GENESYS.Tools.Reaction.Charm", { name: who.name }), value: String(who.charm) },
    ...keys.map((k) => ({ label: i18n.localize(`GENESYS.Tools.Reaction.Modifier.${k}`), value: signed(REACTION_MODIFIERS[k]) })),
    ...(request.otherModifier ? [{ label: i18n.localize("GENESYS.Tools.Other"), value: signed(request.otherModifier) }] : []),
    ...(request.recognised === true && !animal
      ? [{ label: i18n.localize("GENESYS.Tools.Reaction.Reputation"), value: signed(result.reputationModifier) }]
      : []),
  ];
  const notes = [i18n.localize(`GENESYS.Tools.Reaction.Meaning.${result.band}`)];
  if (animal) notes.push(i18n.localize("GENESYS.Tools.Reaction.AnimalNote"));
  return postToolCard(
    extra,
    {
      kind: "reaction",
      title: i18n.format("GENESYS.Tools.Reaction.Title", { extra: extra.name, name: who.name }),
      outcome: { text: i18n.localize(`GENESYS.Tools.Reaction.Band.${result.band}`), tone: TONE[result.band] },
      dice: { values: [roll.total ?? 0], sum: roll.total ?? 0, label: "1D6" },
      lines,
      total: { label: i18n.localize("GENESYS.Tools.Total"), value: String(result.total) },
      notes,
    },
    { hidden: request.hidden !== false, rolls: [roll], actors: "actor" in request.protagonist ? [request.protagonist.actor] : [] },
  );
}
