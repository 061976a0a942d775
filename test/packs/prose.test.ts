import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, listFiles } from "../package/project.js";
import { PACKS_DIR, SOURCE_MANIFEST, TRANSLATIONS_DIR, tempDir } from "./sources.js";

/**
 * The rulebook checker sits beside the clone on the project's own machines and CI: ../shared/tools/check-copied-prose,
 * with the book as its seed in ../shared/seeds/. Someone who only cloned the repository has neither (the book's text
 * is not ours to publish), so there these tests are skipped, loudly; wherever the checker exists they run and fail on
 * a hit, and a checker without its seed is a broken setup that fails too.
 */
const TOOL = path.resolve(ROOT, "../shared/tools/check-copied-prose");
const SEED = path.resolve(ROOT, "../shared/seeds/genesys-regolamento-base-3.0.txt");
const MISSING = `../shared/tools/check-copied-prose (and its seed ../shared/seeds/) must sit beside the repository: the packs' text cannot be checked against the rulebook without it`;
const HAS_CHECKER = fs.existsSync(TOOL);
const SKIPPED = "skipped: ../shared/tools/check-copied-prose is not beside this clone, so the packs were NOT checked for the rulebook's prose";

if (!HAS_CHECKER) console.warn(`test/packs/prose.test.ts ${SKIPPED}`);

function runChecker(files: readonly string[]) {
  return spawnSync("python3", [TOOL, ...files], { cwd: ROOT, encoding: "utf8" });
}

describe.skipIf(!HAS_CHECKER)(HAS_CHECKER ? "no copied prose in the packs" : `no copied prose in the packs (${SKIPPED})`, () => {
  it("the rulebook checker has its seed", () => {
    expect(fs.existsSync(SEED), MISSING).toBe(true);
  });

  // The checker skips directories, so every file is named: `check-copied-prose packs` alone would check nothing.
  it("check-copied-prose finds no run of the book's words in any pack file or pack translation", () => {
    expect(fs.existsSync(TOOL), MISSING).toBe(true);
    const files = [...listFiles(PACKS_DIR, () => true), ...listFiles(TRANSLATIONS_DIR, () => true)].map((f) => path.relative(ROOT, f));
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((f) => f.startsWith("lang/")).length).toBeGreaterThanOrEqual(SOURCE_MANIFEST.packs.length);
    const run = runChecker(files);
    expect(run.error, "python3 could not be started").toBeUndefined();
    expect(run.stdout).toBe("");
    expect(run.status).toBe(0);
  });

  it("the checker is live: a long line of the book in a scratch file is caught", () => {
    expect(fs.existsSync(SEED), MISSING).toBe(true);
    // Read from the seed at run time, so no sentence of the book is stored in this repository.
    const line = fs.readFileSync(SEED, "utf8").split("\n").find((l) => l.trim().split(/\s+/).length >= 14);
    expect(line).toBeDefined();
    const dir = tempDir("prose");
    try {
      const file = path.join(dir, "copied.txt");
      fs.writeFileSync(file, line ?? "");
      const run = runChecker([file]);
      expect(run.status).toBe(1);
      expect(run.stdout).toMatch(/words as in the rulebook/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
