// `npm run mutate`: mutation testing (Stryker) of the rules, the authority layer and the Narrator's intent handlers.
// Not part of `npm test`: the whole set takes about a day on one core. See CONTRIBUTING.md, "How the tests work".
// Everything it writes lands in reports/mutation/ (ignored by git, ESLint and tsc).
const OUT = "reports/mutation";
// A run narrowed with --mutate or --testFiles keeps its own report and incremental file, so it neither replaces the
// whole set's nor feeds it results measured against fewer tests. (Stryker keeps the results of files a run leaves out.)
const partial = process.argv.some((a) => /^(-m|--mutate|--testFiles)(=|$)/.test(a));

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // vitest.stryker.config.ts: the project's tests less those that cannot kill a mutant, the quickest first.
  // related: only the test files that import the mutated files (through any chain) run at all.
  vitest: { configFile: "vitest.stryker.config.ts", related: true },
  mutate: ["src/authority/**/*.ts", "src/rules/**/*.ts", "src/*/*-intents.ts"],
  // One test runner: the machine has two cores and others use it. `--concurrency 2` overrides.
  concurrency: 1,
  // Each mutant runs only the tests that reached it in the initial run.
  coverageAnalysis: "perTest",
  // A static mutant (a module-level constant, table or regex, evaluated at import) that no test reaches afterwards is
  // listed as ignored; MUTATE_STATIC=1 runs those too (each against every related test: minutes apiece). One that a
  // test also reaches runs against that test, but the vitest runner switches it on after the import (stryker-js#6144,
  // #6209): a module-level value that survives is unproven, not a gap (seen here for a constant a test asserts).
  ignoreStatic: !process.env.MUTATE_STATIC,
  // The initial run (every related test, with per-test coverage, on one worker) takes 5–10 minutes here.
  dryRunTimeoutMinutes: 30,
  reporters: ["clear-text", "html", "progress"],
  // Each survivor with the tests that ran it; not the tree of every test.
  clearTextReporter: { reportTests: false, logTests: true, maxTestsToLog: 3 },
  htmlReporter: { fileName: `${OUT}/${partial ? "partial" : "index"}.html` },
  incremental: true,
  incrementalFile: `${OUT}/${partial ? "incremental-partial" : "incremental"}.json`,
  tempDirName: `${OUT}/tmp`,
  // Report only: a low score never fails the command.
  thresholds: { high: 80, low: 60, break: null },
  // The sandbox copy needs no build output.
  ignorePatterns: ["dist"],
};
