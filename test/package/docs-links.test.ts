/**
 * Issue 21: the README stays short and every link of the project's own documents leads somewhere inside the
 * repository (a person cloning it has nothing beside it): relative links name a file that exists, anchors aside.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./project.js";

const DOCS = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", ...fs.readdirSync(path.join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** Markdown links and images, `[text](target)`, with the target as written. */
function links(markdown: string): string[] {
  return [...markdown.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? "");
}

describe("the project's documents", () => {
  it("the README is at most 8 KB and says how to install, how to test and where the self-test is", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(8 * 1024);
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toContain("npm ci && npm test");
    expect(readme).toContain("docs/selftest.md");
  });

  it.each(DOCS)("%s links only to files the repository has", (doc) => {
    const text = fs.readFileSync(path.join(ROOT, doc), "utf8");
    const local = links(text).filter((l) => !/^[a-z]+:/i.test(l) && !l.startsWith("#"));
    const missing = local.filter((l) => !fs.existsSync(path.resolve(ROOT, path.dirname(doc), decodeURIComponent(l.split("#")[0] ?? ""))));
    expect(missing).toEqual([]);
  });
});
