/**
 * What a player does to protected values of his own actor (data/protected-fields.ts), as intents the active
 * Narrator's client checks and carries out: finishing creation (§1.3.3, never over the allowance), reloading a weapon
 * (its magazine full again), a hit he takes on his own actor (through the same damage pipeline), and rest (§1.5.3),
 * which heals and is therefore the Narrator's call unless he opened the actor for free editing.
 */
import { OWNER_INTENTS } from "./owner-requests.js";
import { registerPlayerCreatedItems } from "./player-created-items.js";
import { registerEffectApprovals } from "./effect-approvals.js";
import { answerWhile, registerIntent, type IntentOutcome, type IntentResult, type Requester } from "./intent-channel.js";
import { freeEditing } from "./protected-edit-request.js";
import { ownedActor } from "./owned-actor.js";
import { carriedApprovals, KEEP_APPROVALS } from "../effects/effect-approval.js";
import { CharacterModel } from "../data/actor/character.js";
import { inCreation, newSkillGradesRefusal } from "../data/actor/creation.js";
import { dropVerdict } from "../data/accepted-items.js";
import { WeaponModel } from "../data/item/weapon.js";
import { slugify } from "../data/item/skill.js";
import { BODY_AREAS } from "../data/item/armor.js";
import type { ApplyDamageOptions, GenesysActor } from "../documents/actor.js";
import { startedCombatRound } from "../documents/actor-combat.js";
import { AIMED_AREAS } from "../rules/attack.js";
import { DAMAGE_TYPES } from "../rules/types.js";

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);
const whole = (v: unknown, max: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max;

/** §1.3.3 finishing creation: the player's choice under the allowance, the Narrator's over it. */
export async function onFinishCreation(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  const found = await ownedActor(requester, isObject(payload) ? payload["uuid"] : null);
  if ("refusal" in found) return found.refusal;
  const actor = found.actor;
  const sys = actor.genesys;
  if (!(sys instanceof CharacterModel) || !sys.creation.active) return no("GENESYS.Authority.Invalid");
  if (!requester.isGM && sys.creationBalance().over) return no("GENESYS.Creation.Refused.OverBudget");
  return answerWhile(actor.update({ system: { creation: { active: false } } }));
}

/** The owner's weapon an intent names, or the refusal. */
async function ownWeapon(requester: Requester, payload: unknown): Promise<{ actor: GenesysActor; item: Item.Implementation; sys: WeaponModel } | { refusal: IntentResult }> {
  if (!isObject(payload) || !isId(payload["itemId"])) return { refusal: no("GENESYS.Authority.Invalid") };
  const found = await ownedActor(requester, payload["uuid"]);
  if ("refusal" in found) return found;
  const item = found.actor.items.get(payload["itemId"]);
  const sys = item?.system;
  if (!item || !(sys instanceof WeaponModel)) return { refusal: no("GENESYS.Api.Warn.NoWeapon", { name: found.actor.name, weapon: payload["itemId"] }) };
  return { actor: found.actor, item, sys };
}

/**
 * §2.2.6 in a started fight, drawing and reloading take Preparation maneuvers, declared in the tracker
 * (documents/weapon-preparation.ts): a player's sheet does neither at once there. The Narrator's last word stands.
 */
function takesManeuver(requester: Requester, actor: GenesysActor, key: string, weapon: string): IntentResult | null {
  return !requester.isGM && fighting(actor) ? no(key, { name: actor.name, weapon }) : null;
}

/**
 * In a started fight: the actor itself, or a world actor whose unlinked token fights (the token's items follow its
 * world actor's where the token has not changed them, so a weapon drawn there could be drawn on the token too).
 */
function fighting(actor: GenesysActor): boolean {
  if (startedCombatRound(actor) !== null) return true;
  return !actor.isToken && game.combats.contents.some((c) => c.started && c.combatants.contents.some((cb) => cb.actorId === actor.id));
}

/** A weapon with a magazine reloaded: its rounds back to the mode's C (§2.4.1); in a fight, a Preparation's work. */
export async function onReload(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  const found = await ownWeapon(requester, payload);
  if ("refusal" in found) return found.refusal;
  const { actor, item, sys } = found;
  const magazine = sys.active?.magazine ?? null;
  if (magazine === null) return no("GENESYS.Sheet.Weapon.NoMagazine", { weapon: item.name });
  const reloaded: IntentResult = { ok: true, info: "GENESYS.Sheet.Weapon.Reloaded", data: { weapon: item.name, rounds: String(magazine) } };
  if (sys.rounds === magazine) return reloaded;
  return takesManeuver(requester, actor, "GENESYS.Sheet.Weapon.ReloadInCombat", item.name) ?? answerWhile(item.update({ system: { rounds: magazine } }), reloaded);
}

/** A weapon drawn or put away (§2.3.1: only a drawn one attacks); putting away is always free, drawing in a fight is a Preparation. */
export async function onSetReady(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  const found = await ownWeapon(requester, payload);
  if ("refusal" in found) return found.refusal;
  const { actor, item, sys } = found;
  const ready = isObject(payload) ? payload["ready"] : null;
  if (typeof ready !== "boolean") return no("GENESYS.Authority.Invalid");
  if (sys.ready === ready) return { ok: true };
  const refused = ready ? takesManeuver(requester, actor, "GENESYS.Sheet.Weapon.DrawInCombat", item.name) : null;
  return refused ?? answerWhile(item.update({ system: { ready } }));
}

/**
 * Whose numbers an item brings, when a player asks to copy it onto his actor: a compendium's or a world item no
 * player owns are the Narrator's; an item on another actor the requester owns was guarded there. Anything else (a
 * world item a player made, someone else's actor) is refused.
 */
function trustedSource(requester: Requester, item: Item.Implementation): boolean {
  if (requester.isGM || item.pack) return true;
  const holder = item.actor;
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  if (holder) return holder.testUserPermission(requester.user, "OWNER");
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return !game.users.contents.some((u) => !u.isGM && item.testUserPermission(u, "OWNER"));
}

/**
 * A player adds an item to his actor (a drop, the sheet's "+"): his client may not create it, since its numbers are
 * protected (and a v14 server refuses a player's creation of such an item outright: foundryvtt/foundryvtt#14252), so
 * the Narrator's client copies the source or makes a blank one of the type, with a player's new skill's grades as
 * creation allows them (data/actor/creation.ts newSkillGradesRefusal).
 */
export async function onAddItem(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  const found = await ownedActor(requester, isObject(payload) ? payload["uuid"] : null);
  if ("refusal" in found) return found.refusal;
  const actor = found.actor;
  const p = isObject(payload) ? payload : {};
  let data: Record<string, unknown>;
  // A copy of an item on an actor keeps only the approvals its effects use there (effects/effect-approval.ts), whoever
  // asks: a Narrator handing a player's item over approves nothing by it.
  let keepApprovals = false;
  let keepId = false;
  if (typeof p["source"] === "string") {
    if (p["source"].length > 300 || !/^[A-Za-z0-9._-]+$/.test(p["source"])) return no("GENESYS.Authority.Invalid");
    let source: unknown;
    try {
      source = await foundry.utils.fromUuid(p["source"] as `Item.${string}`); // the shape was checked above; fromUuid answers null for a wrong one
    } catch {
      source = null;
    }
    if (!(source instanceof CONFIG.Item.documentClass)) return no("GENESYS.Sheet.Drop.Missing");
    // The configured class is fvtt-types' generic GenesysItem<any>: read as the world's item type.
    if (!trustedSource(requester, source as Item.Implementation)) return no("GENESYS.Authority.NotAllowed");
    const { _id: sourceId, ...rest } = source.toObject() as Record<string, unknown>; // a document's source
    // Core keeps the id of an item dropped from another actor when the target holds none like it; so does this.
    keepId = typeof sourceId === "string" && !actor.items.has(sourceId);
    data = keepId ? { ...rest, _id: sourceId } : rest;
    if (source.actor) {
      keepApprovals = true;
      data = { ...data, system: { ...(isObject(data["system"]) ? data["system"] : {}), approvals: carriedApprovals(source) } };
    }
  } else {
    const type = p["type"];
    const name = p["name"];
    if (typeof type !== "string" || typeof name !== "string" || name.length === 0 || name.length > 200) return no("GENESYS.Authority.Invalid");
    data = { name, type };
  }
  const type = String(data["type"]);
  const verdict = dropVerdict(actor.type, type);
  if (!verdict.ok) return no(verdict.reason, { item: String(data["name"]), type, actor: actor.type });
  if (type === "skill" && !requester.isGM) data = withKey(withoutPlayerGrades(data, inCreation(actor)));
  // §2.2.6 a weapon a player brings in during a fight arrives put away and, with a magazine, empty: drawing and
  // loading it are Preparations, as for the weapons already carried.
  if (type === "weapon" && !requester.isGM && fighting(actor)) data = { ...data, system: { ...(isObject(data["system"]) ? data["system"] : {}), ready: false, rounds: 0 } };
  // The id is chosen here, so that the answer naming it travels beside the creation (answerWhile).
  const id = keepId ? String(data["_id"]) : foundry.utils.randomID();
  // The option is the system's own, read by the new item's _preCreate (documents/item.ts).
  const options = { keepId: true, [KEEP_APPROVALS]: keepApprovals } as Item.Database.CreateOperation<true>;
  const created = actor.createEmbeddedDocuments("Item", [{ ...data, _id: id } as Item.CreateData], options).then((made) => {
    if (made?.[0]?.id !== id) throw new Error(`the item ${id} was not created on ${actor.uuid}`);
  });
  return answerWhile(created, { ok: true, data: { itemId: id } });
}

/**
 * A skill keyed by its name as it arrives: the key (protected) is what weapons, requests and effects name it by, so a
 * player's later rename (the name is his) cannot make it stand for another skill.
 */
function withKey(data: Record<string, unknown>): Record<string, unknown> {
  const system = isObject(data["system"]) ? data["system"] : {};
  const key = typeof system["key"] === "string" && system["key"] !== "" ? system["key"] : slugify(String(data["name"]));
  return { ...data, system: { ...system, key: key.slice(0, 64) } };
}

/** A skill's source with the grades a player's new skill may not bring set to 0. */
function withoutPlayerGrades(data: Record<string, unknown>, creating: boolean | null): Record<string, unknown> {
  const system = isObject(data["system"]) ? data["system"] : {};
  const num = (v: unknown): number => (typeof v === "number" && Number.isInteger(v) ? v : 0);
  const dropped = newSkillGradesRefusal({ bought: num(system["bought"]), earned: num(system["earned"]), ownerInCreation: creating, isGM: false });
  const zeroed = dropped ? Object.fromEntries(dropped.fields.map((f) => [f, 0])) : {};
  // Points come from checks only (§1.8.2).
  return { ...data, system: { ...system, ...zeroed, increment: 0 } };
}

/** The damage options a player may send for his own actor, field by field (venom is a biter's, never sent). */
export function readOwnDamage(raw: unknown): ApplyDamageOptions | null {
  if (!isObject(raw)) return null;
  const { amount, type, armourPiercing, aimedArea, bodyArea, grazing, ignoreArmour, rangedBeyondHalf, explosive, blastDistance } = raw;
  if (!whole(amount, 999) || typeof type !== "string" || !(DAMAGE_TYPES as readonly string[]).includes(type)) return null;
  const flags = { armourPiercing, grazing, ignoreArmour, rangedBeyondHalf, explosive };
  if (Object.values(flags).some((f) => f !== undefined && typeof f !== "boolean")) return null;
  if (aimedArea !== undefined && !(AIMED_AREAS as readonly unknown[]).includes(aimedArea)) return null;
  if (bodyArea !== undefined && !(BODY_AREAS as readonly unknown[]).includes(bodyArea)) return null;
  if (blastDistance !== undefined && !(typeof blastDistance === "number" && blastDistance >= 0 && blastDistance <= 1_000)) return null;
  // Each field was checked above against the list or the type the pipeline takes.
  return JSON.parse(JSON.stringify({ amount, type, armourPiercing, aimedArea, bodyArea, grazing, ignoreArmour, rangedBeyondHalf, explosive, blastDistance })) as ApplyDamageOptions;
}

/** A hit the owner takes on his own actor (a macro, the token HUD): it only hurts him, so it is his to ask. */
export async function onOwnDamage(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  const found = await ownedActor(requester, isObject(payload) ? payload["uuid"] : null);
  if ("refusal" in found) return found.refusal;
  const actor = found.actor;
  const options = readOwnDamage(isObject(payload) ? payload["options"] : null);
  if (!options) return no("GENESYS.Authority.Invalid");
  const started = actor.startDamage(options);
  return started ? answerWhile(started.written, { ok: true, data: { change: JSON.stringify(started.change) } }) : no("GENESYS.Authority.NotAllowed");
}

/** §1.5.3 rest on the sheet: it heals, so only under free editing (else the Narrator passes time, or rests the actor). */
export async function onRecover(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  const found = await ownedActor(requester, isObject(payload) ? payload["uuid"] : null);
  if ("refusal" in found) return found.refusal;
  const actor = found.actor;
  const minutes = isObject(payload) ? payload["minutes"] : null;
  const days = isObject(payload) ? payload["days"] : null;
  if (!whole(minutes, 1_000_000) || !whole(days, 100_000)) return no("GENESYS.Authority.Invalid");
  if (!requester.isGM && !freeEditing(actor)) return no("GENESYS.Authority.Edit.NarratorOnly", { name: actor.name });
  const started = actor.startRecover({ minutes, days });
  return started ? answerWhile(started.written, { ok: true, data: { change: JSON.stringify(started.change) } }) : no("GENESYS.Authority.NotAllowed");
}

/** The Narrator's side: the owner's intents, and what his client does with the items and effects players create. */
export function registerOwnerIntents(): void {
  registerIntent(OWNER_INTENTS.finishCreation, onFinishCreation);
  registerIntent(OWNER_INTENTS.reload, onReload);
  registerIntent(OWNER_INTENTS.ready, onSetReady);
  registerIntent(OWNER_INTENTS.damage, onOwnDamage);
  registerIntent(OWNER_INTENTS.recover, onRecover);
  registerIntent(OWNER_INTENTS.addItem, onAddItem);
  registerPlayerCreatedItems();
  registerEffectApprovals();
}
