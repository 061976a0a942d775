/**
 * §1.7.4 Lancio su Influenza: the difficulty the Narrator chose, moved by how far the opponent's characteristic is
 * from the human average (influenceDifficulty). Pure: the caller finds the opponent's actor.
 */
import { influenceDifficulty } from "../rules/check.js";
import type { CharacteristicKey } from "../rules/types.js";
import { scores, type CheckActor, type CheckRefusal } from "./check-request.js";
import type { InfluenceRecord } from "./genesys-roll.js";

export type InfluenceResult = { ok: true; difficulty: number; record: InfluenceRecord } | { ok: false; refusal: CheckRefusal };

/**
 * The influenced difficulty and what the card says of it, or why there is none: no difficulty was declared, or the
 * opponent lacks that characteristic (an animal without Fascino, §3.3.1).
 */
export function influenceOn(difficulty: number | null, opponent: Pick<CheckActor, "name" | "genesys">, characteristic: CharacteristicKey, localize: (key: string) => string): InfluenceResult {
  const label = localize(`GENESYS.Characteristic.${characteristic}`);
  const sys = opponent.genesys;
  const score = sys ? scores(sys)[characteristic] : null;
  if (score === null) return { ok: false, refusal: { warning: "GENESYS.Contest.Warn.Lacks", data: { name: opponent.name, label } } };
  if (difficulty === null) return { ok: false, refusal: { warning: "GENESYS.Check.Warn.InfluenceNeedsDifficulty", data: {} } };
  const influenced = influenceDifficulty(difficulty, score);
  return { ok: true, difficulty: influenced, record: { name: opponent.name, characteristic, score, shift: influenced - difficulty } };
}
