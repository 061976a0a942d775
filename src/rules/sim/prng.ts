/**
 * The simulator's seeded random source: sfc32 (Chris Doty-Humphrey's Small Fast Counter, 128-bit state), seeded
 * through splitmix32 so that nearby seeds give unrelated streams. Not a rule of the book: it only replaces the dice,
 * so that a fight replayed with the same seed gives the same result on every machine.
 */
import { RulesError, int } from "../errors.js";
import type { DiceRoller } from "../types.js";

const TWO_POW_32 = 4294967296;

/** The whole generator state: four unsigned 32-bit words, so a run can be saved and resumed. */
export type SeededRandomState = readonly [number, number, number, number];

/** Outputs thrown away after seeding, so that the first values are already well mixed. */
const WARM_UP = 12;

/** A deterministic stream of random numbers; one instance per simulation, never shared. */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** `seed`: any integer from 0 to 2^32 − 1. */
  constructor(seed: number) {
    let s = int("seed", seed, 0, TWO_POW_32 - 1);
    const mix = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    for (let i = 0; i < WARM_UP; i++) this.next();
  }

  /** A copy of the current state. */
  getState(): SeededRandomState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** Resume from a state taken with `getState`. */
  setState(state: SeededRandomState): void {
    const words = state.map((w, i) => int(`state[${String(i)}]`, w, 0, TWO_POW_32 - 1));
    if (words.length !== 4 || words.every((w) => w === 0)) throw new RulesError("state", state, "four 32-bit words, not all 0");
    // Kept as signed 32-bit words inside, as the arithmetic of next() leaves them.
    [this.a, this.b, this.c, this.d] = [(words[0] ?? 0) | 0, (words[1] ?? 0) | 0, (words[2] ?? 0) | 0, (words[3] ?? 0) | 0];
  }

  /** The next unsigned 32-bit integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform integer in [0, n), exactly uniform (rejection of the short last block); n from 1 to 2^32. */
  below(n: number): number {
    // A bare comparison, cheap enough for the inner loop; a bad n would otherwise loop forever.
    if (!(n >= 1 && n <= TWO_POW_32)) throw new RulesError("n", n, "a count from 1 to 2^32");
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }

  /** A uniform real in [0, 1), in steps of 2^−32. */
  float(): number {
    return this.next() / TWO_POW_32;
  }
}

/** A DiceRoller (the rules' dice interface) drawing from a seeded stream: for the fight-start tie-breaks. */
export function seededRoller(random: SeededRandom): DiceRoller {
  return (count, faces) => {
    const n = int("count", count, 0);
    const f = int("faces", faces, 1);
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(1 + random.below(f));
    return out;
  };
}
