// The test run Stryker uses for each mutant (stryker.config.mjs): the project's, less the tests that read source text
// rather than run it, with the quickest test files first.
// - test/package/ reads dist/, builds the system, packs it and starts the server (seconds each) and imports nothing of
//   src/; test/rules/purity.test.ts greps src/rules, which Stryker's instrumented copy fails (it names globalThis)
//   while no mutant changes what it reads. Neither can kill a mutant.
// - Bench files never run here: Stryker runs vitest's test mode, whose include is *.test.ts only.
// - Stryker stops a mutant's run at its first failing test, and each file costs its imports (the Foundry double, the
//   system) before its first test: vitest's own order (slowest first) would make a killed mutant wait for the slowest
//   file that covers it. The rules' own tests go first, then the files that ran quickest in the initial run.
import path from "node:path";
import { configDefaults, defineConfig, mergeConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import base from "./vitest.config.js";

class QuickestFirst extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cost = (spec: TestSpecification): number[] => {
      const file = path.relative(this.ctx.config.root, spec.moduleId);
      const key = `${spec.project.name}:${file}`;
      const unit = file.startsWith(`test${path.sep}rules${path.sep}`) ? 0 : 1;
      return [unit, this.ctx.cache.getFileTestResults(key)?.duration ?? Infinity, this.ctx.cache.getFileStats(key)?.size ?? Infinity];
    };
    const costs = new Map(files.map((spec) => [spec, cost(spec)]));
    const order = (a: TestSpecification, b: TestSpecification): number => {
      const [x, y] = [costs.get(a) ?? [], costs.get(b) ?? []];
      const at = x.findIndex((v, i) => v !== y[i]);
      return at < 0 ? 0 : (x[at] ?? 0) < (y[at] ?? 0) ? -1 : 1;
    };
    return Promise.resolve([...files].sort(order));
  }
}

export default mergeConfig(base, defineConfig({
  test: {
    exclude: [...configDefaults.exclude, "test/package/**", "test/rules/purity.test.ts"],
    sequence: { sequencer: QuickestFirst },
  },
}));
