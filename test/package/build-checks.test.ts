import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./project.js";

/** A scratch copy of the sources (node_modules linked), so a file can go missing without touching the repository. */
function scratchCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "genesys-build-"));
  for (const entry of ["src", "templates", "styles", "lang", "packs", "tools", "system.json", "package.json", "vite.config.ts", "LICENSE", "README.md", "CHANGELOG.md"]) {
    fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

describe("the build refuses incomplete sources", () => {
  const dir = scratchCopy();
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("names every missing template, language file and pack source, and builds nothing", () => {
    fs.rmSync(path.join(dir, "templates/chat/check-roll.hbs"));
    fs.rmSync(path.join(dir, "lang/en.json"));
    fs.rmSync(path.join(dir, "packs/armour"), { recursive: true });
    const out = path.join(dir, "dist");
    const r = spawnSync(process.execPath, ["tools/build.mjs"], { cwd: dir, encoding: "utf8", env: { ...process.env, GENESYS_DIST: out } });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("template missing: templates/chat/check-roll.hbs");
    expect(r.stderr).toContain("language file missing: lang/en.json");
    expect(r.stderr).toContain("pack source missing: packs/armour/");
    expect(fs.existsSync(out)).toBe(false);
  });

  it("refuses a pack document whose _key would make the CLI skip it", () => {
    const file = fs.readdirSync(path.join(dir, "packs/weapons"))[0] ?? "";
    const doc = JSON.parse(fs.readFileSync(path.join(dir, "packs/weapons", file), "utf8")) as Record<string, unknown>;
    Reflect.deleteProperty(doc, "_key");
    fs.writeFileSync(path.join(dir, "packs/weapons", file), JSON.stringify(doc));
    const r = spawnSync(process.execPath, ["tools/build.mjs"], { cwd: dir, encoding: "utf8", env: { ...process.env, GENESYS_DIST: path.join(dir, "dist") } });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`packs/weapons/${file.replace(".", "\\.")}: _key must be "!items!`));
  });
});
