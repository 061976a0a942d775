/** A check request's names and plans as every client reads them; the Narrator's handlers are request-intents.ts. */
import type { IntentResult } from "../authority/intent-channel.js";
import { skillByKey } from "../data/item/skill.js";
import { prepareCheck, type CheckPlan } from "../check/check-request.js";
import { GenesysActor } from "../documents/actor.js";
import type { CharacteristicKey } from "../rules/types.js";
import type { MovementLink } from "../documents/movement-check.js";
import type { AmbushLink } from "../documents/ambush-check.js";
import { actorFrom } from "../documents/actor-from.js";
import type { RequestState } from "./request-card.js";

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });
const localize = (key: string): string => game.i18n.localize(key);

export const REQUEST_INTENTS = { roll: "request.roll", reveal: "request.reveal" } as const;

/** Who is asked: an actor (world or token actor) and the token it stands for, when a token was chosen. */
export interface RequestRecipient {
  actorUuid: string;
  tokenUuid: string | null;
  name: string;
}

/** What the Narrator asks for. */
export interface RequestSpec {
  skill: string | null;
  characteristic: CharacteristicKey | null;
  difficulty: number | null;
  /** Keep the difficulty from the players (only with a difficulty). */
  hidden: boolean;
  blind: boolean;
  recipients: RequestRecipient[];
  /** §2.2.5 the tracker row whose Movimento needs this terrain check (documents/movement-check.ts). */
  movement?: MovementLink | null;
  /** §3.2.1 the fight whose surprised combatants this Percezione check may free (documents/ambush-check.ts). */
  ambush?: AmbushLink | null;
}

async function tokenExists(uuid: string): Promise<boolean> {
  try {
    // A token uuid we stored ("Scene.<s>.Token.<t>"), checked by readRequestState.
    return (await foundry.utils.fromUuid(uuid as `Scene.${string}`)) !== null;
  } catch {
    return false;
  }
}

/** The row's actor, or why it cannot roll: its token left the scene, or the actor is gone. */
export async function rowActor(row: { actorUuid: string; tokenUuid: string | null; name: string }): Promise<GenesysActor | IntentResult> {
  if (row.tokenUuid !== null && !(await tokenExists(row.tokenUuid))) return no("GENESYS.Request.Warn.TokenGone", { name: row.name });
  const actor = await actorFrom(row.actorUuid);
  return actor ?? no("GENESYS.Request.Warn.ActorGone", { name: row.name });
}

/** The plan for a row: the requested check on that actor, with the difficulty the Narrators know. */
export function requestPlan(actor: GenesysActor, state: RequestState, difficulty: number | null): { ok: true; plan: CheckPlan } | { ok: false; result: IntentResult } {
  let target: { skillId: string } | { characteristic: CharacteristicKey };
  if (state.check.skill !== null) {
    const item = skillByKey(actor.items, state.check.skill);
    if (!item?.id) return { ok: false, result: no("GENESYS.Macro.Warn.NoSkill", { name: actor.name, skill: state.check.label }) };
    target = { skillId: item.id };
  } else target = { characteristic: state.check.characteristic };
  const request = prepareCheck(actor, { ...target, difficulty, modifiers: 0, blind: state.blind }, localize);
  return request.ok ? request : { ok: false, result: no(request.refusal.warning, request.refusal.data) };
}
