/**
 * dist/genesys-api.d.ts, the public types of game.genesys and its hooks (built by tools/build.mjs from
 * src/api-contract.ts): present, complete, self-contained, and usable by a module that type-checks against it with
 * fvtt-types, where a wrong use is an error.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { DIST, ROOT } from "./project.js";

const FILE = path.join(DIST, "genesys-api.d.ts");
const API = ["rollCheck", "attack", "applyDamage", "macroActor", "rules", "rulesOptions", "migrateWorld", "dataVersion", "macros"];
const HOOKS = ["genesys.preRollCheck", "genesys.rollCheck", "genesys.preApplyDamage", "genesys.applyDamage", "genesys.declareManeuver"];

function text(): string {
  if (!fs.existsSync(FILE)) throw new Error("dist/genesys-api.d.ts missing: run `npm run build` before the package tests");
  return fs.readFileSync(FILE, "utf8");
}

/** Type-checks `consumers` (file name → source, placed in dist/ beside the declarations) as a module's project would. */
function diagnosticsOf(consumers: Record<string, string>): Record<string, string[]> {
  const options: ts.CompilerOptions = {
    types: ["fvtt-types"], target: ts.ScriptTarget.ESNext, lib: ["lib.esnext.d.ts", "lib.dom.d.ts"], module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler, strict: true, skipLibCheck: true, noEmit: true, typeRoots: [path.join(ROOT, "node_modules")],
  };
  const files = new Map(Object.entries(consumers).map(([name, source]) => [path.join(DIST, name), source]));
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (f) => files.has(f) || fileExists.call(host, f);
  host.readFile = (f) => files.get(f) ?? readFile.call(host, f);
  host.getSourceFile = (f, version, ...rest) => {
    const source = files.get(f);
    return source === undefined ? getSourceFile.call(host, f, version, ...rest) : ts.createSourceFile(f, source, version);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const out: Record<string, string[]> = {};
  for (const [name, file] of Object.entries(consumers).map(([n]) => [n, program.getSourceFile(path.join(DIST, n))] as const)) {
    out[name] = file ? ts.getPreEmitDiagnostics(program, file).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")) : ["not in the program"];
  }
  return out;
}

const PRELUDE = `import type { GenesysCheckPlan } from "./genesys-api.js";
declare module "fvtt-types/configuration" { interface AssumeHookRan { ready: never } }
export {};
`;

describe("dist/genesys-api.d.ts", () => {
  it("names every function of game.genesys and every hook", () => {
    const d = text();
    for (const name of API) expect(d, name).toMatch(new RegExp(`\\b${name}\\??:`));
    for (const hook of HOOKS) expect(d, hook).toContain(`"${hook}"`);
    expect(d).toMatch(/interface Game \{\s*genesys: GenesysApi;/);
  });

  it("is one self-contained file: it imports nothing of the system", () => {
    expect(text()).not.toMatch(/from\s+["']\.|import\(["']\./);
  });

  it("types a module's calls and hook handlers, and refuses a wrong one", () => {
    const result = diagnosticsOf({
      "__consumer_ok__.ts": `${PRELUDE}
Hooks.on("genesys.preRollCheck", (actor, plan: GenesysCheckPlan) => plan.difficulty !== null && actor.name !== "");
Hooks.on("genesys.applyDamage", (_actor, change) => { const wounds: number = change.after.wounds; return wounds; });
Hooks.on("genesys.declareManeuver", (_combat, _combatant, d) => d.maneuver === "attack");
async function macro(): Promise<void> {
  const message = await game.genesys.rollCheck(game.genesys.macroActor("Actor.abc"), { skill: "osservare", difficulty: 20 });
  if (message) console.log(message.id);
  await game.genesys.attack("Actor.abc", "Pistola", { targets: ["Scene.s.Token.t"] });
  const change = await game.genesys.applyDamage("Actor.abc", { amount: 6, type: "trauma", aimedArea: "arm" });
  console.log(change?.condition.after, game.genesys.rulesOptions().grazingHits, game.genesys.dataVersion);
}
void macro();
`,
      "__consumer_wrong__.ts": `${PRELUDE}
void game.genesys.applyDamage("Actor.abc", { amount: 6, type: "fire" });
`,
    });
    expect(result["__consumer_ok__.ts"]).toEqual([]);
    expect(result["__consumer_wrong__.ts"]?.join("\n")).toMatch(/"fire"/);
  }, 120_000); // a whole fvtt-types program checked: ~9 s on an idle machine, over 30 s on a loaded one (CPU, no timer waited on)
});
