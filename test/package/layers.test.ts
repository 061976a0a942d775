/**
 * The layers' import rules, read from the sources with TypeScript's parser: documents open no dialog and import no
 * application (the check flow gets its dialog from the application layer, the tracker is registered there), the
 * check flow imports no application either, and dice and documents form no cycle.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT, listFiles } from "./project.js";

const SRC = path.join(ROOT, "src");

interface Edge { from: string; to: string; typeOnly: boolean }

/** Every static import and re-export of a relative module, as paths under src/ ("documents/actor.ts"). */
function importsOf(file: string): Edge[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edges: Edge[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    let typeOnly = false;
    if (ts.isImportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
      // verbatimModuleSyntax keeps `import { type X }` as a side-effect import: only `import type` is erased.
      typeOnly = statement.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword;
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      specifier = statement.moduleSpecifier;
      typeOnly = statement.isTypeOnly;
    }
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith(".")) continue;
    const target = path.resolve(path.dirname(file), specifier.text.replace(/\.js$/, ".ts"));
    edges.push({ from: path.relative(SRC, file), to: path.relative(SRC, target), typeOnly });
  }
  return edges;
}

const EDGES = listFiles(SRC, (name) => name.endsWith(".ts")).flatMap(importsOf);
const layer = (file: string): string => file.split(path.sep)[0] ?? "";

/** The modules `start`'s files load at run time, directly or through others (type-only imports load nothing). */
function reachable(startLayer: string): Set<string> {
  const seen = new Set<string>();
  const queue = EDGES.filter((e) => layer(e.from) === startLayer).map((e) => e.from);
  while (queue.length) {
    const file = queue.pop() ?? "";
    if (seen.has(file)) continue;
    seen.add(file);
    for (const e of EDGES) if (e.from === file && !e.typeOnly) queue.push(e.to);
  }
  return seen;
}

describe("the layers", () => {
  it("reads the imports it judges (the parser finds the known ones)", () => {
    expect(EDGES).toContainEqual({ from: path.join("documents", "actor.ts"), to: path.join("documents", "check-roller.ts"), typeOnly: false });
    expect(EDGES).toContainEqual({ from: path.join("documents", "check-roller.ts"), to: path.join("rolls", "check.ts"), typeOnly: true });
    expect(reachable("rolls")).toContain(path.join("authority", "intent-channel.ts")); // through dice/check-intents.ts
  });

  it("no file under src/documents imports src/applications, not even for a type", () => {
    expect(EDGES.filter((e) => layer(e.from) === "documents" && layer(e.to) === "applications")).toEqual([]);
  });

  it("nothing src/documents or the check flow (src/rolls) loads at run time is an application", () => {
    for (const start of ["documents", "rolls"]) {
      expect([...reachable(start)].filter((f) => layer(f) === "applications"), start).toEqual([]);
    }
  });

  it("dice and documents form no cycle: nothing documents loads at run time is in src/dice", () => {
    expect(EDGES.some((e) => layer(e.from) === "dice" && layer(e.to) === "documents" && !e.typeOnly)).toBe(true);
    expect([...reachable("documents")].filter((f) => layer(f) === "dice")).toEqual([]);
  });
});
