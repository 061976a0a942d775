/**
 * The attack → defence → damage flow (§2.3, §2.4, §3.2): the Attack button of a sheet, and what each button of the
 * attack card does. Every change to the card goes through applyCardEvent (attack-card.ts); a user who may not update
 * the message asks the active GM's client through a v13 query, the same way gm-relay.ts does for damage.
 */
import { defenceSetup, promptAttack, promptDefence, promptStatic, type DefenceAnswer, type DefencePlan } from "../applications/attack-dialog.js";
import { AnimalModel } from "../data/actor/animal.js";
import { SkillModel } from "../data/item/skill.js";
import { GenesysActor, type ApplyDamageOptions } from "../documents/actor.js";
import {
  DODGE_SKILL_SLUG,
  prepareAttack,
  rollAttack,
  rollDamageFor,
  rollTwoD10,
  rollVenomDice,
  specifyAttack,
  type AttackAnswer,
  type AttackRefusal,
  type TargetRef,
} from "../dice/attack-roll.js";
import { RulesError } from "../rules/errors.js";
import { rulesOptions } from "../settings/rules-settings.js";
import {
  ATTACK_CARD_TEMPLATE,
  ATTACK_FLAG,
  NO_VIEWER,
  SYSTEM_SCOPE,
  applyCardEvent,
  attackCardContext,
  eventSide,
  readAttackState,
  withRow,
  type AttackCardState,
  type AttackRow,
  type CardEvent,
  type CardRefusal,
  type CardViewer,
} from "./attack-card.js";

export const CARD_QUERY = "genesys-gdr.attackCard";

export type CardRelayResult = { ok: true } | { ok: false; reason: CardRefusal | "missingMessage" | "forbidden" };

declare global {
  namespace CONFIG {
    interface Queries {
      "genesys-gdr.attackCard": (data: { messageId: string; userId: string; event: CardEvent }) => Promise<CardRelayResult>;
    }
  }
}

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    ChatMessage: { "genesys-gdr": { attack?: AttackCardState } };
  }
}

/** A posted card: as created (ChatMessage.create answers Stored) or as Foundry hands it to hooks. */
export type CardMessage = ChatMessage.Implementation | ChatMessage.Stored;

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

/** The actor behind a uuid, or null when it was deleted or is not one of ours. */
async function actorFrom(uuid: string): Promise<GenesysActor | null> {
  try {
    // Stored uuids are ones Foundry gave us (actor.uuid), so they have the "Actor." or "Scene." shape fromUuid wants.
    const doc: unknown = await foundry.utils.fromUuid(uuid as `Actor.${string}`);
    return doc instanceof GenesysActor ? doc : null;
  } catch {
    return null;
  }
}

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

/** The user's targeted tokens, with their actors and the distance from the attacker's token. */
export function targetedTokens(attacker: GenesysActor): TargetRef[] {
  const source = canvas.ready ? (attacker.getActiveTokens()[0] ?? null) : null;
  return [...game.user.targets].map((token) => {
    const actor: unknown = token.actor;
    return {
      actor: actor instanceof GenesysActor ? actor : null,
      tokenUuid: token.document.uuid,
      name: token.name,
      distance: measure(source, token),
    };
  });
}

export interface AttackOptions {
  /** Targets other than the user's targeted tokens (macros, tests). */
  targets?: TargetRef[];
  /** The dialog's answer given in advance: no dialog opens. */
  answer?: AttackAnswer;
}

function refused(refusal: AttackRefusal): null {
  return warn(refusal.warning, refusal.data);
}

/**
 * §2.3.1 the attack of `actor` with a weapon (an embedded item id) or, for an animal, its natural weapons (null):
 * checks, dialog, attack rolls, one round per roll spent (§2.4.1), and the card posted. Returns the message, or null
 * when nothing happened (a warning says why, or the dialog was closed).
 */
export async function attack(actor: GenesysActor, itemId: string | null, options: AttackOptions = {}): Promise<CardMessage | null> {
  const rules = rulesOptions();
  const planned = prepareAttack(actor, itemId, options.targets ?? targetedTokens(actor), localize);
  if (!planned.ok) return refused(planned.refusal);
  const plan = planned.value;
  const answer = options.answer ?? (await promptAttack(plan, rules));
  if (!answer) return null;
  const spec = specifyAttack(plan, answer, rules, game.user.isGM);
  if (!spec.ok) return refused(spec.refusal);

  const coreMode = game.settings.get("core", "rollMode");
  const blind = answer.blind || coreMode === CONST.DICE_ROLL_MODES.BLIND;
  const state = await rollAttack(plan, spec.value, { ...answer, blind });

  // §2.4.1 one round per attack roll, spent before the card is posted so a failed update posts nothing.
  const item = itemId === null ? undefined : actor.items.get(itemId);
  if (item && spec.value.roundsLeft !== null) await item.update({ system: { rounds: spec.value.roundsLeft } });

  const data: ChatMessage.CreateData = {
    speaker: ChatMessage.getSpeaker({ actor }),
    content: await renderCard(state, NO_VIEWER),
    flags: { [SYSTEM_SCOPE]: { [ATTACK_FLAG]: state } },
  };
  const rollMode = blind ? CONST.DICE_ROLL_MODES.BLIND : (coreMode ?? CONST.DICE_ROLL_MODES.PUBLIC);
  ChatMessage.applyRollMode(data, rollMode);
  return (await ChatMessage.implementation.create(data, { rollMode })) ?? null;
}

// ───────────────────────── the card ─────────────────────────

export function cardState(message: CardMessage): AttackCardState | null {
  return readAttackState(message.getFlag(SYSTEM_SCOPE, ATTACK_FLAG));
}

export async function renderCard(state: AttackCardState, viewer: CardViewer): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, attackCardContext(state, viewer, game.i18n));
}

/** The current user as the card sees them: which of its actors they own. */
export async function currentViewer(state: AttackCardState): Promise<CardViewer> {
  const owned = new Set<string>();
  const uuids = new Set([state.attacker.actorUuid, ...state.order.map((id) => state.rows[id]?.target.actorUuid ?? "")]);
  for (const uuid of uuids) {
    const actor = uuid ? await actorFrom(uuid) : null;
    if (actor?.isOwner) owned.add(uuid);
  }
  return { isGM: game.user.isGM, owns: (uuid) => owned.has(uuid) };
}

/** Applies an event to the message this client may update; the stored content is re-rendered for no one in particular. */
export async function commitCardEvent(message: CardMessage, event: CardEvent): Promise<CardRelayResult> {
  const state = cardState(message);
  if (!state) return { ok: false, reason: "missingMessage" };
  const update = applyCardEvent(state, event, rulesOptions());
  if (!update.ok) return update;
  const next = withRow(state, update.row);
  // Only this row is written: a defence rolled at the same time for another row is not overwritten.
  await message.update({
    flags: { [SYSTEM_SCOPE]: { [ATTACK_FLAG]: { rows: { [update.row.id]: update.row } } } },
    content: await renderCard(next, NO_VIEWER),
  } as ChatMessage.UpdateData); // flags are typed as the whole card state; a partial update of one row is what Foundry merges
  return { ok: true };
}

const REFUSAL_KEYS: Record<Exclude<CardRelayResult, { ok: true }>["reason"], string> = {
  missingRow: "GENESYS.Attack.Warn.CardChanged",
  stale: "GENESYS.Attack.Warn.CardChanged",
  invalid: "GENESYS.Attack.Warn.CardInvalid",
  missingMessage: "GENESYS.Attack.Warn.CardMissing",
  forbidden: "GENESYS.Attack.Warn.NotAllowed",
};

/** Moves the card on: directly when this user may update the message, else through the active GM's client. */
export async function submitCardEvent(message: CardMessage, event: CardEvent): Promise<boolean> {
  let result: CardRelayResult;
  // fvtt-types types game.user structurally, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  if (message.canUserModify(game.user, "update")) result = await commitCardEvent(message, event);
  else {
    const gm = game.users.activeGM;
    if (!gm) {
      warn("GENESYS.Attack.Warn.NoGm");
      return false;
    }
    try {
      result = await gm.query(CARD_QUERY, { messageId: message.id ?? "", userId: game.user.id, event }, { timeout: 10_000 });
    } catch (error) {
      // The GM's client did not answer in time, or has no handler (an older version of the system).
      return failed("GENESYS.Attack.Warn.RelayFailed", { message: error instanceof Error ? error.message : String(error) });
    }
  }
  if (!result.ok) warn(REFUSAL_KEYS[result.reason]);
  return result.ok;
}

/** Runs on the GM's client: checks that the asking user may make this change, then makes it. */
export async function onCardQuery(data: { messageId: string; userId: string; event: CardEvent }): Promise<CardRelayResult> {
  // fvtt-types types get() as always finding the message, but it may have been deleted since the player clicked.
  const message = game.messages.get(data.messageId) as CardMessage | undefined;
  const state = message ? cardState(message) : null;
  if (!message || !state) return { ok: false, reason: "missingMessage" };
  const row = state.rows[data.event.rowId];
  if (!row) return { ok: false, reason: "missingRow" };
  // Likewise a user id sent by another client may name no user.
  const user = game.users.get(data.userId) as User.Stored | undefined;
  if (!user) return { ok: false, reason: "forbidden" };
  if (!user.isGM) {
    if (data.event.type === "static") return { ok: false, reason: "forbidden" };
    const actor = await actorFrom(eventSide(data.event.type) === "target" ? row.target.actorUuid : state.attacker.actorUuid);
    // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
    if (!actor?.testUserPermission(user, "OWNER")) return { ok: false, reason: "forbidden" };
  }
  return commitCardEvent(message, data.event);
}

// ───────────────────────── the buttons ─────────────────────────

export const CARD_ACTIONS = ["defend", "static", "rollDamage", "apply", "undo", "stun"] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

export function isCardAction(value: unknown): value is CardAction {
  return typeof value === "string" && (CARD_ACTIONS as readonly string[]).includes(value);
}

/** Answers given in advance (macros, tests): no dialog opens. */
export interface CardActionOptions {
  defence?: DefenceAnswer;
  staticDifficulty?: number;
}

/** What one click on the card does. Returns whether the card moved on; every failure is a notification. */
export async function onCardAction(message: CardMessage, action: CardAction, rowId: string, options: CardActionOptions = {}): Promise<boolean> {
  const state = cardState(message);
  const row = state?.rows[rowId];
  if (!state || !row) return failed("GENESYS.Attack.Warn.CardMissing");
  switch (action) {
    case "defend":
      return defend(message, row, state, options.defence);
    case "static": {
      if (!game.user.isGM) return failed("GENESYS.Attack.Warn.NotAllowed");
      const difficulty = options.staticDifficulty ?? (await promptStatic(row.target.name));
      if (difficulty === null) return false;
      return submitCardEvent(message, { type: "static", rowId, difficulty });
    }
    case "rollDamage":
      return rollDamageAction(message, row, state);
    case "apply":
      return applyAction(message, row, state);
    case "undo":
      return undoAction(message, row, state);
    case "stun":
      return stunAction(row);
  }
}

async function targetOf(row: AttackRow): Promise<GenesysActor | null> {
  const actor = await actorFrom(row.target.actorUuid);
  if (!actor) return warn("GENESYS.Attack.Warn.TargetMissing", { name: row.target.name });
  if (!actor.genesys) return warn("GENESYS.Attack.Warn.TargetNotGenesys", { name: row.target.name });
  return actor;
}

async function attackerOf(state: AttackCardState): Promise<GenesysActor | null> {
  const actor = await actorFrom(state.attacker.actorUuid);
  return actor ?? warn("GENESYS.Attack.Warn.AttackerMissing", { name: state.attacker.name });
}

/** §2.3.3 what the target may defend with: its skills (dodge first) and Destrezza; an animal's printed grade. */
export function defencePlan(target: GenesysActor, row: AttackRow, hidden: boolean): DefencePlan | null {
  const sys = target.genesys;
  if (!sys || sys.condition.penalty === null || !sys.condition.canDefend) return null;
  const common = { targetName: row.target.name, attackTotal: hidden ? null : row.attack.total, conditionPenalty: sys.condition.penalty, surprised: target.statuses.has("surprised") };
  if (sys instanceof AnimalModel) {
    return { ...common, dexterity: sys.characteristics.dexterity, choices: [{ value: "animal", label: localize("GENESYS.Attack.AnimalDefence"), grade: sys.gradesIn(null).defence }] };
  }
  const skills = target.items.contents
    .flatMap((item) => (item.system instanceof SkillModel && item.system.grade !== null ? [{ value: item.system.slug, label: item.name, grade: item.system.grade }] : []))
    .sort((a, b) => Number(b.value === DODGE_SKILL_SLUG) - Number(a.value === DODGE_SKILL_SLUG) || a.label.localeCompare(b.label));
  const dexterity = { value: "dexterity", label: localize("GENESYS.Characteristic.dexterity"), grade: sys.effective.dexterity };
  const choices = skills.some((s) => s.value === DODGE_SKILL_SLUG) ? [...skills, dexterity] : [dexterity, ...skills];
  return { ...common, dexterity: sys.effective.dexterity, choices };
}

async function defend(message: CardMessage, row: AttackRow, state: AttackCardState, given: DefenceAnswer | undefined): Promise<boolean> {
  const target = await targetOf(row);
  if (!target) return false;
  if (!target.isOwner) return failed("GENESYS.Attack.Warn.NotAllowed");
  const plan = defencePlan(target, row, state.blind && !game.user.isGM);
  if (!plan) return failed("GENESYS.Attack.Warn.CannotDefend", { name: row.target.name });
  const answer = given ?? (await promptDefence(plan));
  if (!answer) return false;
  const setup = defenceSetup(plan, answer);
  if (!setup) return failed("GENESYS.Attack.Warn.BadDefence", { name: row.target.name });
  let roll;
  try {
    roll = await rollTwoD10(setup.grade + setup.parts.reduce((s, p) => s + p.value, 0));
  } catch (error) {
    if (error instanceof RulesError) return failed("GENESYS.Attack.Warn.Rules", { message: error.message });
    throw error;
  }
  return submitCardEvent(message, { type: "defend", rowId: row.id, defence: { kind: "roll", ...setup, roll } });
}

async function rollDamageAction(message: CardMessage, row: AttackRow, state: AttackCardState): Promise<boolean> {
  if (row.outcome === null || row.outcome === "miss" || row.damage !== null) return failed("GENESYS.Attack.Warn.CardChanged");
  const attacker = await attackerOf(state);
  if (!attacker) return false;
  if (!attacker.isOwner) return failed("GENESYS.Attack.Warn.NotAllowed");
  let damage;
  try {
    damage = await rollDamageFor(attacker, state.weapon.itemId);
  } catch (error) {
    if (error instanceof RulesError) return failed("GENESYS.Attack.Warn.Rules", { message: error.message });
    throw error;
  }
  if (!damage) return failed("GENESYS.Attack.Warn.WeaponMissing", { weapon: state.weapon.name });
  return submitCardEvent(message, { type: "damage", rowId: row.id, damage });
}

/** What applyDamage needs for this row: the hit as the card recorded it (§3.2.x pipeline inputs). */
export function damageOptions(state: AttackCardState, row: AttackRow): ApplyDamageOptions | null {
  if (!row.damage) return null;
  return {
    amount: row.damage.total,
    type: state.weapon.damage.type,
    grazing: row.outcome === "grazing",
    aimedArea: state.aimedArea,
    armourPiercing: state.bypassArmour,
    rangedBeyondHalf: row.beyondHalf,
    explosive: state.weapon.explosive,
  };
}

async function applyAction(message: CardMessage, row: AttackRow, state: AttackCardState): Promise<boolean> {
  const options = damageOptions(state, row);
  if (!options || (row.applied !== null && !row.undone)) return failed("GENESYS.Attack.Warn.CardChanged");
  const target = await targetOf(row);
  if (!target) return false;
  // Venom rides on the hit: the target's actor injects the doses only if the damage gets past armour.
  const attacker = state.weapon.venom ? await actorFrom(state.attacker.actorUuid) : null;
  const biter = attacker?.genesys;
  const today = biter instanceof AnimalModel ? biter.venom.injectedToday : 0;
  const venomRoll = state.weapon.venom ? await rollVenomDice(state.weapon.venom.dice) : null;
  // applyDamage runs the rules' pipeline, and asks the GM's client when this user does not own the target.
  const change = await target.applyDamage({
    ...options,
    ...(state.weapon.venom && venomRoll !== null ? { venom: { roll: venomRoll, dice: state.weapon.venom.dice, maxPerDay: state.weapon.venom.maxPerDay, injectedToday: today } } : {}),
  });
  if (!change) return false;
  const venom = change.venom && venomRoll !== null ? { roll: venomRoll, doses: change.venom.doses, limited: change.venom.limited } : null;
  if (venom && venom.doses > 0 && attacker?.isOwner && biter instanceof AnimalModel) {
    await attacker.update({ system: { venom: { injectedToday: today + venom.doses } } });
  }
  const ok = await submitCardEvent(message, { type: "applied", rowId: row.id, applied: { change, venom } });
  // Someone else applied this hit first: take ours back so the target is not damaged twice.
  if (!ok) await target.revertChange(change);
  return ok;
}

async function undoAction(message: CardMessage, row: AttackRow, state: AttackCardState): Promise<boolean> {
  if (!row.applied || row.undone) return failed("GENESYS.Attack.Warn.CardChanged");
  const target = await targetOf(row);
  if (!target) return false;
  const reverted = await target.revertChange(row.applied.change);
  if (!reverted) return false;
  const doses = row.applied.venom?.doses ?? 0;
  if (doses > 0) {
    const attacker = await actorFrom(state.attacker.actorUuid);
    const sys = attacker?.genesys;
    if (attacker?.isOwner && sys instanceof AnimalModel) {
      await attacker.update({ system: { venom: { injectedToday: Math.max(0, sys.venom.injectedToday - doses) } } });
    }
  }
  return submitCardEvent(message, { type: "undone", rowId: row.id });
}

/** §3.2.2 the optional stun check: a Forza check that must beat the damage before armour. */
async function stunAction(row: AttackRow): Promise<boolean> {
  const difficulty = row.applied?.change.damage?.stunDifficulty;
  if (difficulty === undefined || row.undone) return failed("GENESYS.Attack.Warn.CardChanged");
  const target = await targetOf(row);
  if (!target) return false;
  const message = await target.rollCheck({ characteristic: "strength", difficulty, prompt: false });
  return message !== null;
}

