/**
 * One look at an encounter's odds: the two sides, the Narrator's settings (each side's policy, the distance, how
 * many fights, the seed, the round limit), and the run in progress or its results. The dialog shows it and the API
 * drives it; neither computes a number itself.
 */
import { RulesError } from "../rules/errors.js";
import { DEFAULT_FIGHTS, DEFAULT_ROUND_LIMIT, type EncounterResults, type EncounterSetup } from "../rules/sim/encounter.js";
import { DEFAULT_SIDE_POLICY, DEFENCE_POLICIES, TARGETING_POLICIES, type SidePolicy } from "../rules/sim/policy.js";
import { rulesOptions } from "../settings/rules-settings.js";
import { runInSlices } from "./chunked-run.js";
import type { EncounterLineup } from "./encounter-sides.js";

/** More fights than this would keep a table waiting for digits it cannot use (the interval is already ±0.1 %). */
export const MAX_FIGHTS = 1_000_000;
export const MAX_SEED = 4_294_967_295;

export interface OddsSettings {
  policies: [SidePolicy, SidePolicy];
  /** null: range ignored (everyone within reach). */
  distanceMetres: number | null;
  fights: number;
  seed: number;
  roundLimit: number;
}

export type OddsRunState = "idle" | "running" | "done" | "cancelled";

/** A fresh seed: any of the simulator's 2^32, shown so that a run can be repeated. */
export function randomSeed(): number {
  return Math.floor(Math.random() * (MAX_SEED + 1));
}

export function defaultSettings(seed = randomSeed()): OddsSettings {
  return { policies: [{ ...DEFAULT_SIDE_POLICY }, { ...DEFAULT_SIDE_POLICY }], distanceMetres: null, fights: DEFAULT_FIGHTS, seed, roundLimit: DEFAULT_ROUND_LIMIT };
}

/** What a form or a macro gives, each field checked; the first bad one is named. */
export interface RawSettings {
  targeting?: [unknown, unknown];
  defence?: [unknown, unknown];
  distance?: unknown;
  fights?: unknown;
  seed?: unknown;
  roundLimit?: unknown;
}

const isInt = (v: unknown, min: number, max: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/** The settings with `raw` applied, or the name of the first field that does not fit. */
export function applySettings(base: OddsSettings, raw: RawSettings): { ok: true; settings: OddsSettings } | { ok: false; field: string } {
  const policies: [SidePolicy, SidePolicy] = [{ ...base.policies[0] }, { ...base.policies[1] }];
  for (const s of [0, 1] as const) {
    const t = raw.targeting?.[s];
    const d = raw.defence?.[s];
    if (t !== undefined) {
      const found = TARGETING_POLICIES.find((k) => k === t);
      if (!found) return { ok: false, field: "targeting" };
      policies[s].targeting = found;
    }
    if (d !== undefined) {
      const found = DEFENCE_POLICIES.find((k) => k === d);
      if (!found) return { ok: false, field: "defence" };
      policies[s].defence = found;
    }
  }
  let distanceMetres = base.distanceMetres;
  if (raw.distance !== undefined) {
    if (raw.distance !== null && !(typeof raw.distance === "number" && Number.isFinite(raw.distance) && raw.distance >= 0)) return { ok: false, field: "distance" };
    distanceMetres = raw.distance;
  }
  const fights = raw.fights ?? base.fights;
  if (!isInt(fights, 1, MAX_FIGHTS)) return { ok: false, field: "fights" };
  const seed = raw.seed ?? base.seed;
  if (!isInt(seed, 0, MAX_SEED)) return { ok: false, field: "seed" };
  const roundLimit = raw.roundLimit ?? base.roundLimit;
  if (!isInt(roundLimit, 1, 10_000)) return { ok: false, field: "roundLimit" };
  return { ok: true, settings: { policies, distanceMetres, fights, seed, roundLimit } };
}

export class OddsSession {
  settings: OddsSettings;
  state: OddsRunState = "idle";
  done = 0;
  results: EncounterResults | null = null;
  #abort: AbortController | null = null;

  constructor(
    readonly lineup: EncounterLineup,
    readonly sideNames: [string, string],
    settings: OddsSettings = defaultSettings(),
  ) {
    this.settings = settings;
  }

  setup(): EncounterSetup {
    const { policies, distanceMetres, roundLimit } = this.settings;
    return {
      sides: [
        { name: this.sideNames[0], fighters: this.lineup.party.map((m) => m.fighter), policy: policies[0] },
        { name: this.sideNames[1], fighters: this.lineup.foes.map((m) => m.fighter), policy: policies[1] },
      ],
      distanceMetres,
      roundLimit,
      options: rulesOptions(),
    };
  }

  /**
   * Runs the fights in slices; the results, or null when cancelled or when the simulator refused the setup (then
   * `onRefused` hears why). Asking again while a run is going on does nothing.
   */
  async run(hooks: { onProgress?: (done: number, of: number) => void; onRefused?: (reason: string) => void; yieldToBrowser?: () => Promise<void> } = {}): Promise<EncounterResults | null> {
    if (this.state === "running") return null;
    const abort = new AbortController();
    this.#abort = abort;
    this.state = "running";
    this.done = 0;
    this.results = null;
    try {
      const results = await runInSlices(this.setup(), {
        fights: this.settings.fights,
        seed: this.settings.seed,
        signal: abort.signal,
        onProgress: (done, of) => {
          this.done = done;
          hooks.onProgress?.(done, of);
        },
        ...(hooks.yieldToBrowser ? { yieldToBrowser: hooks.yieldToBrowser } : {}),
      });
      this.results = results;
      this.state = results ? "done" : "cancelled";
      return results;
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      this.state = "idle";
      hooks.onRefused?.(error.message);
      return null;
    } finally {
      if (this.#abort === abort) this.#abort = null;
    }
  }

  cancel(): void {
    this.#abort?.abort();
  }
}
