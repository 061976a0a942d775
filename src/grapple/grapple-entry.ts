/**
 * Where a grapple (§2.3.7) is begun from: a sheet's "Grapple" button, a tracker row's menu, the Narrator's scene
 * control and its macro. Each finds the token to act from and hands over to grapple-flow.ts, which checks ownership,
 * target and skill on this client before the active GM's client decides. One token per hold: a world actor with
 * several tokens acts from the one selected, or the only one on the viewed scene.
 */
import type { GenesysActor } from "../documents/actor.js";
import { declareGrappleContest, holdOf, startGrapple, type GrappleOptions } from "./grapple-flow.js";

type EntryToken = { id: string | null; name: string; uuid: string; actor: unknown; parent: unknown };

const warn = (key: string, data: Record<string, string> = {}): null => {
  ui.notifications.warn(game.i18n.format(key, data));
  return null;
};

/** A linked actor's tokens on every scene (a grapple may be on a scene not on view). */
function linkedTokens(actor: GenesysActor): EntryToken[] {
  const tokens: EntryToken[] = [];
  for (const scene of game.scenes) for (const token of scene.tokens) if (token.actorLink && token.actorId === actor.id) tokens.push(token);
  return tokens;
}

/** The token the actor acts from, or null (warned): its own for an unlinked actor, else the selected or only one. */
export function actingToken(actor: GenesysActor): EntryToken | null {
  if (actor.isToken) return actor.token ?? warn("GENESYS.Grapple.Warn.NoToken", { name: actor.name });
  const tokens = linkedTokens(actor);
  // No canvas drawn: nothing is selected, and core's `viewed` scene may still be known.
  const selected = new Set((canvas.tokens?.controlled ?? []).map((t) => t.document.uuid));
  const chosen = tokens.filter((t) => selected.has(t.uuid));
  if (chosen.length === 1) return chosen[0] ?? null;
  const viewed = game.scenes.viewed?.id;
  const onView = viewed ? tokens.filter((t) => (t.parent as { id?: unknown } | null)?.id === viewed) : tokens; // a token's parent is its Scene
  if (onView.length === 1) return onView[0] ?? null;
  return warn(onView.length === 0 ? "GENESYS.Grapple.Warn.NoToken" : "GENESYS.Grapple.Warn.WhichToken", { name: actor.name });
}

/**
 * §2.3.7 the sheet's and the tracker's "Grapple": in a hold, the actor declares the contest of its side; otherwise its
 * token (`token`, as a tracker row names it, or actingToken's) grapples the targeted one. The contest card's message
 * id, or null (warned) when none was posted.
 */
export async function grappleFrom(actor: GenesysActor, options: GrappleOptions = {}, token: EntryToken | null = null): Promise<string | null> {
  if (!actor.isOwner) return warn("GENESYS.Grapple.Warn.NotYours", { name: actor.name });
  const hold = holdOf(actor);
  if (hold) return declareGrappleContest(hold.sceneId, hold.grappleId, hold.side, options);
  const from = token ?? actingToken(actor);
  return from ? startGrapple(from, null, options) : null;
}

/** §2.3.7 the Narrator's control and macro: the selected token grapples the targeted one. */
export function grappleSelected(options: GrappleOptions = {}): Promise<string | null> {
  return startGrapple(null, null, options);
}

