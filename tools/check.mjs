// npm test's first half: the typecheck, the lint and the build at once (each is one process and mostly one core, so on
// two cores they take the time of the longest rather than the sum), each one's output printed whole when it ends.
// Fails when any of them fails, after all have finished.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);
const STEPS = [
  { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit", "-p", "."] },
  { name: "lint", cmd: bin("eslint"), args: ["."] },
  { name: "build", cmd: process.execPath, args: ["tools/build.mjs"] },
];

function run({ name, cmd, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" } });
    let output = "";
    child.stdout.on("data", (c) => { output += c; });
    child.stderr.on("data", (c) => { output += c; });
    child.on("error", (error) => { output += String(error); resolve({ name, code: 1, output, seconds: 0 }); });
    child.on("close", (code) => { resolve({ name, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }); });
  });
}

const results = await Promise.all(STEPS.map((step) => run(step).then((r) => {
  process.stdout.write(`\n> ${r.name}: ${r.code === 0 ? "ok" : `failed (exit ${String(r.code)})`} in ${r.seconds.toFixed(1)} s\n${r.output}`);
  return r;
})));
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (failed.length) {
  console.error(`\n${failed.join(", ")} failed`);
  process.exit(1);
}
