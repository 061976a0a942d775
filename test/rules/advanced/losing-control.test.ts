import { describe, it, expect } from "vitest";
import { rejects } from "../rules-error.js";
import {
  LOSING_CONTROL_EFFECTS,
  effectDurationSeconds,
  losingControlBand,
  losingControlOutcome,
  requiresLosingControlCheck,
  timedOption,
} from "../../../src/rules/advanced/losing-control.js";

describe("§3.1.6 losing control bands", () => {
  it.each([
    [0, "minor"],
    [2, "minor"],
    [3, "slight"],
    [5, "slight"],
    [6, "disabling"],
    [10, "disabling"],
    [11, "strong"],
    [30, "strong"],
  ] as const)("difference %i → %s", (difference, band) => {
    expect(losingControlBand(difference)).toBe(band);
  });

  it("a total above the difficulty passes; a tie fails with difference 0 (A-36)", () => {
    expect(losingControlOutcome({ total: 21, difficulty: 20 })).toEqual({ checked: true, failed: false, difference: -1, band: "none" });
    expect(losingControlOutcome({ total: 20, difficulty: 20 })).toEqual({ checked: true, failed: true, difference: 0, band: "minor" });
  });

  it("outcome matches the band of difficulty − total (exhaustive)", () => {
    for (let difficulty = 5; difficulty <= 40; difficulty++) {
      for (let total = -5; total <= 45; total++) {
        const o = losingControlOutcome({ total, difficulty });
        expect(o.failed).toBe(total <= difficulty);
        expect(o.difference).toBe(difficulty - total);
        expect(o.band).toBe(o.failed ? losingControlBand(difficulty - total) : "none");
      }
    }
  });

  it("an immunity skips the check", () => {
    expect(losingControlOutcome({ total: 0, difficulty: 30, immune: true })).toEqual({ checked: false, failed: false, difference: null, band: "none" });
    expect(requiresLosingControlCheck("fear", ["fear"])).toBe(false);
    expect(requiresLosingControlCheck("disgust", ["fear"])).toBe(true);
    expect(requiresLosingControlCheck("shock")).toBe(true);
  });

  it("rejects bad input", () => {
    rejects(() => losingControlBand(-1), "difference");
    rejects(() => losingControlBand(1.5), "difference");
    rejects(() => losingControlOutcome({ total: 1.5, difficulty: 20 }), "total");
    rejects(() => losingControlOutcome({ total: 10, difficulty: Number.NaN }), "difficulty");
    rejects(() => requiresLosingControlCheck("anger" as never), "cause");
    rejects(() => requiresLosingControlCheck("fear", ["rage" as never]), "immunities[0]");
  });
});

describe("§3.1.6 effects table", () => {
  const row = (band: keyof typeof LOSING_CONTROL_EFFECTS) => Object.fromEntries(LOSING_CONTROL_EFFECTS[band].map((o) => [o.key, o]));

  it("0–2: surprised, or −2 to every check for 1D6 turns", () => {
    const r = row("minor");
    expect(Object.keys(r)).toEqual(["surprised", "shaken"]);
    expect(r.surprised).toMatchObject({ duration: { dice: 0, flat: 1, unit: "turn" }, canAct: false, defenceModifier: -2 });
    expect(r.shaken).toMatchObject({ duration: { dice: 1, faces: 6, flat: 0, unit: "turn" }, canAct: true, checkModifier: -2 });
  });

  it("3–5: frozen 1D3 turns, flee 2D6 turns, or desperate aggression (+1 melee damage, −2 attack)", () => {
    const r = row("slight");
    expect(Object.keys(r)).toEqual(["frozen", "flee", "desperateAggression"]);
    expect(r.frozen).toMatchObject({ duration: { dice: 1, faces: 3, unit: "turn" }, canAct: false });
    expect(r.flee).toMatchObject({ duration: { dice: 2, faces: 6, unit: "turn" }, canAct: true });
    expect(r.desperateAggression).toMatchObject({ duration: null, meleeDamageModifier: 1, attackModifier: -2, requiresNoEscape: true });
  });

  it("6–10: vomit 1D6 turns then −5 for 3D6 minutes, or desperate flight 1D6 minutes", () => {
    const r = row("disabling");
    expect(Object.keys(r)).toEqual(["vomit", "desperateFlight"]);
    expect(r.vomit).toMatchObject({
      duration: { dice: 1, faces: 6, unit: "turn" },
      canAct: false,
      aftermath: { duration: { dice: 3, faces: 6, unit: "minute" }, checkModifier: -5 },
    });
    expect(r.desperateFlight).toMatchObject({ duration: { dice: 1, faces: 6, unit: "minute" } });
  });

  it("> 10: faint or paralysed, 3D6 turns either way (A-43)", () => {
    const r = row("strong");
    expect(Object.keys(r)).toEqual(["faint", "paralysed"]);
    for (const o of Object.values(r)) expect(o).toMatchObject({ duration: { dice: 3, faces: 6, unit: "turn" }, canAct: false });
  });

  it("is frozen", () => {
    expect(Object.isFrozen(LOSING_CONTROL_EFFECTS)).toBe(true);
    expect(Object.isFrozen(LOSING_CONTROL_EFFECTS.disabling)).toBe(true);
    expect(Object.isFrozen(LOSING_CONTROL_EFFECTS.disabling[0])).toBe(true);
  });
});

describe("§3.1.6 durations as world time (§2.1: a turn is 1 second)", () => {
  const option = (key: string) => {
    const o = timedOption(key);
    if (!o?.duration) throw new Error(`no timed option ${key}`);
    return o;
  };

  it("turns are seconds, minutes 60 s, each at the ends of its dice", () => {
    expect(effectDurationSeconds(option("shaken").duration!, 1)).toBe(1); // 1D6 turns
    expect(effectDurationSeconds(option("shaken").duration!, 6)).toBe(6);
    expect(effectDurationSeconds(option("frozen").duration!, 3)).toBe(3); // 1D3 turns
    expect(effectDurationSeconds(option("flee").duration!, 2)).toBe(2); // 2D6 turns
    expect(effectDurationSeconds(option("faint").duration!, 18)).toBe(18); // 3D6 turns
    expect(effectDurationSeconds(option("desperateFlight").duration!, 4)).toBe(240); // 1D6 minutes
    const aftermath = option("vomit").aftermath!.duration; // 3D6 minutes at −5
    expect(effectDurationSeconds(aftermath, 3)).toBe(180);
    expect(effectDurationSeconds(aftermath, 18)).toBe(1080);
  });

  it("refuses a roll its dice cannot make", () => {
    rejects(() => effectDurationSeconds(option("shaken").duration!, 7), "rolled");
    rejects(() => effectDurationSeconds(option("shaken").duration!, 0), "rolled");
    rejects(() => effectDurationSeconds(option("flee").duration!, 1), "rolled");
    rejects(() => effectDurationSeconds(option("vomit").aftermath!.duration, 2.5), "rolled");
  });

  it("every behaviour with a book duration is timed, but surprise (the tracker's) and the aggression (no duration)", () => {
    const keys = Object.values(LOSING_CONTROL_EFFECTS).flat().map((o) => o.key);
    expect(keys.filter((k) => timedOption(k) !== null)).toEqual(["shaken", "frozen", "flee", "vomit", "desperateFlight", "faint", "paralysed"]);
    expect(timedOption("surprised")).toBeNull();
    expect(timedOption("desperateAggression")).toBeNull();
    expect(timedOption("nonsense")).toBeNull();
    expect(option("shaken").checkModifier).toBe(-2);
    expect(option("vomit").aftermath?.checkModifier).toBe(-5);
  });
});
