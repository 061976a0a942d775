/**
 * The self-test's own runner, so that it needs no module: just enough of Mocha's BDD interface to run the batch
 * (quench.ts) with the Mocha semantics it relies on. Describe callbacks run at once (collecting); `this.timeout(ms)`
 * applies to the suite's tests and hooks; before-all hooks run first and a failing one skips the suite's tests; tests
 * run in order and a failing one does not stop the next; after-all hooks always run, even after a failed before-all.
 * Quench, where it is installed, is a second host that runs the same batch with the real Mocha.
 */
import type { Assert } from "./flows.js";
import type { QuenchCallback, QuenchContext, QuenchSuite } from "./quench.js";

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

/** Called before each test starts: its title, how many came before it, how many there are. */
export type OnTest = (title: string, done: number, total: number) => void;

class AssertionError extends Error {
  override name = "AssertionError";
}

const show = (value: unknown): string => {
  try {
    // JSON.stringify answers undefined for undefined and functions, whatever its declared type says.
    const json = JSON.stringify(value) as string | undefined;
    return json ?? String(value);
  } catch {
    return String(value);
  }
};

/** chai's deep equality for what the flows compare: primitives, arrays and plain objects. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  // Both are non-null objects here, read by key.
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameValue(ra[k], rb[k]));
}

/** The chai `assert` members the flows use, with chai's meaning, for a run without Quench. */
export const plainAssert: Assert = {
  ok: (value, message) => {
    if (!value) throw new AssertionError(message ?? `expected ${show(value)} to be truthy`);
  },
  strictEqual: (actual, expected, message) => {
    if (actual !== expected) throw new AssertionError(`${message ? `${message}: ` : ""}expected ${show(actual)} to equal ${show(expected)}`);
  },
  deepEqual: (actual, expected, message) => {
    if (!sameValue(actual, expected)) throw new AssertionError(`${message ? `${message}: ` : ""}expected ${show(actual)} to deeply equal ${show(expected)}`);
  },
  isAbove: (value, above, message) => {
    if (!(value > above)) throw new AssertionError(message ?? `expected ${String(value)} to be above ${String(above)}`);
  },
};

/** Mocha's default, which the batch raises for itself (quench.ts). */
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

/** A fresh runner: hand `context` to the batch, then `run()` plays what it registered. */
export function selfTestRunner(assert: Assert = plainAssert): { context: QuenchContext; run(onTest?: OnTest): Promise<RunReport> } {
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
    assert,
  };

  async function runSuite(suite: Suite, prefix: string, report: RunReport, onTest: OnTest, total: number): Promise<void> {
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
        onTest(`${prefix}${test.title}`, report.tests.length, total);
        try {
          await timed(test.fn, suite.timeout, test.title);
          report.tests.push({ title: `${prefix}${test.title}`, state: "passed" });
        } catch (error) {
          report.tests.push({ title: `${prefix}${test.title}`, state: "failed", error });
        }
      }
      for (const child of suite.suites) await runSuite(child, `${prefix}${child.title} › `, report, onTest, total);
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
    async run(onTest = () => undefined) {
      const report: RunReport = { tests: [], hooks: [] };
      await runSuite(root, "", report, onTest, allTests(root, "").length);
      return report;
    },
  };
}

export const failureMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export type TestState = TestResult["state"];

/** How many tests ended in each state. */
export function stateCounts(report: RunReport): Record<TestState, number> {
  const counts: Record<TestState, number> = { passed: 0, failed: 0, skipped: 0 };
  for (const t of report.tests) counts[t.state]++;
  return counts;
}

/** The report as plain text, for a bug report: the header's lines, the counts, then one line per test and hook failure. */
export function reportText(report: RunReport, header: readonly string[]): string {
  const counts = stateCounts(report);
  const mark = { passed: "✓", failed: "✗", skipped: "–" } as const;
  return [
    ...header,
    `${String(counts.passed)} passed, ${String(counts.failed)} failed, ${String(counts.skipped)} skipped`,
    ...report.tests.map((t) => `${mark[t.state]} ${t.title}${t.state === "failed" ? ` — ${failureMessage(t.error)}` : ""}`),
    ...report.hooks.map((h) => `✗ ${h.hook} of "${h.suite}" — ${failureMessage(h.error)}`),
  ].join("\n");
}


