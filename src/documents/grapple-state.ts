/**
 * Where a grapple lives (§2.3.7): in the flags of the scene both tokens stand on, written only by the active GM's
 * client. A grapple is between two tokens, not two world actors (two unlinked goblins share one base actor), and a
 * token is a scene's document, so the scene holds the pair in one write: no two documents to keep in step, no combat
 * needed (a hold can start before initiative), and either token finds it by its id. Players cannot write a scene, so
 * what is read here was written by a Narrator's client; it is still checked field by field.
 */
import { GRAPPLE_STATUSES, type GrappleSide, type GrappleState } from "../rules/grapple.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";

export const GRAPPLES_FLAG = "grapples";

/** One contender: the token (by id on the grapple's scene) and the name shown on cards. */
export interface GrappleParty {
  tokenId: string;
  name: string;
}

export interface GrappleRecord {
  id: string;
  attacker: GrappleParty;
  defender: GrappleParty;
  state: GrappleState;
  /** A-19a the combat round in which the attacker last declared a contest (null: none yet, or out of combat). */
  attackerDeclaredRound: number | null;
  /** The contest card still open for each side's declaration (one at a time per side), or null. */
  pending: Record<GrappleSide, string | null>;
  /** The statuses this hold switched on for each side, the only ones it may clear (a Narrator's own stay). */
  shown: Record<GrappleSide, GrappleMark[]>;
}

/** The statuses a hold puts on its contenders (config/statuses.ts). */
export const GRAPPLE_MARKS = ["grappled", "immobilised"] as const;
export type GrappleMark = (typeof GRAPPLE_MARKS)[number];

/** The part of a scene this module reads: its id, tokens and flags. */
export interface GrappleScene {
  id: string | null;
  tokens: { get(id: string): { id: string | null; actor: unknown; name: string } | undefined };
  getFlag(scope: string, key: string): unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);
const isParty = (v: unknown): v is GrappleParty => isObject(v) && isId(v["tokenId"]) && typeof v["name"] === "string";
const isPending = (v: unknown): boolean => v === null || isId(v);

const isMarks = (v: unknown): v is GrappleMark[] => Array.isArray(v) && v.every((m) => (GRAPPLE_MARKS as readonly unknown[]).includes(m));

/** A record as written before holds kept `shown`: taken to have set every status it calls for, as it then did. */
function withShown(r: Omit<GrappleRecord, "shown"> & { shown?: unknown }): GrappleRecord {
  const shown = r.shown;
  if (isObject(shown) && isMarks(shown["attacker"]) && isMarks(shown["defender"])) return { ...r, shown: { attacker: shown["attacker"], defender: shown["defender"] } };
  return { ...r, shown: { attacker: ["grappled"], defender: r.state.status === "immobilised" ? ["grappled", "immobilised"] : ["grappled"] } };
}

function isRecord(v: unknown): v is Omit<GrappleRecord, "shown"> & { shown?: unknown } {
  if (!isObject(v) || !isId(v["id"]) || !isParty(v["attacker"]) || !isParty(v["defender"])) return false;
  const state = v["state"];
  if (!isObject(state) || state["status"] === "free" || !(GRAPPLE_STATUSES as readonly unknown[]).includes(state["status"])) return false;
  if (typeof state["attackerStreak"] !== "number" || !Number.isInteger(state["attackerStreak"]) || state["attackerStreak"] < 0) return false;
  const round = v["attackerDeclaredRound"];
  if (!(round === null || (typeof round === "number" && Number.isInteger(round)))) return false;
  const pending = v["pending"];
  return isObject(pending) && isPending(pending["attacker"]) && isPending(pending["defender"]);
}

/** The grapples in progress on a scene (a malformed entry is dropped, never acted on). */
export function readGrapples(scene: Pick<GrappleScene, "getFlag">): GrappleRecord[] {
  const raw = scene.getFlag(SYSTEM_ID, GRAPPLES_FLAG);
  // Checked entry by entry: what passes is what this module writes.
  return Array.isArray(raw) ? (raw as unknown[]).filter(isRecord).map((r) => withShown(structuredClone(r))) : [];
}

/** The side a token plays in a record, or null. */
export function sideOf(record: GrappleRecord, tokenId: string): GrappleSide | null {
  if (record.attacker.tokenId === tokenId) return "attacker";
  if (record.defender.tokenId === tokenId) return "defender";
  return null;
}

/** The grapple a token is involved in on its scene, and its side, or null. */
export function grappleOfToken(scene: Pick<GrappleScene, "getFlag">, tokenId: string): { record: GrappleRecord; side: GrappleSide } | null {
  for (const record of readGrapples(scene)) {
    const side = sideOf(record, tokenId);
    if (side) return { record, side };
  }
  return null;
}

export const otherSide = (side: GrappleSide): GrappleSide => (side === "attacker" ? "defender" : "attacker");

/** A token as Foundry gives it (a TokenDocument): its id and scene. */
export interface TokenLike {
  id: string | null;
  parent: unknown;
}

/** The scene of a token, when it has one this module can read. */
export function sceneOfToken(token: TokenLike): GrappleScene | null {
  const parent = token.parent;
  // A TokenDocument's parent is its Scene.
  return typeof parent === "object" && parent !== null ? (parent as GrappleScene) : null;
}

/**
 * The token(s) an actor stands for: an unlinked token's own actor names its token; a world actor, its linked tokens on
 * every scene (the grapple may be on a scene not viewed).
 */
export function tokensOfActor(actor: { isToken?: boolean; token?: unknown; id: string | null }): TokenLike[] {
  if (actor.isToken === true) {
    const token = actor.token;
    // An unlinked actor's token is its TokenDocument.
    return typeof token === "object" && token !== null ? [token as TokenLike] : [];
  }
  const tokens: TokenLike[] = [];
  for (const scene of game.scenes) {
    for (const token of scene.tokens) if (token.actorLink && token.actorId === actor.id) tokens.push(token);
  }
  return tokens;
}

/** The grapple an actor's token is in (the first found), with its scene and side, or null. */
export function grappleOfActor(actor: { isToken?: boolean; token?: unknown; id: string | null }): { scene: GrappleScene; record: GrappleRecord; side: GrappleSide; tokenId: string } | null {
  for (const token of tokensOfActor(actor)) {
    const scene = sceneOfToken(token);
    if (!scene || !token.id) continue;
    const found = grappleOfToken(scene, token.id);
    if (found) return { scene, ...found, tokenId: token.id };
  }
  return null;
}

/** A scene by id, or null when it was deleted. */
export function sceneNamed(id: string): Scene.Stored | null {
  // fvtt-types types get() as always finding it; the scene may have been deleted.
  const scene = game.scenes.get(id) as Scene.Stored | undefined;
  if (!scene) return null;
  return scene;
}
