import type { Reporter, TestModule } from "vitest/node";

/** Ends the run with the plain line "N passed, N failed" (", N skipped") that CI reads in any language. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
    }
    process.stdout.write(`\n${String(passed)} passed, ${String(failed)} failed${skipped ? `, ${String(skipped)} skipped` : ""}\n`);
  }
}
