/**
 * The scenario steps of the in-Foundry self-test; quench.ts puts them into a Quench batch. Each step takes the few
 * things it needs, makes its documents through the Scratch (so cleanup finds them) and asserts as it goes with the
 * batch's chai-style `assert`. Everything is played from the Narrator's client through the public API a sheet, a card
 * button or the combat tracker would call, so the same checks run as at the table.
 */
import type { DefenceAnswer } from "../attack/defence-answer.js";
import { sendIntent } from "../authority/intent-channel.js";
import { gmQueue } from "../authority/serial-queue.js";
import { approvalWritesSettled, approveEffect } from "../authority/effect-approvals.js";
import { releaseHold, startGrapple, holdOf } from "../grapple/grapple-flow.js";
import { grappleBlocksMovement } from "../documents/grapple-movement.js";
import { SEAL_REVEAL_INTENT, openSealed, sealedCardOf } from "../chat/sealed-card.js";
import { attack, cardState, objectTarget, onCardAction, type CardMessage } from "../attack/attack-flow.js";
import { type CardAction } from "../attack/card-actions.js";
import { CARD_INTENTS } from "../attack/card-intent-kinds.js";
import { contestState, onContestAction } from "../contest/contest-flow.js";
import { openRequestSecret, requestStateOf } from "../request/request-card.js";
import { rollRequestRow } from "../request/request-flow.js";
import { REQUEST_INTENTS } from "../request/request-plan.js";
import type { AttackRow } from "../attack/attack-card.js";
import { rollModeOption, type MessageMode } from "../compat/message-mode.js";
import { effectChangesData } from "../compat/effect-changes.js";
import { CONDITION_STATUS, CONDITION_STATUS_IDS } from "../config/statuses.js";
import { defaultAnswer, prepareAttack, type AttackAnswer, type AttackPlan, type TargetRef } from "../attack/attack-roll.js";
import type { GenesysActor } from "../documents/actor.js";
import { CharacterModel } from "../data/actor/character.js";
import { AnimalModel } from "../data/actor/animal.js";
import type { GenesysCombat } from "../documents/combat.js";
import { isGenesysCombatant, type GenesysCombatant } from "../documents/combatant.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import type { GenesysItem } from "../documents/item.js";
import { conditionThresholds } from "../rules/condition.js";
import { INCREMENT_POINTS_PER_GRADE } from "../rules/increment.js";
import { TIME_INTENTS, timeCardOf } from "../time/time-requests.js";
import type { ActorType, ItemType, Scratch, SelfTestWorld, SheetProbe } from "./scratch.js";
import { rollLosingControl } from "../tools/losing-control.js";
import { TOOL_INTENTS } from "../tools/tool-intent-kinds.js";
import { rollNpcReaction } from "../tools/npc-reaction.js";
import { rollRecognition } from "../tools/recognition.js";
import { applyGenericDamage } from "../hazards/generic-damage.js";
import { HAZARD_UNDO_INTENT, hazardCardOf } from "../hazards/hazard-chat.js";
import { NARRATOR_CONTROL_GROUP, NARRATOR_CONTROL_TOOLS } from "../applications/scene-controls.js";
import { startStudy } from "../study/study-dialog.js";
import { SkillModel } from "../data/item/skill.js";
import { WeaponModel } from "../data/item/weapon.js";
import { sceneControlsApp } from "../compat/scene-controls.js";
import { allowanceOf } from "../documents/movement-allowance.js";
import { askMovementCheck } from "../request/movement-check-request.js";
import { WAYPOINT_LABEL_TEMPLATE, coreTokenRuler } from "../canvas/token-ruler.js";
import { lineupOf } from "../encounter/encounter-sides.js";
import { postOddsCard } from "../encounter/odds-card.js";
import { defaultSettings, OddsSession } from "../encounter/odds-session.js";
import { shareView } from "../encounter/odds-view.js";
import { simulateEncounter } from "../rules/sim/encounter.js";

/** The chai `assert` members the steps use (Quench passes chai's; the unit tests one built on node:assert). */
export interface Assert {
  ok(value: unknown, message?: string): void;
  strictEqual(actual: unknown, expected: unknown, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  isAbove(value: number, above: number, message?: string): void;
}

export const ACTOR_TYPES: readonly ActorType[] = ["character", "npc", "animal"];
export const ITEM_TYPES: readonly ItemType[] = ["skill", "trait", "weapon", "armor", "gear"];

/** The value, or a failure naming what was missing (chai's assert does not narrow types). */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(what);
  return value;
}

/** How the flows let time pass: the run's world decides (real time in Foundry, the double's clock in the tests). */
let sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The batch's waits use this world's clock from now on. */
export function passTimeIn(world: Pick<SelfTestWorld, "pause">): void {
  sleep = (ms) => world.pause(ms);
}

/** Polls until `condition` holds: statuses and combat syncs follow an update on their own, a moment later. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${String(timeoutMs)} ms waiting for ${what}`);
    await sleep(25);
  }
}

/**
 * Lets the Narrator's client finish what it queued in the background (round starts, turn syncs): a few passes through
 * its queue, then more while `until` does not hold yet (a real server's round trips take longer than the double's).
 * It never fails by itself; the assertion that follows says what did not happen.
 */
export async function settle(until: () => boolean = () => true, timeoutMs = 3_000): Promise<void> {
  const start = Date.now();
  for (let pass = 0; pass < 3 || (!until() && Date.now() - start < timeoutMs); pass++) {
    await sleep(20);
    await gmQueue.run(() => Promise.resolve());
  }
}

/** Game settings by a key the 13.345 types may not declare (v14's core.messageMode). */
interface UntypedSettings {
  get(namespace: string, key: string): unknown;
  set(namespace: string, key: string, value: unknown): Promise<unknown>;
}

/**
 * Runs `fn` with the chat's roll mode set, and puts the user's own choice back whatever happens. The setting is
 * v13's core.rollMode or v14's core.messageMode, as compat/message-mode.ts reads it.
 */
export async function withMessageMode<T>(mode: MessageMode, fn: () => Promise<T>): Promise<T> {
  const key = game.release.generation >= 14 ? "messageMode" : "rollMode";
  // The same settings object, seen through the untyped key of whichever generation this is.
  const settings = game.settings as unknown as UntypedSettings;
  const previous = settings.get("core", key);
  await settings.set("core", key, rollModeOption(mode));
  try {
    return await fn();
  } finally {
    await settings.set("core", key, previous);
  }
}

/** Characteristics of an ordinary person whose Riflessi come out as `reflexes` (Percezione = Destrezza). */
function person(reflexes = 7): { characteristics: Record<string, number> } {
  return { characteristics: { dexterity: reflexes, experience: 7, charm: 7, strength: 7, perception: reflexes } };
}

const PISTOL = {
  name: "Pistola",
  type: "weapon",
  system: {
    skill: "pistola",
    modes: [{
      key: "oneHanded",
      skill: "",
      damage: { dice: 4, faces: 6, strength: false, flat: 0, type: "wounding" },
      minStrength: 0,
      magazine: 12,
      preparation: 0,
      range: { kind: "metres", value: 600 },
      multiAttack: 1,
    }],
    mode: 0,
    ready: true,
    rounds: 12,
  },
};
/** Percezione 7 + 5 bought: grade 12. The item's name gives the slug the pistol asks for. */
const PISTOL_SKILL = { name: "Pistola", type: "skill", system: { characteristic: "perception", bought: 5, earned: 0 } };

// ───────────────────────── actors, items and sheets ─────────────────────────

export async function createEveryActor(scratch: Scratch, assert: Assert): Promise<Record<ActorType, GenesysActor>> {
  const made: Record<ActorType, GenesysActor> = {
    character: await scratch.actor("Protagonista", { type: "character", system: person() }),
    npc: await scratch.actor("Comparsa", { type: "npc", system: person() }),
    animal: await scratch.actor("Animale", { type: "animal", system: { reflexes: 8, resistance: 12 } }),
  };
  for (const type of ACTOR_TYPES) {
    const actor = made[type];
    assert.strictEqual(actor.type, type, `${actor.name} has the wrong type`);
    assert.ok(actor.genesys, `${actor.name} has no GeneSys data model`);
    assert.ok(game.actors.has(actor.id ?? ""), `${actor.name} is not among the world's actors`);
  }
  return made;
}

export async function createEveryItem(scratch: Scratch, assert: Assert): Promise<Record<ItemType, GenesysItem>> {
  const made: Record<ItemType, GenesysItem> = {
    skill: await scratch.item("Abilità", { type: "skill", system: PISTOL_SKILL.system }),
    trait: await scratch.item("Tratto", { type: "trait" }),
    weapon: await scratch.item("Arma", { type: "weapon", system: PISTOL.system }),
    armor: await scratch.item("Armatura", { type: "armor", system: { defence: 15, minStrength: 6, coverage: "torso", worn: true } }),
    gear: await scratch.item("Equipaggiamento", { type: "gear" }),
  };
  for (const type of ITEM_TYPES) assert.strictEqual(made[type].type, type, `${made[type].name} has the wrong type`);
  return made;
}

/** Opens, reads and closes the sheet of each document: it must render without error, as a GeneSys sheet with parts. */
export async function renderEverySheet(scratch: Scratch, documents: readonly (GenesysActor | GenesysItem)[], assert: Assert): Promise<SheetProbe[]> {
  const probes: SheetProbe[] = [];
  for (const doc of documents) {
    const probe = await scratch.world.renderSheet(doc);
    assert.ok(probe.rendered, `the sheet of ${doc.name} did not render`);
    assert.ok(probe.classes.includes("genesys"), `the sheet of ${doc.name} is not a GeneSys sheet (classes: ${probe.classes.join(" ")})`);
    assert.isAbove(probe.parts.length, 0, `the sheet of ${doc.name} rendered no parts`);
    probes.push(probe);
  }
  return probes;
}

// ───────────────────────── checks in every roll mode ─────────────────────────

/** What a posted check tells about who may see it. */
interface SeenMessage {
  id: string | null;
  whisper: string[];
  blind: boolean;
  /** How many open rolls it carries (a sealed blind card carries none: chat/sealed-card.ts). */
  rolls: number;
  /** Whether it carries a sealed card. */
  sealed: boolean;
}

/** A posted message as rollCheck returns it (a message, or for a blind check possibly only `true`: see rollEveryMode). */
function seenMessage(result: unknown): SeenMessage | null {
  if (typeof result !== "object" || result === null) return null;
  // A non-null object: each field is checked before it is used.
  const m = result as { id?: unknown; whisper?: unknown; blind?: unknown; rolls?: unknown; getFlag?: unknown };
  if (!Array.isArray(m.whisper)) return null;
  const whisper = m.whisper.filter((w): w is string => typeof w === "string");
  const flag: unknown = typeof m.getFlag === "function" ? (m.getFlag as (scope: string, key: string) => unknown).call(result, SYSTEM_ID, "sealed") : undefined;
  return { id: typeof m.id === "string" ? m.id : null, whisper, blind: m.blind === true, rolls: Array.isArray(m.rolls) ? m.rolls.length : 0, sealed: flag !== undefined };
}

const isNarrator = (id: string): boolean => game.users.contents.some((u) => u.id === id && u.isGM);

export type CheckOutcome = { mode: MessageMode; result: "message" | "made"; whisper: string[]; blind: boolean };

export const MESSAGE_MODES: readonly MessageMode[] = ["public", "gm", "blind", "self"];

/**
 * §1.7 one check on Destrezza in each of Foundry's roll modes (public, private GM, blind, self), chosen as in the chat
 * controls and rolled through actor.rollCheck as the sheet calls it. A blind check is the Narrator's client's own roll
 * (§1.7.3), posted sealed (chat/sealed-card.ts) to the Narrators; its answer may be the card or just `true` that it was
 * made, so both are accepted.
 */
export async function rollEveryMode(actor: GenesysActor, scratch: Scratch, assert: Assert): Promise<CheckOutcome[]> {
  const outcomes: CheckOutcome[] = [];
  for (const mode of MESSAGE_MODES) {
    const result: unknown = await withMessageMode(mode, () => actor.rollCheck({ characteristic: "dexterity", prompt: false }));
    const seen = seenMessage(result);
    scratch.adoptMessage(seen?.id);
    if (mode === "blind" && result === true) {
      outcomes.push({ mode, result: "made", whisper: [], blind: true });
      continue;
    }
    const message = must(seen, `the ${mode} check posted nothing (rollCheck gave ${String(result)})`);
    switch (mode) {
      case "public":
        assert.deepEqual(message.whisper, [], "a public check is whispered to nobody");
        assert.strictEqual(message.blind, false, "a public check is not blind");
        break;
      case "gm":
        assert.ok(message.whisper.length > 0 && message.whisper.every(isNarrator), "a private check is whispered to the Narrators only");
        assert.strictEqual(message.blind, false, "a private check is not blind");
        break;
      case "blind":
        // The Narrator rolled it: the placeholder goes to the Narrators only, the roll inside it sealed.
        assert.ok(message.whisper.length > 0 && message.whisper.every(isNarrator), "a blind check is whispered to the Narrators only");
        assert.ok(message.sealed, "a blind check is a sealed card");
        assert.strictEqual(message.rolls, 0, "a blind check carries no open roll");
        break;
      case "self":
        assert.deepEqual(message.whisper, [game.user.id], "a self check is whispered to its roller only");
        assert.strictEqual(message.blind, false, "a self check is not blind");
        break;
    }
    outcomes.push({ mode, result: "message", whisper: message.whisper, blind: message.blind });
  }
  return outcomes;
}

// ───────────────────────── the public API, as a macro calls it ─────────────────────────

/**
 * §1.7.1 a check through `game.genesys.rollCheck` with the skill named by its language-free key, as the hotbar's
 * macros and other modules call it: the card is the skill's (grade 12 = Percezione 7 + 5 bought). Returns the grade.
 */
export async function rollThroughApi(scratch: Scratch, assert: Assert): Promise<number> {
  const { shooter } = await createShooter(scratch);
  const message = await withMessageMode("public", () => game.genesys.rollCheck(shooter, { skill: "pistola", difficulty: 15, prompt: false }));
  scratch.adoptMessage(message?.id);
  const roll: unknown = must(message, "game.genesys.rollCheck posted nothing").rolls[0];
  const options = must(roll instanceof foundry.dice.Roll ? (roll.options as { grade?: unknown; skillId?: unknown }) : null, "the card carries no check roll");
  const skill = shooter.items.find((i) => i.type === "skill");
  assert.strictEqual(options.skillId, skill?.id, "the check is the skill's the key names");
  assert.strictEqual(options.grade, 12, "Percezione 7 + 5 bought");
  return 12;
}

// ───────────────────────── the Narrator asks for a check ─────────────────────────

/**
 * A request card through game.genesys.requestCheck, its difficulty hidden: the row rolled from the card (the Narrator
 * rolls for the shooter they own), the open card still without the difficulty, the Narrators' part holding the result,
 * then the Reveal. Returns the row's total.
 */
export async function requestAndReveal(scratch: Scratch, assert: Assert): Promise<number> {
  const { shooter } = await createShooter(scratch);
  const card = must(await game.genesys.requestCheck({ skill: "pistola", difficulty: 15, hidden: true, actors: [shooter.uuid], prompt: false }), "no request card");
  scratch.adoptMessage(card.id);
  const state = must(requestStateOf(card), "the card is not a Narrator's request");
  assert.strictEqual(state.difficulty, null, "a hidden difficulty is not in the card's open state");
  const rowId = must(state.order[0], "the card has no row");
  const before = new Set(game.messages.contents.map((m) => m.id));
  assert.ok(await rollRequestRow(card, rowId), "the row is rolled from the card");
  for (const m of game.messages.contents) if (!before.has(m.id)) scratch.adoptMessage(m.id);
  const rolled = must(requestStateOf(card), "the card is gone");
  assert.ok(rolled.rows[rowId]?.rolled, "the row is marked rolled");
  assert.strictEqual(rolled.rows[rowId]?.result, null, "the result is not in the open state");
  const secret = must(await openRequestSecret(card, rolled), "the Narrator's client cannot open the request's sealed part");
  assert.strictEqual(secret.difficulty, 15, "the sealed part holds the difficulty");
  const total = must(secret.results[rowId]?.total, "the sealed part holds no result");
  assert.ok((await sendIntent(REQUEST_INTENTS.reveal, { messageId: card.id })).ok, "the Narrator's Reveal goes through");
  const revealed = must(requestStateOf(card), "the card is gone");
  assert.strictEqual(revealed.difficulty, 15, "revealed, the difficulty is on the card");
  assert.strictEqual(revealed.rows[rowId]?.result?.total, total, "revealed, the result is on the card");
  return total;
}

// ───────────────────────── the Narrator's chapter 3 tools ─────────────────────────

/**
 * §3.1.3, §3.1.4, §3.1.6 on an unlinked wolf and a character: the wolf's reaction to a Protagonist's typed numbers
 * (whispered to the Narrators), the character's recognition by an animal (never: no roll) and his losing-control check
 * with its band card. None of them changes an actor. Returns how many tool cards were posted.
 */
/**
 * Active Effects (issue 11): a gear item's effect raises Forza on its owner, and Resistenza follows (§1.2.2); disabling
 * the effect takes it back. Played on a world actor through Foundry's own ActiveEffect documents.
 */
export async function itemEffectsChangeNumbers(scratch: Scratch, assert: Assert): Promise<void> {
  const ring = { name: "Anello di forza", type: "gear", effects: [{ name: "Anello di forza", transfer: true, ...effectChangesData([{ key: "system.characteristics.strength", kind: "add", value: "1" }]) }] };
  const hero = await scratch.actor("Portatore", { type: "character", system: person(), items: [ring] });
  const sys = hero.system;
  assert.ok(sys instanceof CharacterModel, "not a character");
  if (!(sys instanceof CharacterModel)) return;
  assert.strictEqual(sys.effective.strength, 8, "the ring's +1 Forza is not applied");
  assert.strictEqual(sys.derived.resistance, 32, "Resistenza does not follow the effect");
  const effect = must([...(hero.items.find((i) => i.name === "Anello di forza")?.effects ?? [])][0], "the ring has no effect");
  await effect.update({ disabled: true });
  await settle(() => hero.system instanceof CharacterModel && hero.system.effective.strength === 7);
  assert.strictEqual(hero.system instanceof CharacterModel ? hero.system.derived.resistance : -1, 28, "a disabled effect still counts");
}

/**
 * Approved effects (issue 19): a Narrator's new effect counts at once; taken out of the approvals it counts for nothing
 * (as a player's own effect waits); approved on the sheet's button it counts again; edited by the Narrator it is
 * approved again as it is now.
 */
export async function effectApprovalBinding(scratch: Scratch, assert: Assert): Promise<void> {
  const hero = await scratch.actor("Approvato", { type: "character", system: person() });
  const checks = (): number => (hero.system instanceof CharacterModel ? hero.system.sources.checks.all.reduce((sum, p) => sum + p.value, 0) : Number.NaN);
  await hero.createEmbeddedDocuments("ActiveEffect", [{ name: "Benedizione", ...effectChangesData([{ key: "genesys.check", kind: "add", value: "2" }]) }]); // either generation's shape (compat)
  await approvalWritesSettled();
  assert.strictEqual(checks(), 2, "the Narrator's own effect does not count at once");
  await hero.update({ "system.approvals": [] } as Actor.UpdateData);
  await settle(() => checks() === 0);
  assert.strictEqual(checks(), 0, "an effect without approval still counts");
  const blessing = must([...hero.effects].find((e) => e.name === "Benedizione"), "the effect is gone");
  assert.strictEqual(await approveEffect(blessing), true, "Approve did nothing");
  assert.strictEqual(checks(), 2, "the approved effect does not count");
  await blessing.update(effectChangesData([{ key: "genesys.check", kind: "add", value: "3" }]));
  await approvalWritesSettled();
  await settle(() => checks() === 3);
  assert.strictEqual(checks(), 3, "the Narrator's edit is not approved as it is now");
}

/** The shooter's plan against one token's actor 4 m away, as the attack dialog would open on it. */
function attackPlanAgainst(shooter: GenesysActor, weaponId: string, actor: GenesysActor, tokenUuid: string | null): { ref: TargetRef; plan: AttackPlan } {
  const ref: TargetRef = { actor, tokenUuid, name: actor.name, distance: 4 };
  const planned = prepareAttack(shooter, weaponId, [ref], (key) => game.i18n.localize(key));
  if (!planned.ok) throw new Error(`no attack plan: ${game.i18n.format(planned.refusal.warning, planned.refusal.data)}`);
  return { ref, plan: planned.value };
}

/**
 * Effects in an attack roll (issue 11, §2.3.1 an attack is a check on its skill): a lens with a Percezione check bonus
 * puts its +2 on the Pistola roll against an unlinked wolf, as a part named for its source, counted in the total.
 */
export async function effectsInAttackRoll(scratch: Scratch, assert: Assert): Promise<void> {
  const lens = { name: "Lente", type: "gear", effects: [{ name: "Lente", transfer: true, ...effectChangesData([{ key: "genesys.check.perception", kind: "add", value: "2" }]) }] };
  const shooter = await scratch.actor("Tiratore con lente", { type: "npc", system: person(), items: [PISTOL_SKILL, PISTOL, lens] });
  const weaponId = must(shooter.items.find((i) => i.type === "weapon")?.id, "the shooter has no pistol");
  const { target } = await unlinkedWolf(scratch, assert);
  const wolf = must(target.actor(), "the wolf's token has no actor");
  const { ref, plan } = attackPlanAgainst(shooter, weaponId, wolf, target.tokenUuid);
  const known = new Set(game.messages.contents.map((m) => m.id));
  try {
    const posted = await withMessageMode("public", () => attack(shooter, weaponId, { targets: [ref], answer: defaultAnswer(plan) }));
    assert.strictEqual(posted, true, "attack() posted no card (see Foundry's warning)");
    const card = must(game.messages.contents.find((m) => !known.has(m.id) && cardState(m) !== null), "the attack card is not in game.messages");
    const row = must(Object.values(must(cardState(card), "no card state").rows)[0], "the attack card has no row");
    assert.deepEqual(row.parts.filter((p) => p.key === "effect"), [{ key: "effect", value: 2, label: "Lente" }], "the lens's +2 is not a part of the attack roll");
    const sum = row.attack.dice.reduce((a, b) => a + b, 0) + plan.grade.value + row.parts.reduce((a, p) => a + p.value, 0);
    assert.strictEqual(row.attack.total, sum, "the attack total leaves out a part");
    assert.ok(card.content.includes("Lente"), "the card does not name the lens");
    // Issue 22: the element the chat log inserts already shows the card with its buttons (chat/chat-message.ts).
    const shown = (await card.renderHTML()).querySelector(".message-content");
    assert.ok(shown?.innerHTML.includes("data-attack-action") === true, "the rendered message does not show the card's buttons yet");
  } finally {
    for (const m of game.messages.contents) if (!known.has(m.id)) scratch.adoptMessage(m.id);
  }
}

/**
 * Issue 19 a claim struck and restored: the card a player's attack makes carries its claims (card-claims.ts); this
 * client, a Narrator's, cannot make one, so the claim is written into its own card as the intent handler would. The
 * Narrator sets the target 3 below the total, strikes the +6 (the hit becomes a miss), restores it (a hit again).
 */
export async function strikeAndRestoreClaim(scratch: Scratch, assert: Assert): Promise<void> {
  const answer = (plan: AttackPlan): AttackAnswer => ({ ...defaultAnswer(plan), advantages: ["opponentBlinded" as const] });
  await onWolfAttackCard(scratch, assert, answer, async ({ card, rowId }) => {
    const claims = [{ roll: "attack", key: "advantage", value: 6, struck: false }];
    await card.update({ [`flags.genesys-gdr.attack.rows.${rowId}.claims`]: claims });
    const total = rowOf(card, rowId).attack.total;
    assert.strictEqual((await click(card, "static", rowId, assert, { staticDifficulty: total - 3 })).outcome, "hit", "3 under the total is no hit");
    const struck = await click(card, "strike", rowId, assert, { claim: "attack:advantage" });
    assert.strictEqual(struck.outcome, "miss", "the struck +6 did not turn the hit into a miss");
    assert.ok(card.content.includes("genesys-attack__claims"), "the card does not list its claims");
    assert.strictEqual((await click(card, "strike", rowId, assert, { claim: "attack:advantage" })).outcome, "hit", "restoring the claim did not bring the hit back");
  });
}

/**
 * A fresh shooter's public attack on an unlinked wolf: `play` gets the card and its row; whatever happens, the run's
 * messages are handed to the scratch books for the clean-up.
 */
async function onWolfAttackCard(
  scratch: Scratch,
  assert: Assert,
  answerOf: (plan: AttackPlan) => AttackAnswer,
  play: (posted: { shooter: GenesysActor; target: AttackTarget; card: CardMessage; rowId: string }) => Promise<void>,
): Promise<void> {
  const { shooter, weaponId } = await createShooter(scratch);
  const { target } = await unlinkedWolf(scratch, assert);
  const wolf = must(target.actor(), "the wolf's token has no actor");
  const { ref, plan } = attackPlanAgainst(shooter, weaponId, wolf, target.tokenUuid);
  const known = new Set(game.messages.contents.map((m) => m.id));
  try {
    assert.strictEqual(await withMessageMode("public", () => attack(shooter, weaponId, { targets: [ref], answer: answerOf(plan) })), true, "attack() posted no card");
    const card = must(game.messages.contents.find((m) => !known.has(m.id) && cardState(m) !== null), "the attack card is not in game.messages");
    const rowId = must(Object.values(must(cardState(card), "no card state").rows)[0]?.id, "the attack card has no row");
    await play({ shooter, target, card, rowId });
  } finally {
    for (const m of game.messages.contents) if (!known.has(m.id)) scratch.adoptMessage(m.id);
  }
}

export async function narratorToolCards(scratch: Scratch, assert: Assert): Promise<number> {
  const { target } = await unlinkedWolf(scratch, assert);
  const wolf = must(target.actor(), "the wolf's token has no actor");
  const { shooter } = await createShooter(scratch);
  const before = JSON.stringify([wolf.toObject(), shooter.toObject()]);
  const known = new Set(game.messages.contents.map((m) => m.id));
  try {
    const reaction = must(await rollNpcReaction(wolf, { protagonist: { name: "Alven", charm: 8, reputation: 5 } }), "no reaction card");
    // Narrator-only: sealed like a blind roll, so what every client receives says nothing; the Narrator's client opens it.
    const sealed = must(sealedCardOf(reaction), "the reaction card is not sealed");
    assert.ok(reaction.whisper.length > 0 && !reaction.content.includes("genesys-tool reaction"), "the reaction card is not a sealed whisper to the Narrators");
    const opened = await openSealed(reaction, sealed);
    assert.ok(opened.ok, "the Narrator's client cannot open the reaction card");
    const recognition = must(await rollRecognition(shooter, { observer: "animal" }), "no recognition card");
    assert.strictEqual(recognition.rolls.length, 0, "an animal never recognises: nothing is rolled");
    const losing = must(await withMessageMode("public", () => rollLosingControl(shooter, { cause: "fear", difficulty: 15 })), "no losing-control card");
    assert.ok(losing.content.includes("genesys-tool losingControl"), "the band card follows the Esperienza check");
  } finally {
    for (const m of game.messages.contents) if (!known.has(m.id)) scratch.adoptMessage(m.id);
  }
  assert.strictEqual(JSON.stringify([wolf.toObject(), shooter.toObject()]), before, "a tool changed an actor");
  return 3;
}

// ───────────────────────── issue 13: encounter odds ─────────────────────────

/**
 * The odds of a shooter (friendly) against an unlinked pack wolf (hostile): the sliced run reaches its 400 fights and
 * equals simulateEncounter for the seed, and the card, whispered to the Narrators, shows each side's win share.
 */
export async function encounterOddsCard(scratch: Scratch, assert: Assert): Promise<number> {
  const { target } = await unlinkedWolf(scratch, assert);
  const wolf = must(target.actor(), "the wolf's token has no actor");
  const { shooter } = await createShooter(scratch);
  const lineup = lineupOf([{ name: shooter.name, actor: shooter, disposition: 1 }, { name: wolf.name, actor: wolf, disposition: -1 }], (key) => game.i18n.localize(key));
  assert.strictEqual(lineup.party.length + lineup.foes.length, 2, "a side lost its combatant");
  const session = new OddsSession(lineup, ["A", "B"], { ...defaultSettings(13), fights: 400 });
  const results = must(await session.run(), "the run gave no results");
  assert.strictEqual(session.done, 400, "the run stopped short");
  assert.deepEqual(results, simulateEncounter(session.setup(), 13, 400), "the sliced run differs from simulateEncounter");
  const known = new Set(game.messages.contents.map((m) => m.id));
  try {
    const card = must(await postOddsCard(results), "no odds card");
    const narrators = new Set(game.users.contents.filter((u) => u.isGM).map((u) => u.id));
    assert.ok(card.whisper.length > 0 && card.whisper.every((id) => id !== null && narrators.has(id)), "the odds card is not whispered to the Narrators only");
    for (const side of results.sides) assert.ok(card.content.includes(shareView(side.wins).text), `the card lacks ${side.name}'s win share`);
  } finally {
    for (const m of game.messages.contents) if (!known.has(m.id)) scratch.adoptMessage(m.id);
  }
  return results.fights;
}

// ───────────────────────── a blind check, sealed and revealed ─────────────────────────

/**
 * §1.7.3 a blind check on Percezione: posted sealed (no open roll in its data), opened on this (the Narrator's) client
 * with the Narrators' key, then revealed through the Narrator's intent, after which it is an ordinary roll message.
 * Returns the total the reveal showed.
 */
export async function sealAndReveal(actor: GenesysActor, scratch: Scratch, assert: Assert): Promise<number> {
  const result: unknown = await withMessageMode("public", () => actor.rollCheck({ characteristic: "perception", difficulty: 15, blind: true, prompt: false }));
  const seen = must(seenMessage(result), "the blind check gave no card to the Narrator");
  scratch.adoptMessage(seen.id);
  assert.ok(seen.sealed, "the blind check is a sealed card");
  assert.strictEqual(seen.rolls, 0, "the sealed card carries no open roll");
  // fvtt-types types get() as always finding the message, but it may have been deleted since.
  const message = must(seen.id === null ? null : (game.messages.get(seen.id) as ChatMessage.Stored | undefined), "the sealed card is not in the chat log");
  const card = must(sealedCardOf(message), "the card is not a Narrator's sealed card");
  const opened = await openSealed(message, card);
  assert.ok(opened.ok, "the Narrator's client opens the sealed card");
  const answer = await sendIntent(SEAL_REVEAL_INTENT, { messageId: message.id });
  assert.ok(answer.ok, "the Narrator's Reveal goes through");
  const after = must(seenMessage(message), "the revealed card is gone");
  assert.ok(!after.sealed, "once revealed the card is no longer sealed");
  assert.strictEqual(after.rolls, 1, "once revealed the card carries its roll");
  const total = message.rolls[0]?.total;
  return must(typeof total === "number" ? total : null, "the revealed roll has no total");
}

// ───────────────────────── attack → defence → damage → apply → undo ─────────────────────────

/** A shooter with the Pistola skill (grade 12) and a loaded pistol, and the pistol's item id. */
export async function createShooter(scratch: Scratch): Promise<{ shooter: GenesysActor; weaponId: string }> {
  const shooter = await scratch.actor("Tiratore", { type: "npc", system: person(), items: [PISTOL_SKILL, PISTOL] });
  const weapon = shooter.items.find((i) => i.type === "weapon");
  return { shooter, weaponId: must(weapon?.id, "the shooter has no pistol") };
}

/** What the card attacks and how it defends. */
export interface AttackTarget {
  /** The target's actor as it is now (a token actor is re-read through its token). */
  actor(): GenesysActor | null;
  tokenUuid: string;
  defence: DefenceAnswer;
  /** For an unlinked token: the world actor it was made from, which the hit must not touch. */
  worldActor?: GenesysActor;
}

export const DODGE: DefenceAnswer = {
  choice: "dexterity",
  grade: null,
  maneuver: false,
  dive: false,
  cover: "none",
  advantages: [],
  surprised: false,
  opponentProne: false,
  modifier: 0,
};

export const ANIMAL_DEFENCE: DefenceAnswer = { ...DODGE, choice: "animal" };

/** The Narrator's override of the attack's modifiers: 2D10 + 12 + 40 beats any defence these targets can roll. */
const SURE_HIT = 40;

const woundsOf = (actor: GenesysActor | null): number => must(actor?.genesys, "the target is gone").wounds.value;

export interface AttackReport {
  card: CardMessage;
  row: AttackRow;
  wounds: { before: number; hit: number; undone: number };
}

function rowOf(card: CardMessage, rowId: string): AttackRow {
  return must(cardState(card)?.rows[rowId], "the attack card lost its row");
}

async function click(card: CardMessage, action: CardAction, rowId: string, assert: Assert, options: Parameters<typeof onCardAction>[3] = {}): Promise<AttackRow> {
  assert.strictEqual(await onCardAction(card, action, rowId, options), true, `the card's ${action} button did nothing (see Foundry's warning)`);
  return rowOf(card, rowId);
}

/**
 * §2.3 the whole card: the attack (with the Narrator's sure-hit override, so the dice cannot make it miss), the
 * target's defence, the damage roll, Apply and Undo. The target's Ferite rise by what the card applied and come back
 * on Undo; an unlinked token's world actor never changes.
 */
export async function attackDefendDamageUndo(shooter: GenesysActor, weaponId: string, target: AttackTarget, assert: Assert): Promise<AttackReport> {
  const actor = must(target.actor(), "the target has no actor");
  const worldBefore = target.worldActor ? woundsOf(target.worldActor) : null;
  const { ref, plan } = attackPlanAgainst(shooter, weaponId, actor, target.tokenUuid);
  const answer = { ...defaultAnswer(plan), override: SURE_HIT };
  const known = new Set(game.messages.contents.map((m) => m.id));
  const before = woundsOf(actor);

  const posted = await withMessageMode("public", () => attack(shooter, weaponId, { targets: [ref], answer }));
  assert.strictEqual(posted, true, "attack() posted no card (see Foundry's warning)");
  const card = must(game.messages.contents.find((m) => !known.has(m.id) && cardState(m) !== null), "the attack card is not in game.messages");
  const rowId = must(Object.values(must(cardState(card), "no card state").rows)[0]?.id, "the attack card has no row");
  assert.strictEqual(rowOf(card, rowId).target.actorUuid, actor.uuid, "the card's row names another actor");

  assert.strictEqual((await click(card, "defend", rowId, assert, { defence: target.defence })).outcome, "hit", "the sure hit did not hit");
  assert.ok((await click(card, "rollDamage", rowId, assert)).damage, "the card has no damage roll");
  // The attack, defence and damage dice are Rolls on the card (dice/dice-so-nice.ts), rebuilt as a reload would.
  assert.strictEqual(card.rolls.length, 3, "the card does not carry its attack, defence and damage Rolls");
  for (const roll of card.rolls) {
    // toJSON's output is what fromData reads back; the 13.345 types name the two shapes differently.
    const json = JSON.parse(JSON.stringify(roll)) as Roll.Data;
    assert.ok(foundry.dice.Roll.fromData(json).dice.length > 0, "a card Roll does not rebuild with its dice");
  }
  const applied = await click(card, "apply", rowId, assert);
  const hit = woundsOf(target.actor());
  assert.strictEqual(hit, must(applied.applied, "the card records no applied hit").change.after.wounds, "the Ferite are not what the card applied");
  assert.isAbove(hit, before, "the hit added no Ferite");
  if (target.worldActor) assert.strictEqual(woundsOf(target.worldActor), worldBefore, "the hit reached the world actor behind the token");

  const undone = await click(card, "undo", rowId, assert);
  assert.ok(undone.undone, "the card does not show the hit as undone");
  const after = woundsOf(target.actor());
  assert.strictEqual(after, before, "Undo did not bring the Ferite back");
  if (target.worldActor) assert.strictEqual(woundsOf(target.worldActor), worldBefore, "Undo reached the world actor behind the token");
  return { card, row: undone, wounds: { before, hit, undone: after } };
}

/** The book's wolf from the system's compendium, dropped on the scratch scene as an unlinked token. */
export async function unlinkedWolf(scratch: Scratch, assert: Assert): Promise<{ wolf: GenesysActor; target: AttackTarget }> {
  const wolf = await scratch.importActor("genesys-gdr.animals", "gnsAnimalWolf001", "Lupo");
  const token = await scratch.token(wolf, false);
  const actor = must(token.actor(), "the wolf's token has no actor");
  assert.ok(actor !== wolf, "the unlinked token shares the world actor");
  assert.strictEqual(actor.uuid, `${token.uuid}.Actor.${wolf.id ?? ""}`, "the token actor's uuid is not Scene.….Token.….Actor.…");
  return { wolf, target: { actor: () => token.actor(), tokenUuid: token.uuid, defence: ANIMAL_DEFENCE, worldActor: wolf } };
}

/** A character on the scratch scene through a linked token: the token's actor is the world actor. */
export async function linkedCharacter(scratch: Scratch, assert: Assert): Promise<{ hero: GenesysActor; target: AttackTarget }> {
  const hero = await scratch.actor("Bersaglio", { type: "character", system: person() });
  const token = await scratch.token(hero, true);
  assert.ok(token.actor() === hero, "the linked token's actor is not the world actor");
  return { hero, target: { actor: () => token.actor(), tokenUuid: token.uuid, defence: DODGE } };
}

/**
 * "Applica ai token selezionati": a rolled row's hit (the card attackDefendDamageUndo played) sent by the Narrator to
 * two unlinked compendium wolves, the second with natural armour 4 on its token; each takes the damage its own armour
 * leaves, the world wolf none, and each Undo takes back that token's hit only. The intent carries the tokens as the
 * button sends the canvas's selection; here they are named outright, the scratch scene not being the one on view.
 */
export async function applyToTokensAndUndo(card: CardMessage, rowId: string, scratch: Scratch, assert: Assert): Promise<void> {
  const wolf = await scratch.importActor("genesys-gdr.animals", "gnsAnimalWolf001", "Lupo selezionato");
  const tokens = [await scratch.token(wolf, false), await scratch.token(wolf, false)];
  const [first, second] = tokens.map((t) => must(t.actor(), "a wolf's token has no actor")) as [GenesysActor, GenesysActor];
  await second.update({ system: { naturalArmour: 4 } });
  const before = [woundsOf(first), woundsOf(second)];
  const worldBefore = woundsOf(wolf);
  const sent = await sendIntent(CARD_INTENTS.applyTokens, { messageId: card.id, rowId, tokens: tokens.map((t) => t.uuid) });
  assert.ok(sent.ok, `the Narrator's client refused the selected tokens: ${sent.ok ? "" : game.i18n.format(sent.warning, sent.data ?? {})}`);
  const hits = rowOf(card, rowId).spread ?? [];
  assert.deepEqual(hits.map((h) => h.actorUuid), [first.uuid, second.uuid], "the card does not list the two wolves");
  const gains = [woundsOf(tokens[0]?.actor() ?? null) - (before[0] ?? 0), woundsOf(tokens[1]?.actor() ?? null) - (before[1] ?? 0)] as [number, number];
  assert.isAbove(gains[0], 0, "the first wolf took no Ferite");
  assert.strictEqual(gains[0] - gains[1], Math.min(4, gains[0]), "the second wolf's natural armour did not count");
  assert.strictEqual(woundsOf(wolf), worldBefore, "the hit reached the world wolf behind the tokens");
  for (const [i, t] of tokens.entries()) {
    const actor = must(t.actor(), "a wolf's token lost its actor");
    await click(card, "undoHit", rowId, assert, { hit: actor.uuid });
    assert.strictEqual(woundsOf(t.actor()), before[i], `Undo did not bring back the Ferite of wolf ${String(i + 1)}`);
  }
}

// ───────────────────────── one combat round ─────────────────────────

function combatantOf(combat: GenesysCombat, actor: GenesysActor): GenesysCombatant {
  const found = combat.combatants.contents.find((c) => c.actor?.id === actor.id);
  if (!isGenesysCombatant(found)) throw new Error(`${actor.name} is not a GeneSys combatant of the fight`);
  return found;
}

type Named = { name?: string | null };
const nameOf = (c: Named | null | undefined): string | null => c?.name ?? null;
const namesOf = (list: readonly Named[]): (string | null)[] => list.map(nameOf);

/**
 * §2.1 one round: declarations in ascending Riflessi, the fastest holding an Attack (§2.1.2), execution in order of
 * Riflessi + initiative, the hold triggered in the middle and going first, then round 2. Uses the Narrator's own
 * declare/hold/trigger/nextTurn, which run at once on this client through the same checks as a player's intents.
 */
export async function playCombatRound(scratch: Scratch, assert: Assert): Promise<GenesysCombat> {
  const fast = await scratch.actor("Alfa", { type: "character", system: person(9) });
  const slow = await scratch.actor("Beta", { type: "npc", system: person(7) });
  const beast = await scratch.actor("Gamma", { type: "animal", system: { reflexes: 8, resistance: 12 } });
  const scene = await scratch.scene();
  const fighters = [fast, slow, beast];
  const tokens = [];
  for (const actor of fighters) tokens.push({ actor, token: await scratch.token(actor, true) });
  const combat = await scratch.combat();
  await combat.createEmbeddedDocuments("Combatant", tokens.map(({ actor, token }) => ({ actorId: actor.id, tokenId: token.id, sceneId: scene.id })));
  await settle();
  // One combatant per fighter, in the fighters' order (combatantOf throws for a missing one).
  const [alfa, beta, gamma] = fighters.map((a) => combatantOf(combat, a)) as [GenesysCombatant, GenesysCombatant, GenesysCombatant];
  const current = (): string | null => nameOf(combat.combatant);
  const [a, b, g] = [nameOf(alfa), nameOf(beta), nameOf(gamma)];

  await withMessageMode("public", () => combat.startCombat());
  // In the declaration phase the one to declare next is pendingDeclarers()[0] (Foundry's turn may point at nobody).
  await settle(() => combat.round === 1 && combat.pendingDeclarers().length === fighters.length);
  assert.strictEqual(combat.round, 1, "the fight did not start at round 1");
  assert.strictEqual(combat.phase, "declaration", "round 1 did not open with declarations");
  assert.deepEqual(namesOf(combat.pendingDeclarers()), [b, g, a], "declarations are not in ascending Riflessi");

  assert.ok(await combat.declare(beta, "defence"), "Beta could not declare Difesa");
  assert.ok(await combat.declare(gamma, "attack"), "Gamma could not declare Attacco");
  assert.ok(await combat.declare(alfa, "attack", { held: true }), "Alfa could not hold an Attacco");
  await settle(() => combat.phase === "execution" && current() === b);
  assert.strictEqual(combat.phase, "execution", "everyone declared but execution did not begin");
  const slots = (): [string | null, number, boolean][] => combat.executionSlots().map((s) => [nameOf(s.combatant), s.value, s.held]);
  // Riflessi + maneuver initiative: Beta 7 + Difesa 4 = 11, Gamma 8 + Attacco 2 = 10; Alfa's hold waits for its event.
  assert.deepEqual(slots(), [[b, 11, false], [g, 10, false]], "the execution order is wrong");
  assert.strictEqual(current(), b, "the first to act is not Beta");

  await combat.nextTurn();
  await settle(() => current() === g);
  assert.strictEqual(current(), g, "after Beta's turn it is not Gamma's");

  assert.ok(await combat.trigger(alfa), "Alfa's hold could not be triggered");
  await settle(() => current() === a);
  assert.deepEqual(slots(), [[a, 11, true], [b, 11, false], [g, 10, false]], "the triggered hold does not go before normal actions");
  assert.strictEqual(current(), a, "the triggered hold does not act at once");

  await combat.nextTurn();
  await settle(() => current() === g);
  assert.strictEqual(current(), g, "after the held action Gamma does not resume");
  await combat.nextTurn();
  await settle(() => combat.round === 2 && combat.phase === "declaration");
  assert.strictEqual(combat.round, 2, "the last turn did not open round 2");
  assert.strictEqual(combat.phase, "declaration", "round 2 did not open with declarations");
  return combat;
}

// ───────────────────────── statuses follow damage ─────────────────────────

const conditionStatuses = (actor: GenesysActor): string[] => CONDITION_STATUS_IDS.filter((id) => actor.statuses.has(id));

/**
 * §1.5.2 enough Ferite make a character Debole, more make it Spossato, healing makes it Normale: the token status
 * follows each change on its own (set by the Narrator's client), one condition status at a time.
 */
export async function statusesFollowDamage(scratch: Scratch, assert: Assert): Promise<string[][]> {
  const actor = await scratch.actor("Ferito", { type: "character", system: person() });
  const resistance = must(actor.genesys, "no GeneSys data").derived.resistance;
  const { normalMax, weakMax } = conditionThresholds(resistance);
  const seen: string[][] = [];
  const expectStatus = async (condition: "weak" | "exhausted" | "normal"): Promise<void> => {
    const status = CONDITION_STATUS[condition];
    const wanted = status === null ? [] : [status];
    await waitFor(() => conditionStatuses(actor).join() === wanted.join(), `${actor.name} to show ${status ?? "no condition status"}`);
    seen.push(conditionStatuses(actor));
  };

  const weak = await actor.applyDamage({ amount: normalMax + 1, type: "wounding" });
  assert.strictEqual(weak?.condition.after, "weak", `${String(normalMax + 1)} Ferite on Resistenza ${String(resistance)} do not make Debole`);
  await expectStatus("weak");
  const exhausted = await actor.applyDamage({ amount: weakMax - normalMax, type: "wounding" });
  assert.strictEqual(exhausted?.condition.after, "exhausted", `${String(weakMax + 1)} Ferite do not make Spossato`);
  await expectStatus("exhausted");
  await actor.update({ system: { wounds: { value: 0 } } });
  await expectStatus("normal");
  return seen;
}

/**
 * §3.1.1 the Narrator's "time passes": an hour of marching for an unlinked compendium wolf, through the API (the world
 * clock really moves, and the world-time hook applies it once), then the card's Undo; the clock is put back after,
 * which the system reports as a change of nothing.
 */
export async function timePassesAndUndo(scratch: Scratch, assert: Assert): Promise<void> {
  const wolf = await scratch.importActor("genesys-gdr.animals", "gnsAnimalWolf001", "Lupo in marcia");
  const token = await scratch.token(wolf, false);
  const actor = must(token.actor(), "the wolf's token has no actor");
  const fatigueOf = (a: GenesysActor): number => must(a.genesys, "no GeneSys data").fatigue.value;
  const before = fatigueOf(actor);
  const start = game.time.worldTime;
  const messages = game.messages.size;
  try {
    assert.ok(await game.genesys.timePasses({ hours: 1, pastime: "tiring", ate: true, drank: true, actors: [actor.uuid] }), "time did not pass");
    const after = must(token.actor(), "the wolf's token lost its actor");
    assert.strictEqual(fatigueOf(after), before + 12, "an hour of marching is not 12 Fatica (§3.1.1)");
    assert.strictEqual(fatigueOf(wolf), 0, "the marching reached the world wolf behind the token");
    const card = must(game.messages.contents.slice(messages).find((m) => timeCardOf(m) !== null), "no time card was posted");
    const undo = await sendIntent(TIME_INTENTS.undo, { messageId: card.id });
    assert.ok(undo.ok, "the card's Undo was refused");
    assert.strictEqual(fatigueOf(must(token.actor(), "the wolf's token lost its actor")), before, "Undo did not take the hour back");
  } finally {
    await game.time.advance(start - game.time.worldTime);
  }
}

/**
 * §3.1.2 a 4.5 m accidental fall for an unlinked compendium wolf, with no Destrezza check (the Narrator's ruling): 3D6
 * trauma into the token's actor, none into the world wolf, the card's row holding what it added; its Undo takes that
 * back through the Narrator's intent.
 */
export async function fallAndUndo(scratch: Scratch, assert: Assert): Promise<void> {
  const wolf = await scratch.importActor("genesys-gdr.animals", "gnsAnimalWolf001", "Lupo che cade");
  const token = await scratch.token(wolf, false);
  const actor = must(token.actor(), "the wolf's token has no actor");
  const counters = (a: GenesysActor): number[] => {
    const sys = must(a.genesys, "no GeneSys data");
    return [sys.wounds.value, sys.fatigue.value];
  };
  const known = new Set(game.messages.contents.map((m) => m.id));
  try {
    const card = must(await applyGenericDamage([{ actor, token: null, name: actor.name }], { kind: "fall", height: 4.5, cause: "accident", check: false }), "no fall card");
    const row = must(hazardCardOf(card)?.rows[0], "the fall card has no row");
    const hurt = must(token.actor(), "the wolf's token lost its actor");
    assert.ok(row.added.wounds + row.added.fatigue >= 3, "3D6 of trauma added less than 3");
    assert.strictEqual(JSON.stringify(counters(hurt)), JSON.stringify([row.added.wounds, row.added.fatigue]), "the token's counters are not what the row says");
    assert.strictEqual(JSON.stringify(counters(wolf)), "[0,0]", "the fall reached the world wolf behind the token");
    const undo = await sendIntent(HAZARD_UNDO_INTENT, { messageId: card.id, recordId: row.recordId });
    assert.ok(undo.ok, "the card's Undo was refused");
    assert.strictEqual(JSON.stringify(counters(must(token.actor(), "the wolf's token lost its actor"))), "[0,0]", "Undo did not take the fall back");
  } finally {
    for (const m of game.messages.contents) if (!known.has(m.id)) scratch.adoptMessage(m.id);
  }
}

// ───────────────────────── contests ─────────────────────────

/**
 * §1.7.5 a contest through game.genesys.contest between the shooter and an unlinked wolf token, on Percezione: the
 * Narrator rolls both sides from the card (the dice are Foundry's, so a tie is settled as an intermediate outcome);
 * each total is the dice plus the grade. A contest on Fascino, which the wolf lacks, posts nothing. Returns the rounds.
 */
export async function contestWithWolf(scratch: Scratch, assert: Assert): Promise<number> {
  const { shooter } = await createShooter(scratch);
  const { target } = await unlinkedWolf(scratch, assert);
  const wolf = must(target.actor(), "the wolf's token has no actor");
  const lacking = await game.genesys.contest(shooter, { opponent: wolf.uuid, characteristic: "charm", prompt: false });
  assert.strictEqual(lacking, null, "a contest on a characteristic the wolf lacks was posted");
  const id = must(await game.genesys.contest(shooter, { opponent: wolf.uuid, characteristic: "perception", prompt: false }), "game.genesys.contest posted nothing");
  scratch.adoptMessage(id);
  const card = must(game.messages.get(id), "the contest card is gone");
  for (const side of ["a", "b"] as const) assert.ok(await onContestAction(card, "roll", side), `side ${side} could not roll`);
  let state = must(contestState(card), "the message holds no contest");
  if (state.settled === null) {
    assert.ok(await onContestAction(card, "intermediate", null), "the tie could not be settled");
    state = must(contestState(card), "the message holds no contest");
  }
  const round = must(state.rounds.at(-1), "no round");
  for (const side of ["a", "b"] as const) {
    const roll = must(round[side], `side ${side} has no roll`);
    assert.strictEqual(roll.total, roll.dice[0] + roll.dice[1] + roll.grade + roll.modifiers + roll.conditionPenalty, "a total is not dice + grade");
  }
  assert.ok(state.settled !== null, "the contest was not settled");
  return state.rounds.length;
}

// ───────────────────────── §2.3.7 grappling ─────────────────────────

/**
 * Runs `fn` with every die this client rolls landing on ⌈share × faces⌉, then puts the generator back. Core's dice
 * draw from CONFIG.Dice.randomUniform (what dice-fixing modules such as Sneaky Fudger replace), so a flow whose point
 * is not the dice does not fail by chance, in a real Foundry as on the double.
 */
async function withDiceAt<T>(share: number, fn: () => Promise<T>): Promise<T> {
  const original = CONFIG.Dice.randomUniform;
  CONFIG.Dice.randomUniform = () => share;
  try {
    return await fn();
  } finally {
    CONFIG.Dice.randomUniform = original;
  }
}

/**
 * §2.3.7 the Narrator's shooter grapples an unlinked compendium wolf: the contest card rolled side by side (the
 * shooter's dice fixed at 10s, the wolf's at 1s, so the hold begins), then both tokens show "grappled", neither may
 * move, and the release clears both.
 */
export async function grappleAndRelease(scratch: Scratch, assert: Assert): Promise<void> {
  const { shooter } = await createShooter(scratch);
  const holderToken = await scratch.token(shooter, true);
  const { target } = await unlinkedWolf(scratch, assert);
  const wolf = must(target.actor(), "the wolf's token has no actor");
  const tokenDoc = async (uuid: string): Promise<TokenDocument.Implementation> => {
    const doc: unknown = await foundry.utils.fromUuid(uuid as `Scene.${string}`); // a token's uuid from the scratch scene
    if (!(doc instanceof foundry.documents.TokenDocument)) throw new Error(`no token ${uuid}`);
    return doc;
  };
  const holder = await tokenDoc(holderToken.uuid);
  const prey = await tokenDoc(target.tokenUuid);
  const before = new Set(game.messages.contents.map((m) => m.id));
  const id = must(await startGrapple(holder, prey, { prompt: false }), "no grapple contest card");
  const card = must(game.messages.get(id), "the contest card is gone");
  assert.ok(await withDiceAt(0.999, () => onContestAction(card, "roll", "a")), "the grappler could not roll");
  assert.ok(await withDiceAt(0.001, () => onContestAction(card, "roll", "b")), "the wolf could not roll");
  await settle(() => holdOf(shooter) !== null);
  for (const m of game.messages.contents) if (!before.has(m.id)) scratch.adoptMessage(m.id);
  const hold = must(holdOf(shooter), "20 on the dice against 2 and no hold began");
  assert.ok(shooter.statuses.has("grappled") && wolf.statuses.has("grappled"), "the hold shows on one token only");
  assert.ok(grappleBlocksMovement(prey) && grappleBlocksMovement(shooter), "a grappler may still move");
  // The tracker's line and the token ruler read the same allowance: nothing while the hold stands.
  for (const actor of [shooter, wolf]) assert.strictEqual(allowanceOf(actor)?.metres, 0, `${actor.name} has a Movimento allowance while grappled`);
  assert.ok(await releaseHold(hold.sceneId, hold.grappleId), "the release was refused");
  await settle(() => !shooter.statuses.has("grappled"));
  for (const m of game.messages.contents) if (!before.has(m.id)) scratch.adoptMessage(m.id);
  assert.ok(!shooter.statuses.has("grappled") && !wolf.statuses.has("grappled"), "a status outlived the release");
  assert.strictEqual(holdOf(shooter), null, "the hold outlived the release");
}

// ───────────────────────── §3.2.2 stun, scene controls ─────────────────────────

/**
 * §3.2.2 the stun check from the attack card, the optional rule on for the flow: a sure hit applied to an unlinked
 * compendium wolf, its stun check rolled with Foundry's dice. A failure lays the token prone (never the world wolf), a
 * pass leaves it standing; Undo of the hit lifts only a fall the check caused.
 */
export async function stunAndUndo(scratch: Scratch, assert: Assert): Promise<void> {
  const previous = game.settings.get(SYSTEM_ID, "stunRule");
  await game.settings.set(SYSTEM_ID, "stunRule", true);
  try {
    const { shooter, weaponId } = await createShooter(scratch);
    const { wolf, target } = await unlinkedWolf(scratch, assert);
    const actor = must(target.actor(), "the wolf's token has no actor");
    // A tough wolf, so the sure hit leaves it on its feet and able to make the check (a collapsed one cannot roll).
    await actor.update({ system: { resistance: 60 } });
    const { ref, plan } = attackPlanAgainst(shooter, weaponId, actor, target.tokenUuid);
    const known = new Set(game.messages.contents.map((m) => m.id));
    await withMessageMode("public", () => attack(shooter, weaponId, { targets: [ref], answer: { ...defaultAnswer(plan), override: SURE_HIT } }));
    const card = must(game.messages.contents.find((m) => !known.has(m.id) && cardState(m) !== null), "the attack card is not in game.messages");
    const rowId = must(Object.values(must(cardState(card), "no card state").rows)[0]?.id, "the attack card has no row");
    await click(card, "defend", rowId, assert, { defence: target.defence });
    await click(card, "rollDamage", rowId, assert);
    const applied = await click(card, "apply", rowId, assert);
    assert.strictEqual(applied.applied?.change.damage?.stunCheck, true, "with the stun rule on, the applied hit asks for no stun check");
    const stun = must((await click(card, "stun", rowId, assert)).stun, "the card records no stun check");
    const token = must(target.actor(), "the wolf's token lost its actor");
    assert.strictEqual(token.statuses.has("prone"), stun.knockedDown, "the token's prone status does not follow the stun check");
    assert.strictEqual(wolf.statuses.has("prone"), false, "the stun check laid the world wolf behind the token prone");
    await click(card, "undo", rowId, assert);
    assert.strictEqual(must(target.actor(), "the wolf's token lost its actor").statuses.has("prone"), false, "Undo of the hit left the fall it caused");
  } finally {
    await game.settings.set(SYSTEM_ID, "stunRule", previous);
  }
}

/**
 * §2.2.5 the Movimento allowance the tracker and the token's ruler show, for an unlinked compendium wolf's token: its
 * Speed, a quarter when the token lies prone (the world wolf stays standing); and the tokens' ruler is ours wherever
 * core has a TokenRuler to extend.
 */
export async function movementAllowanceOfToken(scratch: Scratch, assert: Assert): Promise<void> {
  const { wolf, target } = await unlinkedWolf(scratch, assert);
  const actor = must(target.actor(), "the wolf's token has no actor");
  const speed = must(actor.genesys, "the wolf's token actor is not a GeneSys actor").derived.speed;
  assert.strictEqual(allowanceOf(actor)?.metres, speed, "standing, the Movimento allowance is not the wolf's Speed");
  await actor.toggleStatusEffect("prone", { active: true });
  try {
    const prone = must(allowanceOf(must(target.actor(), "the wolf's token lost its actor")), "no allowance while prone");
    assert.strictEqual(prone.metres, speed / 4, "prone, the allowance is not a quarter of Speed");
    assert.strictEqual(prone.reason, "prone", "the allowance does not say the token is prone");
    assert.strictEqual(allowanceOf(wolf)?.reason, "flat", "the token's fall reached the world wolf");
  } finally {
    await must(target.actor(), "the wolf's token lost its actor").toggleStatusEffect("prone", { active: false });
  }
  // Read as unknown: the 13.345 types declare an instance at CONFIG.Token.rulerClass, core keeps a class there.
  const ruler: unknown = CONFIG.Token.rulerClass;
  if (coreTokenRuler()) {
    const template = typeof ruler === "function" ? (ruler as { WAYPOINT_LABEL_TEMPLATE?: unknown }).WAYPOINT_LABEL_TEMPLATE : undefined; // a class's static
    assert.strictEqual(template, WAYPOINT_LABEL_TEMPLATE, "the tokens' ruler is not GeneSys's");
  }
}

/**
 * §2.2.5 a terrain check asked from an unlinked wolf's Movimento row: at difficulty 40 no roll of its Destrezza makes it
 * (2d10 + 7 ≤ 27, a failure by 13 or more), so the row and its token's allowance say "mishap", for this round only.
 */
export async function movementTerrainCheck(scratch: Scratch, assert: Assert): Promise<void> {
  const wolf = await scratch.actor("Lupo nel fango", { type: "character", system: person(7) });
  const scene = await scratch.scene();
  const token = await scratch.token(wolf, false);
  const combat = await scratch.combat();
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: wolf.id, tokenId: token.id, sceneId: scene.id }]);
  await settle();
  const combatant = must(combat.genesysCombatants[0], "the wolf's token is not in the fight");
  const actor = must(combatant.actor, "the wolf's combatant has no actor");
  await withMessageMode("public", () => combat.startCombat());
  await settle(() => combat.round === 1);
  assert.ok(await combat.declare(combatant, "movement"), "the wolf could not declare Movimento");
  await settle(() => combatant.declarationFor(1) !== null);
  const card = must(await askMovementCheck(combat, combatant, { prompt: false, check: { characteristic: "dexterity", difficulty: 40 } }), "no terrain check card");
  scratch.adoptMessage(card.id);
  const rowId = must(requestStateOf(card)?.order[0], "the card has no row");
  const before = new Set(game.messages.contents.map((m) => m.id));
  assert.ok(await rollRequestRow(card, rowId), "the wolf's row is rolled");
  for (const m of game.messages.contents) if (!before.has(m.id)) scratch.adoptMessage(m.id);
  await settle(() => combatant.movementCheckFor(combat.round) !== null);
  assert.strictEqual(allowanceOf(actor)?.reason, "mishap", "a failure by 5 or more is not a mishap on the token's allowance");
  assert.strictEqual(allowanceOf(wolf)?.reason, "flat", "the token's check reached the world wolf");
  await combat.nextRound();
  await settle(() => combat.round === 2);
  assert.strictEqual(allowanceOf(actor)?.reason, "flat", "round 2 still remembers round 1's terrain check");
}

/**
 * The Narrator's group in the scene controls, as core prepares them: every tool a button, and the group can be opened
 * and left again (v13 needs an active tool of its own for that: compat/scene-controls.ts).
 */
export async function narratorControls(assert: Assert): Promise<void> {
  const controls = sceneControlsApp();
  await controls.render({ reset: true });
  const group = must(controls.controls[NARRATOR_CONTROL_GROUP], "the scene controls have no GeneSys group");
  for (const tool of NARRATOR_CONTROL_TOOLS) assert.strictEqual(group.tools[tool.name]?.button, true, `the GeneSys group has no ${tool.name} button`);
  const previous = controls.control?.name ?? "tokens";
  try {
    await controls.activate({ control: NARRATOR_CONTROL_GROUP });
    assert.strictEqual(controls.control?.name, NARRATOR_CONTROL_GROUP, "the GeneSys group did not open");
  } finally {
    await controls.activate({ control: previous });
  }
  assert.strictEqual(controls.control?.name, previous, "leaving the GeneSys group failed");
}

/**
 * §1.3.3 creation mode: a new blank Protagonista starts in it, with the book's 35 characteristic points spent (five
 * sevens) and no grades yet; the Narrator finishes it, reopens it and finishes it again. (A player's refusals are the
 * data model's _preUpdate, covered by the unit tests: the self-test runs on the Narrator's client.)
 */
export async function creationFinishAndReopen(scratch: Scratch, assert: Assert): Promise<void> {
  const hero = await scratch.actor("In creazione", { type: "character" });
  const system = (): CharacterModel => {
    const s = hero.genesys;
    if (!(s instanceof CharacterModel)) throw new Error("the new character has no Protagonista data");
    return s;
  };
  assert.strictEqual(system().creation.active, true, "a new Protagonista did not start in creation mode");
  const balance = system().creationBalance();
  assert.strictEqual(balance.characteristicPoints.spent, 35, "five characteristics of 7 are not 35 points");
  assert.strictEqual(balance.skillGrades.status, "under", "no skill yet, yet the grades are not under the allowance");
  await hero.update({ system: { creation: { active: false } } });
  assert.strictEqual(system().creation.active, false, "the Narrator could not finish creation");
  await hero.update({ system: { creation: { active: true } } });
  assert.strictEqual(system().creation.active, true, "the Narrator could not reopen creation");
  await hero.update({ system: { creation: { active: false } } });
  assert.strictEqual(system().creation.active, false, "the Narrator could not finish creation again");
}

/**
 * §1.8.3 study driven by world time: a Protagonista studies a skill at grade 5 alone (15 days a point), the Narrator
 * lets 16 days pass, the point is on the skill and the time card; the card's Undo takes it back, the clock is put back.
 */
export async function studyByTimeAndUndo(scratch: Scratch, assert: Assert): Promise<void> {
  const student = await scratch.actor("Studente", { type: "character", system: { characteristics: { ...person().characteristics, dexterity: 5 } } });
  const created = await student.createEmbeddedDocuments("Item", [{ name: "Letteratura", type: "skill", system: { characteristic: "dexterity", bought: 0, earned: 0 } }]);
  const skillId = must(created?.[0]?.id, "the skill was not created");
  const points = (): number => {
    const sys = student.items.get(skillId)?.system;
    return sys instanceof SkillModel ? sys.increment : -1;
  };
  assert.ok(await startStudy(student, skillId, { related: false, teacher: "none", teacherGrade: 0, teacherCharm: 7, rate: 1 }), "the study did not start");
  const start = game.time.worldTime;
  const messages = game.messages.size;
  try {
    assert.ok(await game.genesys.timePasses({ hours: 16 * 24, pastime: "none", ate: true, drank: true, actors: [student.uuid] }), "time did not pass");
    assert.strictEqual(points(), 1, "16 days of study at grade 5 did not give one point (§1.8.3)");
    const card = must(game.messages.contents.slice(messages).find((m) => timeCardOf(m) !== null), "no time card was posted");
    assert.ok(card.content.includes("Letteratura"), "the time card does not name the studied skill");
    assert.ok((await sendIntent(TIME_INTENTS.undo, { messageId: card.id })).ok, "the card's Undo was refused");
    assert.strictEqual(points(), 0, "Undo did not take the study point back");
  } finally {
    await game.time.advance(start - game.time.worldTime);
  }
}

/**
 * §3.1.1 death by hunger, confirmed: a starving Protagonista (26 hunger points, 2 hours left) goes 3 hours
 * without food; the card offers the confirmation, which adds the Ferite that pass R; its Undo takes them back, and the
 * card's Undo the advance. The clock is put back after.
 */
export async function starvationDeathAndUndo(scratch: Scratch, assert: Assert): Promise<void> {
  const dying = await scratch.actor("Affamato", {
    type: "character",
    system: { ...person(), fatigue: { value: 26, deprivation: 26 }, deprivation: { daysWithoutFood: 26, points: { sleep: 0, hunger: 26, thirst: 0 }, deadline: { hunger: 2, thirst: null } } },
  });
  const sys = (): CharacterModel => must(dying.system instanceof CharacterModel ? dying.system : null, "no Protagonista data");
  const start = game.time.worldTime;
  const messages = game.messages.size;
  try {
    assert.ok(await game.genesys.timePasses({ hours: 3, pastime: "rest", ate: false, drank: true, actors: [dying.uuid] }), "time did not pass");
    assert.strictEqual(sys().wounds.value, 0, "the deadline killed without the Narrator's confirmation");
    const card = must(game.messages.contents.slice(messages).find((m) => timeCardOf(m) !== null), "no time card was posted");
    assert.ok(card.content.includes('data-time-action="death"'), "the card offers no confirmation of the death");
    assert.ok((await sendIntent(TIME_INTENTS.death, { messageId: card.id, actorUuid: dying.uuid, undo: false })).ok, "the confirmation was refused");
    assert.strictEqual(sys().condition.key, "dead", "the confirmed death did not kill (§1.5.2: Ferite > R)");
    assert.ok((await sendIntent(TIME_INTENTS.death, { messageId: card.id, actorUuid: dying.uuid, undo: true })).ok, "the death's Undo was refused");
    assert.strictEqual(sys().wounds.value, 0, "the death's Undo left Ferite behind");
    assert.ok((await sendIntent(TIME_INTENTS.undo, { messageId: card.id })).ok, "the card's Undo was refused");
    assert.strictEqual(sys().deprivation.deadline.hunger, 2, "the card's Undo did not put the deadline back");
  } finally {
    await game.time.advance(start - game.time.worldTime);
  }
}

/**
 * §3.1.6 a losing-control behaviour applied as a timed effect: "shaken" on a Protagonista, −2 to every check for 1D6
 * turns through the Narrator's intent; the world clock moved past it ends it (a turn is 1 s, §2.1). The clock is put
 * back after.
 */
export async function losingControlTimedEffect(scratch: Scratch, assert: Assert): Promise<void> {
  const hero = await scratch.actor("Scosso", { type: "character", system: person() });
  const modifier = (): number => {
    const sys = hero.system;
    return sys instanceof CharacterModel ? sys.sources.checks.all.reduce((sum, p) => sum + p.value, 0) : NaN;
  };
  const start = game.time.worldTime;
  try {
    assert.ok((await sendIntent(TOOL_INTENTS.losingControlApply, { actorUuid: hero.uuid, option: "shaken" })).ok, "the behaviour was not applied");
    await settle(() => modifier() === -2);
    assert.strictEqual(modifier(), -2, "shaken does not give −2 to every check (§3.1.6)");
    await game.time.advance(6);
    await settle(() => modifier() === 0);
    assert.strictEqual(modifier(), 0, "six turns later the 1D6-turn effect has not ended");
  } finally {
    await game.time.advance(start - game.time.worldTime);
  }
}

// ───────────────────────── drawing and reloading in a fight ─────────────────────────

/**
 * §2.2.6 (A-08, §2.4.1) a holstered, empty pistol (C 12, P 3) in a fight with an unlinked token's bandit: one declared
 * Preparazione draws it, three more fill its magazine, each counted when its slot is over; the Narrator declares for
 * both sides and ends each slot.
 */
export async function drawAndReloadInCombat(scratch: Scratch, assert: Assert): Promise<void> {
  const empty = { ...PISTOL, system: { ...PISTOL.system, ready: false, rounds: 0, modes: PISTOL.system.modes.map((m) => ({ ...m, preparation: 3 })) } };
  const gunman = await scratch.actor("Pistolero", { type: "npc", system: person(9), items: [PISTOL_SKILL, empty] });
  const other = await scratch.actor("Comparsa", { type: "npc", system: person(5) });
  const scene = await scratch.scene();
  const token = await scratch.token(gunman, false);
  const otherToken = await scratch.token(other, true);
  const combat = await scratch.combat();
  await combat.createEmbeddedDocuments("Combatant", [
    { actorId: gunman.id, tokenId: token.id, sceneId: scene.id },
    { actorId: other.id, tokenId: otherToken.id, sceneId: scene.id },
  ]);
  await settle();
  // A token's own actor keeps its world actor's id: the combatant is found by it, and reads the token's actor.
  const shooter = combatantOf(combat, gunman);
  assert.ok(shooter.actor !== gunman, "the gunman's combatant does not read its token's own actor");
  const bystander = combatantOf(combat, other);
  const gun = (): WeaponModel | null => {
    const item = shooter.actor?.items.find((i) => i.type === "weapon");
    return item?.system instanceof WeaponModel ? item.system : null;
  };
  const itemId = must(shooter.actor?.items.find((i) => i.type === "weapon")?.id, "the token's actor has no pistol");
  await withMessageMode("public", () => combat.startCombat());
  await settle(() => combat.round === 1 && combat.pendingDeclarers().length === 2);
  const round = async (purpose: "draw" | "reload"): Promise<void> => {
    const at = combat.round;
    assert.ok(await combat.declare(bystander, "defence"), "the bystander could not declare Difesa");
    assert.ok(await combat.declare(shooter, "preparation", { prepare: { itemId, purpose } }), `the gunman could not declare a Preparazione to ${purpose}`);
    await settle(() => combat.phase === "execution");
    for (let i = 0; i < 2 && combat.round === at; i++) {
      const before = combat.combatant?.id;
      await combat.nextTurn();
      await settle(() => combat.round > at || combat.combatant?.id !== before);
    }
    await settle(() => combat.round === at + 1);
    assert.strictEqual(combat.round, at + 1, "the round did not end");
  };
  await round("draw");
  assert.strictEqual(gun()?.ready, true, "one Preparazione did not draw the pistol (A-08)");
  for (const left of [0, 0]) {
    await round("reload");
    assert.strictEqual(gun()?.rounds, left, "the magazine filled before its three Preparations (P 3)");
  }
  await round("reload");
  assert.strictEqual(gun()?.rounds, 12, "three Preparations did not fill the pistol's magazine (§2.4.1)");
  const world = gunman.items.find((i) => i.type === "weapon")?.system;
  assert.ok(world instanceof WeaponModel && !world.ready && world.rounds === 0, "the world actor's pistol changed with its token's");
}

// ───────────────────────── an attack at an object ─────────────────────────

/**
 * §2.3.5 an object: no token targeted, one row with no actor, nobody to defend it; the Narrator's static difficulty (a
 * beer bottle's 20) resolves it, and a sure hit (the Narrator's override) beats it. A round is spent; no damage is rolled.
 */
export async function attackAnObject(scratch: Scratch, assert: Assert): Promise<void> {
  const { shooter, weaponId } = await createShooter(scratch);
  const planned = prepareAttack(shooter, weaponId, [objectTarget()], (k) => game.i18n.localize(k));
  assert.ok(planned.ok, "the attack at an object was refused");
  if (!planned.ok) return;
  const base = defaultAnswer(planned.value);
  const answer = { ...base, override: SURE_HIT, targets: base.targets.map((t) => ({ ...t, distance: 4 })) };
  const known = new Set(game.messages.contents.map((m) => m.id));
  const rounds = (): number | null => {
    const sys = shooter.items.get(weaponId)?.system;
    return sys instanceof WeaponModel ? sys.rounds : null;
  };
  const before = rounds();
  assert.ok(await withMessageMode("public", () => attack(shooter, weaponId, { targets: [objectTarget()], answer })), "the attack at an object posted no card");
  const card = must(game.messages.contents.find((m) => !known.has(m.id) && cardState(m) !== null), "the object's card is not in game.messages");
  const rowId = must(Object.values(must(cardState(card), "no card state").rows)[0]?.id, "the object's card has no row");
  assert.strictEqual(rowOf(card, rowId).target.actorUuid, null, "the object's row names an actor");
  assert.strictEqual((await click(card, "static", rowId, assert, { staticDifficulty: 20 })).outcome, "hit", "the sure hit did not beat the bottle's 20");
  assert.strictEqual(rounds(), before === null ? null : before - 1, "the shot at the object spent no round");
  assert.strictEqual(await onCardAction(card, "rollDamage", rowId), false, "damage was rolled for an object");
}

// ───────────────────────── a narrow win, the Narrator's word ─────────────────────────

/**
 * §1.8.2 a narrow win over a defence: the wolf's real defence roll is set 2 below the attack (so no dice can
 * spoil it), and the Narrator's scales button turns the wolf advantaged or not. Each press gives or takes back the
 * Pistola's point, and the skill always holds exactly what the card says.
 */
export async function narrowWinAdvantage(scratch: Scratch, assert: Assert): Promise<void> {
  await onWolfAttackCard(scratch, assert, defaultAnswer, async ({ shooter, target, card, rowId }) => {
    const pistolPoints = (): number => {
      const sys = shooter.items.find((i) => i.type === "skill")?.system;
      return sys instanceof SkillModel ? sys.increment + INCREMENT_POINTS_PER_GRADE * sys.earned : -1;
    };
    const defended = await click(card, "defend", rowId, assert, { defence: target.defence });
    const defence = must(defended.defence?.kind === "roll" ? defended.defence : null, "the wolf rolled no defence");
    const narrow = { ...defence, roll: { ...defence.roll, total: defended.attack.total - 2 } };
    await card.update({ [`flags.genesys-gdr.attack.rows.${rowId}`]: { defence: narrow, outcome: "hit", increments: { attack: null, defence: null } } });
    const base = pistolPoints();
    for (const press of [1, 2]) {
      const row = await click(card, "advantage", rowId, assert);
      const stood = row.increments?.attack?.status === "stored";
      assert.strictEqual(stood, row.advantaged === "defence", `press ${press}: the point does not follow the Narrator's word (${String(row.advantaged)})`);
      assert.strictEqual(pistolPoints(), base + (stood ? 1 : 0), `press ${press}: the Pistola skill does not hold what the card says`);
    }
  });
}

// ───────────────────────── a crippled leg ─────────────────────────

/**
 * §3.2.5 24 wounding at an unlinked Comparsa's leg: halved to 12 Ferite, more than his Forza 7, so the leg is crippled:
 * Speed 1 and the token's status; the hit's Undo (its ledger record) mends it, and the world actor never changes.
 */
export async function crippledLegAndUndo(scratch: Scratch, assert: Assert): Promise<void> {
  const thug = await scratch.actor("Zoppo", { type: "npc", system: person() });
  const token = await scratch.token(thug, false);
  const actor = must(token.actor(), "the Comparsa's token has no actor");
  const speed = (a: GenesysActor): number => (a.genesys && !(a.genesys instanceof AnimalModel) ? a.genesys.derived.speed : NaN);
  const before = speed(actor);
  const recordId = foundry.utils.randomID();
  const change = await actor.applyDamage({ amount: 24, type: "wounding", aimedArea: "leg" }, recordId);
  assert.strictEqual(change?.damage?.limbDisabled, true, "12 Ferite against Forza 7 did not cripple the leg");
  await settle(() => actor.statuses.has("crippledLeg"));
  assert.strictEqual(speed(actor), 1, "a crippled leg does not bring Speed to 1");
  assert.ok(actor.statuses.has("crippledLeg"), "the token does not show the crippled leg");
  assert.ok(await actor.undoRecorded(recordId), "the hit could not be undone");
  await settle(() => !actor.statuses.has("crippledLeg"));
  assert.strictEqual(speed(actor), before, "Undo did not give the leg back");
  assert.ok(!actor.statuses.has("crippledLeg"), "the status outlived the hit's Undo");
  assert.strictEqual(speed(thug), before, "the world actor behind the token changed");
}
