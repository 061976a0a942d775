/**
 * §2.3.7 the "Grapple" button of a person's or an animal's combat tab: the actor the sheet shows (an unlinked token's
 * own actor on its sheet) grapples the targeted token, or contests the hold it is already in (grapple-entry.ts).
 */
import { GenesysActor } from "../../documents/actor.js";
import { grappleFrom } from "../../grapple/grapple-entry.js";
import { guarded } from "../guarded.js";

export async function onGrapple(this: { document: unknown }, _event: PointerEvent, _target: HTMLElement): Promise<void> {
  const actor: GenesysActor | null = this.document instanceof GenesysActor ? this.document : null;
  if (actor) await guarded(null, () => grappleFrom(actor));
}
