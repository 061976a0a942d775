/**
 * The Narrator's side: every intent handler, and what only a Narrator's client does on world events (time passing,
 * a hold's end, players' items and effects, the migration). A chunk of its own (issue 23: a player's browser loads
 * under 90 KB gzip): the entry names it at init (setNarratorHandlers) and a Narrator's client loads it at setup, and in
 * any case before it answers its first intent or opens a sealed card; no player's browser loads it.
 */
import { clearStaleIntents } from "./authority/intent-channel.js";
import { registerOwnerIntents } from "./authority/owner-actions.js";
import { registerProtectedEdit } from "./authority/protected-edit.js";
import { registerSealKey } from "./authority/seal-key.js";
import { sweepNarratorEffects } from "./authority/effect-approvals.js";
import { loadCipher } from "./authority/seal.js";
import { registerCardIntents } from "./attack/card-intents.js";
import { registerContestIntents } from "./contest/contest-intents.js";
import { registerRequestIntents } from "./request/request-intents.js";
import { registerSealedCards } from "./chat/sealed-card.js";
import { registerCheckIntents } from "./check/check-intents.js";
import { GenesysCheckRoll } from "./check/genesys-roll.js";
import { registerGrappleIntents } from "./grapple/grapple-intents.js";
import { atReady } from "./load/at-ready.js";
import { migrateWorld } from "./migration.js";
import { registerStudyIntents } from "./study/study-intents.js";
import { registerWorldTime } from "./time/time-advance.js";
import { registerTimeIntents } from "./time/time-intents.js";
import { registerLosingControlIntents } from "./tools/losing-control-effects.js";
import { registerHazardIntents } from "./hazards/hazard-intents.js";
import { registerSealedToolCards } from "./tools/tool-card.js";

/** Whether the registrations ran: null once they all went in, their error if one threw, undefined before. */
let registration: Error | null | undefined;

/**
 * Registers the Narrator's side on this client, once; resolves once its cipher has loaded too. A registration that
 * threw is not run again (the ones before it would register their hooks twice): every later call fails with it, so
 * each intent tells why. A cipher that could not be fetched is tried again by the next call.
 */
export async function registerNarratorSide(): Promise<void> {
  if (registration === undefined) {
    try {
      registerAll();
      registration = null;
    } catch (error) {
      registration = error instanceof Error ? error : new Error(String(error));
    }
  }
  if (registration) throw registration;
  await loadCipher();
}

function registerAll(): void {
  registerOwnerIntents();
  registerProtectedEdit();
  registerSealKey();
  registerSealedCards();
  registerCardIntents();
  registerContestIntents();
  registerRequestIntents();
  registerCheckIntents(GenesysCheckRoll);
  registerGrappleIntents();
  registerStudyIntents();
  registerTimeIntents();
  registerLosingControlIntents();
  registerWorldTime();
  registerHazardIntents();
  registerSealedToolCards();
  // The active Narrator's tidying once the world is up: the data migration, then what players changed of his effects
  // while no Narrator was connected, and intents nobody will answer any more.
  atReady(() => {
    void migrateWorld()
      .then(() => sweepNarratorEffects())
      .catch((error: unknown) => { console.error("GeneSys GdR | migration or effect sweep failed", error); });
    void clearStaleIntents();
  });
}
