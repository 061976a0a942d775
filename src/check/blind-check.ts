/** Asking the Narrator's client for a blind check (§1.7.3): what a player's client sends; check-intents.ts answers. */
import { sendIntent, type IntentResult } from "../authority/intent-channel.js";
import type { CharacteristicKey } from "../rules/types.js";
import { type CheckPlan } from "./check-request.js";

export const CHECK_INTENTS = { blind: "check.blind" } as const;

/** What a player's client sends for a blind check: what was asked, never a roll. */
export interface BlindCheckPayload {
  actorUuid: string;
  characteristic: CharacteristicKey | null;
  skillId: string | null;
  /** Null when the player did not name one (the Narrator judges the total). */
  difficulty: number | null;
  modifiers: number;
}

/** The payload a plan's check is asked with. */
export function blindCheckPayload(plan: CheckPlan): BlindCheckPayload {
  return { actorUuid: plan.actorUuid, characteristic: plan.characteristic, skillId: plan.skillId, difficulty: plan.difficulty, modifiers: plan.situational };
}

/** Asks the active GM's client for a blind check (on that client it runs at once); the caller shows the answer. */
export function sendBlindCheck(plan: CheckPlan): Promise<IntentResult> {
  return sendIntent(CHECK_INTENTS.blind, blindCheckPayload(plan));
}
