/**
 * §1.3.3 the creation allowance as two world settings: the book offers 35 characteristic points and 20 skill grades as
 * a suggestion, so the Narrator may set other numbers for a campaign.
 */
import { SUGGESTED_CHARACTERISTIC_POINTS, SUGGESTED_SKILL_GRADES, type CreationAllowance } from "../rules/skill.js";
import { SYSTEM_ID } from "./rules-settings.js";

export const CREATION_SETTINGS = {
  characteristicPoints: { key: "creationCharacteristicPoints", default: SUGGESTED_CHARACTERISTIC_POINTS, min: 0, max: 150 },
  skillGrades: { key: "creationSkillGrades", default: SUGGESTED_SKILL_GRADES, min: 0, max: 200 },
} as const;

export function registerCreationSettings(): void {
  for (const def of Object.values(CREATION_SETTINGS)) {
    game.settings.register(SYSTEM_ID, def.key, {
      name: `GENESYS.Settings.${def.key}.Name`,
      hint: `GENESYS.Settings.${def.key}.Hint`,
      scope: "world",
      config: true,
      type: Number,
      default: def.default,
      range: { min: def.min, max: def.max, step: 1 },
      // Open sheets show the new allowance at once.
      onChange: () => {
        for (const actor of game.actors.contents) if (actor.type === "character") void actor.sheet?.render();
      },
    });
  }
}

/** The allowance in force: a stored value outside the range (edited by hand) or a setting not yet registered gives the book's. */
export function creationAllowance(): CreationAllowance {
  const read = (def: (typeof CREATION_SETTINGS)[keyof typeof CREATION_SETTINGS]): number => {
    let value: unknown;
    try {
      value = game.settings.get(SYSTEM_ID, def.key);
    } catch {
      return def.default;
    }
    return typeof value === "number" && Number.isInteger(value) && value >= def.min && value <= def.max ? value : def.default;
  };
  return { characteristicPoints: read(CREATION_SETTINGS.characteristicPoints), skillGrades: read(CREATION_SETTINGS.skillGrades) };
}
