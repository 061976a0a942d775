/**
 * The server's own check of `gmOnlyFields`, the one thing the server enforces about a system's data besides ownership.
 * It reads the system's manifest (system.json `documentTypes.<Document>.<subtype>.gmOnlyFields`), as Foundry's server
 * does at start-up; nothing our code runs in a browser can change it.
 *
 * Evidence:
 * - Paths are relative to the subtype's `system`, dot-separated, `*` standing for any key of an ArrayField or a
 *   TypedObjectField; owners "cannot update" those properties "even through the console" (foundryvtt.com API
 *   documentation, the foundry.data namespace page, "Server-Side Sanitation"; V13-API §10: Draw Steel 0.11.1 declares
 *   them on v13; foundryvtt/foundryvtt#9613 is the feature request).
 * - A refused write fails as a whole, with an error naming the field: "<field> may only be modified by a GM or
 *   Assistant GM user." (foundryvtt/foundryvtt#14252 quotes the message, thrown as an uncaught Error on the client).
 * - On v14, up to 14.363, a player cannot create a document of a subtype that has any gmOnly field at all, a
 *   regression from v13, where players could (foundryvtt/foundryvtt#14252; foundryvtt-starfinder#1760 removed its
 *   gmOnly field because of it). Modelled by game.release.generation ≥ 14.
 * Assumptions (not public):
 * - The test compares the stored value with the value after the write, so a write that sends a value unchanged
 *   passes, however it is written (nested, dotted, `-=`, `recursive: false`).
 * - On v13 creation data is not checked: a player's new document may carry any value in those fields. That is the
 *   worst case for the system, which therefore never trusts a player-created document's numbers.
 * - An embedded item is judged by its own subtype's list; an unlinked token's ActorDelta by its actor's subtype.
 */
import { readFileSync } from "node:fs";

type Manifest = { documentTypes?: Record<string, Record<string, { gmOnlyFields?: string[] } | undefined> | undefined> };

let manifest: Manifest | null = null;
function read(): Manifest {
  manifest ??= JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as Manifest;
  return manifest;
}

export function gmOnlyFields(documentName: string, type: string): string[] {
  return read().documentTypes?.[documentName]?.[type]?.gmOnlyFields ?? [];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Every value a pattern names in a source, by concrete path (`*` expanded over the keys or indices found). */
function valuesAt(source: unknown, parts: string[], prefix: string[] = []): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (parts.length === 0) {
    out.set(prefix.join("."), source);
    return out;
  }
  const [head, ...rest] = parts as [string, ...string[]];
  const container: Record<string, unknown> | unknown[] | null = Array.isArray(source) ? source : isRecord(source) ? source : null;
  const keys = head === "*" ? (container ? Object.keys(container) : []) : [head];
  for (const key of keys) {
    const inner = container ? (container as Record<string, unknown>)[key] : undefined;
    for (const [path, value] of valuesAt(inner, rest, [...prefix, key])) out.set(path, value);
  }
  return out;
}

/** Throws as the server refuses a non-GM's write that changes a gmOnly field of this subtype. */
export function refuseGmOnlyChange(documentName: string, type: string, before: unknown, after: unknown, user: { isGM: boolean }): void {
  if (user.isGM) return;
  for (const pattern of gmOnlyFields(documentName, type)) {
    const parts = pattern.split(".");
    const was = valuesAt(before, parts);
    const now = valuesAt(after, parts);
    for (const path of new Set([...was.keys(), ...now.keys()])) {
      if (JSON.stringify(was.get(path)) !== JSON.stringify(now.get(path))) throw new Error(`system.${path} may only be modified by a GM or Assistant GM user.`);
    }
  }
}

/** Throws as a v14 server refuses a non-GM's creation of a subtype with gmOnly fields (see above); v13 lets it pass. */
export function refuseGmOnlyCreation(documentName: string, type: string, user: { isGM: boolean }): void {
  const generation = (globalThis as unknown as { game: { release: { generation: number } } }).game.release.generation;
  if (user.isGM || generation < 14 || gmOnlyFields(documentName, type).length === 0) return;
  throw new Error(` may only be modified by a GM or Assistant GM user.`);
}
