/** The modifiers effects and statuses put on a check (§1.7.1), each with its source, for the plan, dialog and card. */
import { AnimalModel } from "../data/actor/animal.js";
import type { CharacteristicKey } from "../rules/types.js";
import type { SourcedPart } from "./effect-math.js";
import type { ModifierSources } from "../data/actor/person.js";

/** A prepared actor's data: a person has its sources; an animal none (its effects are not modelled). */
type Prepared = { sources?: ModifierSources } | AnimalModel;

/** The parts on a check on `characteristic` (for a skill, the characteristic it rests on): every-check ones first. */
export function checkEffectParts(sys: Prepared, characteristic: CharacteristicKey | null): SourcedPart[] {
  if (sys instanceof AnimalModel || !sys.sources) return [];
  const { all, by } = sys.sources.checks;
  return characteristic === null ? [...all] : [...all, ...by[characteristic]];
}

export function sumParts(parts: readonly SourcedPart[]): number {
  return parts.reduce((sum, p) => sum + p.value, 0);
}

/** A part as a line: "Anello di forza +1", the system's own sources worded by `localize`. */
export function partLabel(part: SourcedPart, localize: (key: string) => string): string {
  if (part.i18n === undefined) return part.label;
  const word = localize(part.i18n);
  return part.label === "" ? word : `${word} (${part.label})`;
}
