// Release guard: the tag, the version in system.json and the download URL must name the same release.
import path from "node:path";
import { distDir, readJson } from "./lib/project.mjs";

/** Returns the list of disagreements (empty when the release is consistent). */
export function releaseProblems({ tag, manifest, repository }) {
  const problems = [];
  if (!/^v\d+\.\d+\.\d+(-[\w.]+)?$/.test(tag ?? "")) problems.push(`tag "${tag}" is not of the form vMAJOR.MINOR.PATCH`);
  if (tag !== `v${manifest.version}`) problems.push(`tag "${tag}" does not match system.json version "${manifest.version}"`);
  const expected = `https://github.com/${repository}/releases/download/${tag}/system.zip`;
  if (manifest.download !== expected) problems.push(`download "${manifest.download}" should be "${expected}"`);
  const latest = `https://github.com/${repository}/releases/latest/download/system.json`;
  if (manifest.manifest !== latest) problems.push(`manifest "${manifest.manifest}" should be "${latest}"`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [tag = process.env.GITHUB_REF_NAME, repository = process.env.GITHUB_REPOSITORY] = process.argv.slice(2);
  const manifest = readJson(path.join(distDir(), "system.json"));
  const problems = releaseProblems({ tag, manifest, repository });
  if (problems.length) {
    console.error(`Release refused:\n  - ${problems.join("\n  - ")}`);
    process.exit(1);
  }
  console.log(`release ${tag} is consistent: ${manifest.download}`);
}
