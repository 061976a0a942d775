/**
 * Creation mode of a Protagonista (§1.2.2, §1.3.3): while it is on, the player spends the creation allowance on
 * characteristics and allocated skill grades (earned grades stay at 0 until play, §1.8); finishing locks the
 * characteristics and the allocated grades, which afterwards only the Narrator changes (grades then come from
 * increments, §1.8).
 *
 * What is enforced where: characteristics, grades and the creation state are gmOnlyFields (data/protected-fields.ts),
 * so the server refuses a player's own write of them; the sheet sends a spend to the Narrator's client
 * (authority/protected-edit.ts), which judges it with characterBalance, and finishing is an intent
 * (authority/owner-actions.ts). The _preUpdate checks below only warn early on a direct write. A player's new skill is
 * created by his own client, which the v13 server does not check: _preCreate takes its grades off there.
 */
import { creationBalance, type CreationAllowance, type CreationBalance } from "../../rules/skill.js";
import { CHARACTERISTICS, type CharacteristicKey, type Characteristics } from "../../rules/types.js";

const fields = foundry.data.fields;

/** `creation.active`: off for characters saved before creation mode existed (the initial value), on for new ones (`startsInCreation`). */
export function creationField() {
  return new fields.SchemaField({ active: new fields.BooleanField({ required: true, nullable: false, initial: false }) });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The value an update writes at `path`, written nested ({ system: { creation: { active } } }) or dotted
 * ("system.creation.active", or any mix); `undefined` when the update leaves it alone.
 */
export function changedAt(changes: unknown, path: string): unknown {
  if (!isRecord(changes)) return undefined;
  if (path in changes) return changes[path];
  const parts = path.split(".");
  for (let i = 1; i < parts.length; i++) {
    const head = parts.slice(0, i).join(".");
    if (head in changes) {
      const found = changedAt(changes[head], parts.slice(i).join("."));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * A new Protagonista starts in creation unless its data says otherwise or it arrives with skills: a copy, a ready
 * character from the compendium or an import was built elsewhere.
 */
export function startsInCreation(data: unknown): boolean {
  if (changedAt(data, "system.creation.active") !== undefined) return false;
  const items = isRecord(data) ? data["items"] : undefined;
  return !(Array.isArray(items) && items.some((i) => isRecord(i) && i["type"] === "skill"));
}

/** Whether an actor is a Protagonista in creation; null for anything that has no creation mode. */
export function inCreation(actor: { type: string; system: unknown } | null | undefined): boolean | null {
  if (actor?.type !== "character") return null;
  const creation = isRecord(actor.system) ? actor.system["creation"] : undefined;
  return isRecord(creation) && creation["active"] === true;
}

/** A skill as creation counts it: its characteristic and the grades allocated to it. */
export interface AllocatedSkill {
  characteristic: CharacteristicKey;
  bought: number;
}

/** §1.3.3 the balance of a character: its characteristics and the grades allocated over them. */
export function characterBalance(characteristics: Characteristics, skills: readonly AllocatedSkill[], allowance: CreationAllowance): CreationBalance {
  const creationSkills = skills.map((s) => ({ referenceCharacteristic: s.characteristic, grade: characteristics[s.characteristic] + s.bought }));
  return creationBalance(characteristics, creationSkills, allowance);
}

/** The scores a character would have after an update: the stored ones with those the update writes put over them. */
export function characteristicsAfter(stored: Characteristics, changes: unknown): Characteristics {
  const next = { ...stored };
  for (const key of CHARACTERISTICS) {
    const written = changedAt(changes, `system.characteristics.${key}`);
    if (typeof written === "number" && Number.isFinite(written)) next[key] = written;
  }
  return next;
}

/** i18n keys of the refusals (each says what to do instead). */
export const CREATION_REFUSALS = {
  reopen: "GENESYS.Creation.Refused.Reopen",
  overBudget: "GENESYS.Creation.Refused.OverBudget",
  allocated: "GENESYS.Creation.Refused.Allocated",
  characteristics: "GENESYS.Creation.Refused.Characteristics",
  earned: "GENESYS.Creation.Refused.Earned",
  newSkillAllocated: "GENESYS.Creation.Refused.NewSkillAllocated",
  newSkillEarned: "GENESYS.Creation.Refused.NewSkillEarned",
} as const;
export type CreationRefusal = (typeof CREATION_REFUSALS)[keyof typeof CREATION_REFUSALS];

/**
 * An update of a character's creation state a player may not make: only the Narrator reopens creation, and only the
 * Narrator finishes it over the allowance. Finishing under the allowance is the player's choice (the sheet asks first).
 */
export function creationChangeRefusal(input: { changes: unknown; wasActive: boolean; isGM: boolean; balance: () => CreationBalance }): CreationRefusal | null {
  const next = changedAt(input.changes, "system.creation.active");
  if (input.isGM || typeof next !== "boolean" || next === input.wasActive) return null;
  if (next) return CREATION_REFUSALS.reopen;
  return input.balance().over ? CREATION_REFUSALS.overBudget : null;
}

/**
 * A player changing a characteristic once the Protagonista finished creation: afterwards the scores change only as the
 * Narrator decides (§1.2.2), as allocated grades do. Scores are judged against the stored ones, so a sheet that sends
 * every input back unchanged passes.
 */
export function characteristicChangeRefusal(input: { changes: unknown; stored: Characteristics; wasActive: boolean; isGM: boolean }): CreationRefusal | null {
  if (input.isGM || input.wasActive) return null;
  const changed = CHARACTERISTICS.some((k) => {
    const written = changedAt(input.changes, `system.characteristics.${k}`);
    return written !== undefined && written !== input.stored[k];
  });
  return changed ? CREATION_REFUSALS.characteristics : null;
}

/**
 * A player changing a skill's grades where they are not his to set: allocated grades once its Protagonista finished
 * creation, earned grades while it is in creation (the budget counts allocated grades only, §1.3.3, and earned ones
 * come from increments in play, §1.8). The Narrator may do either.
 */
export function allocatedChangeRefusal(input: { changes: unknown; bought: number; earned: number; ownerInCreation: boolean | null; isGM: boolean }): CreationRefusal | null {
  if (input.isGM || input.ownerInCreation === null) return null;
  const [path, stored, refusal] = input.ownerInCreation ? (["system.earned", input.earned, CREATION_REFUSALS.earned] as const) : (["system.bought", input.bought, CREATION_REFUSALS.allocated] as const);
  const next = changedAt(input.changes, path);
  return next === undefined || next === stored ? null : refusal;
}

/**
 * The grades a player's new skill may not carry, as for an update (allocatedChangeRefusal): the field to set to 0 and
 * the warning; null when the skill may come as it is. Zeroed rather than refused, since the skill itself is his to add.
 */
export function newSkillGradesRefusal(input: { bought: number; earned: number; ownerInCreation: boolean | null; isGM: boolean }): { fields: ("bought" | "earned")[]; refusal: CreationRefusal } | null {
  if (input.isGM || input.ownerInCreation === null) return null;
  if (input.ownerInCreation) return input.earned === 0 ? null : { fields: ["earned"], refusal: CREATION_REFUSALS.newSkillEarned };
  // After creation neither kind is his: earned grades come from the increments the Narrator's client records (§1.8).
  if (input.bought === 0 && input.earned === 0) return null;
  return { fields: ["bought", "earned"], refusal: CREATION_REFUSALS.newSkillAllocated };
}
