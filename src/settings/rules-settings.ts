/** Every configurable reading of the rules (RulesOptions) as a world setting, so the Narrator keeps the last word. */
import { DEFAULT_RULES_OPTIONS, type RulesOptions } from "../rules/options.js";

export const SYSTEM_ID = "genesys-gdr";

type OptionKey = keyof RulesOptions;

/** Choice lists of the string options, each value with its i18n label. Booleans need none. */
const CHOICES: { [K in OptionKey]?: readonly RulesOptions[K][] } = {
  reflexesRounding: ["floor", "halfUp"],
  rangeBoundary: ["exclusive", "inclusive"],
  animalAttackManeuver: ["attack", "execution"],
  aimedWeaponPenaltyOrder: ["smallerIsHarder", "literal"],
  blastDistance: ["floorMetres", "exact"],
  studyDaysRounding: ["exact", "ceil"],
};

export const RULE_OPTION_KEYS = Object.keys(DEFAULT_RULES_OPTIONS) as OptionKey[];

let cached: RulesOptions | null = null;

/** Registers one world setting per rules option; changing one re-prepares every actor, token actors included. */
export function registerRulesSettings(): void {
  for (const key of RULE_OPTION_KEYS) {
    const initial = DEFAULT_RULES_OPTIONS[key];
    const choices = CHOICES[key];
    const common = {
      name: `GENESYS.Settings.${key}.Name`,
      hint: `GENESYS.Settings.${key}.Hint`,
      scope: "world" as const,
      config: true,
      onChange: () => {
        cached = null;
        for (const actor of [...game.actors.contents, ...unlinkedTokenActors()]) actor.reset();
      },
    };
    // The keys are declared in SettingConfig (src/fvtt-config.ts), but a loop over them cannot narrow register's overloads.
    const register = game.settings.register.bind(game.settings) as unknown as (ns: string, k: string, data: object) => void;
    if (typeof initial === "boolean") register(SYSTEM_ID, key, { ...common, type: Boolean, default: initial });
    else register(SYSTEM_ID, key, {
      ...common,
      type: String,
      default: initial,
      choices: Object.fromEntries((choices ?? []).map((c): [string, string] => [String(c), `GENESYS.Settings.${key}.Choices.${String(c)}`])),
    });
  }
}

/**
 * The actors that live only in a token: each unlinked token has its own synthetic actor, prepared from the base actor
 * and the token's changes, which is not in game.actors. A linked token's actor is the world actor itself.
 */
export function unlinkedTokenActors(): Actor.Implementation[] {
  const actors: Actor.Implementation[] = [];
  for (const scene of game.scenes) {
    for (const token of scene.tokens) {
      if (!token.actorLink && token.actor) actors.push(token.actor);
    }
  }
  return actors;
}

/** The rules options in force in this world (defaults before the settings exist, e.g. in unit tests of rules). */
export function rulesOptions(): RulesOptions {
  if (cached) return cached;
  const read = game.settings.get.bind(game.settings) as unknown as (ns: string, k: string) => unknown;
  const options = { ...DEFAULT_RULES_OPTIONS } as Record<OptionKey, unknown>;
  for (const key of RULE_OPTION_KEYS) {
    try {
      options[key] = read(SYSTEM_ID, key);
    } catch {
      // Not registered yet (documents prepared before init finished): the spec's default stands.
    }
  }
  cached = options as unknown as RulesOptions;
  return cached;
}

/** Forget the cached options (tests, and after a setting changes). */
export function resetRulesOptionsCache(): void {
  cached = null;
}

export const RULE_OPTION_CHOICES = CHOICES;
