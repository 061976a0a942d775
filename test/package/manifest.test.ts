import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DIST, ROOT, distManifest, readJson, type Manifest } from "./project.js";

const source = readJson<Manifest>(path.join(ROOT, "system.json"));

describe("system.json", () => {
  it("declares a v13 system from the build its types describe, installable on later versions, verified on none yet", () => {
    expect(source.id).toBe("genesys-gdr");
    expect(source.title).toBe("GeneSys GdR");
    expect(source.version).toMatch(/^\d+\.\d+\.\d+$/);
    // foundry-vtt-types 13.345.1 is the API the code is checked against; nothing has run in a real Foundry, so no
    // build is claimed verified (Foundry then shows the package as unverified, which is the truth).
    expect(source.compatibility).toEqual({ minimum: "13.345" });
    expect(readJson<{ devDependencies: Record<string, string> }>(path.join(ROOT, "package.json")).devDependencies["@league-of-foundry-developers/foundry-vtt-types"]).toMatch(/13\.345\./);
    expect(source.compatibility.maximum).toBeUndefined();
  });

  it("matches package.json's version", () => {
    expect(readJson<{ version: string }>(path.join(ROOT, "package.json")).version).toBe(source.version);
  });

  it("declares the document types of the design", () => {
    expect(Object.keys(source.documentTypes["Actor"] ?? {}).sort()).toEqual(["animal", "character", "npc"]);
    expect(Object.keys(source.documentTypes["Item"] ?? {}).sort()).toEqual(["armor", "gear", "skill", "trait", "weapon"]);
    for (const types of Object.values(source.documentTypes)) {
      for (const t of Object.values(types)) expect(t.htmlFields?.length).toBeGreaterThan(0);
    }
  });

  it("uses metres, wounds and fatigue bars, the system CSS layer and both languages", () => {
    expect(source["grid"]).toEqual({ type: 1, distance: 1, units: "m" });
    expect(source["primaryTokenAttribute"]).toBe("bars.life");
    expect(source["secondaryTokenAttribute"]).toBe("bars.consciousness");
    expect(source.styles).toEqual([{ src: "genesys.css", layer: "system" }]);
    expect(source.languages.map((l) => l.lang).sort()).toEqual(["en", "it"]);
  });

  it("puts every pack in the GeneSys folder with a localised label", () => {
    const folder = source.packFolders.find((f) => f.name === "GeneSys");
    expect(folder?.packs.sort()).toEqual(source.packs.map((p) => p.name).sort());
    for (const p of source.packs) {
      expect(p.name).not.toContain(".");
      expect(p.label).toMatch(/^GENESYS\.Packs\./);
      expect(p.system).toBe("genesys-gdr");
    }
  });

  it("carries the links Foundry shows and uses to update", () => {
    for (const key of ["url", "manifest", "download", "bugs"]) expect(String(source[key])).toMatch(/^https:\/\//);
    for (const key of ["license", "readme", "changelog"]) expect(fs.existsSync(path.join(ROOT, String(source[key])))).toBe(true);
  });
});

describe("dist/", () => {
  it("holds every file the manifest names", () => {
    const m = distManifest();
    const named = [
      ...m.esmodules,
      ...m.styles.map((s) => (typeof s === "string" ? s : s.src)),
      ...m.languages.map((l) => l.path),
      String(m["license"]), String(m["readme"]), String(m["changelog"]),
    ];
    for (const f of named) expect(fs.existsSync(path.join(DIST, f)), f).toBe(true);
    for (const p of m.packs) expect(fs.existsSync(path.join(DIST, p.path, "CURRENT")), p.path).toBe(true);
  });

  it("ships one minified ES module bundle with its source map", () => {
    const bundle = fs.readFileSync(path.join(DIST, "genesys.mjs"), "utf8");
    expect(bundle).toContain("sourceMappingURL=genesys.mjs.map");
    expect(fs.existsSync(path.join(DIST, "genesys.mjs.map"))).toBe(true);
    expect(bundle.split("\n").length).toBeLessThan(10);
  });

  it("ships every template and compiled CSS", () => {
    const templates = fs.readdirSync(path.join(ROOT, "templates"), { recursive: true }).map(String).filter((f) => f.endsWith(".hbs"));
    for (const t of templates) expect(fs.existsSync(path.join(DIST, "templates", t)), t).toBe(true);
    expect(fs.readFileSync(path.join(DIST, "genesys.css"), "utf8")).toContain("--genesys-");
  });
});
