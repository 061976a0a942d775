/**
 * Compendium content in the player's language through Babele, the community module for compendium translation.
 * Pack sources hold the Italian text (the book's language); each other language is a set of Babele translation files
 * in lang/babele/<lang>/genesys-gdr.<pack>.json, which the system hands to Babele when it starts ("babele.init", as
 * sw5e, castle-falkenstein and od6s do). Without Babele the packs show their Italian source; a third language is its
 * own folder of files there (docs/translating.md).
 */
import { translateLabels } from "./pack-translation.js";

/** What the system uses of Babele (in3luki/fvtt-babele src/modules/babele/babele.ts). */
export interface BabeleLike {
  setSystemTranslationsDir?: (dir: string) => void;
  registerConverters(converters: Record<string, (value: unknown, translation: unknown) => unknown>): void;
}

export const BABELE_DIR = "lang/babele";

/** Where the "babele.init" listener goes: Foundry's Hooks, or a test's own. */
export interface BabeleHooks {
  once(hook: "babele.init", fn: (babele: unknown) => void): unknown;
}

function isBabele(value: unknown): value is BabeleLike {
  return typeof value === "object" && value !== null && typeof (value as { registerConverters?: unknown }).registerConverters === "function";
}

/** Hands the system's translation files and converters to Babele when it starts (nothing happens without it). */
export function registerBabele(hooks: BabeleHooks = Hooks): void {
  hooks.once("babele.init", (babele) => {
    if (!isBabele(babele) || typeof babele.setSystemTranslationsDir !== "function") {
      console.warn("GeneSys GdR | this Babele version cannot load a system's translations: update Babele");
      return;
    }
    babele.setSystemTranslationsDir(BABELE_DIR);
    babele.registerConverters({ genesysLabels: translateLabels });
  });
}
