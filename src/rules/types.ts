/** Vocabulary shared by every rules module. Keys are English; players see Italian through i18n. */

/** §1.2.1 the five characteristics (Destrezza, Esperienza, Fascino, Forza, Percezione). */
export const CHARACTERISTICS = ["dexterity", "experience", "charm", "strength", "perception"] as const;
export type CharacteristicKey = (typeof CHARACTERISTICS)[number];
export type Characteristics = Record<CharacteristicKey, number>;

/** §1.5.2 physical conditions, from best to worst. */
export const CONDITIONS = ["normal", "weak", "exhausted", "collapsed", "dead"] as const;
export type ConditionKey = (typeof CONDITIONS)[number];

/** §2.3.6 damage types: F ferimento, T trauma, S shock. */
export const DAMAGE_TYPES = ["wounding", "trauma", "shock"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** §2.2 the six maneuvers. */
export const MANEUVERS = ["defence", "attack", "execution", "focus", "movement", "preparation"] as const;
export type ManeuverKey = (typeof MANEUVERS)[number];

/** §1.7.2 the difficulty ladder, Banale … Assurda. */
export const DIFFICULTIES = ["trivial", "easy", "medium", "complex", "difficult", "veryDifficult", "extreme", "absurd"] as const;
export type DifficultyKey = (typeof DIFFICULTIES)[number];

/** Ferite and Fatica, the two damage counters (§1.5.1). */
export interface DamageCounters {
  wounds: number;
  fatigue: number;
}

/** Rolls `count` dice of `faces` faces and returns each result; injected so rules stay deterministic in tests. */
export type DiceRoller = (count: number, faces: number) => number[];
