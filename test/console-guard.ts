/**
 * Quiet runs (issue 21): a passing test prints nothing. console.error and console.warn are caught for each test; a
 * test that expects one says so with expectConsole (which also checks it happened), and anything else it printed
 * fails it, with the text.
 */
import { afterEach, beforeEach, vi } from "vitest";

type Level = "error" | "warn";

const caught: { level: Level; text: string }[] = [];

function shown(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === "string") return value;
  // JSON.stringify answers undefined for undefined and functions, whatever its declared type says.
  const json: string | undefined = JSON.stringify(value);
  return typeof json === "string" ? json : String(value);
}

/** The test expects a console line of that level matching the pattern: it must have been printed, and is not shown. */
export function expectConsole(level: Level, pattern: RegExp): void {
  const at = caught.findIndex((c) => c.level === level && pattern.test(c.text));
  if (at < 0) throw new Error(`no console.${level} matching ${String(pattern)}; printed: ${JSON.stringify(caught)}`);
  caught.splice(at, 1);
}

beforeEach(() => {
  caught.length = 0;
  for (const level of ["error", "warn"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      caught.push({ level, text: args.map(shown).join(" ") });
    });
  }
});

afterEach(() => {
  const left = caught.splice(0);
  if (left.length > 0) throw new Error(`unexpected console output:\n${left.map((c) => `console.${c.level}: ${c.text}`).join("\n")}`);
});
