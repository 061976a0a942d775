import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, listFiles, readJson } from "./project.js";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const it_ = flatten(readJson<Tree>(path.join(ROOT, "lang/it.json")));
const en = flatten(readJson<Tree>(path.join(ROOT, "lang/en.json")));

/** Every complete i18n key written as a literal in code, templates or the manifest. */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  const files = [
    ...listFiles(path.join(ROOT, "src"), (f) => f.endsWith(".ts")),
    ...listFiles(path.join(ROOT, "templates"), (f) => f.endsWith(".hbs")),
    path.join(ROOT, "system.json"),
  ];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/["'`](GENESYS\.[A-Za-z0-9_.-]+)["'`]/g)) {
      const key = m[1] ?? "";
      if (!key.endsWith(".")) used.set(key, path.relative(ROOT, file));
    }
  }
  return used;
}

describe("lang files", () => {
  it("Italian and English have identical keys", () => {
    expect([...it_.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it("no string is empty", () => {
    for (const [k, v] of [...it_, ...en]) expect(v.trim(), k).not.toBe("");
  });

  it("every key used in src/, templates/ and system.json exists in both", () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(0);
    // A LOCALIZATION_PREFIXES entry names a subtree (its FIELDS labels) rather than a string.
    const defined = (lang: Map<string, string>, k: string) => lang.has(k) || [...lang.keys()].some((x) => x.startsWith(`${k}.`));
    const missing = [...used].filter(([k]) => !defined(it_, k) || !defined(en, k)).map(([k, f]) => `${k} (${f})`);
    expect(missing).toEqual([]);
  });
});
