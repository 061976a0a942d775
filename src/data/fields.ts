/** Field factories shared by the data models: every number carries its integer/min/max so Foundry rejects nonsense. */
import { CHARACTERISTICS, DAMAGE_TYPES } from "../rules/types.js";

const fields = foundry.data.fields;

/** A required integer with bounds. */
export function intField(initial: number, min: number, max: number) {
  return new fields.NumberField({ required: true, nullable: false, integer: true, min, max, initial });
}

/** A required non-negative real number (kilograms, metres, hours). */
export function realField(initial: number, max: number) {
  return new fields.NumberField({ required: true, nullable: false, min: 0, max, initial });
}

/** An optional integer: null means "not set" (use the formula, or the value is missing from the source). */
export function optionalIntField(min: number, max: number) {
  return new fields.NumberField({ required: true, nullable: true, integer: true, min, max, initial: null });
}

/** An optional non-negative real number (hours still to run): null means "none under way". */
export function optionalRealField(max: number) {
  return new fields.NumberField({ required: true, nullable: true, min: 0, max, initial: null });
}

/** §1.2.1 a characteristic score: 7 is the human standard, above 15 superhuman. */
export function characteristicField() {
  return intField(7, 0, 30);
}

/** A counter that never goes below zero: Ferite, Fatica, doses. 999 is far beyond any Resistenza (4 × 30 = 120). */
export function counterField() {
  return intField(0, 0, 999);
}

export function characteristicChoiceField() {
  return new fields.StringField({ required: true, choices: [...CHARACTERISTICS], initial: "dexterity" });
}

export function damageTypeField(initial: (typeof DAMAGE_TYPES)[number] = "wounding") {
  return new fields.StringField({ required: true, choices: [...DAMAGE_TYPES], initial });
}

/** §2.4.1 a damage expression: N dice of F faces, optionally plus the attacker's Forza, plus a flat amount. */
export function damageField(initial: { dice: number; faces: 3 | 6 | 10; strength: boolean; flat: number }) {
  return new fields.SchemaField({
    dice: intField(initial.dice, 0, 20),
    faces: new fields.NumberField({ required: true, nullable: false, integer: true, choices: [3, 6, 10], initial: initial.faces }),
    strength: new fields.BooleanField({ initial: initial.strength }),
    flat: intField(initial.flat, -30, 50),
    type: damageTypeField(),
  });
}

/** Ferite, Fatica (with the part owed to deprivation, §3.1.1) and poison doses (§3.1.2): shared by every actor type. */
export function healthFields() {
  return {
    wounds: new fields.SchemaField({ value: counterField() }),
    fatigue: new fields.SchemaField({ value: counterField(), deprivation: counterField() }),
    poison: new fields.SchemaField({
      doses: counterField(),
      /** §3.3.3 the fever of a mild poisoning: hours to its onset, then hours it still lasts (src/rules/advanced/venom-fever.ts). */
      fever: new fields.SchemaField({ startsInHours: optionalRealField(10_000), hoursLeft: optionalRealField(10_000) }),
    }),
    /**
     * Seconds of world time advanced in steps but not yet a whole period of their rate (src/rules/periods.ts): rest
     * toward the next day, activity toward the next point (in seconds of the slowest activity), sleep toward the next
     * half hour, a meal's and a drink's relief toward the next hour. Each is under its period.
     */
    timeCarry: new fields.SchemaField({
      rest: realField(0, 86_400),
      activity: realField(0, 1_800),
      sleep: realField(0, 1_800),
      food: realField(0, 3_600),
      water: realField(0, 3_600),
    }),
  };
}

/**
 * The Narrator's own record on an actor: the damage ledger Undo reads (documents/damage-ledger.ts), and whether he
 * opened the actor for free editing by its owner (authority/protected-edit.ts), the effects he approved, and the hits
 * that knocked it down. All are gmOnlyFields.
 */
export function narratorFields() {
  return {
    ledger: new fields.ArrayField(
      new fields.SchemaField({
        id: new fields.StringField({ required: true, blank: false, initial: "entry" }),
        wounds: counterField(),
        fatigue: counterField(),
        poison: counterField(),
      }),
      { required: true, initial: () => [] },
    ),
    freeEdit: new fields.BooleanField({ initial: false }),
    approvals: approvalsField(),
    /** §3.2.2 what holds the actor on the ground: the hits whose stun checks failed, a dive (documents/stun-prone.ts). */
    knockedDown: new fields.ArrayField(new fields.StringField({ required: true, blank: false }), { required: true, initial: () => [] }),
    /** The statuses a Narrator placed that its owner may not take off (documents/narrator-statuses.ts). */
    narratorStatuses: new fields.ArrayField(new fields.StringField({ required: true, blank: false }), { required: true, initial: () => [] }),
  };
}

/** The effects a Narrator approved on an actor or item (effects/effect-approval.ts); a gmOnlyField. */
export function approvalsField() {
  return new fields.ArrayField(
    new fields.SchemaField({
      id: new fields.StringField({ required: true, blank: true, initial: "" }),
      digest: new fields.StringField({ required: true, blank: false, initial: "none" }),
      narrator: new fields.BooleanField({ initial: false }),
      snapshot: new fields.StringField({ required: true, blank: true, initial: "" }),
    }),
    { required: true, initial: () => [] },
  );
}

export function htmlField() {
  return new fields.HTMLField({ required: true, blank: true });
}

/** Narrator-only HTML: Foundry withholds gmOnly fields from players' clients. */
export function gmNotesField() {
  return new fields.HTMLField({ required: true, blank: true, gmOnly: true });
}
