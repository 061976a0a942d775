/**
 * What a player's client asks of the Narrator's when an actor method would write protected values
 * (data/protected-fields.ts) that the server refuses from a player: registered at init by the authority layer
 * (authority/owner-actions.ts), so that documents import no intent channel. Before init there is none, and a player's
 * write then is a programming error.
 */
import type { RestPeriod } from "../rules/recovery.js";
import type { ApplyDamageOptions, CounterChange, GenesysActor } from "./actor.js";

export interface NarratorRequests {
  /** A hit on the player's own actor, applied by the Narrator's client through the same pipeline. */
  damage(actor: GenesysActor, options: ApplyDamageOptions): Promise<CounterChange | null>;
  /** §1.5.3 rest, which heals: the Narrator's call unless the actor is open for free editing. */
  recover(actor: GenesysActor, rest: RestPeriod): Promise<CounterChange | null>;
  /** Protected values typed in (a counter lowered on the token HUD or the sheet): as a sheet's edit. */
  edit(actor: GenesysActor, system: Record<string, unknown>): Promise<boolean>;
}

let registered: NarratorRequests | null = null;

export function registerNarratorRequests(requests: NarratorRequests): void {
  registered = requests;
}

export function narratorRequests(): NarratorRequests {
  if (!registered) throw new Error("GeneSys GdR | no Narrator requests registered: a player's write came before init");
  return registered;
}
