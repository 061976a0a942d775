/** The actor an intent names, read on the Narrator's client: refused unless it exists and the requester owns it. */
import type { IntentResult, Requester } from "./intent-channel.js";
import type { GenesysActor } from "../documents/actor.js";

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });
const isUuid = (v: unknown): v is string => typeof v === "string" && v.length <= 300 && /^(Actor|Scene)\.[A-Za-z0-9.]+$/.test(v);

/** A world or token actor by uuid; `gone` is the warning when there is none. */
export async function ownedActor(requester: Requester, uuid: unknown, gone = "GENESYS.Authority.Edit.Gone"): Promise<{ actor: GenesysActor } | { refusal: IntentResult }> {
  if (!isUuid(uuid)) return { refusal: no("GENESYS.Authority.Invalid") };
  let doc: unknown;
  try {
    doc = await foundry.utils.fromUuid(uuid as `Actor.${string}`); // the shape was checked above
  } catch {
    doc = null;
  }
  if (!(doc instanceof CONFIG.Actor.documentClass)) return { refusal: no(gone) };
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  if (!requester.isGM && !doc.testUserPermission(requester.user, "OWNER")) return { refusal: no("GENESYS.Warn.NotOwner", { name: doc.name }) };
  return { actor: doc as GenesysActor }; // CONFIG.Actor.documentClass is GenesysActor
}
