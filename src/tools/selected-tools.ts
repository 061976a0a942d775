/**
 * The three Narrator tools of chapter 3 on the selected tokens (macros, game.genesys.macros, the console) and from an
 * Extra's sheet. Token actors are used as they are (an unlinked token's own actor); a token whose actor was deleted is
 * named in a warning and skipped. Without a request the tool asks its dialog; with one (a macro's) it rolls at once.
 */
import { promptLosingControl } from "./losing-control-dialog.js";
import { CUSTOM_PROTAGONIST, promptReaction, type ProtagonistChoice } from "./reaction-dialog.js";
import { promptRecognition } from "./recognition-dialog.js";
import { AnimalModel } from "../data/actor/animal.js";
import { CharacterModel } from "../data/actor/character.js";
import { NpcModel } from "../data/actor/npc.js";
import { show } from "../check/check-request.js";
import { GenesysActor } from "../documents/actor.js";
import type { LosingControlCause } from "../rules/advanced/losing-control.js";
import type { ReactionModifierKey } from "../rules/advanced/reaction.js";
import type { RecognitionModifierKey, RecognitionObserver } from "../rules/advanced/reputation-effects.js";
import { rollLosingControl } from "./losing-control.js";
import { isExtra, rollNpcReaction, type ReactionProtagonist } from "./npc-reaction.js";
import { rollRecognition } from "./recognition.js";
import { narratorOnly, toolWarn } from "./tool-card.js";

/** What a macro may pass to the reaction tool; every field is checked by the tool and the rules. */
export interface ReactionToolRequest {
  /** The Protagonist's actor or token uuid; or leave it out and give `charm` (and `reputation`). */
  protagonist?: string;
  charm?: number;
  reputation?: number;
  modifiers?: string[];
  otherModifier?: number;
  recognised?: boolean;
  hidden?: boolean;
}

export interface RecognitionToolRequest {
  observer?: string;
  modifiers?: string[];
  otherModifier?: number;
  hidden?: boolean;
}

export interface LosingControlToolRequest {
  cause: string;
  difficulty: number;
  modifiers?: number;
  blind?: boolean;
}

/** The value as a GeneSys actor, or null. */
function genesysActor(value: unknown): GenesysActor | null {
  return value instanceof GenesysActor ? value : null;
}

/** The selected tokens' actors, each once; a token whose actor is gone is named in a warning. Null when none is selected. */
function selectedTokenActors(): GenesysActor[] | null {
  // A canvas that has drawn no scene has no token layer yet, and so nothing selected.
  const tokens = canvas.tokens?.controlled ?? [];
  if (tokens.length === 0) {
    toolWarn("GENESYS.Macro.Warn.NoSelection");
    return null;
  }
  const actors: GenesysActor[] = [];
  for (const token of tokens) {
    const actor = genesysActor(token.actor);
    if (actor) {
      if (!actors.includes(actor)) actors.push(actor);
    } else toolWarn("GENESYS.Tools.Warn.NoActor", { name: token.name });
  }
  return actors;
}

async function documentActor(uuid: string): Promise<GenesysActor | null> {
  let doc: unknown = null;
  try {
    // Any string: fromUuid answers null (or throws) for what it cannot find.
    doc = await foundry.utils.fromUuid(uuid as `Actor.${string}`);
  } catch {
    doc = null;
  }
  if (doc instanceof foundry.documents.TokenDocument) doc = doc.actor;
  return genesysActor(doc);
}

const isPerson = (a: GenesysActor): boolean => a.system instanceof CharacterModel || a.system instanceof NpcModel;

/** The Protagonists the reaction dialog offers: the targeted tokens' people first, then the world's Protagonisti. */
function protagonistChoices(): ProtagonistChoice[] {
  const targeted = [...game.user.targets].flatMap((t) => genesysActor(t.actor) ?? []).filter(isPerson);
  const world = game.actors.contents.flatMap((a) => genesysActor(a) ?? []).filter((a) => a.system instanceof CharacterModel);
  const seen = new Set<string>();
  const choices: ProtagonistChoice[] = [];
  for (const actor of [...targeted, ...world]) {
    const sys = actor.system;
    if (seen.has(actor.uuid) || !(sys instanceof CharacterModel || sys instanceof NpcModel)) continue;
    seen.add(actor.uuid);
    choices.push({ uuid: actor.uuid, name: actor.name, charm: sys.effective.charm, reputation: sys.reputation });
  }
  return choices;
}

async function protagonistOf(request: ReactionToolRequest): Promise<ReactionProtagonist | null> {
  if (request.protagonist !== undefined && request.protagonist !== CUSTOM_PROTAGONIST) {
    const actor = typeof request.protagonist === "string" ? await documentActor(request.protagonist) : null;
    if (!actor) toolWarn("GENESYS.Api.Warn.NoActor", { ref: show(request.protagonist) });
    return actor ? { actor } : null;
  }
  if (typeof request.charm !== "number") {
    toolWarn("GENESYS.Tools.Warn.NoProtagonist");
    return null;
  }
  return { name: game.i18n.localize("GENESYS.Tools.Reaction.TypedProtagonist"), charm: request.charm, reputation: request.reputation ?? 0 };
}

/** §3.1.3 the reaction of each Extra in `extras`, to one Protagonist; how many cards were posted. */
async function reactionOf(extras: GenesysActor[], request: ReactionToolRequest | undefined): Promise<number> {
  const fitting = extras.filter((a) => {
    if (isExtra(a)) return true;
    toolWarn("GENESYS.Tools.Warn.NotAnExtra", { name: a.name });
    return false;
  });
  const [first] = fitting;
  if (!first) return 0;
  let asked = request;
  if (!asked) {
    const answer = await promptReaction({ name: fitting.map((a) => a.name).join(", "), animal: fitting.every((a) => a.system instanceof AnimalModel) }, protagonistChoices());
    if (!answer) return 0;
    const { protagonist, ...rest } = answer;
    asked = protagonist === CUSTOM_PROTAGONIST ? rest : { ...rest, protagonist };
  }
  const protagonist = await protagonistOf(asked);
  if (!protagonist) return 0;
  let posted = 0;
  for (const extra of fitting) {
    const message = await rollNpcReaction(extra, {
      protagonist,
      modifiers: (asked.modifiers ?? []) as ReactionModifierKey[], // checked by the tool (a list) and the rules (each key)
      otherModifier: asked.otherModifier ?? 0,
      recognised: asked.recognised === true,
      hidden: asked.hidden !== false,
    });
    if (message) posted++;
  }
  return posted;
}

/** §3.1.3 each selected Comparsa's or animal's reaction to a Protagonist. */
export async function reactionForSelected(request?: ReactionToolRequest): Promise<number> {
  if (!narratorOnly()) return 0;
  const actors = selectedTokenActors();
  return actors ? reactionOf(actors, request) : 0;
}

/** §3.1.3 from an Extra's sheet: that actor (a token's own for an unlinked token's sheet). */
export async function reactionForActor(extra: GenesysActor, request?: ReactionToolRequest): Promise<number> {
  if (!narratorOnly()) return 0;
  return reactionOf([extra], request);
}

/** §3.1.4 whether each selected Protagonist is recognised; an animal (no Fama) is refused by name. */
export async function recognitionForSelected(request?: RecognitionToolRequest): Promise<number> {
  if (!narratorOnly()) return 0;
  const actors = selectedTokenActors();
  if (!actors) return 0;
  const people = actors.filter((a) => {
    if (isPerson(a)) return true;
    toolWarn("GENESYS.Tools.Warn.NoFame", { name: a.name });
    return false;
  });
  if (people.length === 0) return 0;
  const asked = request ?? (await promptRecognition(people.map((a) => a.name)));
  if (!asked) return 0;
  let posted = 0;
  for (const actor of people) {
    const message = await rollRecognition(actor, {
      // Checked by the tool (a list) and the rules (neverRecognises, recognitionCheck): bad input is refused with a warning.
      observer: (asked.observer ?? "person") as RecognitionObserver,
      modifiers: (asked.modifiers ?? []) as RecognitionModifierKey[],
      otherModifier: asked.otherModifier ?? 0,
      hidden: asked.hidden !== false,
    });
    if (message) posted++;
  }
  return posted;
}

/** §3.1.6 offers the Esperienza check to each selected character; how many cards said how it went. */
export async function losingControlForSelected(request?: LosingControlToolRequest): Promise<number> {
  if (!narratorOnly()) return 0;
  const actors = selectedTokenActors();
  if (!actors || actors.length === 0) return 0;
  const asked = request ?? (await promptLosingControl(actors.map((a) => a.name)));
  if (!asked) return 0;
  let posted = 0;
  for (const actor of actors) {
    const message = await rollLosingControl(actor, {
      // Checked by the rules (requiresLosingControlCheck) and by the tool (difficulty): a bad one is refused.
      cause: asked.cause as LosingControlCause,
      difficulty: asked.difficulty,
      modifiers: asked.modifiers ?? 0,
      blind: asked.blind === true,
    });
    if (message) posted++;
  }
  return posted;
}

export const narratorTools = { reactionForSelected, recognitionForSelected, losingControlForSelected };
