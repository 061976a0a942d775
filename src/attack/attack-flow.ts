/**
 * The attack → defence → damage flow (§2.3, §2.4, §3.2) on the clicking user's client: the Attack button of a sheet
 * and what each button of the attack card does. This client only gathers choices and rolls its own dice; every card
 * and every actor change is an intent that the active GM's client decides (card-intents.ts), the Narrator's own clicks
 * included. Each function returns whether something happened; every failure is a notification.
 */
import { bearingBetween } from "../canvas/token-distance.js";
import { lazily } from "../load/lazily.js";
import { defenceSetup, type DefenceAnswer, type DefencePlan } from "./defence-answer.js";
import { guarded } from "../ui/guarded.js";
import { requestIntent } from "../authority/intent-channel.js";
import { currentMessageMode } from "../compat/message-mode.js";
import { messageAudience, recipientsAudience, showDice, type DiceAudience, type ThrownRoll } from "../dice/dice-so-nice.js";
import { cardDamageRoll, evaluateDamage, evaluateTwoD10, prepareAttack, specifyAttack, type AttackAnswer, type AttackPlan, type AttackRefusal, type TargetRef } from "./attack-roll.js";
import { GenesysActor } from "../documents/actor.js";
import { RulesError } from "../rules/errors.js";
import { DIFFICULTY_LADDER } from "../rules/check.js";
import { diveJumpDifficulty } from "../rules/maneuvers.js";
import { defenceDived } from "../documents/dive-prone.js";
import type { RulesOptions } from "../rules/options.js";
import { rulesOptions } from "../settings/rules-settings.js";
import { narrowWin, type AttackCardState, type AttackRow } from "./attack-card.js";
import type { AttackSide } from "../rules/increment.js";
import { sealedCardOf } from "../chat/sealed-card.js";
import { CARD_INTENTS } from "./card-intent-kinds.js";
import { actorFrom } from "../documents/actor-from.js";
import { stunBonus } from "./stun-bonus.js";
import { cardState, type CardMessage } from "./card-render.js";
import { cardMode, cardRecipients } from "./card-visibility.js";
import { defencePlan } from "./defence-plan.js";
import type { CardAction } from "./card-actions.js";

/** The dialogs load on their first use. */
const attackDialog = () => import("./attack-dialog.js");
const promptAttack = lazily(attackDialog, "promptAttack");
const promptDefence = lazily(attackDialog, "promptDefence");
const promptStatic = lazily(attackDialog, "promptStatic");

export { cardState, currentViewer, renderCard, type CardMessage } from "./card-render.js";

function warn(key: string, data: Record<string, string> = {}): null {
  ui.notifications.warn(game.i18n.format(key, data));
  return null;
}

/** A button that did nothing: the warning says why. */
function failed(key: string, data: Record<string, string> = {}): false {
  warn(key, data);
  return false;
}

const localize = (key: string): string => game.i18n.localize(key);

// ───────────────────────── the Attack button ─────────────────────────

/** Metres between the attacker's token and a target on the current scene, or null when there is none to measure. */
function measure(source: foundry.canvas.placeables.Token | null, target: foundry.canvas.placeables.Token): number | null {
  if (!canvas.ready || !source) return null;
  try {
    return canvas.grid?.measurePath([source.center, target.center], {}).distance ?? null;
  } catch {
    return null;
  }
}

/** The attacker's token the distances are measured from: its first on the viewed scene. */
function attackerToken(attacker: GenesysActor): foundry.canvas.placeables.Token | null {
  return canvas.ready ? (attacker.getActiveTokens()[0] ?? null) : null;
}

/** The user's targeted tokens, with their actors and the distance and direction from the attacker's token. */
export function targetedTokens(attacker: GenesysActor): TargetRef[] {
  const source = attackerToken(attacker);
  return [...game.user.targets].map((token) => {
    const actor: unknown = token.actor;
    return {
      actor: actor instanceof GenesysActor ? actor : null,
      tokenUuid: token.document.uuid,
      name: token.name,
      distance: measure(source, token),
      bearing: canvas.ready && source ? bearingBetween(source.center, token.center) : null,
    };
  });
}

/** §2.3.5 an inanimate object as the attack's one target: no token, no actor, its distance typed in the dialog. */
export function objectTarget(): TargetRef {
  return { actor: null, object: true, tokenUuid: null, name: localize("GENESYS.Attack.Object.Name"), distance: null };
}

export interface AttackOptions {
  /** Targets other than the user's targeted tokens (macros, tests). */
  targets?: TargetRef[];
  /** The dialog's answer given in advance: no dialog opens. */
  answer?: AttackAnswer;
  /** Asks for the answer in place of the dialog (a quick roll, check/quick-roll.ts); null = nothing to roll. */
  choose?: (plan: AttackPlan, rules: Partial<RulesOptions>) => Promise<AttackAnswer | null>;
}

function refused(refusal: AttackRefusal): false {
  warn(refusal.warning, refusal.data);
  return false;
}

/**
 * §2.3.1 the attack of `actor` with a weapon (an embedded item id) or, for an animal, its natural weapons (null):
 * checks and dialog here, then the attack rolls (on this client, unless blind) go to the GM's client, which checks
 * them again, spends the rounds and posts the card. Returns whether the card was posted.
 */
export async function attack(actor: GenesysActor, itemId: string | null, options: AttackOptions = {}): Promise<boolean> {
  return guarded(false, () => attackNow(actor, itemId, options));
}

async function attackNow(actor: GenesysActor, itemId: string | null, options: AttackOptions): Promise<boolean> {
  const rules = rulesOptions();
  const targets = options.targets ?? targetedTokens(actor);
  // §2.3.5 with no token targeted the attack goes at an object: the Narrator's static difficulty resolves it on the card.
  const planned = prepareAttack(actor, itemId, targets.length > 0 ? targets : [objectTarget()], localize);
  if (!planned.ok) return refused(planned.refusal);
  const plan = planned.value;
  const answer = options.answer ?? (await (options.choose ?? promptAttack)(plan, rules));
  if (!answer) return false;
  const spec = specifyAttack(plan, answer, rules, game.user.isGM);
  if (!spec.ok) return refused(spec.refusal);
  const rollMode = currentMessageMode();
  // A blind attack's dice are rolled by the Narrator's client: this one must not see them.
  const blind = cardMode(rollMode, answer.blind) === "blind";
  const evaluated = blind ? null : await Promise.all(spec.value.rows.map((r) => evaluateTwoD10(r.bonus)));
  // The dice land before the card is asked for, so the outcome appears after them; they are thrown to whoever will see the card.
  if (evaluated) await Promise.all(evaluated.map((roll) => showDice(roll, attackAudience(actor, cardMode(rollMode, answer.blind)))));
  const rolls = evaluated?.map((roll) => roll.toJSON()) ?? null;
  return requestIntent(CARD_INTENTS.attack, {
    actorUuid: actor.uuid,
    // The Narrator's client measures again from this token to each target's (card-intents.ts).
    tokenUuid: actor.token?.uuid ?? attackerToken(actor)?.document.uuid ?? null,
    itemId,
    targets: plan.targets.map((t, i) => ({ actorUuid: t.actorUuid, tokenUuid: t.tokenUuid, distance: answer.targets[i]?.distance ?? t.distance, ...(t.actorUuid === null ? { object: true } : {}) })),
    answer,
    rollMode,
    rolls,
  });
}

/** Who sees the attack dice: everyone for a public card, the roller alone for a whispered one (dice-so-nice.ts). */
function attackAudience(actor: GenesysActor, mode: "public" | "gm" | "blind"): DiceAudience {
  const gmIds = game.users.contents.filter((u) => u.isGM).map((u) => u.id);
  const { whisper } = cardRecipients(mode, game.user.id, gmIds);
  return { ...recipientsAudience(whisper), speaker: ChatMessage.getSpeaker({ actor }) };
}

/**
 * Dice rolled on a card land before they are sent, so that its new outcome appears after them: thrown to the card's
 * recipients, a sealed card's on the Narrator's client only (dice-so-nice.ts).
 */
async function showCardDice(messageId: string, roll: ThrownRoll): Promise<void> {
  // fvtt-types types get() as always finding the message; it may have been deleted since the click.
  const message = game.messages.get(messageId) as CardMessage | undefined;
  const audience = message ? messageAudience(message, sealedCardOf(message) !== null) : null;
  if (audience) await showDice(roll, audience);
}

// ───────────────────────── the card's buttons ─────────────────────────

/** Answers given in advance (macros, tests): no dialog opens. */
export interface CardActionOptions {
  defence?: DefenceAnswer;
  /** undoHit: the actor whose selected-token hit to take back (its button's data-hit). */
  hit?: string;
  /** strike: the claim to strike or restore, "attack:advantage" (its button's data-claim, card-claims.ts). */
  claim?: string;
  /** Asks for the defence in place of the dialog (a quick roll, check/quick-roll.ts); null = no defence rolled. */
  chooseDefence?: (plan: DefencePlan, target: GenesysActor) => Promise<DefenceAnswer | null>;
  staticDifficulty?: number;
  /** advantage: the Narrator's word to send (a side, or null for neither); absent, the button's toggle. */
  advantaged?: AttackSide | null;
}

/** What one click on the card does. Returns whether the card moved on; every failure is a notification. */
export async function onCardAction(message: CardMessage, action: CardAction, rowId: string, options: CardActionOptions = {}): Promise<boolean> {
  return guarded(false, () => cardActionNow(message, action, rowId, options));
}

async function cardActionNow(message: CardMessage, action: CardAction, rowId: string, options: CardActionOptions): Promise<boolean> {
  const state = cardState(message);
  const row = state?.rows[rowId];
  if (!state || !row) return failed("GENESYS.Attack.Warn.CardMissing");
  const ids = { messageId: message.id ?? "", rowId };
  // A sealed card only gets its outcome before the Reveal (card-intents.ts says why).
  if (action !== "defend" && action !== "static" && action !== "strike" && action !== "advantage" && sealedCardOf(message)) return failed("GENESYS.Seal.Warn.RevealFirst");
  switch (action) {
    case "defend":
      return defend(row, ids, state, options);
    case "static": {
      if (!game.user.isGM) return failed("GENESYS.Attack.Warn.NotAllowed");
      const difficulty = options.staticDifficulty ?? (await promptStatic(row.target.name));
      if (difficulty === null) return false;
      return requestIntent(CARD_INTENTS.static, { ...ids, difficulty });
    }
    case "rollDamage":
      return rollDamageAction(row, ids, state);
    case "apply":
      return requestIntent(CARD_INTENTS.apply, ids);
    case "undo":
      return requestIntent(CARD_INTENTS.undo, ids);
    case "applySelected":
      return applySelectedAction(ids);
    case "undoHit":
      if (!game.user.isGM) return failed("GENESYS.Attack.Warn.NotAllowed");
      return options.hit ? requestIntent(CARD_INTENTS.undoToken, { ...ids, actorUuid: options.hit }) : failed("GENESYS.Attack.Warn.CardChanged");
    case "stun":
      return stunAction(row, ids);
    case "strike":
      return strikeAction(row, ids, options.claim);
    case "advantage":
      return advantageAction(state, row, ids, options.advantaged);
    case "diveJump":
      return diveJumpAction(row);
  }
}

/** The Narrator strikes the claim named by the button, or restores it if it is struck (checked again on the GM's client). */
async function strikeAction(row: AttackRow, ids: { messageId: string; rowId: string }, named: string | undefined): Promise<boolean> {
  if (!game.user.isGM) return failed("GENESYS.Attack.Warn.NotAllowed");
  const [roll, key] = (named ?? "").split(":");
  const claim = (row.claims ?? []).find((c) => c.roll === roll && c.key === key);
  if (!claim) return failed("GENESYS.Attack.Warn.NoClaim");
  return requestIntent(CARD_INTENTS.strike, { ...ids, roll: claim.roll, key: claim.key, struck: !claim.struck });
}

/**
 * §1.8.2 the Narrator turns the loser of a narrow win advantaged or not (the GM's client works the points out
 * again); the toggle starts from what the card says now.
 */
async function advantageAction(state: AttackCardState, row: AttackRow, ids: { messageId: string; rowId: string }, given: AttackSide | null | undefined): Promise<boolean> {
  if (!game.user.isGM) return failed("GENESYS.Attack.Warn.NotAllowed");
  const won = narrowWin(state, row);
  if (!won) return failed("GENESYS.Attack.Warn.CardChanged");
  return requestIntent(CARD_INTENTS.advantage, { ...ids, advantaged: given !== undefined ? given : won.advantaged ? null : won.loser });
}

/**
 * The row's hit into this user's selected tokens (the Narrator's, checked again on the GM's client): their uuids go,
 * the GM's client finds each token's actor. A selected token with no actor left is named here and the others still go.
 */
async function applySelectedAction(ids: { messageId: string; rowId: string }): Promise<boolean> {
  if (!game.user.isGM) return failed("GENESYS.Attack.Warn.NotAllowed");
  // A canvas that has drawn no scene has no token layer yet, and so nothing selected.
  const selected = canvas.tokens?.controlled ?? [];
  const gone = selected.filter((t) => !(t.actor instanceof GenesysActor));
  if (gone.length > 0) warn("GENESYS.Attack.Warn.TokensMissing", { names: gone.map((t) => t.name).join(", ") });
  const tokens = selected.filter((t) => t.actor instanceof GenesysActor).map((t) => t.document.uuid);
  if (tokens.length === 0) return gone.length > 0 ? false : failed("GENESYS.Attack.Warn.NoTokensSelected");
  return requestIntent(CARD_INTENTS.applyTokens, { ...ids, tokens });
}

async function targetOf(row: AttackRow): Promise<GenesysActor | null> {
  const actor = await actorFrom(row.target.actorUuid);
  if (!actor) return warn("GENESYS.Attack.Warn.TargetMissing", { name: row.target.name });
  if (!actor.genesys) return warn("GENESYS.Attack.Warn.TargetNotGenesys", { name: row.target.name });
  return actor;
}

/** The defender's dialog (pre-filled from the tracker and the tokens) and dice; the GM's client recomputes the grade, the modifiers and the total. */
async function defend(row: AttackRow, ids: { messageId: string; rowId: string }, state: AttackCardState, options: CardActionOptions): Promise<boolean> {
  const target = await targetOf(row);
  if (!target) return false;
  if (!target.isOwner) return failed("GENESYS.Attack.Warn.NotAllowed");
  const attacker = await actorFrom(state.attacker.actorUuid);
  const plan = defencePlan(target, row, state.blind && !game.user.isGM, localize, { attacker, kind: state.weapon.kind });
  if (!plan) return failed("GENESYS.Attack.Warn.CannotDefend", { name: row.target.name });
  const answer = options.defence ?? (await (options.chooseDefence ?? promptDefence)(plan, target));
  if (!answer) return false;
  const setup = defenceSetup(plan, answer);
  if (!setup) return failed("GENESYS.Attack.Warn.BadDefence", { name: row.target.name });
  let roll;
  try {
    roll = await evaluateTwoD10(setup.grade + setup.parts.reduce((s, p) => s + p.value, 0));
  } catch (error) {
    if (error instanceof RulesError) return failed("GENESYS.Attack.Warn.Rules", { message: error.message });
    throw error;
  }
  await showCardDice(ids.messageId, roll);
  return requestIntent(CARD_INTENTS.defend, { ...ids, answer, roll: roll.toJSON() });
}

/**
 * §2.2.1 the dive's jump, where the Narrator says the dive crosses an obstacle or a gap: the request dialog for the
 * diver's Salto, its difficulty the jump's own plus 5 (EX-13: a 2 m standing jump, Complex 20, becomes 25), which the
 * Narrator sets for the distance.
 */
async function diveJumpAction(row: AttackRow): Promise<boolean> {
  if (!game.user.isGM) return failed("GENESYS.Attack.Warn.NotAllowed");
  if (row.defence?.kind !== "roll" || !defenceDived(row.defence.parts)) return failed("GENESYS.Attack.Warn.CardChanged");
  const { askForCheck } = await import("../request/request-flow.js");
  const card = await askForCheck({ skill: "salto", difficulty: diveJumpDifficulty(DIFFICULTY_LADDER.complex) }, { recipients: [row.target.actorUuid] });
  return card !== null;
}

/** The attacker rolls the weapon's damage on their own client; the GM's client checks the dice and totals them. */
async function rollDamageAction(row: AttackRow, ids: { messageId: string; rowId: string }, state: AttackCardState): Promise<boolean> {
  if (row.outcome === null || row.outcome === "miss" || row.damage !== null) return failed("GENESYS.Attack.Warn.CardChanged");
  const attacker = await actorFrom(state.attacker.actorUuid);
  if (!attacker) return failed("GENESYS.Attack.Warn.AttackerMissing", { name: state.attacker.name });
  if (!attacker.isOwner) return failed("GENESYS.Attack.Warn.NotAllowed");
  // The weapon's damage as the card recorded it at the hit.
  const roll = await evaluateDamage(cardDamageRoll(state.weapon.damage, attacker));
  await showCardDice(ids.messageId, roll);
  return requestIntent(CARD_INTENTS.damage, { ...ids, roll: roll.toJSON() });
}

/**
 * §3.2.2 the optional stun check: 2D10 + Forza that must beat the damage before armour, rolled by the target's
 * side; the GM's client adds Forza again, records it on the card and lays a failed target prone (card-intents.ts).
 */
async function stunAction(row: AttackRow, ids: { messageId: string; rowId: string }): Promise<boolean> {
  const difficulty = row.applied?.change.damage?.stunDifficulty;
  if (difficulty === undefined || row.undone || row.stun) return failed("GENESYS.Attack.Warn.CardChanged");
  const target = await targetOf(row);
  if (!target) return false;
  if (!target.isOwner) return failed("GENESYS.Attack.Warn.NotAllowed");
  const bonus = stunBonus(target, difficulty);
  if (!bonus.ok) return failed(bonus.refusal.warning, bonus.refusal.data);
  const roll = await evaluateTwoD10(bonus.bonus);
  await showCardDice(ids.messageId, roll);
  return requestIntent(CARD_INTENTS.stun, { ...ids, roll: roll.toJSON() });
}
