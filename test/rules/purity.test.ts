import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const RULES = path.resolve(import.meta.dirname, "../../src/rules");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith(".ts") ? [p] : [];
  });
}

/** Strips comments and string contents so prose like "the game's" is not mistaken for code. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/`(?:\\.|[^`\\])*`|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');
}

const FOUNDRY_OR_DOM = /\b(foundry|game|CONFIG|Hooks|ui|canvas|document|window|globalThis|localStorage|fetch|setTimeout|Date)\b\s*[.([]/;

describe("src/rules is pure: no Foundry, no DOM, no globals", () => {
  const files = sources(RULES);

  it.each(files.map((f) => [path.relative(RULES, f), f] as const))("%s imports only other rules modules", (_name, file) => {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+["']([^"']+)["']/gm)) {
      const target = path.resolve(path.dirname(file), m[1] ?? "");
      expect(m[1], `${file}: ${m[1] ?? ""}`).toMatch(/^\.\.?\//);
      expect(target.startsWith(RULES), `${file} imports outside src/rules: ${m[1] ?? ""}`).toBe(true);
    }
  });

  it.each(files.map((f) => [path.relative(RULES, f), f] as const))("%s touches no Foundry or DOM global", (_name, file) => {
    const body = code(fs.readFileSync(file, "utf8"));
    expect(body.match(FOUNDRY_OR_DOM)?.[0] ?? null, file).toBeNull();
    // Randomness only in the one roller offered to callers outside Foundry.
    if (!file.endsWith("dice.ts")) expect(body.includes("Math.random"), file).toBe(false);
  });

  const saved: Record<string, unknown> = {};
  afterAll(() => {
    Object.assign(globalThis, saved);
  });

  it("loads and works with every Foundry global removed", async () => {
    for (const name of ["foundry", "game", "CONFIG", "Hooks", "ui", "Actor", "Item"]) {
      saved[name] = (globalThis as Record<string, unknown>)[name];
      Reflect.deleteProperty(globalThis, name);
    }
    vi.resetModules();
    const rules = await import("../../src/rules/index.js");
    expect(rules.conditionOf({ wounds: 22, fatigue: 0 }, 28)).toBe("exhausted");
    expect(rules.resolveCheck({ dice: 9, grade: 12, difficulty: 20 }).success).toBe(true);
  });
});
