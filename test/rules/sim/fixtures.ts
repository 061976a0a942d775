/** Combatants shared by the simulator's tests and bench: plain humans of the book (all characteristics 7) and a bear. */
import { animalFighter, unarmedAttack, weaponAttack } from "../../../src/rules/sim/fighter.js";
import type { EncounterFighterInput } from "../../../src/rules/sim/fighter.js";
import type { WeaponKey } from "../../../src/rules/weapons.js";

/** §1.2.2 a typical human: FOR/DES/PER 7 → Riflessi 7, Resistenza 28. */
export function human(id: string, extra: Partial<EncounterFighterInput> & { weapon?: WeaponKey; grade?: number } = {}): EncounterFighterInput {
  const { weapon, grade, ...rest } = extra;
  const strength = rest.strength ?? 7;
  return {
    id,
    strength,
    dexterity: 7,
    reflexes: 7,
    resistance: 28,
    defenceGrade: 10,
    attacks: weapon === undefined ? [unarmedAttack(grade ?? 9)] : [weaponAttack(weapon, grade ?? 12, strength)],
    ...rest,
  };
}

/** A party of four: knife, club, spear and pistol. */
export function party(): EncounterFighterInput[] {
  return [
    human("anna", { weapon: "knifeMelee", grade: 13, reflexes: 8 }),
    human("bruno", { weapon: "clubTwoHanded", grade: 12, strength: 8, resistance: 32 }),
    human("carla", { weapon: "spearTwoHanded", grade: 12, reflexes: 6 }),
    human("dario", { weapon: "pistolTwoHanded", grade: 14, reflexes: 9, armour: 0 }),
  ];
}

/** Four wolves; the book lost the wolf's defence, so the Narrator's 10 is given. */
export function wolves(): EncounterFighterInput[] {
  return ["w1", "w2", "w3", "w4"].map((id) => animalFighter(id, "wolf", { defenceGrade: 10 }));
}

export const bear = (): EncounterFighterInput => animalFighter("bear", "bear");
