/**
 * The self-test's runner (src/selftest/runner.ts) with chai's assert played by node:assert: how the tests run a Quench
 * batch under vitest, with the Mocha semantics the batch relies on (the runner's doc says which).
 */
import nodeAssert from "node:assert/strict";
import type { Assert } from "../../src/selftest/flows.js";
import { selfTestRunner } from "../../src/selftest/runner.js";

export type { RunReport, TestResult } from "../../src/selftest/runner.js";

export const chaiLikeAssert: Assert = {
  ok: (value, message) => { nodeAssert.ok(value, message); },
  strictEqual: (actual, expected, message) => { nodeAssert.strictEqual(actual, expected, message); },
  deepEqual: (actual, expected, message) => { nodeAssert.deepStrictEqual(actual, expected, message); },
  isAbove: (value, above, message) => { nodeAssert.ok(value > above, message ?? `expected ${String(value)} to be above ${String(above)}`); },
};

export const mochaShim = (): ReturnType<typeof selfTestRunner> => selfTestRunner(chaiLikeAssert);
