/** A contest's names, plans and state as every client reads them; the Narrator's handlers are contest-intents.ts. */
import type { IntentResult } from "../authority/intent-channel.js";
import { prepareCheck, type CheckPlan } from "../check/check-request.js";
import type { GenesysActor } from "../documents/actor.js";
import { isAdvantaged } from "../rules/increment.js";
import type { CharacteristicKey } from "../rules/types.js";
import { SYSTEM_SCOPE } from "../attack/attack-card.js";
import type { CardMessage } from "../chat/authored.js";
import { CONTEST_CARD_TEMPLATE, CONTEST_FLAG, contestCardContext, readContestState, type ContestSide, type ContestState, type ContestViewer, type SideId } from "./contest-card.js";

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });
const localize = (key: string): string => game.i18n.localize(key);

export const CONTEST_INTENTS = {
  start: "contest.start",
  roll: "contest.roll",
  tie: "contest.tie",
  advantage: "contest.advantage",
  modifiers: "contest.modifiers",
} as const;

/** One side as a client names it: the actor and what it rolls; the modifier is the Narrator's to set. */
export interface ContestSideRequest {
  actorUuid: string;
  skillId: string | null;
  characteristic: CharacteristicKey | null;
  modifiers: number;
}

export interface ContestStartPayload {
  a: ContestSideRequest;
  b: ContestSideRequest;
  /** The Narrator's word on who stood in the advantageous position; "auto" (and any player's word): by A-14. */
  advantaged: SideId | null | "auto";
}

/**
 * One side's check plan from its actor as it is now (prepareCheck: grade, condition penalty, Esperienza), or the
 * refusal to show. An actor without the characteristic (an animal without Fascino, §3.3.1) cannot contest with it.
 */
export function contestPlan(actor: GenesysActor, side: Pick<ContestSideRequest, "skillId" | "characteristic" | "modifiers">): { ok: true; plan: CheckPlan } | { ok: false; result: IntentResult } {
  const target = side.skillId !== null ? { skillId: side.skillId } : { characteristic: side.characteristic ?? undefined };
  const request = prepareCheck(actor, { ...target, modifiers: side.modifiers }, localize);
  if (request.ok) return request;
  const { warning, data } = request.refusal;
  if (warning === "GENESYS.Check.Warn.NoScore") return { ok: false, result: no("GENESYS.Contest.Warn.Lacks", { name: actor.name, label: data["label"] ?? "?" }) };
  if (warning === "GENESYS.Check.Warn.UnknownSkill") return { ok: false, result: no("GENESYS.Contest.Warn.NoSkill", { name: actor.name }) };
  return { ok: false, result: no(warning, data) };
}

export function sideOf(actor: GenesysActor, plan: CheckPlan, modifiers: number): ContestSide {
  return { actorUuid: actor.uuid, name: actor.name, kind: plan.kind, skillId: plan.skillId, characteristic: plan.characteristic, label: plan.label, modifiers };
}

export async function renderContest(state: ContestState, viewer: ContestViewer): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(CONTEST_CARD_TEMPLATE, contestCardContext(state, viewer));
}

/** The contest state of a message: only from a card a GM's client wrote. */
export function contestState(message: CardMessage): ContestState | null {
  // The flag is read as unknown and checked field by field (readContestState); its FlagConfig entry is the attack card's.
  const flags = message.flags as Record<string, Record<string, unknown> | undefined>;
  return readContestState(flags[SYSTEM_SCOPE]?.[CONTEST_FLAG]);
}

// ───────────────────────── start ─────────────────────────

/** §1.8.2 the side in the better position by grade or modifiers (the condition penalty counts), else null. */
export function advantagedBy(a: Pick<CheckPlan, "grade" | "modifiers" | "conditionPenalty">, b: Pick<CheckPlan, "grade" | "modifiers" | "conditionPenalty">): SideId | null {
  const view = (p: typeof a) => ({ grade: p.grade, modifiers: p.modifiers + p.conditionPenalty });
  if (isAdvantaged(view(a), view(b))) return "a";
  if (isAdvantaged(view(b), view(a))) return "b";
  return null;
}

// ───────────────────────── the card ─────────────────────────
