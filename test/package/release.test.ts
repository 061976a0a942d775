import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import { ROOT } from "./project.js";

interface Step { name?: string; run?: string; uses?: string }
interface Workflow { on: { push: { tags: string[] } }; permissions: Record<string, string>; jobs: Record<string, { steps: Step[] }> }

const workflow = yaml.load(fs.readFileSync(path.join(ROOT, ".github/workflows/release.yml"), "utf8")) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
const runs = steps.map((s) => s.run ?? "");

function guard(tag: string, manifest: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "genesys-release-"));
  fs.writeFileSync(path.join(dir, "system.json"), JSON.stringify(manifest));
  const r = spawnSync(process.execPath, ["tools/check-release.mjs", tag, "me/genesys"], { cwd: ROOT, env: { ...process.env, GENESYS_DIST: dir }, encoding: "utf8" });
  fs.rmSync(dir, { recursive: true, force: true });
  return r;
}

const good = {
  version: "1.2.3",
  manifest: "https://github.com/me/genesys/releases/latest/download/system.json",
  download: "https://github.com/me/genesys/releases/download/v1.2.3/system.zip",
};

describe("release workflow", () => {
  it("is valid YAML triggered by version tags, allowed to write releases", () => {
    expect(workflow.on.push.tags).toEqual(["v*"]);
    expect(workflow.permissions["contents"]).toBe("write");
  });

  it("builds, packages with the release URL, guards, then uploads both files — in that order", () => {
    const order = ["npm ci", "npm run build", "tools/package.mjs", "tools/check-release.mjs", "gh release create"];
    const at = order.map((cmd) => runs.findIndex((r) => r.includes(cmd)));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const upload = runs.find((r) => r.includes("gh release create")) ?? "";
    expect(upload).toContain("dist/system.json");
    expect(upload).toContain("dist/system.zip");
    const pack = runs.find((r) => r.includes("tools/package.mjs")) ?? "";
    expect(pack).toContain("releases/download/${{ github.ref_name }}/");
  });

  it("accepts a consistent release", () => {
    const r = guard("v1.2.3", good);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it.each([
    ["tag and version disagree", "v1.2.4", good, /does not match system.json version/],
    ["download names another tag", "v1.2.3", { ...good, download: good.download.replace("v1.2.3", "v1.2.2") }, /download/],
    ["manifest not on latest", "v1.2.3", { ...good, manifest: good.download.replace("system.zip", "system.json") }, /manifest/],
    ["tag is not a version", "release", { ...good, version: "release" }, /not of the form/],
  ])("refuses when %s", (_label, tag, manifest, message) => {
    const r = guard(tag, manifest);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(message);
  });
});
