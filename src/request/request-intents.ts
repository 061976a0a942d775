/**
 * The Narrator's check request on the active GM's client: the card is made here, and a row is rolled here from a
 * player's intent (authority/intent-channel.ts). The requester sends only which row and, for an open row, the dice
 * their client rolled; this client re-reads the card (GM-authored, the row not rolled yet), re-reads the row's actor
 * (its token still on the scene), checks with the server's permission test that the requester owns it, makes the
 * plan through the same prepareCheck as every check, and posts the roll. A hidden difficulty and every hidden or blind
 * result stay in the card's sealed part; the open roll message of a hidden-difficulty row carries no difficulty, and a
 * blind row goes through the sealed blind check (check/check-intents.ts), rolled here so no player's client holds it.
 */
import { answerWhile, registerIntent, type IntentOutcome, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { sealValue, sealWarning } from "../authority/seal.js";
import { modeOption } from "../compat/message-mode.js";
import { skillByKey } from "../data/item/skill.js";
import { startBlindCheck } from "../check/check-intents.js";
import { checkRollOptions, checkSetup, type CheckPlan } from "../check/check-request.js";
import { GenesysCheckRoll } from "../check/genesys-roll.js";
import { sentTwoD10 } from "../dice/sent-dice.js";
import { GenesysActor } from "../documents/actor.js";
import { recordIncrement, startIncrement } from "../documents/skill-increment.js";
import { resolveCheck } from "../rules/check.js";
import { incrementFromCheck } from "../rules/increment.js";
import { assertCreated, authoredByGm, type CardMessage } from "../chat/authored.js";
import { linkedRow, readMovementLink, recordLinkedCheck, type MovementLink } from "../documents/movement-check.js";
import { ambushFight, readAmbushLink, recordAmbushCheck, type AmbushLink } from "../documents/ambush-check.js";
import { actorFrom } from "../documents/actor-from.js";
import { NO_REQUEST_VIEWER, openRequestSecret, REQUEST_SEAL_BYTES, renderRequestCard, requestSealContext, requestStateOf, type RequestResult, type RequestSecret, type RequestState } from "./request-card.js";
import { REQUEST_FLAG, REQUEST_SCOPE } from "./request-flag.js";
import { REQUEST_INTENTS, type RequestSpec, rowActor, requestPlan } from "./request-plan.js";

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });
const INVALID = no("GENESYS.Authority.Invalid");
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);

/** The card's fields for a state: flag and content, the content rendered for nobody in particular. */
async function cardFields(state: RequestState): Promise<{ flags: Record<string, Record<string, unknown>>; content: string }> {
  return { flags: { [REQUEST_SCOPE]: { [REQUEST_FLAG]: state } }, content: await renderRequestCard(state, null, NO_REQUEST_VIEWER) };
}

/**
 * Posts a request card (a Narrator's client only: the card is trusted because a GM wrote it). Returns the message, or
 * null with a warning (no one asked, a player calling, no key to seal a hidden part with).
 */
export async function postRequest(spec: RequestSpec): Promise<CardMessage | null> {
  const warn = (key: string): null => {
    ui.notifications.warn(game.i18n.localize(key));
    return null;
  };
  if (!game.user.isGM) return warn("GENESYS.Request.Warn.NarratorsOnly");
  if (spec.recipients.length === 0) return warn("GENESYS.Request.Warn.NoRecipients");
  if (spec.recipients.length > 50) return warn("GENESYS.Request.Warn.TooMany");
  const hidden = spec.hidden && spec.difficulty !== null;
  // A GM's console may pass anything here: the link is read field by field, then checked against the world.
  const link = readMovementLink(spec.movement);
  if (link === undefined) return warn("GENESYS.Authority.Invalid");
  const movement = link ? movementProblem(link, spec) : null;
  if (movement) {
    ui.notifications.warn(game.i18n.format(movement.warning, movement.data));
    return null;
  }
  const ambush = readAmbushLink(spec.ambush);
  if (ambush === undefined) return warn("GENESYS.Authority.Invalid");
  const lurking = ambush ? ambushProblem(ambush, spec) : null;
  if (lurking) {
    ui.notifications.warn(game.i18n.format(lurking.warning, lurking.data));
    return null;
  }
  const order: string[] = [];
  const rows: RequestState["rows"] = {};
  for (const r of spec.recipients) {
    const id = foundry.utils.randomID();
    order.push(id);
    rows[id] = { id, actorUuid: r.actorUuid, tokenUuid: r.tokenUuid, name: r.name, rolled: false, messageId: null, result: null };
  }
  const check: RequestState["check"] = spec.skill !== null
    ? { skill: spec.skill, characteristic: null, label: await skillLabel(spec) }
    : { skill: null, characteristic: spec.characteristic ?? "perception", label: "" };
  let secret = null;
  // Its id is chosen here, so that the sealed part can be bound to the message it will live in.
  const messageId = foundry.utils.randomID();
  if (hidden || spec.blind) {
    const sealed = await sealValue({ difficulty: spec.difficulty, results: {} } satisfies RequestSecret, requestSealContext(messageId), REQUEST_SEAL_BYTES);
    if (!sealed.ok) return warn(sealWarning(sealed.reason));
    secret = sealed.box;
  }
  const state: RequestState = { version: 1, check, difficulty: hidden ? null : spec.difficulty, hidden, blind: spec.blind, order, rows, secret, ...(link ? { movement: link } : {}), ...(ambush ? { ambush } : {}) };
  const fields = await cardFields(state);
  const data = { ...fields, _id: messageId, speaker: { alias: game.user.name } } as ChatMessage.CreateData; // flags typed for the attack card only
  const message = (await ChatMessage.implementation.create(data, { keepId: true })) ?? null;
  // A module gets a copy: changing it changes nothing. The created message is fvtt-types' structural Stored type.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  if (message) Hooks.callAll("genesys.requestCheck", message, structuredClone({ ...spec, hidden }));
  return message;
}

/**
 * §2.2.5 why a terrain check may not be linked to the row it names: the row itself (movement-check.ts), a card that
 * does not ask its combatant, one without a difficulty, or a blind one (its result stays sealed on its own card, which
 * this link does not follow).
 */
function movementProblem(link: MovementLink, spec: RequestSpec): { warning: string; data: Record<string, string> } | null {
  const row = linkedRow(link);
  if (!row.ok) return row;
  const name = row.combatant.name ?? "";
  if (spec.blind) return { warning: "GENESYS.Movement.Check.Warn.Blind", data: { name } };
  // Half or mishap is decided by the margin, which needs a difficulty.
  if (spec.difficulty === null) return { warning: "GENESYS.Movement.Check.Warn.NoDifficulty", data: { name } };
  const uuid = row.combatant.actor?.uuid;
  if (!spec.recipients.some((r) => r.actorUuid === uuid)) return { warning: "GENESYS.Movement.Check.Warn.NotAsked", data: { name } };
  return null;
}

/** §3.2.1 why an ambush check may not be linked to its fight: the fight gone or past its first turn, a blind request, no difficulty. */
function ambushProblem(link: AmbushLink, spec: RequestSpec): { warning: string; data: Record<string, string> } | null {
  const fight = ambushFight(link);
  if (!fight.ok) return fight;
  if (spec.blind) return { warning: "GENESYS.Combat.Ambush.Warn.Blind", data: {} };
  if (spec.difficulty === null) return { warning: "GENESYS.Combat.Ambush.Warn.NoDifficulty", data: {} };
  return null;
}

/** §3.2.1 a row's result on the ambushed fight; a fight gone or past its first turn is the Narrator's to hear about. */
async function recordAmbush(state: RequestState, row: { actorUuid: string }, result: RequestResult | undefined, difficulty: number | null): Promise<void> {
  if (!state.ambush || !result) return;
  const recorded = await recordAmbushCheck(state.ambush, row.actorUuid, result.total, difficulty);
  if (!recorded.ok) ui.notifications.warn(game.i18n.format(recorded.warning, recorded.data ?? {}));
}

/** A linked row's margin recorded on the combat; a link that no longer holds is the Narrator's to hear about. */
async function recordMovement(state: RequestState, row: { actorUuid: string }, result: RequestResult | undefined): Promise<void> {
  if (!state.movement || !result) return;
  const recorded = await recordLinkedCheck(state.movement, row.actorUuid, result.margin);
  if (!recorded.ok) ui.notifications.warn(game.i18n.format(recorded.warning, recorded.data ?? {}));
}

/** The skill's name as the first recipient who has it calls it; its key otherwise. */
async function skillLabel(spec: RequestSpec): Promise<string> {
  const key = spec.skill ?? "";
  for (const r of spec.recipients) {
    const actor = await actorFrom(r.actorUuid);
    const item = actor ? skillByKey(actor.items, key) : undefined;
    if (item) return item.name;
  }
  return key;
}

interface LoadedRequest {
  message: CardMessage;
  state: RequestState;
}

function loadRequest(messageId: unknown): LoadedRequest | IntentResult {
  if (!isId(messageId)) return INVALID;
  // fvtt-types types get() as always finding the message, but it may have been deleted since the player clicked.
  const message = game.messages.get(messageId) as CardMessage | undefined;
  if (!message) return no("GENESYS.Request.Warn.CardMissing");
  if (!authoredByGm(message)) return no("GENESYS.Request.Warn.NotNarratorCard");
  const state = requestStateOf(message);
  return state ? { message, state } : no("GENESYS.Request.Warn.CardMissing");
}

const isLoaded = (v: LoadedRequest | IntentResult): v is LoadedRequest => "state" in v;

/** §1.7.1 and §1.8.2 the row's result, judged by the rules against the Narrators' difficulty. */
function judge(plan: CheckPlan, dice: [number, number], difficulty: number | null): { result: RequestResult; award: ReturnType<typeof incrementFromCheck> | null } {
  const natural = dice[0] + dice[1];
  const total = natural + plan.grade + plan.modifiers + plan.conditionPenalty;
  if (difficulty === null) return { result: { dice, total, success: null, margin: null, increment: null, blind: plan.blind }, award: null };
  const setup = checkSetup({ ...plan, difficulty });
  const check = resolveCheck({ dice: natural, ...setup });
  const award = plan.skillId ? incrementFromCheck({ dice: natural, ...setup, experience: plan.experience }) : null;
  return { result: { dice, total: check.total, success: check.success, margin: check.margin, increment: null, blind: plan.blind }, award };
}

/**
 * The player's open roll rebuilt as a check roll of this plan: the dice are theirs (two d10, checked), everything else
 * this client's. The sent formula and total must be what the plan makes of those dice, so no number of the sender's
 * own survives.
 */
function rebuildRoll(sent: unknown, plan: CheckPlan, shownDifficulty: number | null): GenesysCheckRoll | null {
  const dice = sentTwoD10(sent);
  if (!dice || !isObject(sent)) return null;
  const options = checkRollOptions({ ...plan, difficulty: shownDifficulty }, false);
  const expected = GenesysCheckRoll.build(options);
  try {
    // Checked by sentTwoD10 to be Roll JSON of two d10; rebuilt as a check roll with this client's options.
    const roll = GenesysCheckRoll.fromData({ ...sent, class: "GenesysCheckRoll", options } as unknown as Parameters<typeof GenesysCheckRoll.fromData>[0]);
    if (!(roll instanceof GenesysCheckRoll) || roll.formula !== expected.formula) return null;
    const total = dice[0] + dice[1] + plan.grade + plan.modifiers + plan.conditionPenalty;
    if (roll.total !== total || roll.diceResults?.join() !== dice.join()) return null;
    return roll;
  } catch {
    return null;
  }
}

async function writeCard(message: CardMessage, state: RequestState): Promise<void> {
  // Flags are typed for the attack card only; the request's state is what Foundry merges in.
  await message.update(await cardFields(state));
}

async function onRoll(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!isObject(raw) || !isId(raw["rowId"])) return INVALID;
  const loaded = loadRequest(raw["messageId"]);
  if (!isLoaded(loaded)) return loaded;
  const { message, state } = loaded;
  const row = Object.hasOwn(state.rows, raw["rowId"]) ? state.rows[raw["rowId"]] : undefined;
  if (!row) return no("GENESYS.Request.Warn.CardChanged");
  if (row.rolled) return no("GENESYS.Request.Warn.AlreadyRolled", { name: row.name });
  const actor = await rowActor(row);
  if (!(actor instanceof GenesysActor)) return actor;
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  if (!requester.isGM && !actor.testUserPermission(requester.user, "OWNER")) return no("GENESYS.Request.Warn.NotOwner", { name: row.name });

  const secret = state.secret ? await openRequestSecret(message, state) : null;
  if (state.secret && !secret) return no("GENESYS.Seal.Warn.NoKey");
  const difficulty = state.hidden ? (secret?.difficulty ?? null) : state.difficulty;
  const planned = requestPlan(actor, state, difficulty);
  if (!planned.ok) return planned.result;
  const plan = planned.plan;

  let result: RequestResult;
  let messageId: string;
  // The roll's message, the skill's point, the card and the Movimento go out in one round of writes.
  const writes: Promise<unknown>[] = [];
  if (state.blind) {
    // §1.7.3 rolled here and sealed; its point is held back for the sealed card's Reveal (check-intents.ts).
    const posted = await startBlindCheck(GenesysCheckRoll, actor, plan, requester);
    if ("warning" in posted) return no(posted.warning);
    const [a = 1, b = 1] = posted.roll.diceResults ?? [];
    result = { ...judge(plan, [a, b], difficulty).result, increment: posted.roll.options.increment ?? null };
    messageId = posted.id;
    writes.push(posted.created);
  } else {
    const roll = rebuildRoll(raw["roll"], plan, state.hidden ? null : difficulty);
    if (!roll) return no("GENESYS.Attack.Warn.BadDice");
    const [a = 1, b = 1] = roll.diceResults ?? [];
    const judged = judge(plan, [a, b], difficulty);
    result = judged.result;
    const reason = judged.award?.earned ? judged.award.reason : null;
    if (reason && plan.skillId) {
      // §1.8.2 an open difficulty: the point goes on the skill now, and the roll's card says so. A hidden one: held
      // back on the Narrators' part until they reveal the request, since a new point would tell the player it succeeded.
      if (state.hidden) result.increment = { reason, status: "blind", points: skillPoints(actor, plan.skillId), grade: null };
      else {
        const point = startIncrement(actor, plan.skillId, reason);
        roll.options.increment = result.increment = point.record;
        writes.push(point.written);
      }
    }
    // Prepared with an id of its own (created with keepId), so that the card names the message in the same round.
    const mode = modeOption("public");
    const data = await roll.toMessage({ speaker: ChatMessage.getSpeaker({ actor }) }, { ...mode, create: false });
    messageId = foundry.utils.randomID();
    writes.push(ChatMessage.implementation.create({ ...data, _id: messageId }, { ...mode, keepId: true }).then(assertCreated));
  }

  const next: RequestState = { ...state, rows: { ...state.rows, [row.id]: { ...row, rolled: true, messageId, result: state.hidden || state.blind ? null : result } } };
  if (secret) {
    const sealed = await sealValue({ ...secret, results: { ...secret.results, [row.id]: result } } satisfies RequestSecret, requestSealContext(message.id ?? ""), REQUEST_SEAL_BYTES);
    // The roll is out already (its message and point): the queue still waits for those writes.
    if (!sealed.ok) return answerWhile(Promise.all(writes), no(sealWarning(sealed.reason)));
    next.secret = sealed.box;
  }
  writes.push(writeCard(message, next));
  // §2.2.5 an open result moves the linked Movimento now; a hidden difficulty's waits for the reveal.
  if (!state.hidden && !state.blind) writes.push(recordMovement(state, row, result), recordAmbush(state, row, result, difficulty));
  return answerWhile(Promise.all(writes));
}

function skillPoints(actor: GenesysActor, skillId: string): number {
  const system: unknown = actor.items.get(skillId)?.system;
  return typeof system === "object" && system !== null && "increment" in system && typeof system.increment === "number" ? system.increment : 0;
}

/**
 * The Narrator shows a hidden difficulty and the open rows' results to everyone, and hands out the points those rows
 * earned (§1.8.2); blind rows stay sealed, each revealed from its own card.
 */
async function onReveal(requester: Requester, raw: unknown): Promise<IntentResult> {
  if (!requester.isGM) return no("GENESYS.Request.Warn.NarratorsOnly");
  if (!isObject(raw)) return INVALID;
  const loaded = loadRequest(raw["messageId"]);
  if (!isLoaded(loaded)) return loaded;
  const { message, state } = loaded;
  if (!state.hidden) return no("GENESYS.Request.Warn.NothingHidden");
  const secret = await openRequestSecret(message, state);
  if (!secret) return no("GENESYS.Seal.Warn.NoKey");
  const rows = { ...state.rows };
  const results = { ...secret.results };
  for (const id of state.order) {
    const row = rows[id];
    const result = results[id];
    if (!row || !result || result.blind) continue;
    const held = result.increment;
    let increment = held;
    if (held?.status === "blind") {
      const actor = await actorFrom(row.actorUuid);
      const planned = actor ? requestPlan(actor, state, null) : null;
      const skillId = planned?.ok ? planned.plan.skillId : null;
      increment = actor && skillId ? await recordIncrement(actor, skillId, held.reason) : { ...held, status: "failed" };
    }
    const open = { ...result, increment };
    results[id] = open;
    rows[id] = { ...row, result: open };
  }
  const next: RequestState = { ...state, hidden: false, difficulty: secret.difficulty, rows };
  if (state.blind) {
    const sealed = await sealValue({ ...secret, results } satisfies RequestSecret, requestSealContext(message.id ?? ""), REQUEST_SEAL_BYTES);
    if (!sealed.ok) return no(sealWarning(sealed.reason));
    next.secret = sealed.box;
  } else next.secret = null;
  await writeCard(message, next);
  for (const id of state.order) {
    const row = rows[id];
    if (row && !state.blind) {
      await recordMovement(state, row, results[id]);
      await recordAmbush(state, row, results[id], secret.difficulty);
    }
  }
  return { ok: true };
}

export function registerRequestIntents(): void {
  registerIntent(REQUEST_INTENTS.roll, onRoll);
  registerIntent(REQUEST_INTENTS.reveal, onReveal);
}
