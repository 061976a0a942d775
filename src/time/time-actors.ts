/**
 * Which actors a world-time advance from elsewhere (a calendar module, the clock in the sidebar, combat rounds) concerns:
 * a world setting, by default the actors of the active scene's tokens (an unlinked token's own actor) and every
 * Protagonista a player owns, wherever it is. The Narrator's "time passes" names its own.
 */
import { GenesysActor } from "../documents/actor.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";

export const TIME_ACTORS_SETTING = "timeActors";
export const TIME_ACTORS_CHOICES = ["sceneAndCharacters", "scene", "characters", "none"] as const;
export type TimeActorsChoice = (typeof TIME_ACTORS_CHOICES)[number];

export function registerTimeActorsSetting(): void {
  game.settings.register(SYSTEM_ID, TIME_ACTORS_SETTING, {
    name: "GENESYS.Settings.timeActors.Name",
    hint: "GENESYS.Settings.timeActors.Hint",
    scope: "world",
    config: true,
    type: String,
    default: "sceneAndCharacters",
    choices: Object.fromEntries(TIME_ACTORS_CHOICES.map((c) => [c, `GENESYS.Settings.timeActors.Choices.${c}`])),
  });
}

function choice(): TimeActorsChoice {
  const value: unknown = game.settings.get(SYSTEM_ID, TIME_ACTORS_SETTING);
  return TIME_ACTORS_CHOICES.find((c) => c === value) ?? "sceneAndCharacters";
}

/** The actors of the active scene's tokens; a token whose actor was deleted has none and is left out. */
export function sceneActors(): GenesysActor[] {
  const scene = game.scenes.active;
  if (!scene) return [];
  return scene.tokens.contents.map((t) => t.actor as unknown).filter((a): a is GenesysActor => a instanceof GenesysActor);
}

/** The world's Protagonisti some player owns. */
export function playerCharacters(): GenesysActor[] {
  const players = game.users.contents.filter((u) => !u.isGM);
  const actors: unknown[] = game.actors.contents;
  return actors.filter((a): a is GenesysActor =>
    // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
    a instanceof GenesysActor && a.type === "character" && players.some((u) => a.testUserPermission(u, "OWNER")));
}

/** What the setting names, each actor once (a linked token's actor is the world actor itself). */
export function actorsConcerned(mode: TimeActorsChoice = choice()): GenesysActor[] {
  const list = [
    ...(mode === "sceneAndCharacters" || mode === "scene" ? sceneActors() : []),
    ...(mode === "sceneAndCharacters" || mode === "characters" ? playerCharacters() : []),
  ];
  const seen = new Set<string>();
  return list.filter((a) => !seen.has(a.uuid) && Boolean(seen.add(a.uuid)));
}
