// Writes system.zip and the manifest whose "download" points at it, for a release or a local server.
import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { argValue, distDir, githubRepository, readJson } from "./lib/project.mjs";

/** Base URL: --base-url, else $GENESYS_BASE_URL, else localhost with --local, else the GitHub release asset form. */
export function baseUrl(argv = process.argv) {
  const given = argValue("base-url", argv) ?? process.env.GENESYS_BASE_URL;
  if (given) return given.endsWith("/") ? given : `${given}/`;
  if (argv.includes("--local")) return `http://localhost:${process.env.PORT || 30001}/`;
  return `https://github.com/${githubRepository()}/releases/latest/download/`;
}

function listFiles(dir, prefix = "") {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listFiles(path.join(dir, e.name), rel));
    else out.push(rel);
  }
  return out;
}

export function packageSystem({ out = distDir(), base = baseUrl(), manifestUrl = argValue("manifest-url") } = {}) {
  const manifestPath = path.join(out, "system.json");
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} not found: run "npm run build" first`);
  const manifest = readJson(manifestPath);
  // A release's download names its own tag while the manifest URL stays on "latest", so updates are found.
  manifest.manifest = manifestUrl ?? `${base}system.json`;
  manifest.download = `${base}system.zip`;
  fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + "\n");

  // system.json sits at the zip's root, as Foundry's installer expects.
  const entries = {};
  for (const rel of listFiles(out)) {
    if (rel === "system.zip" || rel.endsWith(".map")) continue;
    entries[rel] = [fs.readFileSync(path.join(out, rel)), { level: 9 }];
  }
  const zipPath = path.join(out, "system.zip");
  fs.writeFileSync(zipPath, zipSync(entries));
  return { manifest, zipPath, files: Object.keys(entries) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { manifest, zipPath, files } = packageSystem();
    console.log(`packaged ${files.length} files into ${zipPath}`);
    console.log(`manifest: ${manifest.manifest}`);
    console.log(`download: ${manifest.download}`);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
