/**
 * §1.7.3 a blind check is the Narrator's roll. The player's client sends only what was asked (the actor, the
 * characteristic or skill, the difficulty if one was named, the modifier); the active GM's client reads that field by
 * field, re-reads the actor, checks with the server's own permission test that the requester owns it, makes the plan
 * through the same prepareCheck as every other roll, rolls the dice itself and posts the card to the Narrators only.
 * The answer says that it went through and nothing else: no dice, total, chance or outcome ever reaches the player's
 * client, not even through the sheet, since an increment point a blind roll earns is held back for the reveal.
 */
import { answerWhile, registerIntent, type IntentOutcome, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { SkillModel } from "../data/item/skill.js";
import { INCREMENT_POINTS_PER_GRADE, type IncrementReason } from "../rules/increment.js";
import { checkRollOptions, isCharacteristic, prepareCheck, show, type CheckActor, type CheckPlan } from "./check-request.js";
import { playerChosenNames, registerSealedKind, startPostSealed } from "../chat/sealed-card.js";
import { assertCreated } from "../chat/authored.js";
import { planIncrement, recordIncrement } from "../documents/skill-increment.js";
import { registerOpenCheckAward } from "./open-check-award.js";
import { registerClaimedPoint } from "./claimed-point-intent.js";
// Type only: genesys-roll.ts registers these intents and hands its roll class over, so neither file imports the other's code.
import type { GenesysCheckRoll } from "./genesys-roll.js";
import { CHECK_INTENTS, type BlindCheckPayload } from "./blind-check.js";
import { isActorUuid as isUuid } from "../documents/actor-from.js";
import type { IncrementRecord } from "../documents/check-options.js";

type Read<T> = { ok: true; value: T } | { ok: false; result: IntentResult };

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });
const refused = (warning: string, data?: Record<string, string>): Read<never> => ({ ok: false, result: no(warning, data) });
const INVALID = refused("GENESYS.Authority.Invalid");

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);
const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/** Reads a sent payload field by field; anything another client could have forged is refused with a warning. */
export function readBlindCheckPayload(raw: unknown): Read<BlindCheckPayload> {
  if (!isObject(raw)) return INVALID;
  const { actorUuid, characteristic, skillId, difficulty, modifiers } = raw;
  if (!isUuid(actorUuid)) return INVALID;
  const named = (v: unknown): boolean => v !== undefined && v !== null;
  if (named(characteristic) === named(skillId)) return refused("GENESYS.Check.Warn.NoTarget");
  if (!(characteristic === undefined || characteristic === null || isCharacteristic(characteristic))) {
    return refused("GENESYS.Check.Warn.UnknownCharacteristic", { key: show(characteristic) });
  }
  if (!(skillId === undefined || skillId === null || isId(skillId))) return refused("GENESYS.Check.Warn.UnknownSkill", { id: show(skillId) });
  if (!(difficulty === null || isWhole(difficulty))) return refused("GENESYS.Check.Warn.BadDifficulty", { value: show(difficulty) });
  if (!isWhole(modifiers)) return refused("GENESYS.Check.Warn.BadModifier", { value: show(modifiers) });
  return {
    ok: true,
    value: { actorUuid, characteristic: isCharacteristic(characteristic) ? characteristic : null, skillId: isId(skillId) ? skillId : null, difficulty, modifiers },
  };
}

type CheckRollClass = typeof GenesysCheckRoll;
type RollingActor = CheckActor & Actor.Implementation;

/** The actor behind a uuid (world actor or token actor), or null when it is gone or not an actor of this system's class. */
async function actorFrom(uuid: string): Promise<RollingActor | null> {
  try {
    // readBlindCheckPayload checked the "Actor." or "Scene." shape fromUuid resolves.
    const doc: unknown = await foundry.utils.fromUuid(uuid as `Actor.${string}`);
    return doc instanceof CONFIG.Actor.documentClass ? doc : null;
  } catch {
    return null;
  }
}

/** Whether the server's permission test lets this requester roll for the actor. */
function mayRollFor(requester: Requester, actor: RollingActor): boolean {
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return requester.isGM || actor.testUserPermission(requester.user, "OWNER");
}

/**
 * §1.8.2 the point a blind check earned: recorded on the Narrator's card and held back, since one more point on the
 * sheet would tell the player the check succeeded; the Narrator awards it when revealing the result (§1.7.3).
 */
function heldBack(actor: RollingActor, skillId: string, reason: IncrementReason): IncrementRecord {
  const system = actor.items.get(skillId)?.system;
  return { reason, status: "blind", points: system instanceof SkillModel ? system.increment : 0, grade: null };
}

/**
 * The check rolled on this (the GM's) client: Foundry's dice, never the manual-entry prompt (a hidden roll is nobody's
 * to type in). It goes out sealed (chat/sealed-card.ts): the placeholder names the check, the roll stays with the
 * Narrators until the Reveal. An automatic success is rolled too, so that the card's existence says nothing
 * about the odds. The Narrator's check requests (request/request-intents.ts) roll a blind row through it too.
 */
export async function startBlindCheck(rolls: CheckRollClass, actor: RollingActor, plan: CheckPlan, requester: Requester): Promise<{ id: string; roll: GenesysCheckRoll; created: Promise<void> } | { warning: string }> {
  const roll = rolls.build(checkRollOptions(plan, true));
  await roll.evaluate({ allowInteractive: false });
  const award = roll.incrementAward;
  if (award?.earned && award.reason && plan.skillId) roll.options.increment = heldBack(actor, plan.skillId, award.reason);
  const label = game.i18n.format("GENESYS.Seal.CheckLabel", { name: actor.name, label: plan.label });
  const names = playerChosenNames([actor]);
  const posted = await startPostSealed({ kind: "check", value: roll.toJSON(), names, label, requesterId: requester.id, speaker: ChatMessage.getSpeaker({ actor }) });
  if ("warning" in posted) return posted;
  const created = posted.created.then(assertCreated);
  return { id: posted.id, roll, created };
}

/** The sealed check as the Narrators see it, and its Reveal: the roll as an ordinary roll message, its point awarded. */
function registerSealedCheck(rolls: CheckRollClass): void {
  const rollFrom = (value: unknown): GenesysCheckRoll | null => {
    try {
      // The value was sealed by a Narrator's client from roll.toJSON(); fromData rebuilds it as that class.
      const roll = rolls.fromData(value as Parameters<CheckRollClass["fromData"]>[0]);
      return roll instanceof rolls ? roll : null;
    } catch {
      return null;
    }
  };
  const pending = (roll: GenesysCheckRoll | null): boolean => roll?.options.increment?.status === "blind";
  registerSealedKind("check", {
    render: async (value) => (await rollFrom(value)?.render({ isPrivate: false })) ?? null,
    // §1.8.2 a point held back: the Narrator awards it now (the card stays sealed) or reveals the result without it.
    actions: (value) => pending(rollFrom(value))
      ? [
          { id: "award", label: "GENESYS.Seal.AwardNow", icon: "fa-solid fa-star", reveals: false },
          { id: "withhold", label: "GENESYS.Seal.RevealWithhold", icon: "fa-solid fa-eye-slash", reveals: true },
        ]
      : [],
    act: async (value, action) => {
      const roll = rollFrom(value);
      if (!roll || action !== "award") return null;
      await awardHeldBack(roll);
      const record = roll.options.increment;
      const info = record?.status === "gradeGained" ? "GENESYS.Seal.AwardedGrade" : record?.status === "stored" ? "GENESYS.Seal.Awarded" : "GENESYS.Seal.AwardFailed";
      return { value: roll.toJSON(), info, data: { points: String(record?.points ?? 0), max: String(INCREMENT_POINTS_PER_GRADE), grade: String(record?.grade ?? "") } };
    },
    reveal: async (value, _message, variant) => {
      const roll = rollFrom(value);
      if (!roll) return null;
      const held = roll.options.increment;
      if (variant === "withhold" && held?.status === "blind") roll.options.increment = { ...held, status: "withheld" };
      // The point is worked out now, so that the open card already says what became of it (one write of the card).
      const award = await plannedAward(roll);
      // The fields an ordinary roll message has (Roll#toMessage), so that Foundry renders and reveals it as one.
      const data = await roll.toMessage({}, { create: false });
      return {
        fields: { content: data.content, rolls: [roll.toJSON()] },
        // The point goes on the skill only once the card is open; a write that fails is said on the card.
        after: async (message) => {
          if (!award) return;
          try {
            await award();
          } catch (error) {
            console.error("GeneSys | increment point not stored", error);
            const record = roll.options.increment;
            if (record) roll.options.increment = { ...record, status: "failed", grade: null };
            // The roll class is the one registered in CONFIG.Dice.rolls, which the lint rule cannot match to AnyRoll.
            // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
            await message.update({ rolls: [roll] });
          }
        },
      };
    },
  });
}

/**
 * §1.8.2 with §1.7.3 the held-back point of a Reveal: the roll's record set to what storing it makes of the skill as it
 * is now, and the write that stores it, not started; null when nothing is held back.
 */
async function plannedAward(roll: GenesysCheckRoll): Promise<(() => Promise<void>) | null> {
  const held = roll.options.increment;
  const { actorUuid, skillId } = roll.options;
  if (held?.status !== "blind" || !actorUuid || !skillId) return null;
  const actor = await actorFrom(actorUuid);
  if (!actor) {
    roll.options.increment = { ...held, status: "failed", grade: null };
    return null;
  }
  const planned = planIncrement(actor, skillId, held.reason);
  roll.options.increment = planned.record;
  return planned.write;
}

/**
 * §1.8.2 with §1.7.3: the point a blind check earned goes on the skill when the Narrator awards it before the Reveal.
 * Returns whether the roll's record changed.
 */
async function awardHeldBack(roll: GenesysCheckRoll): Promise<boolean> {
  const held = roll.options.increment;
  const { actorUuid, skillId } = roll.options;
  if (held?.status !== "blind" || !actorUuid || !skillId) return false;
  const actor = await actorFrom(actorUuid);
  roll.options.increment = actor ? await recordIncrement(actor, skillId, held.reason) : { ...held, status: "failed" };
  return true;
}

const localize = (key: string): string => game.i18n.localize(key);

async function onBlindCheck(rolls: CheckRollClass, requester: Requester, raw: unknown): Promise<IntentOutcome> {
  const read = readBlindCheckPayload(raw);
  if (!read.ok) return read.result;
  const p = read.value;
  // §1.7.1 situational modifiers are the Narrator's: a player may name a penalty on his blind check, never a bonus.
  if (!requester.isGM && p.modifiers > 0) return no("GENESYS.Attack.Warn.BonusGmOnly");
  const actor = await actorFrom(p.actorUuid);
  if (!actor) return no("GENESYS.Check.Warn.ActorMissing");
  if (!mayRollFor(requester, actor)) return no("GENESYS.Check.Warn.BlindNotOwner", { name: actor.name });
  const target = p.characteristic !== null ? { characteristic: p.characteristic } : { skillId: p.skillId ?? undefined };
  const request = prepareCheck(actor, { ...target, difficulty: p.difficulty, modifiers: p.modifiers, blind: true }, localize);
  if (!request.ok) return no(request.refusal.warning, request.refusal.data);
  const posted = await startBlindCheck(rolls, actor, request.plan, requester);
  if ("warning" in posted) return no(posted.warning);
  const messageId = posted.id;
  // A Narrator may read the card; a player learns only that it was made.
  return answerWhile(posted.created, requester.isGM ? { ok: true, data: { messageId } } : { ok: true });
}

/** Registers the check intents on this client, with the roll class the cards are made of. Called by registerDice. */
export function registerCheckIntents(rolls: CheckRollClass): void {
  registerIntent(CHECK_INTENTS.blind, (requester, payload) => onBlindCheck(rolls, requester, payload));
  registerSealedCheck(rolls);
  registerOpenCheckAward(rolls);
  registerClaimedPoint(rolls);
}
