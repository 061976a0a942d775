/**
 * §1.8.2 the increment point of a player's open check. Skill grades and points are protected values
 * (data/protected-fields.ts), so the player's client only marks the point "pending" on its card; the active
 * Narrator's client, told by the server who posted the message (the `createChatMessage` hook's user id), checks that
 * this user owns the actor, works the check out again from the actor (grade, condition, Esperienza: a card's own
 * numbers are the poster's word) and the card's dice, and writes what became of it on the card.
 * The card's difficulty and modifier are the player's claims, and they decide the point (a difficulty of 40 makes any
 * low roll an impossible try): the point is "claimed", and a Narrator awards it from the card or lets it go
 * (claimed-point.ts). A Narrator's own card, or one for a character the Narrator opened for free editing, stores it at
 * once. A card earns at most one point, once; a player's cards earn at most a few points a minute (a console could
 * post winning cards by the hundred); cards posted while no Narrator was connected are settled when one connects.
 */
import { atReady } from "../load/at-ready.js";
import { gmQueue } from "../authority/serial-queue.js";
import { SkillModel } from "../data/item/skill.js";
import { recordIncrement } from "../documents/skill-increment.js";
import { prepareCheck, type CheckActor } from "./check-request.js";
import type { GenesysCheckRoll } from "./genesys-roll.js";
import { trustsOwner } from "../effects/effect-approval.js";
import type { IncrementReason } from "../rules/increment.js";
import type { IncrementRecord } from "../documents/check-options.js";

type CheckRollClass = typeof GenesysCheckRoll;
type RollingActor = CheckActor & Actor.Implementation;

async function actorFrom(uuid: string): Promise<RollingActor | null> {
  try {
    const doc: unknown = await foundry.utils.fromUuid(uuid as `Actor.${string}`); // a uuid the card names; fromUuid answers null for anything else
    return doc instanceof CONFIG.Actor.documentClass ? doc : null;
  } catch {
    return null;
  }
}

/**
 * Whether the card's point stands when worked out again from the actor: the poster owns it, the skill is there, the
 * card's grade, condition and Esperienza are the actor's, and its dice earn the point. The actor and skill, or the
 * record the card should show instead.
 */
export async function verifiedPoint(roll: GenesysCheckRoll, held: IncrementRecord, posterId: string): Promise<{ actor: RollingActor; skillId: string; reason: IncrementReason; trusted: boolean } | IncrementRecord> {
  const failed: IncrementRecord = { ...held, status: "failed", grade: null };
  const { actorUuid, skillId } = roll.options;
  // fvtt-types types get() as always finding the user; an id from the server may name one deleted since.
  const poster = game.users.get(posterId) as User.Stored | undefined;
  if (!actorUuid || !skillId || !poster) return failed;
  const actor = await actorFrom(actorUuid);
  if (!actor) return failed;
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  if (!poster.isGM && !actor.testUserPermission(poster, "OWNER")) return { ...held, status: "notOwner", grade: null };
  if (!(actor.items.get(skillId)?.system instanceof SkillModel)) return failed;
  const again = prepareCheck(actor, { skillId, difficulty: roll.options.difficulty, modifiers: 0 }, (key) => game.i18n.localize(key));
  const o = roll.options;
  if (!again.ok || again.plan.grade !== o.grade || again.plan.conditionPenalty !== o.conditionPenalty || again.plan.experience !== (o.experience ?? 0)) return failed;
  const award = roll.incrementAward;
  if (!award?.earned || !award.reason) return failed;
  return { actor, skillId, reason: award.reason, trusted: poster.isGM || trustsOwner(actor) };
}

/** What becomes of one pending point, decided on the Narrator's client: stored, or claimed for a Narrator to decide. */
export async function settlePendingPoint(roll: GenesysCheckRoll, held: IncrementRecord, posterId: string): Promise<IncrementRecord> {
  const point = await verifiedPoint(roll, held, posterId);
  if ("status" in point) return point;
  if (!point.trusted) return { ...held, reason: point.reason, status: "claimed", grade: null };
  return recordIncrement(point.actor, point.skillId, point.reason);
}

/** Points settled per poster in the last minute, and cards already settled (bounded). */
export const settleLimits = { perMinute: 6, windowMs: 60_000 };
const settledAt = new Map<string, number[]>();
const settled = new Set<string>();

/** Takes one of the poster's settlements for this minute; false when he has used them all. */
function admitSettlement(posterId: string): boolean {
  // fvtt-types types get() as always finding the user; an id from the server may name one deleted since.
  if ((game.users.get(posterId) as User.Stored | undefined)?.isGM) return true;
  const now = Date.now();
  const recent = (settledAt.get(posterId) ?? []).filter((at) => now - at < settleLimits.windowMs);
  if (recent.length >= settleLimits.perMinute) return false;
  recent.push(now);
  settledAt.set(posterId, recent);
  return true;
}

async function settleMessage(rolls: CheckRollClass, message: ChatMessage.Implementation, posterId: string): Promise<void> {
  const all = message.rolls;
  const pending: GenesysCheckRoll[] = [];
  for (const r of all) if (r instanceof rolls && r.options.increment?.status === "pending") pending.push(r);
  if (pending.length === 0 || settled.has(message.id ?? "")) return;
  settled.add(message.id ?? "");
  if (settled.size > 2_000) settled.clear();
  // Our check cards carry one roll: anything else is not one of them, and earns nothing.
  const admitted = pending.length === 1 && all.length === 1 && admitSettlement(posterId);
  for (const roll of pending) {
    const held = roll.options.increment;
    if (!held) continue;
    roll.options.increment = admitted ? await settlePendingPoint(roll, held, posterId) : { ...held, status: "failed", grade: null };
  }
  // The roll class is the one registered in CONFIG.Dice.rolls, which the lint rule cannot match to AnyRoll.
   
  await message.update({ rolls: all });
}

function settleLater(rolls: CheckRollClass, message: ChatMessage.Implementation, posterId: string): void {
  void gmQueue.run(() => settleMessage(rolls, message, posterId)).catch((error: unknown) => {
    console.error("GeneSys GdR | increment point not settled", error);
  });
}

/** On every client; only the active Narrator's acts, one message at a time. */
export function registerOpenCheckAward(rolls: CheckRollClass): void {
  Hooks.on("createChatMessage", (message, _options, userId) => {
    if (game.user.isActiveGM) settleLater(rolls, message, userId);
  });
  atReady(() => { sweepPendingCards(rolls); });
}

/** Tests: forget the settled cards and the per-player counts. */
export function resetSettleMemory(): void {
  settled.clear();
  settledAt.clear();
}

/** Cards posted while no Narrator was connected, settled by the active one: their author is who posted them (only a
 *  GM posts in another's name). */
export function sweepPendingCards(rolls: CheckRollClass): void {
  if (!game.user.isActiveGM) return;
  for (const message of game.messages.contents.slice(-100)) {
    // fvtt-types types the author as always there; a deleted user leaves none.
    const author = (message.author as User.Stored | null | undefined)?.id;
    // The stored message is fvtt-types' structural ChatMessage.Stored, which the lint rule cannot match to the class.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
    if (author) settleLater(rolls, message, author);
  }
}
