import type { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import type { GenesysCombatant } from "../../src/documents/combatant.js";
import { registerCombat } from "../../src/documents/register-combat.js";
import { gmQueue } from "../../src/authority/serial-queue.js";
import { onClient } from "../foundry/clients.js";
import { combatDouble } from "../foundry/combat.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { createActor } from "../documents/helpers.js";
import type { User } from "../foundry/documents.js";

/** Boots the system and registers the combat classes, as the lead's init wiring will. */
export async function bootCombat(): Promise<void> {
  await bootSystem();
  registerCombat();
}

export function gm(): User {
  const u = foundryDouble().users.find((x) => x.isGM);
  if (!u) throw new Error("no GM in the double");
  return u;
}

export function player(): User {
  const u = foundryDouble().users.find((x) => !x.isGM);
  if (!u) throw new Error("no player in the double");
  return u;
}

/** Runs `fn` as the player, then gives the seat back to the GM. */
export async function asPlayer<T>(fn: () => Promise<T>): Promise<T> {
  foundryDouble().setUser(player());
  try {
    return await fn();
  } finally {
    foundryDouble().setUser(gm());
  }
}

/** A character whose Riflessi are `reflexes` (PER = DES = reflexes); `owned` gives the player ownership. */
export async function person(name: string, reflexes: number, owned = false, extra: object = {}): Promise<GenesysActor> {
  const c = { dexterity: reflexes, experience: 7, charm: 7, strength: 7, perception: reflexes };
  return createActor({ name, type: "character", system: { characteristics: c, ...extra }, ...(owned ? { ownership: { default: 0, [player().id]: 3 } } : {}) });
}

/** A GM animal with printed Riflessi. */
export async function animal(name: string, reflexes: number): Promise<GenesysActor> {
  return createActor({ name, type: "animal", system: { reflexes } });
}

type CombatFactory = { create(data?: object): Promise<GenesysCombat> };

/** A combat with one combatant per actor, in that order. */
export async function fight(...actors: GenesysActor[]): Promise<{ combat: GenesysCombat; of: (actor: GenesysActor) => GenesysCombatant }> {
  // CONFIG.Combat.documentClass is GenesysCombat over the double's Combat; its create() takes plain data.
  const combat = await (CONFIG.Combat.documentClass as unknown as CombatFactory).create();
  await combat.createEmbeddedDocuments("Combatant", actors.map((a) => ({ actorId: a.id })));
  await settle();
  const of = (actor: GenesysActor): GenesysCombatant => {
    const c = combat.combatants.contents.find((x) => x.actor?.id === actor.id);
    if (!c) throw new Error(`${actor.name} is not in the fight`);
    // The combatants of a GenesysCombat are GenesysCombatants (CONFIG.Combatant.documentClass).
    return c as unknown as GenesysCombatant;
  };
  return { combat, of };
}

/** The next d10 results of Foundry's dice generator (CONFIG.Dice.randomUniform). */
export function d10(...results: number[]): void {
  combatDouble().uniforms.push(...results.map((r) => (r - 0.5) / 10));
}

/**
 * Lets every change of the GM's client run: the events other clients' writes broadcast (a macrotask each) and
 * everything they put on the GM queue, whose tasks may queue more.
 */
export async function settle(): Promise<void> {
  for (let i = 0; i < 8; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await onClient(gm(), () => gmQueue.run(() => Promise.resolve()));
  }
}

export function names(list: readonly Pick<Combatant.Implementation, "name">[]): string[] {
  return list.map((c) => String(c.name));
}

export function warnings(): string[] {
  return foundryDouble().notifications.filter((n) => n.level === "warn").map((n) => n.message);
}
