/**
 * What a check request asks, as a macro, the API or a journal's `[[/gcheck …]]` passes it: read field by field, since
 * a macro may pass anything; a difficulty may be a margin or the name of a step of the §1.7.2 ladder.
 */
import { isCharacteristic, show } from "../check/check-request.js";
import { DIFFICULTY_LADDER } from "../rules/check.js";
import { DIFFICULTIES, type CharacteristicKey, type DifficultyKey } from "../rules/types.js";

export interface RequestedCheckSpec {
  skill: string | null;
  characteristic: CharacteristicKey | null;
  difficulty: number | null;
  hidden: boolean;
  blind: boolean;
}

export type SpecRead = { ok: true; value: RequestedCheckSpec } | { ok: false; warning: string; data: Record<string, string> };

const refuse = (warning: string, data: Record<string, string> = {}): SpecRead => ({ ok: false, warning, data });
const SKILL_KEY = /^[\p{L}\p{N}_-]{1,64}$/u;

/** §1.7.2 a margin, or a ladder step by its key ("complex") or its number as text ("20"); undefined when neither. */
export function readDifficulty(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 && value <= 99 ? value : undefined;
  if (typeof value !== "string") return undefined;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  return (DIFFICULTIES as readonly string[]).includes(value) ? DIFFICULTY_LADDER[value as DifficultyKey] : undefined;
}

/** One characteristic or one skill, a difficulty, hidden (only with a difficulty) and blind. */
export function readRequestedCheck(raw: unknown): SpecRead {
  if (typeof raw !== "object" || raw === null) return refuse("GENESYS.Check.Warn.NoTarget");
  const { skill, characteristic, difficulty, hidden, blind } = raw as Record<string, unknown>;
  if ((skill === undefined || skill === null) === (characteristic === undefined || characteristic === null)) return refuse("GENESYS.Check.Warn.NoTarget");
  if (skill !== undefined && skill !== null && !(typeof skill === "string" && SKILL_KEY.test(skill))) return refuse("GENESYS.Request.Warn.BadSkill", { skill: show(skill) });
  if (characteristic !== undefined && characteristic !== null && !isCharacteristic(characteristic)) {
    return refuse("GENESYS.Check.Warn.UnknownCharacteristic", { key: show(characteristic) });
  }
  const margin = readDifficulty(difficulty);
  if (margin === undefined) return refuse("GENESYS.Check.Warn.BadDifficulty", { value: show(difficulty) });
  if (!(hidden === undefined || typeof hidden === "boolean") || !(blind === undefined || typeof blind === "boolean")) return refuse("GENESYS.Authority.Invalid");
  return {
    ok: true,
    value: {
      skill: typeof skill === "string" ? skill : null,
      characteristic: isCharacteristic(characteristic) ? characteristic : null,
      difficulty: margin,
      hidden: hidden === true && margin !== null,
      blind: blind === true,
    },
  };
}
