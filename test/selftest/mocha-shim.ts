/**
 * Just enough of Mocha's BDD interface and chai's assert to run a Quench batch under vitest, with the Mocha semantics
 * the batch relies on: describe callbacks run at once (collecting), `this.timeout(ms)` applies to the suite's tests and
 * hooks, before-all hooks run first and a failing one skips the suite's tests, tests run in order and a failing one
 * does not stop the next, after-all hooks always run (even after a failed before-all).
 */
import nodeAssert from "node:assert/strict";
import type { Assert } from "../../src/selftest/flows.js";
import type { QuenchCallback, QuenchContext, QuenchSuite } from "../../src/selftest/quench.js";

interface Suite {
  title: string;
  timeout: number;
  befores: QuenchCallback[];
  afters: QuenchCallback[];
  tests: { title: string; fn: QuenchCallback }[];
  suites: Suite[];
}

export interface TestResult {
  title: string;
  state: "passed" | "failed" | "skipped";
  error?: unknown;
}

export interface RunReport {
  tests: TestResult[];
  hooks: { hook: "before all" | "after all"; suite: string; error: unknown }[];
}

export const chaiLikeAssert: Assert = {
  ok: (value, message) => { nodeAssert.ok(value, message); },
  strictEqual: (actual, expected, message) => { nodeAssert.strictEqual(actual, expected, message); },
  deepEqual: (actual, expected, message) => { nodeAssert.deepStrictEqual(actual, expected, message); },
  isAbove: (value, above, message) => { nodeAssert.ok(value > above, message ?? `expected ${String(value)} to be above ${String(above)}`); },
};

const MOCHA_DEFAULT_TIMEOUT = 2_000;

async function timed(fn: QuenchCallback, ms: number, what: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => { reject(new Error(`Timeout of ${String(ms)}ms exceeded: ${what}`)); }, ms);
  });
  try {
    await Promise.race([Promise.resolve().then(fn), late]);
  } finally {
    clearTimeout(timer);
  }
}

function allTests(suite: Suite, prefix: string): { title: string }[] {
  return [...suite.tests.map((t) => ({ title: `${prefix}${t.title}` })), ...suite.suites.flatMap((s) => allTests(s, `${prefix}${s.title} › `))];
}

export function mochaShim(): { context: QuenchContext; run(): Promise<RunReport> } {
  const root: Suite = { title: "", timeout: MOCHA_DEFAULT_TIMEOUT, befores: [], afters: [], tests: [], suites: [] };
  let current = root;

  const context: QuenchContext = {
    describe: (title, fn) => {
      const suite: Suite = { title, timeout: current.timeout, befores: [], afters: [], tests: [], suites: [] };
      current.suites.push(suite);
      const parent = current;
      current = suite;
      const self: QuenchSuite = { timeout: (ms) => (suite.timeout = ms) };
      try {
        fn.call(self);
      } finally {
        current = parent;
      }
      return suite;
    },
    it: (title, fn) => current.tests.push({ title, fn }),
    before: (fn) => current.befores.push(fn),
    after: (fn) => current.afters.push(fn),
    assert: chaiLikeAssert,
  };

  async function runSuite(suite: Suite, prefix: string, report: RunReport): Promise<void> {
    let blocked = false;
    for (const hook of suite.befores) {
      try {
        await timed(hook, suite.timeout, `before all of "${suite.title}"`);
      } catch (error) {
        report.hooks.push({ hook: "before all", suite: suite.title, error });
        blocked = true;
        break;
      }
    }
    if (blocked) {
      for (const t of allTests(suite, prefix)) report.tests.push({ title: t.title, state: "skipped" });
    } else {
      for (const test of suite.tests) {
        try {
          await timed(test.fn, suite.timeout, test.title);
          report.tests.push({ title: `${prefix}${test.title}`, state: "passed" });
        } catch (error) {
          report.tests.push({ title: `${prefix}${test.title}`, state: "failed", error });
        }
      }
      for (const child of suite.suites) await runSuite(child, `${prefix}${child.title} › `, report);
    }
    for (const hook of suite.afters) {
      try {
        await timed(hook, suite.timeout, `after all of "${suite.title}"`);
      } catch (error) {
        report.hooks.push({ hook: "after all", suite: suite.title, error });
      }
    }
  }

  return {
    context,
    async run() {
      const report: RunReport = { tests: [], hooks: [] };
      await runSuite(root, "", report);
      return report;
    },
  };
}
