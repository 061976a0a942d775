import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { effectDurationData } from "../../src/compat/effect-duration.js";
import { timedEffectData, timedFlagOf } from "../../src/time/timed-effects.js";
import { bootSystem } from "../foundry/boot.js";

// The double's game carries release.generation (test/foundry/globals.ts); the 13.345 types call it read-only.
const release = (): { generation: number } => (game as unknown as { release: { generation: number } }).release;

beforeAll(async () => {
  await bootSystem();
});

afterEach(() => {
  release().generation = 13;
});

const SHAKEN = { name: "Scosso", img: "icons/svg/terror.svg", description: "−2", changes: [{ key: "genesys.check", kind: "add" as const, value: "-2" }], seconds: 4 };

describe("a timed effect's duration across Foundry generations", () => {
  it("v13: core's seconds and start time, so the effect is temporary and labelled", () => {
    expect(effectDurationData(4, 100)).toEqual({ duration: { seconds: 4, startTime: 100 } });
    const data = timedEffectData(SHAKEN, 100);
    expect(data["duration"]).toEqual({ seconds: 4, startTime: 100 });
    expect(data["changes"]).toEqual([{ key: "genesys.check", mode: 2, value: "-2", priority: null }]);
  });

  it("v14: no duration of core's (its shape unverified), the changes in system; the system's flag still ends it", () => {
    release().generation = 14;
    expect(effectDurationData(4, 100)).toEqual({});
    const data = timedEffectData(SHAKEN, 100);
    expect(data["duration"]).toBeUndefined();
    expect(data["system"]).toEqual({ changes: [{ key: "genesys.check", type: "add", value: "-2", phase: "initial", priority: null }] });
    expect(timedFlagOf(data)).toEqual({ endsAt: 104, then: null });
  });

  it("the flag keeps what follows, and reads nothing of another shape", () => {
    const then = { ...SHAKEN, name: "Dopo", seconds: 180 };
    expect(timedFlagOf(timedEffectData(SHAKEN, 10, then))).toEqual({ endsAt: 14, then });
    expect(timedFlagOf({ flags: { "genesys-gdr": { timed: { endsAt: -1 } } } })).toBeNull();
    expect(timedFlagOf({ flags: { "genesys-gdr": { timed: { endsAt: 5, then: { name: 3 } } } } })).toEqual({ endsAt: 5, then: null });
    expect(timedFlagOf(null)).toBeNull();
  });
});
