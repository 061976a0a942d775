/**
 * §1.8.2 the increment point of a player's open check. Skill grades and points are protected values
 * (authority/protected-fields.ts), so the player's client only marks the point "pending" on its card; the active
 * Narrator's client, told by the server who posted the message (the `createChatMessage` hook's user id), checks that
 * this user owns the actor, works the check out again from the actor (grade, condition, Esperienza: a card's own
 * numbers are the poster's word) and the card's dice, stores the point, and writes what became of it on the card.
 * The card's difficulty and modifier are the player's claims, shown on it.
 */
import { gmQueue } from "../authority/serial-queue.js";
import { SkillModel } from "../data/item/skill.js";
import { recordIncrement } from "../documents/skill-increment.js";
import { prepareCheck, type CheckActor } from "./check-request.js";
import type { GenesysCheckRoll, IncrementRecord } from "./genesys-roll.js";

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

/** What becomes of one pending point, decided on the Narrator's client. */
export async function settlePendingPoint(roll: GenesysCheckRoll, held: IncrementRecord, posterId: string): Promise<IncrementRecord> {
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
  return recordIncrement(actor, skillId, award.reason);
}

async function settleMessage(rolls: CheckRollClass, message: ChatMessage.Implementation, posterId: string): Promise<void> {
  const all = message.rolls;
  let changed = false;
  for (const roll of all) {
    if (!(roll instanceof rolls)) continue;
    const held = roll.options.increment;
    if (held?.status !== "pending") continue;
    roll.options.increment = await settlePendingPoint(roll, held, posterId);
    changed = true;
  }
  // The roll class is the one registered in CONFIG.Dice.rolls, which the lint rule cannot match to AnyRoll.
   
  if (changed) await message.update({ rolls: all });
}

/** On every client; only the active Narrator's acts, one message at a time. */
export function registerOpenCheckAward(rolls: CheckRollClass): void {
  Hooks.on("createChatMessage", (message, _options, userId) => {
    if (!game.user.isActiveGM) return;
    void gmQueue.run(() => settleMessage(rolls, message, userId)).catch((error: unknown) => {
      console.error("GeneSys GdR | increment point not settled", error);
    });
  });
}
