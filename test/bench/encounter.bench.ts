import { bench, describe } from "vitest";
import { simulateEncounter } from "../../src/rules/sim/encounter.js";
import type { EncounterSetup } from "../../src/rules/sim/encounter.js";
import { bear, party, wolves } from "../rules/sim/fixtures.js";

/** Issue 13: 10,000 fights of four against four in at most 1 s; read the mean off `npm run bench`. */
const BUDGET_MS = 1000;
const FIGHTS = 10_000;

const fourOnFour: EncounterSetup = { sides: [{ name: "party", fighters: party() }, { name: "wolves", fighters: wolves(), policy: { targeting: "spread" } }] };
const spreadDefending: EncounterSetup = {
  sides: [
    { name: "party", fighters: party(), policy: { targeting: "spread", defence: "whenHurtAndTargeted" } },
    { name: "wolves", fighters: wolves(), policy: { defence: "whenHurt" } },
  ],
  options: { grazingHits: true, stunRule: true },
};
const partyAndBear: EncounterSetup = { sides: [{ name: "party", fighters: party() }, { name: "bear", fighters: [bear()] }] };

let seed = 0;
const options = { iterations: 5, warmupIterations: 1 };

describe(`encounter odds: ${String(FIGHTS)} fights (budget ${String(BUDGET_MS)} ms each)`, () => {
  bench("4 against 4 (party vs wolves), whole setup included", () => {
    simulateEncounter(fourOnFour, seed++, FIGHTS);
  }, options);

  bench("4 against 4, spread + Difesa policies, grazing and stun rules", () => {
    simulateEncounter(spreadDefending, seed++, FIGHTS);
  }, options);

  bench("party against the bear", () => {
    simulateEncounter(partyAndBear, seed++, FIGHTS);
  }, options);
});
