/**
 * The house's layers, read from the sources with TypeScript's parser (CONTRIBUTING.md, "Layout"): `src/rules` pure at
 * the bottom, the shared Foundry layers above it, a folder per table procedure above those, the screens and the
 * entry on top. No module imports a layer above its own, not even for a type or lazily; the modules form no import
 * circle; the Narrator's intent handlers load no dialog.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT, listFiles } from "./project.js";

const SRC = path.join(ROOT, "src");

/** Bottom to top; folders on one level may import each other (never in a circle, below). */
export const LAYERS: readonly (readonly string[])[] = [
  ["rules"],
  ["format", "compat", "load", "settings"],
  ["data", "effects"],
  ["config", "authority", "documents", "canvas", "dice", "chat", "ui", "input", "i18n"],
  ["attack", "check", "contest", "request", "grapple", "hazards", "tools", "time", "study", "creation", "encounter", "combat", "macros", "enrichers"],
  ["applications", "selftest"],
  ["."], // src/genesys.ts, narrator.ts, api.ts…: the entry and its wiring
];

type Kind = "static" | "type" | "dynamic";
interface Edge { from: string; to: string; kind: Kind }

/** Every import of a relative module, as paths under src/ ("documents/actor.ts"): static, type-only, `import()`. */
function importsOf(file: string): Edge[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edges: Edge[] = [];
  const add = (specifier: ts.Node | undefined, kind: Kind): void => {
    if (!specifier || !ts.isStringLiteralLike(specifier) || !specifier.text.startsWith(".")) return;
    const target = path.resolve(path.dirname(file), specifier.text.replace(/\.js$/, ".ts"));
    edges.push({ from: path.relative(SRC, file), to: path.relative(SRC, target), kind });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      // verbatimModuleSyntax keeps `import { type X }` as a side-effect import: only `import type` is erased.
      add(node.moduleSpecifier, node.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword ? "type" : "static");
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly ? "type" : "static");
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], "dynamic");
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, "type");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const FILES = listFiles(SRC, (name) => name.endsWith(".ts")).map((f) => path.relative(SRC, f));
const EDGES = FILES.flatMap((f) => importsOf(path.join(SRC, f)));
const folder = (file: string): string => (file.includes(path.sep) ? file.split(path.sep)[0] ?? "" : ".");
// The API's public types are compiled alone into dist/genesys-api.d.ts and import nothing (tools/build.mjs checks):
// a leaf every layer may name.
const level = (file: string): number => (file === "api-contract.ts" ? 0 : LAYERS.findIndex((l) => l.includes(folder(file))));

/** The modules `start` loads at run time, directly or through others (type-only imports load nothing). */
function reachable(start: string, kinds: readonly Kind[]): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.pop() ?? "";
    if (seen.has(file)) continue;
    seen.add(file);
    for (const e of EDGES) if (e.from === file && kinds.includes(e.kind)) queue.push(e.to);
  }
  return seen;
}

/** Strongly connected groups of more than one module over the given kinds of import (Tarjan). */
function circles(kinds: readonly Kind[]): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next); low.set(v, next); next++; stack.push(v);
    for (const e of EDGES) {
      if (e.from !== v || !kinds.includes(e.kind)) continue;
      if (!index.has(e.to)) { visit(e.to); low.set(v, Math.min(low.get(v) ?? 0, low.get(e.to) ?? 0)); }
      else if (stack.includes(e.to)) low.set(v, Math.min(low.get(v) ?? 0, index.get(e.to) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do { w = stack.pop(); if (w) group.push(w); } while (w && w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const f of FILES) if (!index.has(f)) visit(f);
  return out;
}

describe("the layers", () => {
  it("reads the imports it judges (the parser finds each kind)", () => {
    expect(EDGES).toContainEqual({ from: path.join("documents", "actor.ts"), to: path.join("documents", "check-roller.ts"), kind: "static" });
    expect(EDGES).toContainEqual({ from: path.join("check", "check-flow.ts"), to: path.join("documents", "check-options.ts"), kind: "type" });
    expect(EDGES).toContainEqual({ from: path.join("contest", "contest-api.ts"), to: "api-contract.ts", kind: "type" });
    expect(EDGES).toContainEqual({ from: "genesys.ts", to: "narrator.ts", kind: "dynamic" });
    expect(EDGES.every((e) => FILES.includes(e.to))).toBe(true);
  });

  it("every folder under src/ has its layer", () => {
    expect(FILES.filter((f) => level(f) < 0)).toEqual([]);
  });

  it("no module imports a layer above its own, not even for a type or with import()", () => {
    const upward = EDGES.filter((e) => level(e.to) > level(e.from)).map((e) => `${e.from} → ${e.to} (${e.kind})`);
    expect(upward).toEqual([]);
  });

  it("the modules form no import circle at run time", () => {
    expect(circles(["static", "dynamic"])).toEqual([]);
  });

  it("a circle through a type stays within one folder (a module and the helper typed by it)", () => {
    const across = circles(["static", "dynamic", "type"]).filter((group) => new Set(group.map(folder)).size > 1);
    expect(across).toEqual([]);
  });

  it("the Narrator's intent handlers load no dialog, even lazily", () => {
    const handlers = FILES.filter((f) => /intents\.ts$/.test(f));
    expect(handlers.length).toBeGreaterThan(8);
    for (const h of handlers) {
      expect([...reachable(h, ["static", "dynamic"])].filter((f) => /dialog\.ts$/.test(f)), h).toEqual([]);
    }
  });

  it("the documents open no screen: nothing they load, even lazily, is a dialog, a sheet or a card", () => {
    for (const f of FILES.filter((file) => folder(file) === "documents")) {
      expect([...reachable(f, ["static", "dynamic"])].filter((r) => /(dialog|sheet|card)\.ts$/.test(r)), f).toEqual([]);
    }
  });
});
