import type { AnimalModel } from "../../src/data/actor/animal.js";
import type { CharacterModel } from "../../src/data/actor/character.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { bootSystem } from "../foundry/boot.js";

type ActorFactory = { create(data: object): Promise<GenesysActor> };

/** Creates a world actor through the configured document class (the double implements create as Foundry does). */
export async function createActor(data: { name: string; type: string; system?: object; items?: object[]; effects?: object[]; ownership?: object }): Promise<GenesysActor> {
  await bootSystem();
  // CONFIG.Actor.documentClass is GenesysActor over the double's Actor; its create() takes plain data.
  return (CONFIG.Actor.documentClass as unknown as ActorFactory).create(data);
}

export function personOf(actor: GenesysActor): CharacterModel {
  // Character and npc share the person shape; the test creates one of those.
  return actor.system as unknown as CharacterModel;
}

export function animalOf(actor: GenesysActor): AnimalModel {
  return actor.system as unknown as AnimalModel;
}

export const ALVEN = { dexterity: 8, experience: 7, charm: 8, strength: 5, perception: 7 };
