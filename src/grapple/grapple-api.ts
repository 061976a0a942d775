/**
 * game.genesys.grapple (§2.3.7): a macro's or the console's way to the same flow as the card's buttons, each argument
 * checked before use; the GM's client decides as for a click.
 */
import type { GenesysGrappleApi, GenesysGrappleRequest } from "../api-contract.js";
import { actorOfRef } from "../contest/contest-api.js";
import { declareGrappleContest, grappleWith, holdOf, releaseHold, startGrapple, type GrappleOptions } from "./grapple-flow.js";
import { grappleBlocksMovement } from "../documents/grapple-movement.js";

const warn = (key: string, data: Record<string, string> = {}): null => {
  ui.notifications.warn(game.i18n.format(key, data));
  return null;
};

/** A macro's request as the flow's options; null (warned) when a field is of the wrong kind. */
function optionsOf(request: unknown): GrappleOptions | null {
  if (request === undefined) return {};
  if (typeof request !== "object" || request === null) return warn("GENESYS.Grapple.Warn.BadRequest");
  const { skillId, prompt } = request as Record<string, unknown>; // an object, checked field by field
  if (!(skillId === undefined || skillId === null || typeof skillId === "string") || !(prompt === undefined || typeof prompt === "boolean")) return warn("GENESYS.Grapple.Warn.BadRequest");
  return { ...(skillId === undefined ? {} : { skillId }), ...(prompt === undefined ? {} : { prompt }) };
}

export const grappleApi: GenesysGrappleApi = {
  async start(request?: GenesysGrappleRequest) {
    const options = optionsOf(request);
    return options ? startGrapple(null, null, options) : null;
  },
  async contest(ref, request) {
    const options = optionsOf(request);
    const actor = options ? await actorOfRef(ref) : null;
    if (!options || !actor) return null;
    const hold = holdOf(actor);
    if (!hold) return warn("GENESYS.Grapple.Warn.NotGrappling", { name: actor.name });
    return declareGrappleContest(hold.sceneId, hold.grappleId, hold.side, options);
  },
  async release(ref) {
    const actor = await actorOfRef(ref);
    if (!actor) return false;
    const hold = holdOf(actor);
    if (!hold) return Boolean(warn("GENESYS.Grapple.Warn.NotGrappling", { name: actor.name }));
    return releaseHold(hold.sceneId, hold.grappleId);
  },
  async grapple(ref, request) {
    const options = optionsOf(request);
    const actor = options ? await actorOfRef(ref) : null;
    return options && actor ? grappleWith(actor, options) : null;
  },
  blocksMovement(actorOrToken) {
    // What a macro passes is only typed; grappleBlocksMovement reads fields it checks.
    return typeof actorOrToken === "object" && actorOrToken !== null && grappleBlocksMovement(actorOrToken as Parameters<typeof grappleBlocksMovement>[0]);
  },
};
