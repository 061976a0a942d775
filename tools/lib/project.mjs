// Paths and manifest helpers shared by the build, package and serve scripts.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Output folder: --out DIR, else $GENESYS_DIST, else dist/. */
export function distDir(argv = process.argv) {
  const i = argv.indexOf("--out");
  const chosen = i >= 0 ? argv[i + 1] : process.env.GENESYS_DIST;
  return path.resolve(ROOT, chosen || "dist");
}

export function readJson(file) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

export function sourceManifest() {
  return readJson(path.join(ROOT, "system.json"));
}

/** Value of `--name VALUE` on the command line, if any. */
export function argValue(name, argv = process.argv) {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** GitHub "owner/repo" from package.json's repository URL. */
export function githubRepository() {
  const pkg = readJson(path.join(ROOT, "package.json"));
  const url = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url ?? "";
  const m = /github\.com[/:]([^/]+\/[^/.]+)/.exec(url);
  if (!m) throw new Error(`package.json "repository" is not a GitHub URL: ${url}`);
  return m[1];
}

/** Every file path (relative to the package root) that a manifest asks Foundry to load. */
export function manifestFiles(manifest) {
  const files = [];
  for (const s of manifest.esmodules ?? []) files.push(s);
  for (const s of manifest.scripts ?? []) files.push(s);
  for (const s of manifest.styles ?? []) files.push(typeof s === "string" ? s : s.src);
  for (const l of manifest.languages ?? []) files.push(l.path);
  for (const key of ["license", "readme", "changelog"]) if (manifest[key] && !/^https?:/.test(manifest[key])) files.push(manifest[key]);
  return files;
}

export class BuildError extends Error {}
