/**
 * Issue 19, "a click waits at most two round trips": how long a player's clicks wait on the double's network, with a
 * fixed 20 ms a server round trip. Divide the mean by 20 for the round trips on the critical path; the total trips the
 * double counted (every write, the Narrator's included) are printed once per flow. Before the intent channel moved to
 * the update hooks (2026-12-02): attack ≈ 5.4 round trips waited, defend ≈ 4.4, roll damage + apply + undo ≈ 9.3
 * together. After (same day): attack ≈ 2.7, defend ≈ 2.4, the three ≈ 5.2 (the fraction above whole trips is this
 * machine's work: rendering, sealing, timers). The count itself, per flow, is asserted in
 * test/authority/round-trips.test.ts on the double's fake clock.
 */
import { bench, describe } from "vitest";
import { registerChatCards } from "../../src/attack/card-hooks.js";
import { attack, onCardAction, type CardMessage } from "../../src/attack/attack-flow.js";
import { bootSystem, users } from "../foundry/boot.js";
import { network, onClient } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { answerFor, DODGE_WITH_DEXTERITY, dice, itemId, npc, playerId, shooter, targetActors } from "../attack/helpers.js";

await bootSystem();
registerChatCards();
const LATENCY = 20;
const asPlayer = <T>(fn: () => Promise<T>): Promise<T> => onClient(users().player, fn);

const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
const thug = await npc("Scagnozzo", { ownership: { default: 0, [playerId()]: 3 } });
const pistol = itemId(jack, "Pistola");
const reported = new Set<string>();

/** Runs one click at the fixed latency; prints the double's total trip count the first time. */
async function click(name: string, fn: () => Promise<unknown>): Promise<void> {
  network.latency = LATENCY;
  const before = network.trips;
  try {
    await fn();
  } finally {
    network.latency = 0;
  }
  if (!reported.has(name)) {
    reported.add(name);
    console.log(`round trips counted by the double for "${name}": ${String(network.trips - before)} (all clients, all writes)`);
  }
}

async function posted(): Promise<CardMessage> {
  diceDouble().queue.length = 0;
  dice(7, 8);
  await asPlayer(async () => {
    targetActors(thug);
    return attack(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
  });
  return game.messages.contents.at(-1) as unknown as CardMessage; // the double's message stands in for core's
}

describe(`a player's clicks at ${String(LATENCY)} ms a round trip (mean ÷ ${String(LATENCY)} = round trips waited)`, () => {
  bench("attack: the card appears", async () => {
    diceDouble().queue.length = 0;
    dice(7, 8);
    await click("attack", () => asPlayer(async () => {
      targetActors(thug);
      return attack(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
    }));
  }, { iterations: 5, warmupIterations: 0 });

  bench("defend", async () => {
    const card = await posted();
    dice(1, 1);
    await click("defend", () => asPlayer(() => onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY })));
  }, { iterations: 5, warmupIterations: 0 });

  bench("roll damage, apply, undo", async () => {
    const card = await posted();
    dice(1, 1);
    await asPlayer(() => onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }));
    dice(2, 2, 2, 2);
    await click("roll damage", () => asPlayer(() => onCardAction(card, "rollDamage", "r0")));
    await click("apply", () => asPlayer(() => onCardAction(card, "apply", "r0")));
    await click("undo", () => asPlayer(() => onCardAction(card, "undo", "r0")));
  }, { iterations: 5, warmupIterations: 0 });
});
