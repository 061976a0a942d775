import { describe, expect, it } from "vitest";
import { feverActive, feverAfterHours, feverCheckModifier, hoursCrossed, NO_FEVER, poisoningBringsFever, scheduleFever } from "../../../src/rules/advanced/venom-fever.js";
import { reliefHours } from "../../../src/rules/advanced/tiredness.js";
import { rejects } from "../rules-error.js";

describe("§3.3.3 the fever of a mild poisoning", () => {
  it("comes with doses above R/3 (RES 28: 10 doses, not 9), once", () => {
    expect(poisoningBringsFever(9, 28, NO_FEVER)).toBe(false);
    expect(poisoningBringsFever(10, 28, NO_FEVER)).toBe(true);
    expect(poisoningBringsFever(10, 28, { startsInHours: 2, hoursLeft: 48 })).toBe(false);
  });

  it("is scheduled from the 1D6 onset and the 1D3 days; the dice are checked", () => {
    expect(scheduleFever(4, 2)).toEqual({ startsInHours: 4, hoursLeft: 48 });
    rejects(() => scheduleFever(7, 1), "onsetRoll");
    rejects(() => scheduleFever(1, 4), "daysRoll");
  });

  it("counts down the onset, then its own days, and ends by itself", () => {
    const due = scheduleFever(4, 1);
    expect(feverAfterHours(due, 3)).toEqual({ state: { startsInHours: 1, hoursLeft: 24 }, started: false, ended: false });
    expect(feverAfterHours(due, 8)).toEqual({ state: { startsInHours: null, hoursLeft: 20 }, started: true, ended: false });
    expect(feverAfterHours(due, 28)).toEqual({ state: NO_FEVER, started: true, ended: true });
    expect(feverAfterHours({ startsInHours: null, hoursLeft: 5 }, 5)).toEqual({ state: NO_FEVER, started: false, ended: true });
    expect(feverAfterHours(NO_FEVER, 10)).toEqual({ state: NO_FEVER, started: false, ended: false });
  });

  it("gives −5 only while it runs", () => {
    expect(feverCheckModifier({ startsInHours: 2, hoursLeft: 24 })).toBe(0);
    expect(feverCheckModifier({ startsInHours: null, hoursLeft: 24 })).toBe(-5);
    expect(feverActive(NO_FEVER)).toBe(false);
  });
});

describe("§3.1.2 doses fall on each hour of the world clock", () => {
  it("counts the hour marks crossed, so small steps add up like one big one", () => {
    expect(hoursCrossed(0, 3599)).toBe(0);
    expect(hoursCrossed(3599, 3600)).toBe(1);
    expect(hoursCrossed(0, 8 * 3600)).toBe(8);
    let total = 0;
    for (let t = 0; t < 7200; t += 6) total += hoursCrossed(t, t + 6);
    expect(total).toBe(2);
    rejects(() => hoursCrossed(100, 50), "toSeconds");
  });
});

describe("§3.1.1 hunger and thirst points recover while the last meal (drink) holds", () => {
  it("within the day after eating, the 6 hours after drinking", () => {
    expect(reliefHours("hunger", 0, 8)).toBe(8);
    expect(reliefHours("hunger", 20, 30)).toBe(4);
    expect(reliefHours("hunger", 30, 40)).toBe(0);
    expect(reliefHours("thirst", 2, 10)).toBe(4);
  });
});
