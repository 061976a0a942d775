/**
 * What a player's console could see or forge through the dice (found by a hostile review): a private (GM) card's dice
 * never go on Dice So Nice's socket, and a card's Rolls are made from the checked dice and the rules' formula, never
 * from the Roll JSON a player sent.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { installDiceSoNice, removeDiceSoNice, type DiceSoNiceDouble } from "../foundry/dice-so-nice.js";
import { Roll, type RollJSON } from "../foundry/dice.js";
import { User } from "../foundry/documents.js";
import { answerFor, attackCard, dice, itemId, npc, playerId, rowOf, shooter, targetActors, useCardWorld } from "./helpers.js";

useCardWorld();

const player = (): User => foundryDouble().users.find((u) => u.id === playerId())!;
const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(player(), fn);
const OBSERVER = "ob00000000000001";
let dsn: DiceSoNiceDouble;

beforeEach(async () => {
  if (!foundryDouble().users.get(OBSERVER)) foundryDouble().users.set(OBSERVER, new User(OBSERVER, "Osservatore"));
  dsn = installDiceSoNice();
  await game.settings.set("core", "rollMode", "publicroll");
});
afterEach(async () => {
  removeDiceSoNice();
  await game.settings.set("core", "rollMode", "publicroll");
});

async function shot(target: GenesysActor) {
  const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
  const pistol = itemId(jack, "Pistola");
  return asP(async () => {
    targetActors(target);
    dice(5, 5);
    return attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
  });
}

describe("a private (gmroll) card's dice", () => {
  it("never go on Dice So Nice's socket, which game.socket.emit delivers to every connected client (filtering is the receiver's own code)", async () => {
    // DSN module/Dice3D.js showForRoll: `if (synchronize) game.socket.emit("module.dice-so-nice", {..., users})`;
    // the `users` filter runs in each receiving browser, so the observer's console reads the private dice.
    await game.settings.set("core", "rollMode", "gmroll");
    const card = await shot(await npc("Scagnozzo"));
    expect(card).not.toBeNull();
    expect(dsn.shown.filter((s) => s.synchronize)).toEqual([]);
  });
});

describe("the Roll a player sends with an attack", () => {
  it("is stored on the GM-authored card with the rules' formula and total, not the sender's", async () => {
    const original = Roll.prototype.toJSON;
    // A player's console: same dice, but the JSON claims a +999 bonus (sentDice checks only the dice terms).
    Roll.prototype.toJSON = function (this: Roll): RollJSON {
      const json = original.call(this);
      return game.user.id === playerId() ? { ...json, formula: "2d10 + 999" } : json;
    };
    try {
      const card = await shot(await npc("Scagnozzo"));
      expect(card).not.toBeNull();
      const row = rowOf(card, "r0");
      const stored = (card as unknown as { rolls: Roll[] }).rolls[0]!;
      expect(stored.total).toBe(row.attack.total);
    } finally {
      Roll.prototype.toJSON = original;
    }
  });
});
