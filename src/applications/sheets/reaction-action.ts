/**
 * §3.1.3 the "Reaction" button of a Comparsa's or an animal's sheet (Narrator only): the reaction dialog for the actor
 * the sheet shows, which for an unlinked token's sheet is that token's own actor.
 */
import { GenesysActor } from "../../documents/actor.js";
import { reactionForActor } from "../../tools/narrator-tools.js";
import { guarded } from "../../ui/guarded.js";

export async function onNpcReaction(this: { document: unknown }, _event: PointerEvent, _target: HTMLElement): Promise<void> {
  const actor: GenesysActor | null = this.document instanceof GenesysActor ? this.document : null;
  if (actor) await guarded(0, () => reactionForActor(actor));
}
