/**
 * The attack card on the active GM's client: every change to a card, and every change a card makes to an actor, is
 * decided here from an intent (authority/intent-channel.ts). The requester sends only what they chose and the dice they
 * rolled; this client re-reads the card, the actors and the items, recomputes every number through src/rules, checks
 * the requester's ownership with the server's own permission test, and refuses what does not fit. Cards are authored
 * by this client, so no player can edit their flags; one not authored by a GM is never acted on.
 */
import { defenceAdvantages, defenceSetup, readDefenceAnswer, type DefenceAnswer, type DefencePlan } from "./defence-answer.js";
import type { IntentOutcome, IntentResult, Requester } from "../authority/intent-channel.js";
import { answerWhile, registerIntent } from "../authority/intent-channel.js";
import { measuredBearing, measuredDistance, tokenDocumentFrom } from "../canvas/token-distance.js";
import { sceneViewableBy } from "../canvas/scene-view.js";
import { AnimalModel } from "../data/actor/animal.js";
import { SkillModel } from "../data/item/skill.js";
import {
  attackState,
  cardDamageRoll,
  damageRecord,
  focusFromTracker,
  isChosen,
  plannedArc,
  prepareAttack,
  readAttackAnswer,
  rollTwoD10,
  rollVenomDice,
  specifyAttack,
  twoD10Record,
  type AttackAnswer,
  type AttackPlan,
  type TargetRef,
} from "./attack-roll.js";
import { LOCAL_ONLY, messageAudience } from "../dice/dice-so-nice.js";
import { expectedDice, sentDice, sentTwoD10 } from "../dice/sent-dice.js";
import { knownRoll } from "../documents/known-roll.js";
import { GenesysActor } from "../documents/actor.js";
import { liftDive, proneAfterDive } from "../documents/dive-prone.js";
import { liftProne, startLayProne } from "../documents/stun-prone.js";
import { playerAdvantageRefusal, type AdvantageKey } from "../rules/attack.js";
import { RulesError } from "../rules/errors.js";
import { ATTACK_SIDES } from "../rules/increment.js";
import { rulesOptions } from "../settings/rules-settings.js";
import { ATTACK_FLAG, NO_VIEWER, SYSTEM_SCOPE, applyCardEvent, damageOptions, hitStands, readAttackState, withRow, type AppliedRecord, type AttackCardState, type AttackRow, type CardEvent } from "./attack-card.js";
import { liveHit, type TokenHit } from "./token-hits.js";
import { CLAIM_KEYS, CLAIM_ROLLS, rollClaims, type ClaimKey } from "./card-claims.js";
import { authoredByGm, cardState, renderCard, type CardMessage } from "./card-render.js";
import { assertCreated } from "../chat/authored.js";
import { openSealed, playerChosenNames, sealedCardOf, startPostSealed, startReseal } from "../chat/sealed-card.js";
import { cardMode, cardRecipients } from "./card-visibility.js";
import { defencePlan } from "./defence-plan.js";
import { CARD_INTENTS } from "./card-intent-kinds.js";
import { actorFrom, isActorUuid as isUuid } from "../documents/actor-from.js";
import { stunBonus } from "./stun-bonus.js";
import { settlePoints } from "./attack-points.js";


const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });
const INVALID = no("GENESYS.Authority.Invalid");
const localize = (key: string): string => game.i18n.localize(key);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);

/** Whether the server's permission test lets this requester act for the actor. */
function mayAct(requester: Requester, actor: GenesysActor): boolean {
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return requester.isGM || actor.testUserPermission(requester.user, "OWNER");
}

interface LoadedRow {
  message: CardMessage;
  state: AttackCardState;
  row: AttackRow;
}

/** The card and row an intent names, read afresh (a blind card opened with the Narrators' key). */
async function loadRow(payload: Record<string, unknown>): Promise<LoadedRow | IntentResult> {
  const { messageId, rowId } = payload;
  if (!isId(messageId) || !isId(rowId)) return INVALID;
  // fvtt-types types get() as always finding the message, but it may have been deleted since the player clicked.
  const message = game.messages.get(messageId) as CardMessage | undefined;
  if (!message) return no("GENESYS.Attack.Warn.CardMissing");
  if (!authoredByGm(message)) return no("GENESYS.Attack.Warn.NotNarratorCard");
  const sealed = sealedCardOf(message);
  let state = cardState(message);
  if (!state && sealed?.kind === "attack") {
    const opened = await openSealed(message, sealed);
    state = opened.ok ? readAttackState(opened.value) : null;
  }
  if (!state) return no("GENESYS.Attack.Warn.CardMissing");
  const row = Object.hasOwn(state.rows, rowId) ? state.rows[rowId] : undefined;
  if (!row) return no("GENESYS.Attack.Warn.CardChanged");
  return { message, state, row };
}

const isLoaded = (v: LoadedRow | IntentResult): v is LoadedRow => "row" in v;

/** What a card's write goes out with: writes already under way, writes to start once the card's event holds, the answer. */
interface Alongside {
  started?: Promise<unknown>[];
  then?: () => Promise<unknown>;
  result?: IntentResult;
}

/** The events after which a row's outcome is known anew. */
const SETTLING: ReadonlySet<CardEvent["type"]> = new Set<CardEvent["type"]>(["defend", "static", "strike", "advantage"]);

/**
 * Writes one row of a card this client authored; the stored content is re-rendered for no one in particular. A blind
 * card is sealed again whole, its placeholder left as it is. `roll`, the Roll of the dice this event records, joins the
 * message's rolls (an open card's only: a sealed message carries none), where Foundry keeps it across reloads. The
 * answer goes out beside the card's write and `with`'s (answerWhile): one round of the Narrator's writes, not several.
 */
async function commit(message: CardMessage, state: AttackCardState, event: CardEvent, roll: Pick<Roll, "toJSON"> | null = null, along: Alongside = {}): Promise<IntentOutcome> {
  const started = along.started ?? [];
  const refuse = (warning: string): IntentOutcome => (started.length > 0 ? answerWhile(Promise.all(started), no(warning)) : no(warning));
  const update = applyCardEvent(state, event, rulesOptions());
  if (!update.ok) return refuse(update.reason === "invalid" ? "GENESYS.Attack.Warn.CardInvalid" : "GENESYS.Attack.Warn.CardChanged");
  // §1.8.2 an outcome decided, or decided again: the points follow it, their skill writes beside the card's.
  const before = state.rows[update.row.id];
  const points = before && SETTLING.has(event.type) ? await settlePoints(state, before, update.row) : null;
  if (points) update.row = points.row;
  const next = withRow(state, update.row);
  const sealed = sealedCardOf(message);
  let written: Promise<unknown>;
  if (sealed) {
    const resealed = await startReseal(message, sealed, next);
    if ("warning" in resealed) return refuse(resealed.warning);
    written = resealed.written;
  } else {
    written = message.update({
      flags: { [SYSTEM_SCOPE]: { [ATTACK_FLAG]: { rows: { [update.row.id]: update.row } } } },
      content: await renderCard(next, NO_VIEWER),
      // The roller already threw these dice (attack-flow.ts); Dice So Nice's update hook stands aside for cards (chat-hooks.ts).
      ...(roll ? { rolls: [...message.rolls.map((r) => r.toJSON()), roll.toJSON()] } : {}),
    } as ChatMessage.UpdateData); // flags are typed as the whole card state; a partial update of one row is what Foundry merges
  }
  const pointWrites = (points?.writes ?? []).map((write) => write());
  return answerWhile(Promise.all([written, ...started, ...pointWrites, ...(along.then ? [along.then()] : [])]), along.result ?? { ok: true });
}

function rulesRefusal(error: unknown): IntentResult {
  if (error instanceof RulesError) return no("GENESYS.Attack.Warn.Rules", { message: error.message });
  throw error;
}

// ───────────────────────── attack ─────────────────────────

interface AttackPayload {
  actorUuid: string;
  /** The attacker's token, to measure from; null (or absent, from an older client) when there is none. */
  tokenUuid: string | null;
  itemId: string | null;
  /** A target's actor, or none for an object (§2.3.5), which is attacked alone. */
  targets: { actorUuid: string | null; tokenUuid: string | null; distance: number | null }[];
  answer: unknown;
  rollMode: unknown;
  rolls: unknown[] | null;
}

function readAttackPayload(raw: unknown): AttackPayload | null {
  if (!isObject(raw)) return null;
  const { actorUuid, itemId, targets, answer, rollMode, rolls } = raw;
  const tokenUuid = raw["tokenUuid"] ?? null;
  if (!(tokenUuid === null || (isString(tokenUuid) && tokenUuid.length <= 200))) return null;
  if (!isUuid(actorUuid) || !(itemId === null || isId(itemId)) || !Array.isArray(targets) || targets.length === 0 || targets.length > 50) return null;
  if (!(rolls === null || Array.isArray(rolls))) return null;
  const read: AttackPayload["targets"] = [];
  for (const t of targets as unknown[]) {
    if (!isObject(t)) return null;
    const tokenUuid = t["tokenUuid"];
    const distance = t["distance"];
    if (!(distance === null || (typeof distance === "number" && Number.isFinite(distance) && distance >= 0))) return null;
    // §2.3.5 an object: no actor, no token, and nothing else attacked with it.
    if (t["object"] === true) {
      if (targets.length !== 1 || t["actorUuid"] !== null || tokenUuid !== null) return null;
      read.push({ actorUuid: null, tokenUuid: null, distance });
      continue;
    }
    if (!isUuid(t["actorUuid"]) || !(tokenUuid === null || (isString(tokenUuid) && tokenUuid.length <= 200))) return null;
    read.push({ actorUuid: t["actorUuid"], tokenUuid, distance });
  }
  return { actorUuid, tokenUuid, itemId, targets: read, answer, rollMode, rolls };
}

/**
 * §2.3.1 an attack: the plan, the modifiers and the odds are recomputed from the actors; the attack dice are the
 * attacker's (checked: two d10 per row) except on a blind card, whose dice this client rolls so that the player never
 * sees them. Rounds are spent and the card is created here, whispered as the roll mode says (card-visibility.ts).
 */
async function onAttack(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  const p = readAttackPayload(raw);
  if (!p) return INVALID;
  const actor = await actorFrom(p.actorUuid);
  if (!actor) return no("GENESYS.Attack.Warn.AttackerMissing", { name: "?" });
  if (!mayAct(requester, actor)) return no("GENESYS.Attack.Warn.NotAllowed");
  const places = await measuredPlaces(actor, p);
  const measured = places.map((m) => m.distance);
  const targets: TargetRef[] = [];
  for (const [i, t] of p.targets.entries()) {
    // §2.3.5 an object stands on no scene: its distance is the attacker's word, shown on the card beside the Narrator's difficulty.
    if (t.actorUuid === null) {
      targets.push({ actor: null, object: true, tokenUuid: null, name: localize("GENESYS.Attack.Object.Name"), distance: t.distance });
      continue;
    }
    const target = await actorFrom(t.actorUuid);
    // A player's claimed distance stands only where nothing can be measured (the theatre of the mind): tokens placed
    // on two scenes (a token named elsewhere to shorten the range) are refused.
    if (!requester.isGM && measured[i] === null && target && isPlaced(actor) && isPlaced(target)) return no("GENESYS.Attack.Warn.OtherScene", { name: target.name });
    // Nor may they aim at what stands only on scenes they cannot view (another table's fight, the Narrator's preparation);
    // where the tokens were measured, that scene is the one they must view (a linked target may stand on several).
    const scene = places[i]?.scene ?? null;
    if (!requester.isGM && target && !(scene ? sceneViewableBy(scene, requester.user) : seenBy(target, requester.user))) return no("GENESYS.Attack.Warn.UnseenTarget", { name: target.name });
    targets.push({ actor: target, tokenUuid: t.tokenUuid, name: target?.name ?? "?", distance: measured[i] ?? t.distance, bearing: places[i]?.bearing ?? null });
  }
  const planned = prepareAttack(actor, p.itemId, targets, localize);
  if (!planned.ok) return no(planned.refusal.warning, planned.refusal.data);
  const plan = planned.value;
  const read = readAttackAnswer(p.answer, plan);
  if (!read) return INVALID;
  // A bonus is the Narrator's to grant, and whether a target lies prone is what its token shows, not the attacker's word.
  if (!requester.isGM && read.modifier > 0) return no("GENESYS.Attack.Warn.BonusGmOnly");
  const claimed = requester.isGM ? null : playerAdvantageRefusal(read.advantages);
  if (claimed) return no(`GENESYS.Attack.Warn.Advantage.${claimed}`);
  // Nor is the distance, where the tokens show it: range and half damage follow the scene, not the dialog.
  // §2.2.4 and, in a started combat, whom the attacker focused on last round is the tracker's to say (focusFromTracker).
  // §3.2.3 so is the arc the rolls sweep, where every target attacked stands on the scene (sceneArc).
  const answer = requester.isGM
    ? read
    : focusFromTracker(plan, { ...read, arcDegrees: sceneArc(plan, read), targets: read.targets.map((t, i) => ({ ...t, prone: plan.targets[i]?.prone === true, distance: measured[i] ?? t.distance })) });
  const rules = rulesOptions();
  const spec = specifyAttack(plan, answer, rules, requester.isGM);
  if (!spec.ok) return no(spec.refusal.warning, spec.refusal.data);
  const mode = cardMode(p.rollMode, answer.blind);
  const blind = mode === "blind";

  const dice: [number, number][] = [];
  for (const [i, row] of spec.value.rows.entries()) {
    const sent = blind ? null : p.rolls?.[i];
    if (sent === undefined || (sent === null && !blind)) return no("GENESYS.Attack.Warn.BadDice");
    const pair = sent === null ? await rollHere(row.bonus) : sentTwoD10(sent);
    if (!pair) return no("GENESYS.Attack.Warn.BadDice");
    dice.push(pair);
  }
  if (!blind && p.rolls?.length !== spec.value.rows.length) return no("GENESYS.Attack.Warn.BadDice");
  // What stood on the player's word stays on the card as a claim the Narrator may strike (card-claims.ts).
  const rolled = attackState(plan, spec.value, { ...answer, blind }, dice);
  const state = requester.isGM ? rolled : withClaims(rolled, read.advantages, plan.tracker === null ? ["focus"] : []);
  // The message's Rolls are made here from the checked dice and the rules' formula: nothing else of the sent JSON.
  const rolls = state.order.flatMap((id) => {
    const record = state.rows[id]?.attack;
    const roll = record ? knownRoll(record.formula, record.dice) : null;
    return roll ? [roll] : [];
  });

  // §2.4.1 one round per attack roll, spent in the same round of writes as the card.
  const item = p.itemId === null ? undefined : actor.items.get(p.itemId);
  const spent = item && spec.value.roundsLeft !== null ? item.update({ system: { rounds: spec.value.roundsLeft } }) : null;
  // Awaited below with the card; marked handled here, so that a throw before then leaves no unhandled rejection.
  spent?.catch(() => undefined);

  const speaker = ChatMessage.getSpeaker({ actor });
  // §1.7.3 a blind card goes out sealed: the placeholder says who attacked whom, the numbers stay with the Narrators.
  if (blind) {
    const label = game.i18n.format("GENESYS.Seal.AttackLabel", {
      attacker: state.attacker.name,
      targets: state.order.map((id) => state.rows[id]?.target.name ?? "?").join(", "),
      weapon: state.weapon.name,
    });
    const names = playerChosenNames([actor, ...targets.map((t) => t.actor)]);
    const posted = await startPostSealed({ kind: "attack", value: state, names, label, requesterId: requester.id, speaker });
    if ("warning" in posted) return spent ? answerWhile(spent, no(posted.warning)) : no(posted.warning);
    return answerWhile(Promise.all([spent, posted.created.then(assertCreated)]), requester.isGM ? { ok: true } : { ok: true, info: "GENESYS.Attack.BlindMade" });
  }
  const gmIds = game.users.contents.filter((u) => u.isGM).map((u) => u.id);
  const data: ChatMessage.CreateData = {
    speaker,
    content: await renderCard(state, NO_VIEWER),
    flags: { [SYSTEM_SCOPE]: { [ATTACK_FLAG]: state } },
    ...cardRecipients(mode, requester.id, gmIds),
    // The attack dice as Rolls, which the attacker's client already threw (with their sound, without Dice So Nice).
    rolls,
  };
  return answerWhile(Promise.all([spent, ChatMessage.implementation.create(data).then(assertCreated)]));
}

/** Every row of a player's attack with the claims its parts owe to their word: the rows they named, and `unchecked`. */
function withClaims(state: AttackCardState, advantages: readonly AdvantageKey[], unchecked: readonly ClaimKey[]): AttackCardState {
  const rows = Object.fromEntries(Object.entries(state.rows).map(([id, row]) => {
    const claims = rollClaims("attack", row.parts, advantages, unchecked);
    return [id, claims.length > 0 ? { ...row, claims } : row];
  }));
  return { ...state, rows };
}

/**
 * §3.2.3 the arc of a player's rolls as the tokens show it, where every target attacked stands on the attacker's scene:
 * the directions from the attacker's token give it (coveringArc), and a smaller claim does not stand. With two weapons
 * (§3.2.4) the arc also spans the other weapon's targets, which this card cannot see, and some targets may not be on
 * the scene: then the larger of the claim and the tokens' arc counts. With fewer than two targets on the scene (the
 * theatre of the mind) the attacker's word stands, as the card shows it.
 */
function sceneArc(plan: AttackPlan, answer: AttackAnswer): number {
  const chosen = plan.targets.map((_, i) => isChosen(answer, i));
  if (chosen.filter(Boolean).length < 2) return answer.arcDegrees;
  // The targets the scene shows; one it does not (off the scene, on the attacker's very spot) cannot narrow the arc.
  const placed = chosen.map((c, i) => c && plan.targets[i]?.bearing !== null);
  const measured = placed.filter(Boolean).length >= 2 ? plannedArc(plan, placed) : null;
  if (measured === null) return answer.arcDegrees;
  const whole = placed.filter(Boolean).length === chosen.filter(Boolean).length && !answer.twoWeapons;
  return whole ? measured : Math.max(measured, answer.arcDegrees);
}

/**
 * §2.4.1 each target's distance as the scene shows it, from the attacker's token to the target's, measured on this
 * client from the documents (canvas/token-distance.ts). The tokens are the actors' own, found here: an unlinked actor's
 * is its token, a linked actor's one of its tokens on that scene (the one the attacker's client named if it is among
 * them), so naming another token, or none, changes nothing. Null where there is nothing to measure (no token on a
 * shared scene: theatre of the mind), and the attacker's stated distance stands there.
 */
async function measuredPlaces(attacker: GenesysActor, p: AttackPayload): Promise<Measured[]> {
  const named = await tokenDocumentFrom(p.tokenUuid);
  const out: Measured[] = [];
  for (const t of p.targets) {
    const target = await actorFrom(t.actorUuid);
    const pair = target ? tokensBetween(attacker, named, target, await tokenDocumentFrom(t.tokenUuid)) : null;
    out.push(pair ? { distance: measuredDistance(...pair), bearing: measuredBearing(...pair), scene: pair[0].parent } : { distance: null, bearing: null, scene: null });
  }
  return out;
}

/** Whether an actor stands on any scene: a token actor on its own, a linked one through any of its tokens. */
function isPlaced(actor: GenesysActor): boolean {
  if (actor.isToken) return actor.token?.parent != null;
  return game.scenes.contents.some((scene) => scene.tokens.find((d) => d.actor?.uuid === actor.uuid) !== undefined);
}

/** Whether a user can see an actor where it stands: unplaced (the theatre of the mind), or on a scene they can view. */
function seenBy(actor: GenesysActor, user: User.Stored): boolean {
  if (actor.isToken) {
    const scene = actor.token?.parent;
    return !scene || sceneViewableBy(scene, user);
  }
  const scenes = game.scenes.contents.filter((scene) => scene.tokens.find((d) => d.actor?.uuid === actor.uuid) !== undefined);
  // fvtt-types types collection members as Scene.Stored, which the lint rule cannot match to the Scene class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return scenes.length === 0 || scenes.some((scene) => sceneViewableBy(scene, user));
}

/** An actor's token on a scene: a token actor's own, else one of the linked actor's there, the named one first. */
function tokenOn(actor: GenesysActor, scene: Scene.Implementation, named: TokenDocument | null): TokenDocument | null {
  if (actor.isToken) return actor.token?.parent === scene ? actor.token : null;
  const mine = scene.tokens.filter((d) => d.actor?.uuid === actor.uuid);
  return mine.find((d) => d === named) ?? mine[0] ?? null;
}

/** What the scene shows of one target: how far, and in which direction from the attacker (null off a shared scene). */
interface Measured {
  distance: number | null;
  bearing: number | null;
  /** The scene both tokens stand on, where they were measured. */
  scene: Scene.Implementation | null;
}

/** The attacker's token and the target's, on the scene where the fight is; null when they do not share one. */
function tokensBetween(attacker: GenesysActor, namedFrom: TokenDocument | null, target: GenesysActor, namedTo: TokenDocument | null): [TokenDocument, TokenDocument] | null {
  // Where the fight is: a token actor's own scene first, then the scene of the attacker's named token, then the active one.
  const named = namedFrom?.actor?.uuid === attacker.uuid ? namedFrom.parent : null;
  // fvtt-types types collection members as Scene.Stored, which the lint rule cannot match to the Scene class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  const scene = (attacker.isToken ? attacker.token?.parent : null) ?? (target.isToken ? target.token?.parent : null) ?? named ?? game.scenes.active ?? null;
  if (!scene) return null;
  const from = tokenOn(attacker, scene, namedFrom);
  const to = tokenOn(target, scene, namedTo);
  return from && to ? [from, to] : null;
}

/**
 * Two d10 rolled on this (the GM's) client for a blind card, with no manual entry prompt, thrown here only: the
 * module's socket would hand them to every client. Not awaited, so the intent queue does not wait on an animation.
 */
async function rollHere(bonus: number): Promise<[number, number]> {
  const roll = await rollTwoD10(bonus, true, LOCAL_ONLY);
  return [roll.dice[0] ?? 1, roll.dice[1] ?? 1];
}

// ───────────────────────── defence ─────────────────────────

/**
 * §2.3.3 a defence: the target's owner chooses how to defend and rolls; the grade, the modifiers (the condition
 * penalty, what the tracker and the tokens say: trackedDefence) and the total come from the target's actor. A player
 * may not type a grade the book leaves unknown, nor give themselves a bonus: those are the Narrator's.
 */
async function onDefend(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!isObject(raw)) return INVALID;
  const loaded = await loadRow(raw);
  if (!isLoaded(loaded)) return loaded;
  const { message, state, row } = loaded;
  // Who may act first, so that a refusal never tells an outsider whether a (blind) row has been defended.
  if (state.blind && !requester.isGM) return no("GENESYS.Attack.Warn.NotAllowed");
  if (row.defence !== null) return no("GENESYS.Attack.Warn.CardChanged");
  const target = await actorFrom(row.target.actorUuid);
  if (!target) return no("GENESYS.Attack.Warn.TargetMissing", { name: row.target.name });
  if (!mayAct(requester, target)) return no("GENESYS.Attack.Warn.NotAllowed");
  const attacker = await actorFrom(state.attacker.actorUuid);
  const plan = defencePlan(target, row, false, localize, { attacker, kind: state.weapon.kind });
  if (!plan) return no("GENESYS.Attack.Warn.CannotDefend", { name: row.target.name });
  const answer = readDefenceAnswer(raw["answer"]);
  if (!answer) return INVALID;
  const chosen = plan.choices.find((c) => c.value === answer.choice);
  if (!requester.isGM) {
    if (answer.modifier > 0) return no("GENESYS.Attack.Warn.BonusGmOnly");
    if (chosen?.grade === null) return no("GENESYS.Attack.Warn.GradeGmOnly");
    // Cover is a row of the same table: with another row it is a sum, the Narrator's.
    const claimed = playerAdvantageRefusal(defenceAdvantages(answer));
    if (claimed) return no(`GENESYS.Attack.Warn.Advantage.${claimed}`);
  }
  // The Narrator may set any of these by hand; a player's word counts only where neither the tracker nor a token speaks.
  const checked = requester.isGM ? answer : trackedDefence(plan, answer);
  const setup = defenceSetup(plan, checked);
  if (!setup) return no("GENESYS.Attack.Warn.BadDefence", { name: row.target.name });
  const dice = sentTwoD10(raw["roll"]);
  if (!dice) return no("GENESYS.Attack.Warn.BadDice");
  const bonus = setup.grade + setup.parts.reduce((s, p) => s + p.value, 0);
  try {
    // §2.2.1 a dive ends prone: the token shows it once the defence is recorded (documents/dive-prone.ts).
    const record = twoD10Record(dice, bonus);
    // Outside a started combat Difesa and the dive stand on the player's word: claims, as their advantage row is.
    const claims = requester.isGM ? [] : rollClaims("defence", setup.parts, defenceAdvantages(checked), plan.tracker ? [] : ["defenceManeuver", "dive"]);
    // §1.8.2 the skill defended with earns its point (attack-points.ts); Destrezza and an animal's grade have none.
    const skill = target.items.find((i) => i.system instanceof SkillModel && i.system.slug === answer.choice) ? { skill: answer.choice } : {};
    const event: CardEvent = { type: "defend", rowId: row.id, defence: { kind: "roll", ...setup, roll: record, ...skill }, ...(claims.length > 0 ? { claims } : {}) };
    return await commit(message, state, event, knownRoll(record.formula, record.dice), { then: () => proneAfterDive(target, setup.parts, { ok: true }) });
  } catch (error) {
    return rulesRefusal(error);
  }
}

/**
 * A player's defence with their claims replaced by what the Combat (which only a Narrator writes) and the tokens say:
 * in a started combat, Difesa counts exactly when the tracker shows it executed this round (§2.2.1, A-29), ticked or
 * not, and a dive only with it; surprise marked on the Combat or on the token counts whatever the box says (§3.2.1);
 * the +1 against a prone opponent needs the attacker's token to lie prone (§3.2.2). Outside a combat (theatre of the
 * mind) Difesa and the dive stand on the player's word, as the Narrator can see on the card.
 */
function trackedDefence(plan: DefencePlan, answer: DefenceAnswer): DefenceAnswer {
  const tracker = plan.tracker ?? null;
  return {
    ...answer,
    maneuver: tracker ? tracker.defenceManeuver : answer.maneuver,
    dive: answer.dive && (tracker === null || tracker.dive),
    surprised: answer.surprised || plan.surprised,
    opponentProne: answer.opponentProne && plan.attackerProne === true,
  };
}

/** §2.3.5 a static or unaware target: the Narrator's difficulty. */
async function onStatic(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Attack.Warn.NotAllowed");
  if (!isObject(raw)) return INVALID;
  const loaded = await loadRow(raw);
  if (!isLoaded(loaded)) return loaded;
  const difficulty = raw["difficulty"];
  if (typeof difficulty !== "number" || !Number.isInteger(difficulty) || difficulty < 0 || difficulty > 100) return INVALID;
  try {
    return await commit(loaded.message, loaded.state, { type: "static", rowId: loaded.row.id, difficulty });
  } catch (error) {
    return rulesRefusal(error);
  }
}

/**
 * A Narrator strikes a player's claim from a row, or restores it: the roll counts without it (or with it again) and the
 * outcome is worked out anew (attack-card.ts). A hit already on someone's counters is undone first, so that no damage
 * stands that the new outcome would deny.
 */
async function onStrike(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Attack.Warn.NotAllowed");
  if (!isObject(raw)) return INVALID;
  const { roll, key, struck } = raw;
  const rollKind = CLAIM_ROLLS.find((r) => r === roll);
  const claimKey = CLAIM_KEYS.find((k) => k === key);
  if (!rollKind || !claimKey || typeof struck !== "boolean") return INVALID;
  const loaded = await loadRow(raw);
  if (!isLoaded(loaded)) return loaded;
  const { message, state, row } = loaded;
  const claim = (row.claims ?? []).find((c) => c.roll === rollKind && c.key === claimKey);
  if (!claim) return no("GENESYS.Attack.Warn.NoClaim");
  if (hitStands(row)) return no("GENESYS.Attack.Warn.StrikeUndoFirst");
  // §2.2.1 a struck dive takes its fall with it; restored, the defender lies down again.
  const target = claimKey === "dive" ? await actorFrom(row.target.actorUuid) : null;
  const dive = [{ key: "dive", value: claim.value }];
  const then = target ? () => (struck ? liftDive(target) : proneAfterDive(target, dive, { ok: true })) : undefined;
  return commit(message, state, { type: "strike", rowId: row.id, roll: rollKind, key: claimKey, struck }, null, then ? { then } : {});
}

/**
 * §1.8.2 the Narrator says which roll of the exchange stood in the advantageous position (a side, or null for
 * neither): the row's points are worked out again, a point no longer earned taken back from its skill.
 */
async function onAdvantage(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Attack.Warn.NotAllowed");
  if (!isObject(raw)) return INVALID;
  const advantaged = raw["advantaged"];
  const side = ATTACK_SIDES.find((s) => s === advantaged);
  if (advantaged !== null && !side) return INVALID;
  const loaded = await loadRow(raw);
  if (!isLoaded(loaded)) return loaded;
  return commit(loaded.message, loaded.state, { type: "advantage", rowId: loaded.row.id, advantaged: side ?? null });
}

// ───────────────────────── damage, apply, undo ─────────────────────────

/**
 * The attacker's side of a row: its actor, which the requester must control. A sealed card's damage waits for the
 * Reveal (sealed-card.ts): rolled while sealed, its very existence would say the attack hit, and applied, the target's
 * counters would show it to everyone.
 */
async function attackerFor(requester: Requester, state: AttackCardState, message: CardMessage): Promise<GenesysActor | IntentResult> {
  if (state.blind && !requester.isGM) return no("GENESYS.Attack.Warn.NotAllowed");
  if (sealedCardOf(message)) return no("GENESYS.Seal.Warn.RevealFirst");
  const attacker = await actorFrom(state.attacker.actorUuid);
  if (!attacker) return no("GENESYS.Attack.Warn.AttackerMissing", { name: state.attacker.name });
  return mayAct(requester, attacker) ? attacker : no("GENESYS.Attack.Warn.NotAllowed");
}

/** §2.4.1 the damage roll of a hit: the dice must be those of the weapon's formula; the rules total them. */
async function onDamage(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!isObject(raw)) return INVALID;
  const loaded = await loadRow(raw);
  if (!isLoaded(loaded)) return loaded;
  const { message, state, row } = loaded;
  // Who may act is checked before the row's state, so a refusal never tells an outsider how a (blind) row stands.
  const attacker = await attackerFor(requester, state, message);
  if (!(attacker instanceof GenesysActor)) return attacker;
  if (row.outcome === null || row.outcome === "miss" || row.damage !== null) return no("GENESYS.Attack.Warn.CardChanged");
  // §2.3.5 what a hit does to an object is the Narrator's to tell: it has no counters to take damage.
  if (row.target.actorUuid === null) return no("GENESYS.Attack.Warn.ObjectNoDamage");
  // The damage of the weapon as it was when it hit (attack-card.ts): editing it since changes nothing.
  const spec = cardDamageRoll(state.weapon.damage, attacker);
  const expected = expectedDice(spec.formula, spec.data);
  const dice = expected ? sentDice(raw["roll"], expected) : null;
  if (!dice) return no("GENESYS.Attack.Warn.BadDice");
  try {
    const formula = new foundry.dice.Roll(spec.formula, spec.data).formula;
    return await commit(message, state, { type: "damage", rowId: row.id, damage: damageRecord(spec, formula, dice.flat()) }, knownRoll(formula, dice.flat()));
  } catch (error) {
    return rulesRefusal(error);
  }
}

/**
 * §2.3.6/§3.2 the hit goes into the target through the rules' pipeline, recorded in the target's damage ledger so
 * that Undo takes back exactly this hit; the viper's venom dice are rolled here (A-41).
 */
async function onApply(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!isObject(raw)) return INVALID;
  const loaded = await loadRow(raw);
  if (!isLoaded(loaded)) return loaded;
  const { message, state, row } = loaded;
  const attacker = await attackerFor(requester, state, message);
  if (!(attacker instanceof GenesysActor)) return attacker;
  if (!damageOptions(state, row) || (row.applied !== null && !row.undone)) return no("GENESYS.Attack.Warn.CardChanged");
  const target = await actorFrom(row.target.actorUuid);
  if (!target?.genesys) return no("GENESYS.Attack.Warn.TargetMissing", { name: row.target.name });
  const hit = await applyToTarget(message, attacker, state, row, target);
  if (!hit) return no("GENESYS.Authority.Failed", { message: row.target.name });
  return commit(message, state, { type: "applied", rowId: row.id, applied: hit.applied }, hit.venomRoll, { started: [hit.written] });
}

/**
 * The row's hit into its own target, with the biter's venom (its dice thrown to the card's audience, their Roll for
 * the message) and the target's writes under way; null when the actor refused it (a hook's veto).
 */
async function applyToTarget(
  message: CardMessage,
  attacker: GenesysActor,
  state: AttackCardState,
  row: AttackRow,
  target: GenesysActor,
): Promise<{ applied: AppliedRecord; venomRoll: Pick<Roll, "toJSON"> | null; written: Promise<unknown> } | null> {
  const options = damageOptions(state, row);
  if (!options) return null;
  const biter = attacker.genesys;
  const venomSpec = state.weapon.venom;
  const today = biter instanceof AnimalModel ? biter.venom.injectedToday : 0;
  // Applied again after an Undo, the bite carries the doses it was rolled with: no second chance at the venom dice.
  const earlier = row.applied?.venom?.roll;
  const rolled = venomSpec && earlier === undefined ? await rollVenomDice(venomSpec.dice, messageAudience(message, sealedCardOf(message) !== null)) : null;
  const venomRoll = venomSpec ? (earlier ?? rolled?.total ?? null) : null;
  const recordId = foundry.utils.randomID(16);
  const started = target.startDamage(
    { ...options, ...(venomSpec && venomRoll !== null ? { venom: { roll: venomRoll, dice: venomSpec.dice, maxPerDay: venomSpec.maxPerDay, injectedToday: today } } : {}) },
    recordId,
  );
  if (!started) return null;
  const { change } = started;
  const venom = change.venom && venomRoll !== null ? { roll: venomRoll, doses: change.venom.doses, limited: change.venom.limited } : null;
  const injected = venom && venom.doses > 0 && biter instanceof AnimalModel ? attacker.update({ system: { venom: { injectedToday: today + venom.doses } } }) : null;
  return { applied: { change, venom, recordId }, venomRoll: rolled?.roll ?? null, written: Promise.all([started.written, injected]) };
}

/** Undo: takes back what is left of this row's hit (damage-ledger.ts) and says on the card when that was less. */
async function onUndo(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!isObject(raw)) return INVALID;
  const loaded = await loadRow(raw);
  if (!isLoaded(loaded)) return loaded;
  const { message, state, row } = loaded;
  const applied = row.applied;
  const attacker = await attackerFor(requester, state, message);
  if (!(attacker instanceof GenesysActor)) return attacker;
  if (!applied || row.undone) return no("GENESYS.Attack.Warn.CardChanged");
  const target = await actorFrom(row.target.actorUuid);
  if (!target?.genesys) return no("GENESYS.Attack.Warn.TargetMissing", { name: row.target.name });
  const added = { wounds: applied.change.after.wounds - applied.change.before.wounds, fatigue: applied.change.after.fatigue - applied.change.before.fatigue };
  // Never more than this card's hit added, whatever the ledger on the target (which its owner may write) says.
  const cap = { ...added, poison: applied.venom?.doses ?? 0 };
  const undone = target.startUndo(applied.recordId, cap);
  const taken = undone?.report.taken ?? { wounds: 0, fatigue: 0, poison: 0 };
  const partial = taken.wounds < added.wounds || taken.fatigue < added.fatigue;
  const started: Promise<unknown>[] = undone ? [undone.written] : [];
  // §3.2.2 the hit taken back, so is the fall its stun check holds, unless another hit or the victim's own choice holds it.
  if (row.stun?.knockedDown === true) started.push(liftProne(target, applied.recordId));
  const doses = applied.venom?.doses ?? 0;
  const biter = attacker.genesys;
  if (doses > 0 && biter instanceof AnimalModel) {
    started.push(attacker.update({ system: { venom: { injectedToday: Math.max(0, biter.venom.injectedToday - doses) } } }));
  }
  const result: IntentResult = undone ? { ok: true } : { ok: true, info: "GENESYS.Attack.Warn.NothingToUndo", data: { name: row.target.name } };
  return commit(message, state, { type: "undone", rowId: row.id, undo: { ...taken, partial } }, null, { started, result });
}

// ───────────────────────── §3.2.2 stun ─────────────────────────


/**
 * §3.2.2 the stun check of a hit that stands: the victim's owner sends the 2D10; this client adds Forza, decides
 * (rules' knockedDown) and, on a failure, lays the victim prone, recording whether it was this check that did.
 */
async function onStun(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!isObject(raw)) return INVALID;
  const loaded = await loadRow(raw);
  if (!isLoaded(loaded)) return loaded;
  const { message, state, row } = loaded;
  if (state.blind && !requester.isGM) return no("GENESYS.Attack.Warn.NotAllowed");
  const difficulty = row.applied?.change.damage?.stunDifficulty;
  if (!row.applied || row.undone || row.applied.change.damage?.stunCheck !== true || difficulty === undefined || row.stun) return no("GENESYS.Attack.Warn.CardChanged");
  const target = await actorFrom(row.target.actorUuid);
  if (!target?.genesys) return no("GENESYS.Attack.Warn.TargetMissing", { name: row.target.name });
  if (!mayAct(requester, target)) return no("GENESYS.Attack.Warn.NotAllowed");
  const bonus = stunBonus(target, difficulty);
  if (!bonus.ok) return no(bonus.refusal.warning, bonus.refusal.data);
  const dice = sentTwoD10(raw["roll"]);
  if (!dice) return no("GENESYS.Attack.Warn.BadDice");
  const roll = twoD10Record(dice, bonus.bonus);
  const event = { type: "stunned", rowId: row.id, roll, bonus: bonus.bonus, proned: true } as const;
  // Decided before anything is written: the status is set only for a check the card will record.
  const decided = applyCardEvent(state, event, rulesOptions());
  if (!decided.ok) return no("GENESYS.Attack.Warn.CardChanged");
  const laid = decided.row.stun?.knockedDown === true ? startLayProne(target, row.applied.recordId) : null;
  return commit(message, state, { ...event, proned: laid?.proned ?? false }, knownRoll(roll.formula, roll.dice), { started: laid ? [laid.written] : [] });
}

// ───────────────────────── apply to selected tokens ─────────────────────────

/** As many tokens as an attack may have targets. */
const MAX_TOKENS = 50;

/** A selected token and its actor (an unlinked token's own), with the name the token shows; a reason when it has none. */
async function tokenActor(uuid: string): Promise<{ token: TokenDocument; actor: GenesysActor; name: string } | { gone: string }> {
  const token = await tokenDocumentFrom(uuid);
  const found: unknown = token?.actor;
  const actor: GenesysActor | null = found instanceof GenesysActor ? found : null;
  if (!token) return { gone: localize("GENESYS.Attack.Spread.GoneToken") };
  if (!actor?.genesys) return { gone: token.name ? game.i18n.format("GENESYS.Attack.Spread.Why.noActor", { name: token.name }) : localize("GENESYS.Attack.Spread.GoneActor") };
  return { token, actor, name: token.name || actor.name };
}

/**
 * §3.2.6 an explosive's hit on someone other than its target: metres from the target's token (where it burst) to this
 * token on the same scene, or null when there is nothing to measure. A grazing burst lands 1 m from the target in a
 * direction the card does not know, so the target's token stands for it there too.
 */
function blastMetres(target: GenesysActor | null, named: TokenDocument | null, token: TokenDocument): number | null {
  const scene = token.parent;
  const from = target && scene ? tokenOn(target, scene, named) : null;
  return from ? measuredDistance(from, token) : null;
}

/**
 * The row's hit into the tokens the Narrator selected (token-hits.ts says which distance counts): each token's actor
 * is found here from the token, goes through the rules' pipeline with its own armour and Forza (applyDamage) and gets
 * its own ledger entry. Only a Narrator may: a player's console could name any token of the world. The row's own
 * target among them is applied as its Apply button would (venom included); an actor that already holds the hit is
 * left alone, so the same intent twice applies once. An explosive's hit loses 4 per metre from its target's token
 * (§3.2.6: blastMetres). A token or actor that is gone, or one the blast cannot be measured to, is named in the answer
 * and the others still get the hit.
 */
async function onApplyTokens(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Attack.Warn.NotAllowed");
  if (!isObject(raw)) return INVALID;
  const uuids = raw["tokens"];
  if (!Array.isArray(uuids) || uuids.length > MAX_TOKENS || !uuids.every(isString)) return INVALID;
  if (uuids.length === 0) return no("GENESYS.Attack.Warn.NoTokensSelected");
  const loaded = await loadRow(raw);
  if (!isLoaded(loaded)) return loaded;
  const { message, state, row } = loaded;
  const attacker = await attackerFor(requester, state, message);
  if (!(attacker instanceof GenesysActor)) return attacker;
  const options = damageOptions(state, row);
  if (!options) return no("GENESYS.Attack.Warn.CardChanged");

  const explosive = state.weapon.explosive;
  const target = explosive ? await actorFrom(row.target.actorUuid) : null;
  const targetToken = explosive ? await tokenDocumentFrom(row.target.tokenUuid) : null;
  const missing: string[] = [];
  const already: string[] = [];
  const seen = new Set<string>();
  let own: AppliedRecord | null = null;
  let ownVenom: Pick<Roll, "toJSON"> | null = null;
  const hits: TokenHit[] = [];
  const started: Promise<unknown>[] = [];
  for (const tokenUuid of uuids) {
    const found = await tokenActor(tokenUuid);
    if ("gone" in found) {
      missing.push(found.gone);
      continue;
    }
    const { token, actor, name } = found;
    // A linked actor's tokens are one actor: it takes the hit once.
    if (seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    if (actor.uuid === row.target.actorUuid) {
      if (row.applied !== null && !row.undone) {
        already.push(name);
        continue;
      }
      const hit = await applyToTarget(message, attacker, state, row, actor);
      own = hit?.applied ?? null;
      ownVenom = hit?.venomRoll ?? null;
      if (hit) started.push(hit.written);
      if (!own) missing.push(game.i18n.format("GENESYS.Attack.Spread.Why.refused", { name }));
      continue;
    }
    if (liveHit(row, actor.uuid)) {
      already.push(name);
      continue;
    }
    const blast = explosive ? blastMetres(target, targetToken, token) : undefined;
    if (blast === null) {
      missing.push(game.i18n.format("GENESYS.Attack.Spread.Why.unmeasured", { name }));
      continue;
    }
    const recordId = foundry.utils.randomID(16);
    const hit = actor.startDamage(blast === undefined ? options : { ...options, blastDistance: blast }, recordId);
    if (hit) {
      started.push(hit.written);
      hits.push({ actorUuid: actor.uuid, tokenUuid, name, applied: { change: hit.change, venom: null, recordId }, undone: false, undo: null });
    } else missing.push(game.i18n.format("GENESYS.Attack.Spread.Why.refused", { name }));
  }
  if (own === null && hits.length === 0) {
    if (missing.length > 0) return no("GENESYS.Attack.Warn.TokensMissing", { names: missing.join(", ") });
    return no("GENESYS.Attack.Warn.AlreadyApplied", { names: already.join(", ") });
  }
  const result: IntentResult = missing.length === 0 ? { ok: true } : { ok: true, info: "GENESYS.Attack.Warn.TokensMissing", data: { names: missing.join(", ") } };
  return commit(message, state, { type: "spread", rowId: row.id, own, hits }, ownVenom, { started, result });
}

/** Undo of one selected token's hit: takes back what is left of its own ledger entry, as Undo does for the row's target. */
async function onUndoToken(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Attack.Warn.NotAllowed");
  if (!isObject(raw) || !isUuid(raw["actorUuid"])) return INVALID;
  const actorUuid = raw["actorUuid"];
  const loaded = await loadRow(raw);
  if (!isLoaded(loaded)) return loaded;
  const { message, state, row } = loaded;
  const attacker = await attackerFor(requester, state, message);
  if (!(attacker instanceof GenesysActor)) return attacker;
  const hit = liveHit(row, actorUuid);
  if (!hit) return no("GENESYS.Attack.Warn.CardChanged");
  const target = await actorFrom(actorUuid);
  if (!target?.genesys) return no("GENESYS.Attack.Warn.TargetMissing", { name: hit.name });
  const { before, after } = hit.applied.change;
  const added = { wounds: after.wounds - before.wounds, fatigue: after.fatigue - before.fatigue };
  // No more than this hit added, whatever the ledger on the actor (which its owner may write) says.
  const undone = target.startUndo(hit.applied.recordId, { ...added, poison: 0 });
  const taken = undone?.report.taken ?? { wounds: 0, fatigue: 0, poison: 0 };
  const partial = taken.wounds < added.wounds || taken.fatigue < added.fatigue;
  const result: IntentResult = undone ? { ok: true } : { ok: true, info: "GENESYS.Attack.Warn.NothingToUndo", data: { name: hit.name } };
  return commit(message, state, { type: "spreadUndone", rowId: row.id, actorUuid, undo: { ...taken, partial } }, null, { started: undone ? [undone.written] : [], result });
}

/** Registers the card's intents. Call at init. */
export function registerCardIntents(): void {
  registerIntent(CARD_INTENTS.attack, onAttack);
  registerIntent(CARD_INTENTS.defend, onDefend);
  registerIntent(CARD_INTENTS.static, onStatic);
  registerIntent(CARD_INTENTS.damage, onDamage);
  registerIntent(CARD_INTENTS.apply, onApply);
  registerIntent(CARD_INTENTS.undo, onUndo);
  registerIntent(CARD_INTENTS.applyTokens, onApplyTokens);
  registerIntent(CARD_INTENTS.undoToken, onUndoToken);
  registerIntent(CARD_INTENTS.stun, onStun);
  registerIntent(CARD_INTENTS.strike, onStrike);
  registerIntent(CARD_INTENTS.advantage, onAdvantage);
}
