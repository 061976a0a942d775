import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DIST = path.join(ROOT, "dist");

export interface PackEntry { name: string; label: string; path: string; type: string; system: string }
export interface Manifest {
  id: string; version: string; manifest: string; download: string;
  esmodules: string[]; styles: (string | { src: string; layer?: string })[];
  languages: { lang: string; name: string; path: string }[];
  packs: PackEntry[]; packFolders: { name: string; packs: string[] }[];
  documentTypes: Record<string, Record<string, { htmlFields?: string[] }>>;
  compatibility: { minimum: string; verified?: string; maximum?: string };
  [key: string]: unknown;
}

export function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(file, "utf8")) as T;
}

/** The built manifest; `npm test` builds before vitest runs. */
export function distManifest(): Manifest {
  const file = path.join(DIST, "system.json");
  if (!fs.existsSync(file)) throw new Error("dist/system.json missing: run `npm run build` before the package tests");
  return readJson<Manifest>(file);
}

export function listFiles(dir: string, filter: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p, filter));
    else if (filter(e.name)) out.push(p);
  }
  return out.sort();
}
