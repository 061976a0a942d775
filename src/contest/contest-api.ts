/**
 * game.genesys.contest (§1.7.5): a macro's request read field by field into the contest flow (contest-flow.ts), with
 * the same dialog, checks and Narrator's authority as a click.
 */
import type { GenesysActorRef, GenesysContestRequest } from "../api-contract.js";
import { defaultOpponentChoice, type SideChoice } from "./contest-opponent.js";
import { skillByKey } from "../data/item/skill.js";
import { isCharacteristic, show } from "../check/check-request.js";
import { GenesysActor } from "../documents/actor.js";
import { actorFrom } from "../documents/actor-from.js";
import { contest, targetedOpponent } from "./contest-flow.js";

function warn(key: string, data: Record<string, string> = {}): null {
  ui.notifications.warn(game.i18n.format(key, data));
  return null;
}

/** A GeneSys actor from a document or a token or actor uuid, or null with a warning (it may have been deleted). */
export async function actorOfRef(ref: unknown): Promise<GenesysActor | null> {
  if (ref instanceof GenesysActor) return ref;
  let doc: unknown = null;
  try {
    // Any uuid string: fromUuid answers null (or throws) for what it cannot find.
    doc = typeof ref === "string" ? await foundry.utils.fromUuid(ref as `Actor.${string}`) : null;
  } catch {
    doc = null;
  }
  if (doc instanceof foundry.documents.TokenDocument) doc = doc.actor;
  if (doc instanceof GenesysActor) return doc;
  const actor = typeof ref === "string" ? await actorFrom(ref) : null;
  return actor ?? warn("GENESYS.Api.Warn.NoActor", { ref: show(ref) });
}

/** A side named by skill key or characteristic; undefined when neither is named, null (warned) when it is wrong. */
function sideOf(actor: GenesysActor, skill: unknown, characteristic: unknown): SideChoice | null | undefined {
  if (skill !== undefined) {
    const item = typeof skill === "string" ? skillByKey(actor.items, skill) : undefined;
    return item?.id ? { skillId: item.id, characteristic: null } : warn("GENESYS.Macro.Warn.NoSkill", { name: actor.name, skill: show(skill) });
  }
  if (characteristic === undefined) return undefined;
  return isCharacteristic(characteristic) ? { skillId: null, characteristic } : warn("GENESYS.Check.Warn.UnknownCharacteristic", { key: show(characteristic) });
}

const whole = (v: unknown): number => (typeof v === "number" && Number.isInteger(v) ? v : 0);

export async function contestFromApi(ref: GenesysActorRef, request: GenesysContestRequest = {}): Promise<string | null> {
  const actor = await actorOfRef(ref);
  if (!actor) return null;
  const opponent = request.opponent === undefined ? targetedOpponent() : await actorOfRef(request.opponent);
  if (!opponent) return null;
  const mine = sideOf(actor, request.skill, request.characteristic);
  if (mine === null) return null;
  const a: SideChoice = mine ?? { skillId: null, characteristic: "dexterity" };
  if (request.prompt !== false) return contest(actor, { opponent, ...(a.skillId !== null ? { skillId: a.skillId } : { characteristic: a.characteristic }) });
  const theirs = sideOf(opponent, request.opponentSkill, request.opponentCharacteristic);
  if (theirs === null) return null;
  const b = theirs ?? defaultOpponentChoice(actor, a, opponent);
  const advantaged = request.advantaged === undefined ? "auto" : request.advantaged === "actor" ? "a" : request.advantaged === "opponent" ? "b" : null;
  return contest(actor, {
    opponent,
    request: { a: { ...a, modifiers: whole(request.modifiers) }, b: { ...b, modifiers: whole(request.opponentModifiers) }, advantaged },
  });
}
