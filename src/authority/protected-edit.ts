/**
 * A player's sheet edit of protected values (protected-fields.ts): the server refuses the owner's own write of them, so
 * the sheet sends them here and the active Narrator's client decides. It accepts them when the Narrator opened the
 * actor for free editing (`system.freeEdit`, which only a Narrator writes), or, for a Protagonista in creation, when
 * they spend the creation allowance (§1.3.3: characteristics and allocated grades) without going over it. Anything
 * else is refused with a warning and nothing is written.
 */
import { answerWhile, registerIntent, type IntentOutcome, type IntentResult, type Requester } from "./intent-channel.js";
import { expandPaths, flatten, FREE_EDIT_EXCLUDED, protectedPaths, valueAt } from "../data/protected-fields.js";
import { characterBalance, inCreation, type AllocatedSkill } from "../data/actor/creation.js";
import { SkillModel } from "../data/item/skill.js";
import { creationAllowance } from "../settings/creation-settings.js";
import { CHARACTERISTICS, type Characteristics } from "../rules/types.js";
import type { CreationBalance } from "../rules/skill.js";
import { EDIT_INTENT, freeEditing } from "./protected-edit-request.js";

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isUuid = (v: unknown): v is string => typeof v === "string" && v.length <= 300 && /^(Actor|Scene|Item)\.[A-Za-z0-9.]+$/.test(v);
/** At most this many values in one edit: a form has a few dozen inputs. */
const MAX_KEYS = 200;

type Target = { actor: Actor.Implementation; item: Item.Implementation | null; documentName: "Actor" | "Item"; type: string };

async function targetOf(uuid: string): Promise<Target | null> {
  let doc: unknown;
  try {
    // isUuid checked the shape fromUuid resolves.
    doc = await foundry.utils.fromUuid(uuid as `Actor.${string}`);
  } catch {
    return null;
  }
  // The configured class is fvtt-types' generic GenesysActor<any>: read back as the world's actor type.
  if (doc instanceof CONFIG.Actor.documentClass) return { actor: doc as Actor.Implementation, item: null, documentName: "Actor", type: doc.type };
  if (doc instanceof CONFIG.Item.documentClass) {
    const actor = doc.actor;
    return actor ? { actor, item: doc, documentName: "Item", type: doc.type } : null;
  }
  return null;
}

/** Reads the payload key by key: each one a protected leaf of this type, exactly (no operator, no deeper key). */
function readChanges(target: Target, raw: unknown): Record<string, unknown> | null {
  if (!isObject(raw)) return null;
  const entries = Object.entries(raw);
  if (entries.length === 0 || entries.length > MAX_KEYS) return null;
  const leaves = protectedPaths(target.documentName, target.type);
  for (const [key] of entries) if (!leaves.includes(key)) return null;
  return Object.fromEntries(entries);
}

/** The allocated grades of the actor's skills, with the given changes of one skill laid over. */
function allocatedSkills(actor: Actor.Implementation, skillId: string | null, bought: number | null): AllocatedSkill[] {
  return actor.items.contents.flatMap((i) => {
    if (!(i.system instanceof SkillModel)) return [];
    return [{ characteristic: i.system.characteristic, bought: i.id === skillId && bought !== null ? bought : i.system.bought }];
  });
}

function characteristicsOf(actor: Actor.Implementation): Characteristics {
  const stored = valueAt(actor.system, "characteristics");
  return Object.fromEntries(CHARACTERISTICS.map((k) => [k, Number(valueAt(stored, k))])) as Characteristics; // the five keys, read one by one
}

/** Over the allowance after the edit, and spending more than before in a line that is over. */
function spendsPastAllowance(before: CreationBalance, after: CreationBalance): boolean {
  const lines = ["characteristicPoints", "skillGrades"] as const;
  return lines.some((line) => after[line].status === "over" && after[line].spent > before[line].spent);
}

/**
 * §1.3.3 a creation spend: characteristics of the Protagonista or the allocated grades of one of its skills, while in
 * creation. Null when it may be written; else the refusal.
 */
export function creationSpendRefusal(target: Target, changes: Record<string, unknown>): IntentResult | null {
  if (inCreation(target.actor) !== true) return no("GENESYS.Authority.Edit.NarratorOnly", { name: target.actor.name });
  const keys = Object.keys(changes);
  const allowed = target.item ? ["bought"] : CHARACTERISTICS.map((k) => `characteristics.${k}`);
  if (target.item && !(target.item.system instanceof SkillModel)) return no("GENESYS.Authority.Edit.NarratorOnly", { name: target.actor.name });
  if (!keys.every((k) => allowed.includes(k))) return no("GENESYS.Authority.Edit.NarratorOnly", { name: target.actor.name });
  for (const value of Object.values(changes)) if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 40) return no("GENESYS.Authority.Invalid");
  const allowance = creationAllowance();
  const stored = characteristicsOf(target.actor);
  const before = characterBalance(stored, allocatedSkills(target.actor, null, null), allowance);
  const scores = target.item ? stored : { ...stored, ...Object.fromEntries(keys.map((k) => [k.slice("characteristics.".length), changes[k]])) };
  const bought = target.item ? (changes["bought"] as number) : null; // checked a whole number above
  const after = characterBalance(scores, allocatedSkills(target.actor, target.item?.id ?? null, bought), allowance); // five scores, checked above
  return spendsPastAllowance(before, after) ? no("GENESYS.Creation.Refused.SpendOverBudget", { name: target.actor.name }) : null;
}

/** On the active Narrator's client. */
export async function onProtectedEdit(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  if (!isObject(payload) || !isUuid(payload["uuid"])) return no("GENESYS.Authority.Invalid");
  const target = await targetOf(payload["uuid"]);
  if (!target) return no("GENESYS.Authority.Edit.Gone");
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  if (!requester.isGM && !target.actor.testUserPermission(requester.user, "OWNER")) return no("GENESYS.Warn.NotOwner", { name: target.actor.name });
  // Sent nested: an intent travels in a User update, which would expand dotted keys anyway.
  const changes = readChanges(target, isObject(payload["system"]) ? flatten(payload["system"]) : null);
  if (!changes) return no("GENESYS.Authority.Invalid");
  if (!requester.isGM) {
    const narrators = target.item === null && Object.keys(changes).some((k) => FREE_EDIT_EXCLUDED.includes(k));
    if (narrators) return no("GENESYS.Authority.Edit.NarratorOnly", { name: target.actor.name });
    const refusal = freeEditing(target.actor) ? null : creationSpendRefusal(target, changes);
    if (refusal) return refusal;
  }
  const system = expandPaths(changes);
  // The paths were checked against this type's protected fields; the schema cleans and validates the values. The
  // answer goes beside the write: a value the schema still refuses reaches the requester as the write's failure.
  return answerWhile(target.item ? target.item.update({ system }) : target.actor.update({ system }));
}

export function registerProtectedEdit(): void {
  registerIntent(EDIT_INTENT, onProtectedEdit);
}
