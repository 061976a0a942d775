/**
 * Tables the fight simulator computes once per encounter, so that a simulated blow costs two random draws:
 * the exact attack-versus-defence odds (odds.ts) by bonus difference, and for every attacker's attack against every
 * target the exact distribution of Ferite and Fatica a hit inflicts, through the book's damage pipeline (damage.ts).
 */
import { attackModifiers } from "../attack.js";
import { resolveDamage } from "../damage.js";
import { attackHitWays, ATTACK_DEFENCE_OUTCOMES } from "../odds.js";
import { resolveOptions } from "../options.js";
import type { RulesOptions } from "../options.js";
import { canReach, isBeyondHalfDamage, rollDamage, UNARMED } from "../weapons.js";
import type { DamageSpec } from "../weapons.js";
import { unarmedDamage } from "../damage.js";
import type { EncounterAttack, EncounterFighter } from "./fighter.js";

/**
 * §2.3.1 melee weapons reach only adjacent targets, "not several metres away"; IMPL: adjacent read as within 2 m,
 * so at a fixed distance beyond it only ranged attacks are possible.
 */
export const MELEE_REACH_METRES = 2;

/** Bonus differences (defence − attack) past which the odds no longer change: 2D10 − 2D10 spans −18…18. */
export const ODDS_DIFFERENCE_LIMIT = 21;

/** §2.3.1/§3.2.7 exact hit odds out of 10,000 by k = defence bonus − attack bonus, clamped to ±ODDS_DIFFERENCE_LIMIT. */
export interface HitOddsTable {
  /** Dice pairs (of 10,000) that hit: index k + ODDS_DIFFERENCE_LIMIT. */
  hit: Int32Array;
  /** Dice pairs that hit fully; hit − clean are grazing hits (only with §3.2.7). */
  clean: Int32Array;
  outcomes: number;
}

/** §2.3.1/§3.2.7 the odds table, from attackHitWays for every bonus difference. */
export function hitOddsTable(options: Partial<RulesOptions> = {}): HitOddsTable {
  const grazing = resolveOptions(options).grazingHits;
  const size = 2 * ODDS_DIFFERENCE_LIMIT + 1;
  const hit = new Int32Array(size);
  const clean = new Int32Array(size);
  for (let k = -ODDS_DIFFERENCE_LIMIT; k <= ODDS_DIFFERENCE_LIMIT; k++) {
    const ways = attackHitWays({ attackBonus: 0, defenceBonus: k, grazing });
    hit[k + ODDS_DIFFERENCE_LIMIT] = ways.hit;
    clean[k + ODDS_DIFFERENCE_LIMIT] = ways.clean;
  }
  return { hit, clean, outcomes: ATTACK_DEFENCE_OUTCOMES };
}

/** The Ferite/Fatica a hit can inflict, each with its probability, for sampling by a uniform draw. */
export interface DamageTable {
  /** Cumulative probability up to and including each outcome; the last is 1. */
  cumulative: Float64Array;
  wounds: Int32Array;
  fatigue: Int32Array;
  /** §3.2.2 difficulty of the optional stun check: the damage before armour. */
  stun: Int32Array;
  /** Expected Ferite + Fatica of one hit. */
  mean: number;
}

/** §0.2 ways to roll each sum of `dice` dice of `faces` faces (a D3 is a halved D6: three equal faces). */
function sumWays(dice: number, faces: number): Float64Array {
  let ways = new Float64Array([1]);
  for (let d = 0; d < dice; d++) {
    const next = new Float64Array(ways.length + faces - 1);
    ways.forEach((w, s) => {
      for (let f = 0; f < faces; f++) next[s + f] = (next[s + f] ?? 0) + w;
    });
    ways = next;
  }
  return ways; // index s ↔ sum dice + s
}

/** Some dice results adding up to `sum` (rollDamage reads only their sum). */
function diceWithSum(sum: number, dice: number, faces: number): number[] {
  let extra = sum - dice;
  return Array.from({ length: dice }, () => {
    const add = Math.min(faces - 1, extra);
    extra -= add;
    return 1 + add;
  });
}

/** §2.4.1/§2.3.7 damage rolled before any reduction, with the weight of each value. */
export function rolledDamageWeights(damage: Readonly<DamageSpec> | "unarmed", strength: number): Map<number, number> {
  const weights = new Map<number, number>();
  const add = (rolled: number, w: number): void => {
    weights.set(rolled, (weights.get(rolled) ?? 0) + w);
  };
  if (damage === "unarmed") {
    for (let d6 = 1; d6 <= UNARMED.faces; d6++) add(unarmedDamage(strength, d6), 1);
    return weights;
  }
  sumWays(damage.dice, damage.faces).forEach((w, s) => {
    add(rollDamage(damage, strength, diceWithSum(damage.dice + s, damage.dice, damage.faces)), w);
  });
  return weights;
}

/** §3.2.x one hit of `attack` on `target` through resolveDamage, every rolled value weighed. */
export function damageTable(
  attack: EncounterAttack,
  attackerStrength: number,
  target: Pick<EncounterFighter, "armour" | "strength">,
  flags: { grazing: boolean; rangedBeyondHalf: boolean },
  options: Partial<RulesOptions> = {},
): DamageTable {
  const type = attack.damage === "unarmed" ? UNARMED.type : attack.damage.type;
  const merged = new Map<string, { wounds: number; fatigue: number; stun: number; weight: number }>();
  let total = 0;
  for (const [rolled, weight] of rolledDamageWeights(attack.damage, attackerStrength)) {
    const r = resolveDamage(
      { rolled, type, grazing: flags.grazing, rangedBeyondHalf: flags.rangedBeyondHalf, armourDefence: target.armour, targetStrength: target.strength },
      options,
    );
    const key = `${String(r.wounds)}/${String(r.fatigue)}/${String(r.stunDifficulty)}`;
    const entry = merged.get(key) ?? { wounds: r.wounds, fatigue: r.fatigue, stun: r.stunDifficulty, weight: 0 };
    entry.weight += weight;
    merged.set(key, entry);
    total += weight;
  }
  const entries = [...merged.values()];
  const table: DamageTable = {
    cumulative: new Float64Array(entries.length),
    wounds: new Int32Array(entries.length),
    fatigue: new Int32Array(entries.length),
    stun: new Int32Array(entries.length),
    mean: 0,
  };
  let running = 0;
  entries.forEach((e, i) => {
    running += e.weight;
    table.cumulative[i] = running / total;
    table.wounds[i] = e.wounds;
    table.fatigue[i] = e.fatigue;
    table.stun[i] = e.stun;
    table.mean += ((e.wounds + e.fatigue) * e.weight) / total;
  });
  table.cumulative[entries.length - 1] = 1;
  return table;
}

/** The index of the outcome a uniform draw `u` in [0, 1) lands on. */
export function sampleDamage(table: DamageTable, u: number): number {
  const cumulative = table.cumulative;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (u < (cumulative[mid] ?? 1)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Whether an attack can reach at the encounter's distance (null: range ignored, everyone within reach). */
export function attackReaches(attack: EncounterAttack, distanceMetres: number | null): boolean {
  if (distanceMetres === null) return true;
  if (attack.kind === "melee") return distanceMetres <= MELEE_REACH_METRES;
  return attack.rangeMetres === null || canReach(distanceMetres, attack.rangeMetres);
}

/** One attacker's attack against one target, ready for the inner loop. */
export interface PairTable {
  /** Grade + modifiers that do not change during the fight: range (§2.3.2), weapon FM shortfall (§2.4.1). */
  attackBase: number;
  full: DamageTable;
  /** Damage of a grazing hit (§3.2.7); the full table when the rule is off (never drawn then). */
  graze: DamageTable;
}

/** §2.3.1 the fixed part of the attack roll and the damage tables of `attack` against `target`. */
export function pairTable(
  attacker: EncounterFighter,
  attack: EncounterAttack,
  target: EncounterFighter,
  distanceMetres: number | null,
  options: Partial<RulesOptions> = {},
): PairTable {
  const mods = attackModifiers(
    {
      kind: attack.kind,
      ...(distanceMetres === null ? {} : { distanceMetres }),
      strength: attacker.strength,
      weaponMinStrength: attack.minStrength,
    },
    options,
  );
  const rangedBeyondHalf = distanceMetres !== null && attack.kind === "ranged" && attack.rangeMetres !== null && isBeyondHalfDamage(distanceMetres, attack.rangeMetres);
  const full = damageTable(attack, attacker.strength, target, { grazing: false, rangedBeyondHalf }, options);
  const graze = resolveOptions(options).grazingHits ? damageTable(attack, attacker.strength, target, { grazing: true, rangedBeyondHalf }, options) : full;
  return { attackBase: attack.grade + mods.total, full, graze };
}

/** Expected Ferite + Fatica one maneuver with this attack inflicts on `target` when it does not use Difesa. */
export function expectedPerManeuver(pair: PairTable, defenceGrade: number, rolls: number, odds: HitOddsTable): number {
  const k = Math.max(-ODDS_DIFFERENCE_LIMIT, Math.min(ODDS_DIFFERENCE_LIMIT, defenceGrade - pair.attackBase)) + ODDS_DIFFERENCE_LIMIT;
  const clean = (odds.clean[k] ?? 0) / odds.outcomes;
  const graze = ((odds.hit[k] ?? 0) - (odds.clean[k] ?? 0)) / odds.outcomes;
  return rolls * (clean * pair.full.mean + graze * pair.graze.mean);
}
