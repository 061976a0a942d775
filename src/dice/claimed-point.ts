/**
 * §1.8.2 the increment point a player's open check claims (open-check-award.ts): its difficulty and modifier are the
 * player's word, so a Narrator awards it from the card, or lets it go. The card's numbers are worked out again from
 * the actor before the point is stored, as when it was posted. The card is the player's to edit, so what was decided
 * is kept where only a Narrator writes (a hidden world setting of the cards decided): a card decided once, set back to
 * "claimed" by its author, is not decided again.
 */
import { answerWhile, registerIntent, requestIntent, type IntentOutcome, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { recordIncrement } from "../documents/skill-increment.js";
import type { GenesysCheckRoll, IncrementRecord } from "./genesys-roll.js";
import { verifiedPoint } from "./open-check-award.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";

type CheckRollClass = typeof GenesysCheckRoll;

export const CLAIMED_POINT_INTENT = "check.claimedPoint";
/** The world setting of the cards whose point a Narrator decided (the latest ones). */
export const DECIDED_POINTS_SETTING = "decidedPoints";
const DECIDED_KEPT = 1_000;

function decided(): string[] {
  const stored: unknown = game.settings.get(SYSTEM_ID, DECIDED_POINTS_SETTING);
  return Array.isArray(stored) ? stored.filter((v): v is string => typeof v === "string") : [];
}

const no = (warning: string): IntentResult => ({ ok: false, warning });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{16}$/.test(v);

/** The one check roll of a card whose point is claimed, or null. */
function claimedRoll(rolls: CheckRollClass, message: ChatMessage.Implementation): GenesysCheckRoll | null {
  const [roll, ...others] = message.rolls;
  return others.length === 0 && roll instanceof rolls && roll.options.increment?.status === "claimed" ? roll : null;
}

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

/** Asks for the decision on a card's claimed point (a Narrator's click). */
export function decideClaimedPoint(messageId: string, award: boolean): Promise<boolean> {
  return requestIntent(CLAIMED_POINT_INTENT, { messageId, award });
}

/** Wires a Narrator's buttons under a claimed point (the card's template draws them for Narrators only). */
function wire(rolls: CheckRollClass, message: ChatMessage.Implementation, html: HTMLElement): void {
  if (!game.user.isGM || !claimedRoll(rolls, message)) return;
  for (const button of Array.from(html.querySelectorAll<HTMLButtonElement>("button[data-claimed-point]"))) {
    const award = button.dataset["claimedPoint"] === "award";
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void decideClaimedPoint(message.id ?? "", award).finally(() => {
        button.disabled = false;
      });
    });
  }
}

/** The decided points' setting and the card's buttons, on every client. Call at init. */
export function registerClaimedPointCards(rolls: CheckRollClass): void {
  game.settings.register(SYSTEM_ID, DECIDED_POINTS_SETTING, { scope: "world", config: false, type: Array, default: [] });
  Hooks.on("renderChatMessageHTML", (message, html) => {
    wire(rolls, message, html);
  });
}

/** The Narrator's side: the intent that awards or lets go of a claimed point. */
export function registerClaimedPoint(rolls: CheckRollClass): void {
  registerIntent(CLAIMED_POINT_INTENT, (requester, payload) => onClaimedPoint(rolls, requester, payload));
}
