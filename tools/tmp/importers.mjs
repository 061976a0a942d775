import fs from "node:fs"; import path from "node:path"; import ts from "typescript";
const SRC = path.resolve("src"); const files = [];
const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (p.endsWith(".ts")) files.push(p); } };
walk(SRC);
const targets = process.argv.slice(2);
for (const f of files) {
  const s = ts.createSourceFile(f, fs.readFileSync(f, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  for (const st of s.statements) {
    if (!ts.isImportDeclaration(st) || st.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword) continue;
    const t = path.relative(SRC, path.resolve(path.dirname(f), st.moduleSpecifier.text.replace(/\.js$/, ".ts")));
    if (!targets.includes(t)) continue;
    const names = st.importClause?.namedBindings && ts.isNamedImports(st.importClause.namedBindings) ? st.importClause.namedBindings.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text) : ["*"];
    if (names.length) console.log(`${t} <- ${path.relative(SRC, f)}: ${names.join(", ")}`);
  }
}
