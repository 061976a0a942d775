/**
 * Grappling (§2.3.7, A-19) on the active GM's client. A player asks to start a hold, to contest it (either side, on
 * their own token) or to let go (the attacker); this client re-reads the tokens, their actors and the scene's record,
 * checks ownership with the server's permission test, and posts a contest card (contest-intents.ts: each side's owner
 * rolls their own dice, ties follow §1.7.5). When that card settles, the outcome goes through src/rules/grapple.ts
 * with the world's A-19 setting, the scene's record and both tokens' statuses are written, and a grapple card says
 * what happened. Tokens deleted and combats ended take their holds with them.
 */
import { GRAPPLE_INTENTS } from "./grapple-intent-kinds.js";
import { sceneViewableBy } from "../canvas/scene-view.js";
import { answerWhile, registerIntent, type IntentOutcome, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { assertCreated } from "../chat/authored.js";
import { gmQueue } from "../authority/serial-queue.js";
import { serialiseStatusSync } from "../config/statuses.js";
import { GenesysActor } from "../documents/actor.js";
import { startedCombatRound } from "../documents/actor-combat.js";
import { grappleContest, grappleIdleTurn, releaseGrapple, startGrapple, type ContestWinner, type GrappleSide, type GrappleState } from "../rules/grapple.js";
import { SYSTEM_ID, rulesOptions } from "../settings/rules-settings.js";
import { SYSTEM_SCOPE } from "../attack/attack-card.js";
import { authoredByGm, type CardMessage } from "../chat/authored.js";
import { CONTEST_FLAG, NO_CONTEST_VIEWER, newContest, type ContestState } from "../contest/contest-card.js";
import { onContestSettled } from "../contest/contest-intents.js";
import { advantagedBy, contestPlan, contestState, renderContest, sideOf as contestSide } from "../contest/contest-plan.js";
import { GRAPPLE_CARD_FLAG, GRAPPLE_CARD_TEMPLATE, grappleCardContext, type GrappleEvent } from "./grapple-card.js";
import { GRAPPLES_FLAG, GRAPPLE_MARKS, grappleOfToken, otherSide, readGrapples, type GrappleMark, type GrappleRecord } from "../documents/grapple-state.js";
import { defaultGrappleRoll, mayGrappleWith, type GrappleRoll } from "./unarmed-skill.js";


/** The flag of a contest card that decides a grapple: its start, or one side's declared contest. */
export const GRAPPLE_CONTEST_FLAG = "grappleContest";
export type GrappleContestTag =
  | { kind: "start"; sceneId: string; attackerTokenId: string; defenderTokenId: string }
  | { kind: "contest"; sceneId: string; grappleId: string; declaredBy: GrappleSide };

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });
const INVALID = no("GENESYS.Authority.Invalid");

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);
const isSide = (v: unknown): v is GrappleSide => v === "attacker" || v === "defender";
const isRollChoice = (v: unknown): v is string | null => v === null || isId(v);

type TokenDoc = TokenDocument.Implementation;
type SceneDoc = Scene.Implementation | Scene.Stored;

/** The value as a GeneSys actor, or null. */
function genesysActor(value: unknown): GenesysActor | null {
  return value instanceof GenesysActor ? value : null;
}

function mayAct(requester: Requester, actor: GenesysActor): boolean {
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return requester.isGM || actor.testUserPermission(requester.user, "OWNER");
}

/** A token of a scene by ids, with its GeneSys actor; a refusal when either is gone. */
function tokenOn(scene: SceneDoc, tokenId: string): { token: TokenDoc; actor: GenesysActor } | IntentResult {
  const token = scene.tokens.get(tokenId);
  if (!token) return no("GENESYS.Grapple.Warn.TokenMissing");
  const actor = genesysActor(token.actor);
  if (!actor?.genesys) return no("GENESYS.Grapple.Warn.NotGenesys", { name: token.name });
  return { token, actor };
}

const isFound = (v: { token: TokenDoc; actor: GenesysActor } | IntentResult): v is { token: TokenDoc; actor: GenesysActor } => "token" in v;

/** A token from its uuid (Scene.<s>.Token.<t>), or null. */
async function tokenFrom(uuid: unknown): Promise<TokenDoc | null> {
  if (typeof uuid !== "string" || !/^Scene\.[A-Za-z0-9]+\.Token\.[A-Za-z0-9]+$/.test(uuid)) return null;
  try {
    // Checked above to be a token's uuid.
    const doc: unknown = await foundry.utils.fromUuid(uuid as `Scene.${string}`);
    return doc instanceof foundry.documents.TokenDocument ? doc : null;
  } catch {
    return null;
  }
}

function sceneOf(token: TokenDoc): SceneDoc | null {
  return token.parent ?? null;
}

function sceneById(id: string): SceneDoc | null {
  // fvtt-types types get() as always finding it; the scene may have been deleted.
  const scene = game.scenes.get(id) as SceneDoc | undefined;
  if (!scene) return null;
  return scene;
}

async function writeGrapples(scene: SceneDoc, records: GrappleRecord[]): Promise<void> {
  // Read back as unknown and checked (readGrapples); the FlagConfig entry says so.
  await scene.setFlag(SYSTEM_ID, GRAPPLES_FLAG, records);
}

/**
 * What a side rolls: the requester's choice for an actor they own (a player's only among its unarmed skills: a refusal
 * otherwise), else the default unarmed skill (or Destrezza).
 */
function rollFor(requester: Requester, actor: GenesysActor, chosen: string | null): GrappleRoll | IntentResult {
  if (chosen === null || !mayAct(requester, actor)) return defaultGrappleRoll(actor.items);
  if (!mayGrappleWith(actor.items, chosen, requester.isGM)) return no("GENESYS.Grapple.Warn.NotUnarmed", { name: actor.name });
  return { skillId: chosen, characteristic: null };
}

const isRoll = (v: GrappleRoll | IntentResult): v is GrappleRoll => "skillId" in v;

/**
 * Posts the contest card that decides the start or a declared contest; side a is whoever declared it. Its id is
 * chosen here (created with keepId), so that the answer and the writes that name it go out beside its creation.
 */
async function postContest(a: GenesysActor, aRoll: GrappleRoll, b: GenesysActor, bRoll: GrappleRoll, tag: GrappleContestTag, flavor: string): Promise<IntentResult | { messageId: string; created: Promise<unknown> }> {
  const planA = contestPlan(a, { ...aRoll, modifiers: 0 });
  if (!planA.ok) return planA.result;
  const planB = contestPlan(b, { ...bRoll, modifiers: 0 });
  if (!planB.ok) return planB.result;
  const state = newContest(contestSide(a, planA.plan, 0), contestSide(b, planB.plan, 0), advantagedBy(planA.plan, planB.plan));
  const data = {
    speaker: ChatMessage.getSpeaker({ actor: a }),
    flavor,
    content: await renderContest(state, NO_CONTEST_VIEWER),
    flags: { [SYSTEM_SCOPE]: { [CONTEST_FLAG]: state, [GRAPPLE_CONTEST_FLAG]: tag } },
  } as ChatMessage.CreateData; // the system's FlagConfig entry lists the attack card's flags; these are read as unknown
  const messageId = foundry.utils.randomID();
  return { messageId, created: ChatMessage.implementation.create({ ...data, _id: messageId }, { keepId: true }).then(assertCreated) };
}

const isPosted = (v: IntentResult | { messageId: string; created: Promise<unknown> }): v is { messageId: string; created: Promise<unknown> } => "created" in v;

// ───────────────────────── statuses ─────────────────────────

/**
 * §2.3.7 both contenders show "grappled", the defender "immobilised" once the streak is complete. A status the actor
 * already had (a Narrator's "immobilised" on someone tied up) is left alone: only the ones this hold switched on
 * (`mine`) are cleared when it stops calling for them. Returns the hold's statuses on the actor now.
 */
async function showStatuses(actor: GenesysActor, wanted: readonly GrappleMark[], mine: readonly GrappleMark[]): Promise<GrappleMark[]> {
  const now = new Set(mine);
  try {
    await serialiseStatusSync(`grapple:${actor.uuid}`, async () => {
      // Each status is decided from the actor as it is now, and the toggles go out together (one round).
      const toggles: Promise<unknown>[] = [];
      for (const status of GRAPPLE_MARKS) {
        const want = wanted.includes(status);
        if (want && !actor.statuses.has(status)) {
          toggles.push(actor.toggleStatusEffect(status, { active: true }));
          now.add(status);
        } else if (!want && now.has(status)) {
          if (actor.statuses.has(status)) toggles.push(actor.toggleStatusEffect(status, { active: false }));
          now.delete(status);
        }
      }
      await Promise.all(toggles);
    });
  } catch (error) {
    console.error("GeneSys | grapple statuses", error);
  }
  return GRAPPLE_MARKS.filter((m) => now.has(m));
}

/** Shows a hold's state on both tokens; the record's `shown` as it now stands. */
async function showHold(scene: SceneDoc, record: GrappleRecord, state: GrappleState): Promise<GrappleRecord["shown"]> {
  const held = state.status !== "free";
  const shown = { ...record.shown };
  // Both sides at once: their statuses are their own.
  await Promise.all((["attacker", "defender"] as const).map(async (side) => {
    const actor = genesysActor(scene.tokens.get(record[side].tokenId)?.actor);
    const wanted: GrappleMark[] = !held ? [] : side === "defender" && state.status === "immobilised" ? ["grappled", "immobilised"] : ["grappled"];
    if (actor) shown[side] = await showStatuses(actor, wanted, record.shown[side]);
  }));
  return shown;
}

/** Shows a hold still in progress and keeps in its record which statuses it switched on. */
async function showAndKeep(scene: SceneDoc, record: GrappleRecord): Promise<void> {
  const shown = await showHold(scene, record, record.state);
  if (JSON.stringify(shown) === JSON.stringify(record.shown)) return;
  await writeGrapples(scene, readGrapples(scene).map((r) => (r.id === record.id ? { ...r, shown } : r)));
}

// ───────────────────────── the grapple card ─────────────────────────

function ownerUuids(scene: SceneDoc, record: GrappleRecord): { attacker: string; defender: string } {
  const uuid = (side: GrappleSide): string => {
    const actor: unknown = scene.tokens.get(record[side].tokenId)?.actor;
    return actor instanceof GenesysActor ? actor.uuid : "";
  };
  return { attacker: uuid("attacker"), defender: uuid("defender") };
}

/** Posts the card saying what happened; `after` is the hold as it now stands (null once it is over). */
async function postGrappleCard(scene: SceneDoc, record: GrappleRecord, event: GrappleEvent, after: GrappleRecord | null, detail: string | null = null): Promise<void> {
  const names = { attacker: record.attacker.name, defender: record.defender.name };
  const context = grappleCardContext(event, names, after, ownerUuids(scene, record), game.i18n, detail);
  const speakerActor: unknown = scene.tokens.get(record.attacker.tokenId)?.actor;
  const data = {
    speaker: speakerActor instanceof GenesysActor ? ChatMessage.getSpeaker({ actor: speakerActor }) : ChatMessage.getSpeaker(),
    content: await foundry.applications.handlebars.renderTemplate(GRAPPLE_CARD_TEMPLATE, { ...context }),
    flags: { [SYSTEM_SCOPE]: { [GRAPPLE_CARD_FLAG]: after ? { sceneId: scene.id, grappleId: record.id } : null } },
  } as ChatMessage.CreateData; // the system's FlagConfig entry lists the attack card's flags; this one is read as unknown
  await ChatMessage.implementation.create(data);
}

// ───────────────────────── start ─────────────────────────

async function onStart(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!isObject(raw) || !isRollChoice(raw["skillId"]) || !isRollChoice(raw["defenderSkillId"] ?? null)) return INVALID;
  const attackerToken = await tokenFrom(raw["attackerTokenUuid"]);
  const defenderToken = await tokenFrom(raw["defenderTokenUuid"]);
  if (!attackerToken || !defenderToken) return no("GENESYS.Grapple.Warn.TokenMissing");
  const scene = sceneOf(attackerToken);
  if (!scene || sceneOf(defenderToken)?.id !== scene.id) return no("GENESYS.Grapple.Warn.OtherScene");
  // fvtt-types types a token's parent as Scene.Stored, which the lint rule cannot match to the Scene class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  if (!requester.isGM && !sceneViewableBy(scene, requester.user)) return no("GENESYS.Grapple.Warn.UnseenScene");
  if (attackerToken.id === defenderToken.id || !attackerToken.id || !defenderToken.id) return no("GENESYS.Grapple.Warn.SameToken");
  const attacker = tokenOn(scene, attackerToken.id);
  if (!isFound(attacker)) return attacker;
  const defender = tokenOn(scene, defenderToken.id);
  if (!isFound(defender)) return defender;
  if (!mayAct(requester, attacker.actor)) return no("GENESYS.Grapple.Warn.NotYours", { name: attackerToken.name });
  for (const t of [attackerToken, defenderToken]) {
    if (grappleOfToken(scene, t.id ?? "")) return no("GENESYS.Grapple.Warn.AlreadyGrappling", { name: t.name });
  }
  const tag: GrappleContestTag = { kind: "start", sceneId: scene.id ?? "", attackerTokenId: attackerToken.id, defenderTokenId: defenderToken.id };
  const flavor = game.i18n.format("GENESYS.Grapple.Flavor.Start", { attacker: attackerToken.name, defender: defenderToken.name });
  const defenderChoice = typeof raw["defenderSkillId"] === "string" ? raw["defenderSkillId"] : null;
  const attackerRoll = rollFor(requester, attacker.actor, raw["skillId"]);
  if (!isRoll(attackerRoll)) return attackerRoll;
  const defenderRoll = rollFor(requester, defender.actor, defenderChoice);
  if (!isRoll(defenderRoll)) return defenderRoll;
  const posted = await postContest(attacker.actor, attackerRoll, defender.actor, defenderRoll, tag, flavor);
  return isPosted(posted) ? answerWhile(posted.created, { ok: true, data: { messageId: posted.messageId } }) : posted;
}

// ───────────────────────── a declared contest ─────────────────────────

/** The scene and record an intent names, read afresh; a refusal when the hold is over. */
function loadHold(raw: Record<string, unknown>): { scene: SceneDoc; record: GrappleRecord } | IntentResult {
  if (!isId(raw["sceneId"]) || !isId(raw["grappleId"])) return INVALID;
  const scene = sceneById(raw["sceneId"]);
  const record = scene ? readGrapples(scene).find((r) => r.id === raw["grappleId"]) : undefined;
  if (!scene || !record) return no("GENESYS.Grapple.Warn.Over");
  return { scene, record };
}

const isHold = (v: { scene: SceneDoc; record: GrappleRecord } | IntentResult): v is { scene: SceneDoc; record: GrappleRecord } => "record" in v;

/** Whether a contest card is still waiting for its outcome. */
function stillOpen(messageId: string | null): boolean {
  if (messageId === null) return false;
  // fvtt-types types get() as always finding it; the card may have been deleted.
  const message = game.messages.get(messageId) as CardMessage | undefined;
  return message !== undefined && contestState(message)?.settled === null;
}

/** §2.3.7 (A-19b, c) one side declares the contest: a card of its own, that side as side a. */
async function onContest(requester: Requester, raw: unknown): Promise<IntentOutcome> {
  if (!isObject(raw) || !isSide(raw["side"]) || !isRollChoice(raw["skillId"])) return INVALID;
  const loaded = loadHold(raw);
  if (!isHold(loaded)) return loaded;
  const { scene, record } = loaded;
  const side = raw["side"];
  const mine = tokenOn(scene, record[side].tokenId);
  if (!isFound(mine)) return mine;
  const theirs = tokenOn(scene, record[otherSide(side)].tokenId);
  if (!isFound(theirs)) return theirs;
  if (!mayAct(requester, mine.actor)) return no("GENESYS.Grapple.Warn.NotYours", { name: mine.token.name });
  if (stillOpen(record.pending[side])) return no("GENESYS.Grapple.Warn.Pending", { name: mine.token.name });
  const tag: GrappleContestTag = { kind: "contest", sceneId: scene.id ?? "", grappleId: record.id, declaredBy: side };
  const flavor = game.i18n.format(`GENESYS.Grapple.Flavor.${side}`, { attacker: record.attacker.name, defender: record.defender.name });
  const myRoll = rollFor(requester, mine.actor, raw["skillId"]);
  if (!isRoll(myRoll)) return myRoll;
  const posted = await postContest(mine.actor, myRoll, theirs.actor, defaultGrappleRoll(theirs.actor.items), tag, flavor);
  if (!isPosted(posted)) return posted;
  const round = side === "attacker" ? startedCombatRound(mine.actor) : null;
  const updated = readGrapples(scene).map((r) =>
    r.id === record.id ? { ...r, pending: { ...r.pending, [side]: posted.messageId }, attackerDeclaredRound: round ?? r.attackerDeclaredRound } : r,
  );
  // The hold names the card by the id chosen for it: both are written in the same round. Should the card fail, the
  // hold is put back as it was, so no declared contest or declared round stands without its card.
  const written = writeGrapples(scene, updated);
  const created = posted.created.catch(async (error: unknown) => {
    await written.catch(() => undefined);
    const restored = readGrapples(scene).map((r) => (r.id === record.id ? { ...r, pending: { ...r.pending, [side]: record.pending[side] }, attackerDeclaredRound: record.attackerDeclaredRound } : r));
    await writeGrapples(scene, restored);
    throw error;
  });
  return answerWhile(Promise.all([created, written]), { ok: true, data: { messageId: posted.messageId } });
}

// ───────────────────────── release ─────────────────────────

/** §2.3.7 the attacker lets go (the Narrator may end any hold); the defender frees himself only by a won contest. */
function onRelease(requester: Requester, raw: unknown): IntentOutcome {
  if (!isObject(raw)) return INVALID;
  const loaded = loadHold(raw);
  if (!isHold(loaded)) return loaded;
  const { scene, record } = loaded;
  const actor = genesysActor(scene.tokens.get(record.attacker.tokenId)?.actor);
  if (!requester.isGM && !(actor && mayAct(requester, actor))) return no("GENESYS.Grapple.Warn.OnlyAttackerReleases", { name: record.attacker.name });
  return answerWhile(endHold(scene, record, "released"));
}

/** Removes a hold, clears the statuses it set, says so: the three go out together (one round of writes). */
async function endHold(scene: SceneDoc, record: GrappleRecord, event: GrappleEvent, detail: string | null = null): Promise<void> {
  await Promise.all([writeGrapples(scene, readGrapples(scene).filter((r) => r.id !== record.id)), showHold(scene, record, releaseGrapple()), postGrappleCard(scene, record, event, null, detail)]);
}

// ───────────────────────── outcomes ─────────────────────────

function readTag(raw: unknown): GrappleContestTag | null {
  if (!isObject(raw) || !isId(raw["sceneId"])) return null;
  if (raw["kind"] === "start" && isId(raw["attackerTokenId"]) && isId(raw["defenderTokenId"])) {
    return { kind: "start", sceneId: raw["sceneId"], attackerTokenId: raw["attackerTokenId"], defenderTokenId: raw["defenderTokenId"] };
  }
  if (raw["kind"] === "contest" && isId(raw["grappleId"]) && isSide(raw["declaredBy"])) {
    return { kind: "contest", sceneId: raw["sceneId"], grappleId: raw["grappleId"], declaredBy: raw["declaredBy"] };
  }
  return null;
}

/** The tag of a contest card a GM's client wrote, or null. */
export function grappleTag(message: CardMessage): GrappleContestTag | null {
  if (!authoredByGm(message)) return null;
  // Read as unknown and checked field by field (readTag).
  const flags = message.flags as Record<string, Record<string, unknown> | undefined>;
  return readTag(flags[SYSTEM_SCOPE]?.[GRAPPLE_CONTEST_FLAG]);
}

/** §1.7.5 the settled contest's winner as grapple sides (side a declared it); an intermediate outcome is a tie. */
function winnerOf(state: ContestState, declaredBy: GrappleSide): ContestWinner {
  const settled = state.settled;
  if (settled?.outcome !== "win") return "tie";
  return settled.winner === "a" ? declaredBy : otherSide(declaredBy);
}

async function onSettled(message: CardMessage, state: ContestState): Promise<void> {
  const tag = grappleTag(message);
  if (!tag) return;
  const scene = sceneById(tag.sceneId);
  if (!scene) return;
  try {
    if (tag.kind === "start") await settleStart(scene, tag, state);
    else await settleContest(scene, tag, state);
  } catch (error) {
    console.error("GeneSys | grapple outcome", error);
  }
}

async function settleStart(scene: SceneDoc, tag: Extract<GrappleContestTag, { kind: "start" }>, contest: ContestState): Promise<void> {
  const attacker = scene.tokens.get(tag.attackerTokenId);
  const defender = scene.tokens.get(tag.defenderTokenId);
  if (!attacker || !defender) return;
  const record: GrappleRecord = {
    id: foundry.utils.randomID(16),
    attacker: { tokenId: tag.attackerTokenId, name: attacker.name },
    defender: { tokenId: tag.defenderTokenId, name: defender.name },
    state: { status: "held", attackerStreak: 0 },
    attackerDeclaredRound: null,
    pending: { attacker: null, defender: null },
    shown: { attacker: [], defender: [] },
  };
  const state = startGrapple(winnerOf(contest, "attacker"));
  if (state.status === "free") return postGrappleCard(scene, record, "notStarted", null);
  // Another hold of either token may have begun while this card waited for its dice.
  const busy = [tag.attackerTokenId, tag.defenderTokenId].find((id) => grappleOfToken(scene, id));
  if (busy) return postGrappleCard(scene, record, "notStarted", null, game.i18n.format("GENESYS.Grapple.Warn.AlreadyGrappling", { name: scene.tokens.get(busy)?.name ?? "" }));
  const held = { ...record, state };
  await writeGrapples(scene, [...readGrapples(scene), held]);
  await showAndKeep(scene, held);
  await postGrappleCard(scene, held, "started", held);
}

async function settleContest(scene: SceneDoc, tag: Extract<GrappleContestTag, { kind: "contest" }>, contest: ContestState): Promise<void> {
  const record = readGrapples(scene).find((r) => r.id === tag.grappleId);
  if (!record) return;
  const side = tag.declaredBy;
  const before = record.state;
  const after = grappleContest(before, { declaredBy: side, winner: winnerOf(contest, side) }, rulesOptions());
  const cleared = { ...record.pending, [side]: null };
  if (after.status === "free") {
    await writeGrapples(scene, readGrapples(scene).filter((r) => r.id !== record.id));
    await showHold(scene, record, after);
    return postGrappleCard(scene, record, "escaped", null);
  }
  const updated: GrappleRecord = { ...record, state: after, pending: cleared };
  await writeGrapples(scene, readGrapples(scene).map((r) => (r.id === record.id ? updated : r)));
  await showAndKeep(scene, updated);
  const event: GrappleEvent = after.status === "immobilised" && before.status !== "immobilised" ? "immobilised" : after.attackerStreak > before.attackerStreak ? "streak" : "kept";
  await postGrappleCard(scene, updated, event, updated);
}

// ───────────────────────── tokens deleted, combats ended, turns passed ─────────────────────────

function activeGm(): boolean {
  return game.users.activeGM?.isSelf === true;
}

/** A token deleted: its holds end, the other contender's statuses go (the deleted token's went with it). */
export async function onTokenDeleted(token: TokenDoc): Promise<void> {
  const scene = sceneOf(token);
  if (!scene || !token.id) return;
  const found = grappleOfToken(scene, token.id);
  if (!found) return;
  await endHold(scene, found.record, "ended", game.i18n.format("GENESYS.Grapple.Ended.TokenGone", { name: token.name }));
}

/** A combat deleted (the fight is over): the holds between its combatants end. */
export async function onCombatEnded(combat: { combatants: Iterable<{ actor: unknown }> }): Promise<void> {
  const uuids = new Set<string>();
  for (const c of combat.combatants) if (c.actor instanceof GenesysActor) uuids.add(c.actor.uuid);
  for (const scene of game.scenes) {
    for (const record of readGrapples(scene)) {
      const fighting = [record.attacker, record.defender].some((p) => {
        const actor: unknown = scene.tokens.get(p.tokenId)?.actor;
        return actor instanceof GenesysActor && uuids.has(actor.uuid);
      });
      if (fighting) await endHold(scene, record, "ended", game.i18n.localize("GENESYS.Grapple.Ended.CombatOver"));
    }
  }
}

/**
 * §2.3.7 (A-19a) the attacker's turn ended: if he declared no contest in that round, the world's setting decides
 * whether his streak stands (grappleIdleTurn).
 */
export async function onTurnEnded(prior: { round: number | null; combatantId: string | null }, combat: { combatants: { get(id: string): { actor: unknown } | undefined } }): Promise<void> {
  if (prior.combatantId === null || prior.round === null) return;
  const actor: unknown = combat.combatants.get(prior.combatantId)?.actor;
  if (!(actor instanceof GenesysActor)) return;
  for (const scene of game.scenes) {
    for (const record of readGrapples(scene)) {
      const attackerActor: unknown = scene.tokens.get(record.attacker.tokenId)?.actor;
      if (!(attackerActor instanceof GenesysActor) || attackerActor.uuid !== actor.uuid) continue;
      if (record.attackerDeclaredRound === prior.round || record.state.attackerStreak === 0) continue;
      const after = grappleIdleTurn(record.state, rulesOptions());
      if (after.attackerStreak === record.state.attackerStreak) continue;
      const updated = { ...record, state: after };
      await writeGrapples(scene, readGrapples(scene).map((r) => (r.id === record.id ? updated : r)));
      await postGrappleCard(scene, updated, "idle", updated);
    }
  }
}

/** Runs a hook's work on the active GM's client only, in the queue every intent uses; errors are logged. */
function asGm(work: () => Promise<void>): void {
  if (!activeGm()) return;
  void gmQueue.run(work).catch((error: unknown) => {
    console.error("GeneSys | grapple", error);
  });
}

/** Registers the grapple intents, the contest outcome and the clean-up hooks. Call at init. */
export function registerGrappleIntents(): void {
  registerIntent(GRAPPLE_INTENTS.start, onStart);
  registerIntent(GRAPPLE_INTENTS.contest, onContest);
  registerIntent(GRAPPLE_INTENTS.release, (requester, raw) => Promise.resolve(onRelease(requester, raw)));
  onContestSettled(onSettled);
  Hooks.on("deleteToken", (token) => {
    asGm(() => onTokenDeleted(token));
  });
  Hooks.on("deleteCombat", (combat) => {
    asGm(() => onCombatEnded(combat));
  });
  Hooks.on("combatTurnChange", (combat, prior) => {
    asGm(() => onTurnEnded(prior, combat));
  });
}
