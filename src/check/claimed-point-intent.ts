/** The Narrator's side of a claimed point (claimed-point.ts): his Award or Let go, checked and stored on his client. */
import { answerWhile, registerIntent, type IntentOutcome, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { recordIncrement } from "../documents/skill-increment.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { CLAIMED_POINT_INTENT, DECIDED_POINTS_SETTING, claimedRoll, type CheckRollClass } from "./claimed-point.js";
import type { IncrementRecord } from "../documents/check-options.js";
import { verifiedPoint } from "./open-check-award.js";

const DECIDED_KEPT = 1_000;

function decided(): string[] {
  const stored: unknown = game.settings.get(SYSTEM_ID, DECIDED_POINTS_SETTING);
  return Array.isArray(stored) ? stored.filter((v): v is string => typeof v === "string") : [];
}

const no = (warning: string): IntentResult => ({ ok: false, warning });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{16}$/.test(v);

async function onClaimedPoint(rolls: CheckRollClass, requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Attack.Warn.NotAllowed");
  if (!isObject(raw) || !isId(raw["messageId"]) || typeof raw["award"] !== "boolean") return no("GENESYS.Authority.Invalid");
  // fvtt-types types get() as always finding the message (it may have been deleted since the click), and types it as
  // ChatMessage.Stored, which the lint rule cannot match to the class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  const message = game.messages.get(raw["messageId"]) as ChatMessage.Implementation | undefined;
  const roll = message ? claimedRoll(rolls, message) : null;
  const held = roll?.options.increment;
  // fvtt-types types the author as always there; a deleted user leaves none.
  const poster = (message?.author as User.Stored | null | undefined)?.id;
  if (!message || !roll || !held || !poster || decided().includes(message.id ?? "")) return no("GENESYS.Check.Warn.PointDecided");
  // Kept first, in the same round as the card: a second click, or the card set back to "claimed", finds it decided.
  const kept = game.settings.set(SYSTEM_ID, DECIDED_POINTS_SETTING, [...decided(), message.id ?? ""].slice(-DECIDED_KEPT));
  let record: IncrementRecord = { ...held, status: "withheld", grade: null };
  if (raw["award"]) {
    const point = await verifiedPoint(roll, held, poster);
    record = "status" in point ? point : await recordIncrement(point.actor, point.skillId, point.reason);
  }
  roll.options.increment = record;
  // The roll class is the one registered in CONFIG.Dice.rolls, which the lint rule cannot match to AnyRoll.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return answerWhile(Promise.all([kept, message.update({ rolls: [roll] })]), { ok: true });
}

/** The Narrator's side: the intent that awards or lets go of a claimed point. */
export function registerClaimedPoint(rolls: CheckRollClass): void {
  registerIntent(CLAIMED_POINT_INTENT, (requester, payload) => onClaimedPoint(rolls, requester, payload));
}
