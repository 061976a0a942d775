/**
 * Check rolls (§1.7), the one flow every check goes through (sheet, macro, API, stun check): plan → dialog → the
 * `genesys.preRollCheck` hook → roll → increment point (§1.8.2) → chat card → the `genesys.rollCheck` hook. Every
 * number comes from src/rules through the check's helpers beside this flow. The dialog (check-dialog.ts) is handed in at
 * init (register-check.ts), so the flow loads none itself. An open check is rolled on this client, with the
 * user's own dice; a blind one (§1.7.3) is asked of the Narrator's client, which rolls it (check/check-intents.ts).
 */
import { applyMessageMode, currentMessageMode, isMessageMode, modeOption, type MessageMode } from "../compat/message-mode.js";
import { sendBlindCheck } from "./blind-check.js";
import { checkPreview, checkRollOptions, prepareCheck, show, type CheckActor, type CheckPlan } from "./check-request.js";
import type { CheckMessage, InfluenceRequest, RollCheckOptions } from "../documents/check-options.js";
import { checkCardContext, GenesysCheckRoll, type InfluenceRecord } from "./genesys-roll.js";
import type { IncrementRecord } from "../documents/check-options.js";
import { SkillModel } from "../data/item/skill.js";
import { influenceOn } from "./influence.js";
import { recordIncrement } from "../documents/skill-increment.js";

/** The dialog's answer. Numbers are as typed: the flow refuses what is not a whole number. */
export interface CheckAnswer {
  difficulty: number | null;
  modifiers: number;
  blind: boolean;
  /** The check was an automatic success and the user asked to roll anyway. */
  rollAnyway: boolean;
  /** §1.7.4 the targeted opponent's characteristic chosen in the dialog, if any. */
  influence?: InfluenceRequest | null;
}

/** Asks the user for difficulty and modifier; null when dismissed. */
export type CheckPrompt = (plan: CheckPlan) => Promise<CheckAnswer | null>;

/** The actor as rollCheck uses it. */
export type RollingActor = CheckActor & Actor.Implementation;

function warn(key: string, data: Record<string, string> = {}): null {
  ui.notifications.warn(game.i18n.format(key, data));
  return null;
}

function localize(key: string): string {
  return game.i18n.localize(key);
}

/** The influencing opponent (world or token actor), or null when it is gone. */
async function opponentFrom(uuid: string): Promise<RollingActor | null> {
  try {
    // Any uuid string: fromUuid answers null (or throws) for what it cannot find; the class is checked below.
    const doc: unknown = await foundry.utils.fromUuid(uuid as `Actor.${string}`);
    return doc instanceof CONFIG.Actor.documentClass ? doc : null;
  } catch {
    return null;
  }
}

/**
 * §1.7.1 a check on a characteristic or a skill of `actor`, posted to chat. Returns the message, or null when
 * nothing was posted: dialog dismissed, bad input, a pre-hook's veto or an actor that cannot roll (a warning says
 * which). A player's blind check also gives null: its card is the Narrator's and never reaches this client.
 */
export async function rollCheck(actor: RollingActor, options: RollCheckOptions, prompt: CheckPrompt): Promise<CheckMessage | null> {
  const request = prepareCheck(actor, options, localize);
  if (!request.ok) return warn(request.refusal.warning, request.refusal.data);
  const asked: unknown = options.messageMode; // a macro may pass anything
  if (asked !== undefined && !isMessageMode(asked)) return warn("GENESYS.Check.Warn.BadMessageMode", { value: show(asked) });
  let plan = request.plan;
  let rollAnyway = options.rollIfAutomatic === true;
  let influenceAsked = options.influence ?? null;

  if (options.prompt !== false) {
    const answer = await prompt(plan);
    if (!answer) return null;
    // The answer goes through the same checks as a macro's options.
    const confirmed = prepareCheck(actor, { ...options, difficulty: answer.difficulty, modifiers: answer.modifiers, blind: answer.blind }, localize);
    if (!confirmed.ok) return warn(confirmed.refusal.warning, confirmed.refusal.data);
    plan = confirmed.plan;
    rollAnyway ||= answer.rollAnyway;
    influenceAsked = answer.influence ?? influenceAsked;
  }

  let influence: InfluenceRecord | null = null;
  if (influenceAsked) {
    const opponent = await opponentFrom(influenceAsked.actorUuid);
    if (!opponent) return warn("GENESYS.Contest.Warn.ActorMissing");
    const influenced = influenceOn(plan.difficulty, opponent, influenceAsked.characteristic, localize);
    if (!influenced.ok) return warn(influenced.refusal.warning, influenced.refusal.data);
    plan = { ...plan, difficulty: influenced.difficulty };
    influence = influenced.record;
  }

  // §1.7.3 the active Narrator's client rolls every blind check, so a player's client never holds its dice; blind
  // chosen in the chat controls counts as much as the dialog's box.
  const mode = asked ?? currentMessageMode();
  if (mode === "blind") plan = { ...plan, blind: true };
  // A module sees the final plan; it gets a copy, so only its answer (false: no roll) changes anything.
  if (!Hooks.call("genesys.preRollCheck", actor, { ...plan })) return null;

  const message = await post(actor, plan, rollAnyway, mode, influence);
  // A stored message is fvtt-types' structural ChatMessage.Stored, which the lint rule cannot match to the class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  Hooks.callAll("genesys.rollCheck", actor, message, { ...plan });
  return message;
}

/** The point as a player's card first shows it, with the points the skill has now. */
function pendingPoint(actor: RollingActor, skillId: string, reason: IncrementRecord["reason"]): IncrementRecord {
  const item = actor.items.get(skillId);
  const points = item?.system instanceof SkillModel ? item.system.increment : 0;
  // Nobody asks the Narrator for a point on someone else's character.
  return { reason, status: item?.isOwner ? "pending" : "notOwner", points, grade: null };
}

async function post(actor: RollingActor, plan: CheckPlan, rollAnyway: boolean, mode: MessageMode, influence: InfluenceRecord | null): Promise<CheckMessage | null> {
  if (plan.blind) return blindCheck(plan);
  const speaker = ChatMessage.getSpeaker({ actor });

  // certain success needs no dice, unless asked.
  if (!rollAnyway && checkPreview(plan)?.automatic === true) return announceAutomatic(plan, speaker, mode, influence);

  const roll = GenesysCheckRoll.build({ ...checkRollOptions(plan, false), influence });
  await roll.evaluate();
  const award = roll.incrementAward;
  if (award?.earned && award.reason && plan.skillId) {
    // A player's point is stored by the Narrator's client once the card is posted (check/open-check-award.ts).
    roll.options.increment = game.user.isGM ? await recordIncrement(actor, plan.skillId, award.reason) : pendingPoint(actor, plan.skillId, award.reason);
  }
  return (await roll.toMessage({ speaker }, modeOption(mode))) ?? null;
}

/**
 * §1.7.3 asks the active GM's client for the blind check and shows its answer. A player is told only that the roll was
 * made; a Narrator gets the card back.
 */
async function blindCheck(plan: CheckPlan): Promise<CheckMessage | null> {
  if (!game.users.activeGM) return warn("GENESYS.Check.Warn.BlindNoNarrator");
  const result = await sendBlindCheck(plan);
  if (!result.ok) return warn(result.warning, result.data);
  if (!game.user.isGM) {
    ui.notifications.info(game.i18n.format("GENESYS.Check.BlindMade", { label: plan.label, name: plan.actorName }));
    return null;
  }
  const id = result.data?.["messageId"];
  if (id === undefined) return null;
  // fvtt-types types get() as always finding the message, but it may have been deleted since it was posted.
  const message = game.messages.get(id) as ChatMessage.Stored | undefined;
  return message ?? null;
}

/** A-15 card for a certain success: no dice, the check simply succeeds. */
async function announceAutomatic(plan: CheckPlan, speaker: ChatMessage.SpeakerData, mode: MessageMode, influence: InfluenceRecord | null): Promise<CheckMessage | null> {
  const context = checkCardContext({ ...plan, dice: null, total: null, result: null, increment: null, influence, isPrivate: false, rolled: false });
  const content = await foundry.applications.handlebars.renderTemplate(GenesysCheckRoll.CHAT_TEMPLATE, context);
  const data: ChatMessage.CreateData = { speaker, content };
  applyMessageMode(data, mode);
  const message = await ChatMessage.implementation.create(data, modeOption(mode));
  return message ?? null;
}
