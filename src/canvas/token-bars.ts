/**
 * Token bars and HUD values (Foundry's trackable attributes), and what an edit of each in the Token HUD means for
 * Ferite and Fatica. The bars show what is left before death and collapse (src/data/actor/health.ts, TokenBars);
 * the counters themselves are offered as plain values, which the HUD edits as numbers without drawing a bar.
 */
import type { TokenBars } from "../data/actor/health.js";

/** Paths, relative to the actor's system data, of the derived bars. */
export const TOKEN_BARS = { life: "bars.life", consciousness: "bars.consciousness" } as const;

const BARS: readonly string[] = Object.values(TOKEN_BARS);

/** Whether a bar attribute is one of ours, derived, so that its HUD edit must go through GenesysActor.modifyTokenAttribute. */
export function isDerivedBar(attribute: string): boolean {
  return BARS.includes(attribute);
}

type Trackable = { bar: string[]; value: string[] };

/** CONFIG.Actor.trackableAttributes: the same for every actor type (paths relative to `system`, V13-API.md §8). */
export function genesysTrackableAttributes(): { character: Trackable; npc: Trackable; animal: Trackable } {
  const tracked = (): Trackable => ({
    bar: [...BARS],
    value: ["wounds.value", "fatigue.value", "derived.reflexes", "derived.speed", "poison.doses"],
  });
  return { character: tracked(), npc: tracked(), animal: tracked() };
}

/** What a GeneSys actor shows to the token: its counters and the bars derived from them. */
export type TokenHealth = { wounds: { value: number }; fatigue: { value: number }; bars: TokenBars };

/** How much a counter goes up (damage) or down (recovery) for one HUD edit. */
export type CounterEdit = { counter: "wounds" | "fatigue"; change: number };

/**
 * The counter change a Token HUD edit asks for, or null when the attribute is not a counter or one of our bars.
 * `value` is what the HUD sends (Actor#modifyTokenAttribute): a change when `isDelta` ("+3", "-2"), else the new
 * value shown. On a counter (Ferite, Fatica) the value is the counter. On a bar the value is what is left, so a
 * delta is the opposite change of the counter: the life bar moves Ferite, the consciousness bar Fatica (Fatica
 * counts only towards collapse, §1.5.2). An absolute value on a bar is read against the margin before it is
 * floored at 0, so "=0" on the life bar means exactly at death.
 */
export function counterEditOf(attribute: string, value: number, isDelta: boolean, health: TokenHealth): CounterEdit | null {
  if (!Number.isFinite(value)) return null;
  const v = Math.round(value);
  const wounds = health.wounds.value;
  const fatigue = health.fatigue.value;
  switch (attribute) {
    case "wounds":
    case "wounds.value":
      return { counter: "wounds", change: isDelta ? v : v - wounds };
    case "fatigue":
    case "fatigue.value":
      return { counter: "fatigue", change: isDelta ? v : v - fatigue };
    case TOKEN_BARS.life:
      return { counter: "wounds", change: isDelta ? -v : health.bars.life.max - Math.max(0, v) - wounds };
    case TOKEN_BARS.consciousness:
      return { counter: "fatigue", change: isDelta ? -v : health.bars.consciousness.max - Math.max(0, v) - wounds - fatigue };
    default:
      return null;
  }
}
