import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { DIST, ROOT, distManifest, type Manifest } from "./project.js";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => { resolve(port); });
    });
  });
}

/** Runs `npm start`'s script into a private dist folder and waits for the manifest URL line. */
function start(port: number, dist: string, env: Record<string, string> = {}, args: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["tools/start.mjs", ...args], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), GENESYS_DIST: dist, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Manifest URL[^\n]*?(http:\/\/\S+)/.exec(output);
      if (m?.[1]) resolve({ child, url: m[1] });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => { reject(new Error(`npm start exited with ${String(code)}:\n${output}`)); });
  });
}

describe("npm start", () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "genesys-start-"));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("serves a manifest whose download is the served zip, holding the same system.json at its root", async () => {
    const port = await freePort();
    const started = await start(port, dist);
    child = started.child;
    expect(started.url).toBe(`http://localhost:${port}/system.json`);

    const res = await fetch(`http://127.0.0.1:${port}/system.json`);
    expect(res.status).toBe(200);
    const manifestText = await res.text();
    const manifest = JSON.parse(manifestText) as Manifest;
    expect(manifest.manifest).toBe(`http://localhost:${port}/system.json`);
    expect(manifest.download).toBe(`http://localhost:${port}/system.zip`);

    const zipRes = await fetch(manifest.download.replace("localhost", "127.0.0.1"));
    expect(zipRes.status).toBe(200);
    expect(zipRes.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await zipRes.arrayBuffer()));
    const inner = files["system.json"];
    expect(inner, "system.json at the zip's root").toBeDefined();
    expect(new TextDecoder().decode(inner)).toBe(manifestText);

    // Everything the manifest names is inside the zip, at the path Foundry will load it from.
    expect(Object.keys(files)).toContain("genesys.mjs");
    expect(Object.keys(files)).toContain("genesys.css");
    // The chunks the entry loads at start and on first use travel in the zip too.
    expect(Object.keys(files).some((f) => /^chunks\/genesys-core-[\w-]+\.mjs$/.test(f))).toBe(true);
    for (const l of manifest.languages) expect(Object.keys(files)).toContain(l.path);
    for (const p of manifest.packs) expect(Object.keys(files)).toContain(`${p.path}/CURRENT`);
    expect(Object.keys(files).some((f) => f.endsWith(".zip"))).toBe(false);

    const missing = await fetch(`http://127.0.0.1:${port}/nope.json`);
    expect(missing.status).toBe(404);
    const escape = await fetch(`http://127.0.0.1:${port}/..%2fpackage.json`);
    expect([403, 404]).toContain(escape.status);
  }, 120_000); // a package build and a served zip: ~12 s idle, near 40 s on a loaded machine (CPU, no timer waited on)
});

// The build itself is the first block's; this one serves a copy of the suite's own build (--prebuilt), so the suite
// builds the system once for `npm start` rather than twice.
describe("npm start for a Foundry on another machine", () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "genesys-start-base-"));
  distManifest(); // fails with its message when the suite's build is missing
  fs.cpSync(DIST, dist, { recursive: true });
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("names the served files by $GENESYS_BASE_URL, in the printed URL and in the manifest", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${String(port)}`; // no trailing slash: one is added
    const started = await start(port, dist, { GENESYS_BASE_URL: base }, ["--prebuilt"]);
    child = started.child;
    expect(started.url).toBe(`${base}/system.json`);
    const manifest = (await (await fetch(`${base}/system.json`)).json()) as Manifest;
    expect(manifest.manifest).toBe(`${base}/system.json`);
    expect(manifest.download).toBe(`${base}/system.zip`);
    expect((await fetch(manifest.download)).status).toBe(200);
  });

  it("with --prebuilt and nothing built, says so and exits", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "genesys-start-empty-"));
    try {
      await expect(start(await freePort(), empty, {}, ["--prebuilt"])).rejects.toThrow(/nothing built in .*run `npm run build` first/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
