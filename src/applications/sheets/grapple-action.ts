/**
 * §2.3.7 the "Grapple" button of a person's or an animal's combat tab: the actor the sheet shows (an unlinked token's
 * own actor on its sheet) grapples the targeted token, or contests the hold it is already in (grapple-entry.ts).
 */
import { GenesysActor } from "../../documents/actor.js";
import { lazily } from "../../load/lazily.js";
import { guarded } from "../../ui/guarded.js";

/** A grapple loads with the first one started. */
const grappleFrom = lazily(() => import("../../grapple/grapple-entry.js"), "grappleFrom");

export async function onGrapple(this: { document: unknown }, _event: PointerEvent, _target: HTMLElement): Promise<void> {
  const actor: GenesysActor | null = this.document instanceof GenesysActor ? this.document : null;
  if (actor) await guarded(null, () => grappleFrom(actor));
}
