// The project type-checked against Foundry v14's declarations: the types repository's v14 tree
// (github.com/League-of-Foundry-Developers/foundry-vtt-types, branch main), checked out beside the project with its
// own dependencies installed. Not part of `npm test`: it needs the checkout, its install and about 8 GB of heap.
//
//   git clone --depth 1 https://github.com/League-of-Foundry-Developers/foundry-vtt-types ../foundry-vtt-types
//   (cd ../foundry-vtt-types && npm install --ignore-scripts --omit=dev)
//   If GitHub's tarballs are out of reach, first point the tree's three GitHub-hosted forks (pixi.js, @pixi/basis,
//   @pixi/particle-emitter) at the npm releases this project's package.json overrides them with (7.4.3, 7.4.3, 5.0.8).
//   node tools/typecheck-v14.mjs [path-to-checkout]     # or GENESYS_V14_TYPES=path
//
// Prints the errors in the project's files, then a count by folder and by TypeScript code; exits 1 when any remain.
// tsc reads the declarations; nobody needs to.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const checkout = path.resolve(process.argv[2] ?? process.env.GENESYS_V14_TYPES ?? path.join(ROOT, "..", "foundry-vtt-types"));
const entry = path.join(checkout, "src", "index.d.mts");
if (!fs.existsSync(entry)) {
  console.error(`no v14 declarations at ${checkout} (src/index.d.mts): clone the types repository there, or pass its path`);
  process.exit(2);
}
if (!fs.existsSync(path.join(checkout, "node_modules"))) {
  console.error(`${checkout} has no node_modules: run \`npm install --ignore-scripts\` in it first`);
  process.exit(2);
}

// Our tsconfig, with "fvtt-types" (a global types entry and the `fvtt-types/utils` imports) pointed at the checkout.
const base = JSON.parse(fs.readFileSync(path.join(ROOT, "tsconfig.json"), "utf8"));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "genesys-v14-"));
const config = {
  compilerOptions: {
    ...base.compilerOptions,
    types: base.compilerOptions.types.filter((t) => t !== "fvtt-types"),
    typeRoots: [path.join(ROOT, "node_modules", "@types")],
    paths: {
      "fvtt-types": [entry],
      "fvtt-types/utils": [path.join(checkout, "src", "utils", "index.d.mts")],
      "fvtt-types/configuration": [path.join(checkout, "src", "configuration", "index.d.mts")],
    },
  },
  files: [entry],
  include: base.include.map((p) => path.join(ROOT, p)),
};
const tsconfig = path.join(scratch, "tsconfig.json");
fs.writeFileSync(tsconfig, JSON.stringify(config, null, 2));

const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
const run = spawnSync(process.execPath, ["--max-old-space-size=8192", tsc, "--noEmit", "--pretty", "false", "-p", tsconfig], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
fs.rmSync(scratch, { recursive: true, force: true });
if (run.error) throw run.error;

const ours = [];
let elsewhere = 0;
for (const line of run.stdout.split("\n")) {
  const m = /^(.+?)\(\d+,\d+\): error (TS\d+): /.exec(line);
  if (!m) continue;
  const file = path.resolve(m[1]);
  if (file.startsWith(ROOT + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`)) ours.push({ file: path.relative(ROOT, file), code: m[2], line });
  else elsewhere++;
}
const count = (key) => Object.entries(ours.reduce((acc, e) => ({ ...acc, [key(e)]: (acc[key(e)] ?? 0) + 1 }), {})).sort((a, b) => b[1] - a[1]);
for (const e of ours) console.log(e.line.replace(ROOT + path.sep, ""));
console.log(`\n${String(ours.length)} errors in the project's files against ${path.relative(ROOT, checkout) || checkout}${elsewhere ? ` (and ${String(elsewhere)} inside the declarations themselves)` : ""}`);
console.log("by folder:", count((e) => e.file.split(path.sep).slice(0, 2).join("/")).map(([k, v]) => `${k} ${String(v)}`).join(", "));
console.log("by code:", count((e) => e.code).map(([k, v]) => `${k} ${String(v)}`).join(", "));
if (run.status !== 0 && ours.length === 0 && elsewhere === 0) {
  console.error(run.stdout.slice(0, 4000), run.stderr.slice(0, 4000));
  process.exit(2);
}
process.exit(ours.length ? 1 : 0);
