/** Raised when a rules function receives a value the book cannot give a meaning to. */
export class RulesError extends Error {
  readonly parameter: string;
  readonly value: unknown;
  constructor(parameter: string, value: unknown, expectation: string) {
    super(`GeneSys rules: parameter "${parameter}" must be ${expectation} (got ${describe(value)})`);
    this.name = "RulesError";
    this.parameter = parameter;
    this.value = value;
  }
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) return String(value);
  return typeof value;
}

/** A finite integer, optionally within [min, max]. */
export function int(name: string, value: unknown, min = -Infinity, max = Infinity): number {
  if (typeof value !== "number" || !Number.isInteger(value)) throw new RulesError(name, value, "an integer");
  if (value < min || value > max) {
    const range = max === Infinity ? `at least ${min}` : min === -Infinity ? `at most ${max}` : `between ${min} and ${max}`;
    throw new RulesError(name, value, `an integer ${range}`);
  }
  return value;
}

/** A finite integer ≥ 0 (scores, counters, damage). */
export function nat(name: string, value: unknown): number {
  return int(name, value, 0);
}

/** A finite integer ≥ 1 (Resistenza, die faces). */
export function pos(name: string, value: unknown): number {
  return int(name, value, 1);
}

/** A finite real number, optionally within [min, max] (distances in metres, heights). */
export function real(name: string, value: unknown, min = -Infinity, max = Infinity): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new RulesError(name, value, "a finite number");
  if (value < min || value > max) {
    const range = max === Infinity ? `at least ${min}` : min === -Infinity ? `at most ${max}` : `between ${min} and ${max}`;
    throw new RulesError(name, value, `a number ${range}`);
  }
  return value;
}

/** One of a fixed set of string values. */
export function oneOf<T extends string>(name: string, value: unknown, choices: readonly T[]): T {
  if (typeof value !== "string" || !(choices as readonly string[]).includes(value)) {
    throw new RulesError(name, value, `one of ${choices.join(", ")}`);
  }
  return value as T;
}

/** A die result: an integer from 1 to `faces`. */
export function die(name: string, value: unknown, faces: number): number {
  return int(name, value, 1, faces);
}

/** The sum of `count` dice of `faces` faces: an integer from count to count × faces. */
export function diceSum(name: string, value: unknown, count: number, faces: number): number {
  return int(name, value, count, count * faces);
}
