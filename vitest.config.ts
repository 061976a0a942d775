import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    benchmark: { include: ["test/**/*.bench.ts"] },
    environment: "node",
    setupFiles: ["test/setup.ts"],
    reporters: ["default", "./test/summary-reporter.ts"],
    testTimeout: 30_000,
    // Vitest's default leaves one core to its main process: on a 2-core machine that is one worker for 200 files.
    // The files spend most of their time in their own work, so one worker a core runs the suite in about 60 % of it.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
