/** changesByTarget groups an actor's changes as aimedAt picks them, in their order; applyModifiers with none. */
import { describe, expect, it } from "vitest";
import { aimedAt, applyModifiers, changesByTarget, type EffectModifier } from "../../src/effects/effect-math.js";
import { parseEffectKey } from "../../src/effects/effect-keys.js";
import { CHARACTERISTICS } from "../../src/rules/types.js";

function change(key: string, value: string, kind: EffectModifier["kind"] = "add"): EffectModifier {
  const target = parseEffectKey(key);
  if (!target) throw new Error(`not a GeneSys key: ${key}`);
  return { target, kind, value, effect: key, item: null };
}

const changes = [
  change("system.characteristics.strength", "1"),
  change("genesys.check", "2"),
  change("system.derived.speed", "-1"),
  change("genesys.skill.tiro", "3"),
  change("system.characteristics.strength", "2", "override"),
  change("genesys.check.perception", "1"),
  change("genesys.immunity", "fear"),
  change("genesys.check", "due"),
  change("system.derived.reflexes", "4", "upgrade"),
];

describe("changesByTarget", () => {
  it("gives each number the changes aimedAt picks for it, in the same order", () => {
    const by = changesByTarget(changes);
    for (const key of CHARACTERISTICS) {
      expect(by.characteristic[key]).toEqual(aimedAt(changes, "characteristic", (t) => t.key === key));
      expect(by.check[key]).toEqual(aimedAt(changes, "check", (t) => t.scope === key));
    }
    for (const key of ["reflexes", "resistance", "speed"] as const) expect(by.derived[key]).toEqual(aimedAt(changes, "derived", (t) => t.key === key));
    expect(by.check.all).toEqual(aimedAt(changes, "check", (t) => t.scope === "all"));
    expect(by.skill).toEqual(aimedAt(changes, "skill"));
    expect(by.immunity).toEqual(aimedAt(changes, "immunity"));
  });

  it("with no change, every group is empty", () => {
    const by = changesByTarget([]);
    expect([...Object.values(by.characteristic), ...Object.values(by.derived), ...Object.values(by.check), by.skill, by.immunity].every((g) => g.length === 0)).toBe(true);
  });
});

describe("applyModifiers with no change", () => {
  it("gives the base (never below the minimum), no parts and nothing left out, as with a list that changes nothing", () => {
    for (const [base, min] of [[5, 0], [-3, 0], [-3, -999], [0, 0]] as const) {
      const none = applyModifiers(base, [], min);
      expect(none).toEqual(applyModifiers(base, [change("genesys.check", "0")], min));
      expect(none.parts).toEqual([]);
      // Each call gets its own list of parts, which the caller keeps.
      expect(applyModifiers(base, [], min).parts).not.toBe(none.parts);
    }
  });
});
