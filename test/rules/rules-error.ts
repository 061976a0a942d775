import { expect } from "vitest";
import { RulesError } from "../../src/rules/errors.js";

/** The RulesError a call throws; fails the test when it throws nothing or something else. */
export function rulesErrorOf(f: () => unknown): RulesError {
  try {
    f();
  } catch (e) {
    if (e instanceof RulesError) return e;
    throw e;
  }
  throw new Error("expected a RulesError");
}

/** The parameter a RulesError names, or undefined when the call succeeds. */
export function parameterOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof RulesError) return e.parameter;
    throw e;
  }
  return undefined;
}

/** Expects the call to throw a RulesError naming `parameter`. */
export function rejects(fn: () => unknown, parameter: string): void {
  expect(parameterOf(fn)).toBe(parameter);
}
