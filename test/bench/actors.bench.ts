import { bench, describe } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { createActor } from "../documents/helpers.js";

// 1,000 characters with 30 items each (20 skills, 6 weapons, 2 armours, 2 gear): budget 20 ms for one
// prepareDerivedData pass over all of them (our derivation only; the test double's own bookkeeping is left out).
const items = [
  ...Array.from({ length: 20 }, (_, i) => ({ name: `Abilità ${String(i)}`, type: "skill", system: { characteristic: (["dexterity", "perception", "experience", "charm", "strength"] as const)[i % 5], bought: i % 8 } })),
  ...Array.from({ length: 6 }, (_, i) => ({ name: `Arma ${String(i)}`, type: "weapon", system: { modes: [{ key: "oneHanded", minStrength: 5 + i, damage: { dice: 1, faces: 6, strength: true, flat: i - 2, type: "wounding" } }] } })),
  { name: "Corpetto", type: "armor", system: { defence: 15, minStrength: 6, coverage: "torso", worn: true } },
  { name: "Elmo", type: "armor", system: { defence: 4, minStrength: 3, coverage: "areas", areas: ["head"], worn: true } },
  { name: "Corda", type: "gear", system: { quantity: 1, weight: 2 } },
  { name: "Torcia", type: "gear", system: { quantity: 3, weight: 0.5 } },
];

type Derivable = { prepareDerivedData(): void };

const actors: GenesysActor[] = [];
for (let i = 0; i < 1000; i++) {
  actors.push(await createActor({ name: `PG ${String(i)}`, type: "character", system: { characteristics: { strength: 4 + (i % 8), dexterity: 5 + (i % 6) }, wounds: { value: i % 30 } }, items }));
}

describe("prepareDerivedData, 1,000 characters × 30 items (budget 20 ms)", () => {
  bench("derive all", () => {
    for (const actor of actors) {
      // Every system here is one of our TypeDataModels; the union type also admits module subtypes.
      for (const item of actor.items) (item.system as unknown as Derivable).prepareDerivedData();
      actor.genesys?.prepareDerivedData();
    }
  });
});
