/**
 * The contest card on the active GM's client (§1.7.5, §1.8.2). A player sends who contests whom with what, or the two
 * d10 of their side; this client re-reads the card and the actors, makes each side's grade and condition penalty with
 * prepareCheck (as every check does), checks ownership with the server's permission test, resolves the round through
 * the rules and writes the card. Modifiers and who stood in the advantageous position are the Narrator's word. Cards
 * are authored here, so no player can edit their flags; one not authored by a GM is never acted on.
 */
import { answerWhile, registerIntent, type IntentOutcome, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { isCharacteristic } from "../check/check-request.js";
import { sentTwoD10 } from "../dice/sent-dice.js";
import { knownRoll } from "../documents/known-roll.js";
import type { GenesysActor } from "../documents/actor.js";
import { startIncrement } from "../documents/skill-increment.js";
import { SYSTEM_SCOPE } from "../attack/attack-card.js";
import { assertCreated, authoredByGm, type CardMessage } from "../chat/authored.js";
import { actorFrom, isActorUuid as isUuid } from "../documents/actor-from.js";
import { defaultOpponentChoice, sameChoice } from "./contest-opponent.js";
import { CONTEST_FLAG, MAX_CONTEST_ROUNDS, NO_CONTEST_VIEWER, SIDE_IDS, earnedPoints, newContest, withAdvantage, withModifiers, withRoll, withTieChoice, type ContestState, type ContestUpdate, type SideId } from "./contest-card.js";
import { CONTEST_INTENTS, type ContestSideRequest, type ContestStartPayload, contestPlan, sideOf, renderContest, contestState, advantagedBy } from "./contest-plan.js";

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });
const INVALID = no("GENESYS.Authority.Invalid");

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);
const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && Math.abs(v) <= 100;
const isSide = (v: unknown): v is SideId => v === "a" || v === "b";

function readSide(raw: unknown): ContestSideRequest | null {
  if (!isObject(raw)) return null;
  const { actorUuid, skillId, characteristic, modifiers } = raw;
  if (!isUuid(actorUuid) || !isWhole(modifiers)) return null;
  if (skillId !== null && characteristic !== null) return null;
  if (skillId !== null && !isId(skillId)) return null;
  if (characteristic !== null && !isCharacteristic(characteristic)) return null;
  if (skillId === null && characteristic === null) return null;
  return { actorUuid, skillId, characteristic, modifiers };
}

/** Reads a start payload field by field; null when anything in it is not what this module sends. */
export function readStartPayload(raw: unknown): ContestStartPayload | null {
  if (!isObject(raw)) return null;
  const a = readSide(raw["a"]);
  const b = readSide(raw["b"]);
  const advantaged = raw["advantaged"];
  if (!a || !b || !(advantaged === null || advantaged === "auto" || isSide(advantaged))) return null;
  return { a, b, advantaged };
}

/** Whether the server's permission test lets this requester act for the actor. */
function mayAct(requester: Requester, actor: GenesysActor): boolean {
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return requester.isGM || actor.testUserPermission(requester.user, "OWNER");
}

async function onStart(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  const p = readStartPayload(raw);
  if (!p) return INVALID;
  const actors: GenesysActor[] = [];
  for (const side of [p.a, p.b]) {
    const actor = await actorFrom(side.actorUuid);
    if (!actor) return no("GENESYS.Contest.Warn.ActorMissing");
    actors.push(actor);
  }
  const [actorA, actorB] = actors;
  if (!actorA || !actorB) return INVALID;
  if (actorA.uuid === actorB.uuid) return no("GENESYS.Contest.Warn.SameActor");
  // The one who starts it plays side a; the opponent's owner rolls their own side from the card.
  if (!mayAct(requester, actorA)) return no("GENESYS.Contest.Warn.NotAllowed");
  if (!requester.isGM && (p.a.modifiers !== 0 || p.b.modifiers !== 0)) return no("GENESYS.Contest.Warn.ModifiersGmOnly");
  // What an opponent the player does not own rolls is the Narrator's (A-14 and the increments hang on it): the default.
  if (!mayAct(requester, actorB) && !sameChoice(p.b, defaultOpponentChoice(actorA, p.a, actorB))) {
    return no("GENESYS.Contest.Warn.OpponentGmOnly", { name: actorB.name });
  }
  const planA = contestPlan(actorA, p.a);
  if (!planA.ok) return planA.result;
  const planB = contestPlan(actorB, p.b);
  if (!planB.ok) return planB.result;
  const a = sideOf(actorA, planA.plan, p.a.modifiers);
  const b = sideOf(actorB, planB.plan, p.b.modifiers);
  const advantaged = requester.isGM && p.advantaged !== "auto" ? p.advantaged : advantagedBy(planA.plan, planB.plan);
  const state = newContest(a, b, advantaged);
  const data = {
    speaker: ChatMessage.getSpeaker({ actor: actorA }),
    content: await renderContest(state, NO_CONTEST_VIEWER),
    flags: { [SYSTEM_SCOPE]: { [CONTEST_FLAG]: state } },
  } as ChatMessage.CreateData; // the system's FlagConfig entry lists the attack card's flags; this one is read as unknown
  // Its id chosen here (created with keepId), so that the answer names the card in the same round as its creation.
  const messageId = foundry.utils.randomID();
  const created = ChatMessage.implementation.create({ ...data, _id: messageId }, { keepId: true }).then(assertCreated);
  return answerWhile(created, { ok: true, data: { messageId } });
}

interface Loaded {
  message: CardMessage;
  state: ContestState;
}

function load(raw: Record<string, unknown>): Loaded | IntentResult {
  const { messageId } = raw;
  if (!isId(messageId)) return INVALID;
  // fvtt-types types get() as always finding the message, but it may have been deleted since the player clicked.
  const message = game.messages.get(messageId) as CardMessage | undefined;
  if (!message) return no("GENESYS.Contest.Warn.CardMissing");
  if (!authoredByGm(message)) return no("GENESYS.Attack.Warn.NotNarratorCard");
  const state = contestState(message);
  if (!state) return no("GENESYS.Contest.Warn.CardMissing");
  return { message, state };
}

const isLoaded = (v: Loaded | IntentResult): v is Loaded => "state" in v;

/**
 * Writes the card; `roll`, a side's dice this update records, joins the message's Rolls (Dice So Nice, a reload). The
 * points, the card and what a settlement sets off go out in one round, the answer beside them.
 */
async function commit(message: CardMessage, update: ContestUpdate, roll: Pick<Roll, "toJSON"> | null = null): Promise<IntentOutcome> {
  if (!update.ok) {
    if (update.reason === "tooManyRounds") return no("GENESYS.Contest.Warn.TooManyRounds", { max: String(MAX_CONTEST_ROUNDS) });
    return no(update.reason === "stale" ? "GENESYS.Contest.Warn.CardChanged" : "GENESYS.Authority.Invalid");
  }
  const { state, written } = await awardOnce(update.state);
  const settlesNow = contestState(message)?.settled === null && state.settled !== null;
  const card = message.update({
    flags: { [SYSTEM_SCOPE]: { [CONTEST_FLAG]: state } },
    content: await renderContest(state, NO_CONTEST_VIEWER),
    // The roller already threw these dice (contest-flow.ts); Dice So Nice's update hook stands aside for contest cards.
    ...(roll ? { rolls: [...message.rolls.map((r) => r.toJSON()), roll.toJSON()] } : {}),
  } as ChatMessage.UpdateData); // flags are typed as the attack card's; the contest's state is merged the same way
  // A settlement's listeners read the state given and the card's own tag, not what this update writes.
  const settled = settlesNow ? settledListeners.map((listener) => listener(message, state)) : [];
  return answerWhile(Promise.all([card, ...written, ...settled]));
}

/** Told once, on the GM's client, when a contest card settles (a grapple's contest applies its outcome: src/grapple). */
export type ContestSettledListener = (message: CardMessage, state: ContestState) => Promise<void>;
const settledListeners: ContestSettledListener[] = [];

export function onContestSettled(listener: ContestSettledListener): void {
  if (!settledListeners.includes(listener)) settledListeners.push(listener);
}

/**
 * §1.8.2 the points a won contest earned, stored once: the settlement happens in exactly one intent (the queue runs one
 * at a time and a settled card takes no more rolls), and `increments` is set there.
 */
async function awardOnce(state: ContestState): Promise<{ state: ContestState; written: Promise<void>[] }> {
  if (state.settled?.outcome !== "win" || state.increments !== null) return { state, written: [] };
  const earned = earnedPoints(state);
  const increments: ContestState["increments"] = { a: null, b: null };
  const written: Promise<void>[] = [];
  for (const id of SIDE_IDS) {
    const award = earned?.[id];
    const side = state[id];
    if (!award?.earned || !award.reason || side.skillId === null) continue;
    const actor = await actorFrom(side.actorUuid);
    const point = actor ? startIncrement(actor, side.skillId, award.reason) : null;
    increments[id] = point?.record ?? { reason: award.reason, status: "failed", points: 0, grade: null };
    if (point) written.push(point.written);
  }
  return { state: { ...state, increments }, written };
}

/** §1.7.5 one side rolls: its owner's (or the Narrator's) two d10; grade and penalty from its actor now. */
async function onRoll(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!isObject(raw) || !isSide(raw["side"])) return INVALID;
  const loaded = load(raw);
  if (!isLoaded(loaded)) return loaded;
  const { message, state } = loaded;
  const id = raw["side"];
  const side = state[id];
  const actor = await actorFrom(side.actorUuid);
  if (!actor) return no("GENESYS.Contest.Warn.ActorMissing");
  if (!mayAct(requester, actor)) return no("GENESYS.Contest.Warn.NotAllowed");
  const round = state.rounds.at(-1);
  if (state.settled !== null || round?.result != null || round?.[id] != null) return no("GENESYS.Contest.Warn.AlreadyRolled", { name: side.name });
  const planned = contestPlan(actor, side);
  if (!planned.ok) return planned.result;
  const dice = sentTwoD10(raw["roll"]);
  if (!dice) return no("GENESYS.Attack.Warn.BadDice");
  const plan = planned.plan;
  return commit(message, withRoll(state, id, {
    dice,
    grade: plan.grade,
    // The plan's modifiers: the side's situational one plus its effects' (a fever, a trait's check bonus).
    modifiers: plan.modifiers,
    conditionPenalty: plan.conditionPenalty,
    condition: plan.condition,
    experience: plan.experience,
    total: 0,
  }), knownRoll("2d10", dice));
}

/** §1.7.5 the Narrator's answer to a tie. */
async function onTie(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Contest.Warn.NarratorOnly");
  if (!isObject(raw) || (raw["choice"] !== "reroll" && raw["choice"] !== "intermediate")) return INVALID;
  const loaded = load(raw);
  if (!isLoaded(loaded)) return loaded;
  return commit(loaded.message, withTieChoice(loaded.state, raw["choice"]));
}

/** §1.8.2 the Narrator confirms or changes who stood in the advantageous position. */
async function onAdvantage(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Contest.Warn.NarratorOnly");
  if (!isObject(raw) || !(raw["advantaged"] === null || isSide(raw["advantaged"]))) return INVALID;
  const loaded = load(raw);
  if (!isLoaded(loaded)) return loaded;
  return commit(loaded.message, withAdvantage(loaded.state, raw["advantaged"]));
}

/** §1.7.5 the Narrator sets one side's situational modifier (a player's contest starts with none), before it rolls. */
async function onModifiers(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!requester.isGM) return no("GENESYS.Contest.Warn.NarratorOnly");
  if (!isObject(raw) || !isSide(raw["side"]) || !isWhole(raw["modifiers"])) return INVALID;
  const loaded = load(raw);
  if (!isLoaded(loaded)) return loaded;
  const id = raw["side"];
  const update = withModifiers(loaded.state, id, raw["modifiers"]);
  if (!update.ok && update.reason === "stale") return no("GENESYS.Contest.Warn.AlreadyRolled", { name: loaded.state[id].name });
  return commit(loaded.message, update);
}

/** Registers the contest card's intents. Call at init. */
export function registerContestIntents(): void {
  registerIntent(CONTEST_INTENTS.start, onStart);
  registerIntent(CONTEST_INTENTS.roll, onRoll);
  registerIntent(CONTEST_INTENTS.tie, onTie);
  registerIntent(CONTEST_INTENTS.advantage, onAdvantage);
  registerIntent(CONTEST_INTENTS.modifiers, onModifiers);
}
