/**
 * The values the book gives to the Narrator or to play, which a player never writes himself: declared to Foundry's
 * server as `gmOnlyFields` in system.json (paths relative to `system`), so that an owner's write of any of them is
 * refused there whatever the writing client runs. What a player legitimately decides about them (spending the
 * creation allowance, a study plan, reloading) goes to the Narrator's client as an intent (src/authority/edit-intents.ts),
 * which checks it and writes it.
 *
 * Leaves are listed, not their parents: whether the server's test covers the descendants of a listed object is not
 * public, so each stored value is named. Arrays and sets are leaves (an update replaces them whole). Every other
 * stored field of a type is the player's own, listed in OPEN_FIELDS; test/authority/protected-fields.test.ts fails on
 * a field that is in neither list, and on a system.json that does not say the same.
 */

const CHARACTERISTICS = ["dexterity", "experience", "charm", "strength", "perception"].map((k) => `characteristics.${k}`);
const HEALTH = ["wounds.value", "fatigue.value", "fatigue.deprivation", "poison.doses", "poison.fever.startsInHours", "poison.fever.hoursLeft", ...["rest", "activity", "sleep", "food", "water"].map((k) => `timeCarry.${k}`)];
/** The Narrator's own: notes, the damage ledger Undo reads, whether he opened the actor for free editing, the
 *  effects he approved (effects/effect-approval.ts), what holds it down (documents/stun-prone.ts) and the statuses he
 *  placed (documents/narrator-statuses.ts). Free
 *  editing opens everything else to the owner, never these. */
export const NARRATOR_FIELDS: readonly string[] = ["gmNotes", "ledger", "freeEdit", "approvals", "knockedDown", "narratorStatuses"];
const NARRATOR = NARRATOR_FIELDS;
/** What free editing never opens: the Narrator's own fields, and the creation lock (reopening creation would let the
 *  owner move his points again once free editing closes). */
export const FREE_EDIT_EXCLUDED: readonly string[] = [...NARRATOR_FIELDS, "creation.active"];
const PERSON = [
  ...CHARACTERISTICS,
  ...["reflexes", "resistance", "speed"].map((k) => `overrides.${k}`),
  ...HEALTH,
  "fame",
  "reputation",
  "crippledLimbs",
  ...["hoursAwake", "daysWithoutFood", "hoursWithoutWater", "points.sleep", "points.hunger", "points.thirst", "deadline.hunger", "deadline.thirst"].map((k) => `deprivation.${k}`),
  ...NARRATOR,
];
const STUDY = ["status", "skillId", "related", "rate", "progressDays", "teacher.name", "teacher.grade", "teacher.charm", "note"].map((k) => `study.${k}`);

export const PROTECTED_FIELDS = {
  Actor: {
    character: [...PERSON, ...STUDY, "creation.active"],
    npc: PERSON,
    animal: [
      ...["strength", "dexterity", "perception", "charm", "experience"].map((k) => `characteristics.${k}`),
      "resistance",
      "reflexes",
      "speeds",
      ...["grade", "defence", "defenceEstimated", "damage.dice", "damage.faces", "damage.strength", "damage.flat", "damage.type", "attacksPerTurn", "natural"].map((k) => `attack.${k}`),
      "environments",
      "capabilities",
      "traits",
      "naturalArmour",
      "venom.dice",
      "venom.maxPerDay",
      "venom.injectedToday",
      ...HEALTH,
      ...NARRATOR,
    ],
  },
  Item: {
    skill: ["key", "characteristic", "bought", "earned", "increment", "related", "approvals"],
    trait: ["immunities", "approvals"],
    weapon: ["skill", "modes", "rounds", "ready", "reflexesModifier", "explosive", "weight", "approvals"],
    armor: ["defence", "minStrength", "coverage", "areas", "bypassPenalty", "weight", "approvals"],
    gear: ["weight", "checkBonus", "minStrength", "bonusApplies", "approvals"],
  },
} as const satisfies Record<"Actor" | "Item", Record<string, readonly string[]>>;

/**
 * What stays the owner's to write: the words, and the choices of the moment that the book leaves to the player and
 * that change no number by themselves (wearing armour, a weapon's mode, how many of a thing he carries). Drawing a weapon
 * costs a maneuver in a fight, so it is an intent (authority/owner-actions.ts onSetReady).
 */
export const OPEN_FIELDS = {
  Actor: { character: ["biography"], npc: ["biography"], animal: ["description"] },
  Item: { skill: ["description"], trait: ["description"], weapon: ["mode", "description"], armor: ["worn", "description"], gear: ["quantity", "description"] },
} as const satisfies Record<"Actor" | "Item", Record<string, readonly string[]>>;

export type ProtectedDocument = keyof typeof PROTECTED_FIELDS;

/** The protected paths (under `system`) of a document type and subtype; none for a type this system does not define. */
export function protectedPaths(documentName: string, type: string): readonly string[] {
  const byType: Record<string, readonly string[] | undefined> | undefined = (PROTECTED_FIELDS as Record<string, Record<string, readonly string[] | undefined> | undefined>)[documentName];
  return byType?.[type] ?? [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Keys that would reach an object's prototype instead of its own values: never a path segment of ours. */
export function isUnsafeKey(key: string): boolean {
  return key === "__proto__" || key === "constructor" || key === "prototype";
}

/** The value at a dotted path of an object, undefined when a step is missing. */
export function valueAt(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split(".")) {
    if (!isRecord(current) || isUnsafeKey(key) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** Compares stored values as JSON does (sets and arrays by their elements in order). */
function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown => (v instanceof Set ? [...(v as Set<unknown>)] : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b)) && (a === undefined) === (b === undefined);
}


/** Whether a dotted update key (under `system`) falls on a protected path, or holds one beneath it. */
export function touchesProtected(documentName: string, type: string, key: string): boolean {
  const bare = key.replace(/(^|\.)-=/, "$1");
  return protectedPaths(documentName, type).some((path) => path === bare || path.startsWith(`${bare}.`) || bare.startsWith(`${path}.`));
}

/** A nested object flattened to dotted keys; arrays and sets are values, not objects to go into. */
export function flatten(value: unknown, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!isRecord(value)) return out;
  for (const [key, inner] of Object.entries(value)) {
    if (key.split(".").some(isUnsafeKey)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(inner) && Object.keys(inner).length > 0) Object.assign(out, flatten(inner, path));
    else out[path] = inner;
  }
  return out;
}

/** Nested `{ a: { b: v } }` from dotted keys, for an update every Foundry version reads the same way. */
export function expandPaths(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) {
    const parts = path.split(".");
    if (parts.some(isUnsafeKey)) continue;
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = isRecord(next) ? next : (node[part] = {});
    }
    node[parts[parts.length - 1] ?? path] = value;
  }
  return out;
}
/**
 * A `system` update split into what the owner may write himself and what only the Narrator's client writes, keeping
 * only protected values that change what is stored (a sheet sends back every input, changed or not).
 */
export function splitSystemUpdate(documentName: string, type: string, stored: unknown, system: unknown): { open: Record<string, unknown>; guarded: Record<string, unknown> } {
  const open: Record<string, unknown> = {};
  const guarded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flatten(system))) {
    if (!touchesProtected(documentName, type, key)) open[key] = value;
    else if (!sameValue(valueAt(stored, key), value)) guarded[key] = value;
  }
  return { open, guarded };
}
