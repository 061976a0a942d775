/**
 * Console inputs found by a hostile review: bad input to game.genesys.requestCheck gives a warning, never a rejection
 * or an "unexpected error"; the Narrator's client refuses a player's Focalizzazione on a combatant hidden from players,
 * which the declaration dialog does not offer them.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { GenesysApi } from "../../src/api-contract.js";
import { foundryDouble } from "../foundry/boot.js";
import { diceDouble } from "../foundry/dice.js";
import { target } from "../foundry/chat.js";
import { shooter } from "./helpers.js";
import { asPlayer, bootCombat, fight, person, player, settle, warnings } from "../combat/helpers.js";

beforeAll(async () => {
  await bootCombat();
});
beforeEach(() => {
  foundryDouble().notifications.length = 0;
  diceDouble().dialogAnswers.length = 0;
  target();
});

const api = (): GenesysApi => (game as unknown as { genesys: GenesysApi }).genesys;

describe("game.genesys.requestCheck with bad input", () => {
  it("null resolves to null with a warning (no TypeError rejection)", async () => {
    const call = api().requestCheck as unknown as (r: unknown) => Promise<unknown>;
    await expect(call(null)).resolves.toBeNull();
    expect(warnings().length).toBeGreaterThan(0);
  });

  it("actors that are not a list: a warning, not an 'unexpected error' notification", async () => {
    const call = api().requestCheck as unknown as (r: unknown) => Promise<unknown>;
    await expect(call({ skill: "corsa", actors: 5, prompt: false })).resolves.toBeNull();
    expect(foundryDouble().notifications.filter((n) => n.level === "error")).toEqual([]);
    expect(warnings().length).toBeGreaterThan(0);
  });
});

describe("a Focalizzazione aimed from the console", () => {
  it("at a combatant hidden from players is refused, as the dialog does not offer it", async () => {
    const jack = await shooter(undefined, { default: 0, [player().id]: 3 });
    const thug = await person("Scagnozzo", 5);
    const ambusher = await person("Cecchino nascosto", 3);
    const { combat, of } = await fight(jack, thug, ambusher);
    await of(ambusher).update({ hidden: true });
    await combat.startCombat();
    await settle();
    await combat.declare(of(ambusher), "movement");
    await combat.declare(of(thug), "movement");
    await settle();
    expect(of(ambusher).hidden).toBe(true);
    const accepted = await asPlayer(() => combat.declare(of(jack), "focus", { target: of(ambusher).id ?? "" }));
    expect(accepted).toBe(false);
  });
});
