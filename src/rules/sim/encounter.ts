/**
 * The fight simulator: plays whole fights between two sides by the rules of chapter 2, many times over from one
 * seed, and counts how they end. Pure and deterministic: the same setup and seed give the same results however
 * the fights are split into chunks (`runMoreFights` lets a dialog run them a slice at a time).
 *
 * One turn (§2.1.1), as played here:
 * 1. Tie-breaks among equal Riflessi are drawn once, at the start of each fight (A-32; tie-break.ts explains why a
 *    shuffle stands for rollTieBreaks' dice).
 * 2. Declaration, slowest first (declarationOrder): each conscious combatant allowed to act (not surprised in turn 1,
 *    §3.2.1) declares by its side's policy (policy.ts), hearing the declarations made before its own.
 * 3. Execution in executionOrder (Riflessi + initiative, ties to the later declarer). Difesa counts from its own slot
 *    to the start of the next turn (A-29); an animal's or a multiple attack's maneuver follows animalAttackManeuver
 *    (A-03). Each attack roll is answered by a defence roll (§2.3.3): the exact odds of odds.ts for the two bonuses,
 *    condition penalties of both included (A-39). A hit inflicts damage through resolveDamage (armour, F/T/S, grazing
 *    §3.2.7 and half damage beyond 2/3 Gt when in use) and may knock the victim down (§3.2.2, when `stunRule`).
 * 4. Whoever reaches Crollato or Morto (conditionThresholds) stops acting at once; the fight ends when a whole side is
 *    down, or after `roundLimit` turns (counted apart: "stopped at the round limit").
 * With `fightFatigue` (§3.1.1, optional) fighting is very tiring: every conscious combatant gains Fatica by
 * activityFatigue at the end of each turn.
 *
 * Distance: ignored (everyone within reach, no range modifier) or one fixed distance between every attacker and
 * every target; nobody moves, so at a fixed distance beyond MELEE_REACH_METRES melee fighters can only defend.
 * Not played: movement and closing in, held actions, Focalizzazione, dives, grapples, aimed shots, two weapons,
 * explosions, and a viper's venom (its effects come hours after a fight). Choices the book leaves open: policy.ts.
 */
import { RulesError, int, nat, pos, real } from "../errors.js";
import { conditionOf, conditionPenalty, conditionThresholds } from "../condition.js";
import { declarationOrder, executionOrder, tieGroups } from "../initiative.js";
import type { Combatant, ExecutionEntry } from "../initiative.js";
import { defenceManeuverBonus } from "../maneuvers.js";
import { resolveOptions } from "../options.js";
import type { RulesOptions } from "../options.js";
import { PRONE_TARGET_MODIFIER } from "../attack.js";
import { knockedDown } from "../damage.js";
import { canActInTurn, surpriseDefenceModifier } from "../advanced/surprise.js";
import { activityFatigue } from "../advanced/tiredness.js";
import { animalAttackManeuver } from "../advanced/animals.js";
import type { ManeuverKey } from "../types.js";
import { encounterFighter } from "./fighter.js";
import type { EncounterFighter, EncounterFighterInput } from "./fighter.js";
import { declaresDefence, pickTarget, sidePolicy } from "./policy.js";
import type { SidePolicy } from "./policy.js";
import { SeededRandom } from "./prng.js";
import { drawTieBreakRanks, tieBreakOrders } from "./tie-break.js";
import { meanInterval, wilsonInterval } from "./stats.js";
import type { MeanEstimate, ShareEstimate } from "./stats.js";
import { attackReaches, expectedPerManeuver, hitOddsTable, ODDS_DIFFERENCE_LIMIT, pairTable, sampleDamage } from "./tables.js";
import type { HitOddsTable, PairTable } from "./tables.js";

/** One side of the encounter. */
export interface EncounterSideInput {
  name?: string;
  fighters: readonly EncounterFighterInput[];
  policy?: Partial<SidePolicy>;
}

/** Everything a simulation needs besides its seed. */
export interface EncounterSetup {
  /** Exactly two sides; the first is usually the party. */
  sides: readonly [EncounterSideInput, EncounterSideInput];
  /** null or omitted: range ignored (all within reach, no range modifier); else every attacker is this far from every target. */
  distanceMetres?: number | null;
  /** Turns after which an undecided fight is stopped and counted apart. */
  roundLimit?: number;
  /** §3.1.1 optional: fighting is a very tiring activity. */
  fightFatigue?: boolean;
  options?: Partial<RulesOptions>;
}

/** A turn is a second (§2.1): a fight still undecided after 100 s is stopped. */
export const DEFAULT_ROUND_LIMIT = 100;

/** Fights a plain `simulateEncounter` runs. */
export const DEFAULT_FIGHTS = 10_000;

/** Maneuvers the simulator declares, as small codes for the typed arrays. */
const IDLE = 0;
const ATTACK = 1;
const DEFENCE = 2;
const PREPARE = 3;
const STAND = 4;
const CODE_MANEUVER: readonly ManeuverKey[] = ["execution", "attack", "defence", "preparation", "movement"];
/** Distinct codes, for the numeric key of a turn's declarations. */
const CODE_COUNT = 5;
/** Above this many combatants the numeric key could pass 2^53: the execution order is then not cached. */
const MAX_CACHED_FIGHTERS = 22;
/** Orders kept per tie-break outcome before the cache is emptied (bounds memory on long runs). */
const MAX_CACHED_ORDERS = 4096;
/** Marks an attack without a magazine. */
const UNLIMITED = -1;

/** Counts after some fights, for a progress bar. */
export interface EncounterProgress {
  fights: number;
  stoppedAtRoundLimit: number;
}

/** One side's results. */
export interface EncounterSideResult {
  name: string;
  wins: ShareEstimate;
  /** At least one of its members ends Crollato or Morto. */
  anyDown: ShareEstimate;
  /** At least one of its members ends Morto. */
  anyDead: ShareEstimate;
}

/** One combatant's results. */
export interface EncounterFighterResult {
  id: string;
  name: string;
  side: 0 | 1;
  /** Ends Crollato (alive). */
  collapsed: ShareEstimate;
  /** Ends Morto. */
  dead: ShareEstimate;
  /** Ends Crollato or Morto. */
  down: ShareEstimate;
  /** The attack it fights with ("" when it has none that can reach). */
  attack: string;
}

/** Everything the simulator measured, each share with its 95 % Wilson interval. */
export interface EncounterResults {
  seed: number;
  fights: number;
  roundLimit: number;
  sides: readonly [EncounterSideResult, EncounterSideResult];
  /** Fights stopped undecided after `roundLimit` turns. */
  stoppedAtRoundLimit: ShareEstimate;
  /** Fights in which both sides went down in the same instant (only possible with fightFatigue). */
  bothDown: ShareEstimate;
  /** Turns played, a stopped fight counting `roundLimit`. */
  rounds: MeanEstimate;
  fighters: readonly EncounterFighterResult[];
}

/** The per-combatant execution entry handed to executionOrder, reused turn after turn. */
interface Entry extends ExecutionEntry {
  index: number;
}

/** A simulation in progress: its tables, its random stream and its counts. Create with createEncounterSimulation. */
export class EncounterSimulation {
  readonly seed: number;
  readonly roundLimit: number;
  private readonly random: SeededRandom;
  private readonly fighters: readonly EncounterFighter[];
  private readonly sideNames: readonly [string, string];
  private readonly policies: readonly [SidePolicy, SidePolicy];
  private readonly n: number;
  /** Combatants of the first side: they come first in every per-combatant array. */
  private readonly firstCount: number;
  /** Most attacks any combatant lists: the stride of `shotsLeft`. */
  private readonly maxAttacks: number;
  private readonly indexOf: ReadonlyMap<string, number>;
  private readonly side: Uint8Array;
  private readonly enemyFirst: Int32Array;
  private readonly enemyCount: Int32Array;
  private readonly stunRule: boolean;
  private readonly fightFatigue: boolean;
  private readonly odds: HitOddsTable;

  // Fixed per combatant.
  private readonly defenceGrade: Int32Array;
  private readonly difesaBonus: Int32Array;
  private readonly collapsedMin: Int32Array;
  private readonly deadMin: Int32Array;
  private readonly penaltyOffset: Int32Array;
  private readonly penaltyByS: Int8Array;
  /** Usable attacks of each combatant, best first (indices into its `attacks`). */
  private readonly ranked: readonly (readonly number[])[];
  /** pairs[i][a * n + j]: combatant i's attack a against j. */
  private readonly pairs: readonly (readonly (PairTable | null)[])[];
  private readonly attackCode: readonly (readonly number[])[];
  /** Fighter indices of each group sharing Riflessi (§2.1.1). */
  private readonly tieGroupsOf: readonly Int32Array[];
  /** Whether a fight's tie-break outcome fits a cache key (fewer than 2^53 outcomes in all). */
  private readonly tiesCacheable: boolean;
  private readonly tieScratch: Int32Array;
  private readonly combatants: Combatant[];
  private readonly entries: Entry[];

  // State of the fight being played.
  private readonly wounds: Int32Array;
  private readonly fatigue: Int32Array;
  private readonly standing: Uint8Array;
  private readonly dead: Uint8Array;
  private readonly prone: Uint8Array;
  private readonly defending: Uint8Array;
  private readonly margin: Int32Array;
  private readonly rank: Int32Array;
  private readonly shotsLeft: Int32Array;
  private readonly preparing: Int32Array;
  private readonly refill: Uint8Array;
  private readonly code: Uint8Array;
  private readonly target: Int32Array;
  private readonly declaredOn: Int32Array;
  private readonly acts: Uint8Array;
  private readonly turnDefence: Int32Array;
  private readonly standingCount: Int32Array;
  private declareOrder: Int32Array;
  /** Which tie-break outcome this fight has (−1: not cacheable). */
  private tieKey = 0;
  private readonly declareCache = new Map<number, Int32Array>();
  private readonly orderCache = new Map<number, Map<number, Int32Array>>();
  private cachedOrders = 0;

  // Counts.
  private fights = 0;
  private readonly wins = [0, 0];
  private limitCount = 0;
  private bothDownCount = 0;
  private roundsSum = 0;
  private roundsSquares = 0;
  private readonly collapsedCount: Int32Array;
  private readonly deadCount: Int32Array;
  private readonly anyDownCount = [0, 0];
  private readonly anyDeadCount = [0, 0];

  constructor(setup: EncounterSetup, seed: number) {
    this.seed = int("seed", seed, 0, 4294967295);
    this.random = new SeededRandom(this.seed);
    const options = resolveOptions(setup.options ?? {});
    this.stunRule = options.stunRule;
    this.fightFatigue = setup.fightFatigue === true;
    this.roundLimit = pos("roundLimit", setup.roundLimit ?? DEFAULT_ROUND_LIMIT);
    const distance = setup.distanceMetres === undefined || setup.distanceMetres === null ? null : real("distanceMetres", setup.distanceMetres, 0);
    const sides: unknown = setup.sides; // JavaScript callers may pass anything
    if (!Array.isArray(sides) || sides.length !== 2) throw new RulesError("sides", sides, "exactly two sides");
    const [first, second] = setup.sides;
    const list = [first, second].map((s, k) => {
      const fighters: unknown = s.fighters; // JavaScript callers may pass anything
      if (!Array.isArray(fighters) || fighters.length === 0) throw new RulesError(`sides[${String(k)}].fighters`, fighters, "at least one combatant");
      return s.fighters.map((f, i) => encounterFighter(f, `sides[${String(k)}].fighters[${String(i)}]`));
    });
    this.sideNames = [first.name ?? "0", second.name ?? "1"];
    this.policies = [sidePolicy(first.policy, "sides[0].policy"), sidePolicy(second.policy, "sides[1].policy")];
    const all = [...(list[0] ?? []), ...(list[1] ?? [])];
    this.fighters = all;
    const n = all.length;
    this.n = n;
    const firstCount = list[0]?.length ?? 0;
    this.firstCount = firstCount;
    this.indexOf = new Map(all.map((f, i) => [f.id, i]));
    const ids = new Set<string>();
    this.side = new Uint8Array(n);
    this.enemyFirst = new Int32Array(n);
    this.enemyCount = new Int32Array(n);
    this.defenceGrade = new Int32Array(n);
    this.difesaBonus = new Int32Array(n);
    this.collapsedMin = new Int32Array(n);
    this.deadMin = new Int32Array(n);
    this.penaltyOffset = new Int32Array(n);
    const penalties: number[] = [];
    all.forEach((f, i) => {
      if (ids.has(f.id)) throw new RulesError(`fighters[${String(i)}].id`, f.id, "unique within the encounter");
      ids.add(f.id);
      const s = i < firstCount ? 0 : 1;
      this.side[i] = s;
      this.enemyFirst[i] = s === 0 ? firstCount : 0;
      this.enemyCount[i] = s === 0 ? n - firstCount : firstCount;
      this.defenceGrade[i] = f.defenceGrade;
      this.difesaBonus[i] = defenceManeuverBonus(f.dexterity);
      const thresholds = conditionThresholds(f.resistance);
      this.collapsedMin[i] = thresholds.collapsedMin;
      this.deadMin[i] = thresholds.deadMinWounds;
      const start = conditionOf({ wounds: f.wounds, fatigue: f.fatigue }, f.resistance);
      if (start === "collapsed" || start === "dead") throw new RulesError(`${f.id}.wounds`, f.wounds, "those of a conscious combatant (leave the fallen out)");
      this.penaltyOffset[i] = penalties.length;
      // Penalty for each Ferite + Fatica short of collapse; Fatica stands for the sum, as Ferite alone could kill.
      for (let sum = 0; sum < thresholds.collapsedMin; sum++) penalties.push(conditionPenalty(conditionOf({ wounds: 0, fatigue: sum }, f.resistance)) ?? 0);
    });
    this.penaltyByS = Int8Array.from(penalties);
    this.odds = hitOddsTable(options);

    const attackManeuver = animalAttackManeuver(options);
    this.attackCode = all.map((f) => f.attacks.map((a) => (a.natural || a.maxAttacks > 1 ? CODE_MANEUVER.indexOf(attackManeuver) : ATTACK)));
    this.pairs = all.map((f, i) =>
      f.attacks.flatMap((a) => {
        const reach = attackReaches(a, distance);
        return all.map((t, j) => (reach && this.side[j] !== this.side[i] ? pairTable(f, a, t, distance, options) : null));
      }),
    );
    this.ranked = all.map((f, i) => {
      const scored = f.attacks
        .map((a, ai) => {
          if (!attackReaches(a, distance)) return null;
          let sum = 0;
          const rolls = a.shots === null ? a.maxAttacks : Math.min(a.maxAttacks, a.shots);
          for (let j = 0; j < n; j++) {
            const pair = this.pairs[i]?.[ai * n + j] ?? null;
            if (pair !== null) sum += expectedPerManeuver(pair, this.defenceGrade[j] ?? 0, rolls, this.odds);
          }
          return { ai, score: sum };
        })
        .filter((s): s is { ai: number; score: number } => s !== null);
      // Stable sort: equal scores keep the order the attacks were listed in.
      return scored.sort((a, b) => b.score - a.score).map((s) => s.ai);
    });

    const indexOf = this.indexOf;
    this.tieGroupsOf = tieGroups(all.map((f) => ({ id: f.id, reflexes: f.reflexes }))).map((ids) => Int32Array.from(ids, (id) => indexOf.get(id) ?? 0));
    this.tiesCacheable = this.tieGroupsOf.reduce((outcomes, g) => outcomes * tieBreakOrders(g.length), 1) < Number.MAX_SAFE_INTEGER;
    this.tieScratch = new Int32Array(Math.max(1, ...this.tieGroupsOf.map((g) => g.length)));
    this.combatants = all.map((f) => ({ id: f.id, reflexes: f.reflexes, tieBreak: 0 }));
    this.entries = all.map((f, index) => ({ id: f.id, reflexes: f.reflexes, tieBreak: 0, maneuver: "execution", index }));

    const maxAttacks = Math.max(1, ...all.map((f) => f.attacks.length));
    this.wounds = new Int32Array(n);
    this.fatigue = new Int32Array(n);
    this.standing = new Uint8Array(n);
    this.dead = new Uint8Array(n);
    this.prone = new Uint8Array(n);
    this.defending = new Uint8Array(n);
    this.margin = new Int32Array(n);
    this.rank = new Int32Array(n);
    this.shotsLeft = new Int32Array(n * maxAttacks);
    this.preparing = new Int32Array(n);
    this.refill = new Uint8Array(n);
    this.code = new Uint8Array(n);
    this.target = new Int32Array(n);
    this.declaredOn = new Int32Array(n);
    this.acts = new Uint8Array(n);
    this.turnDefence = new Int32Array(n);
    this.standingCount = new Int32Array(2);
    this.declareOrder = new Int32Array(n);
    this.collapsedCount = new Int32Array(n);
    this.deadCount = new Int32Array(n);
    this.maxAttacks = maxAttacks;
    // With equal Riflessi the order waits for each fight's tie-break.
    if (this.tieGroupsOf.length === 0) this.fixDeclarationOrder(0);
  }

  /** Fights run so far. */
  get progress(): EncounterProgress {
    return { fights: this.fights, stoppedAtRoundLimit: this.limitCount };
  }

  /** §2.1.1 the declaration order (declarationOrder) for the current tie-breaks, cached by their outcome. */
  private fixDeclarationOrder(key: number): void {
    this.tieKey = key;
    const cached = key < 0 ? undefined : this.declareCache.get(key);
    if (cached !== undefined) {
      this.declareOrder = cached;
      return;
    }
    const order = Int32Array.from(declarationOrder(this.combatants), (c) => this.indexOf.get(c.id) ?? 0);
    this.declareOrder = order;
    if (key >= 0 && this.declareCache.size < MAX_CACHED_ORDERS) this.declareCache.set(key, order);
  }

  /** §2.1.1 the tie-breaks of a new fight, when some share their Riflessi. */
  private drawTies(): void {
    if (this.tieGroupsOf.length === 0) return;
    let key = 0;
    for (const group of this.tieGroupsOf) {
      key = key * tieBreakOrders(group.length) + drawTieBreakRanks(this.random, group.length, this.tieScratch);
      for (let p = 0; p < group.length; p++) {
        const c = this.combatants[group[p] ?? 0];
        if (c !== undefined) c.tieBreak = this.tieScratch[p] ?? 0;
      }
    }
    this.fixDeclarationOrder(this.tiesCacheable ? key : -1);
  }

  /** Run `count` more fights; answers the counts so far. */
  runMoreFights(count: number): EncounterProgress {
    const k = nat("count", count);
    for (let i = 0; i < k; i++) this.playFight();
    return this.progress;
  }

  private resetFight(): void {
    for (let i = 0; i < this.n; i++) {
      const f = this.fighters[i];
      if (f === undefined) continue;
      this.wounds[i] = f.wounds;
      this.fatigue[i] = f.fatigue;
      this.standing[i] = 1;
      this.dead[i] = 0;
      this.prone[i] = 0;
      this.preparing[i] = 0;
      this.refill[i] = 0;
      this.rank[i] = 0;
      this.updateMargin(i);
      for (let a = 0; a < f.attacks.length; a++) this.shotsLeft[i * this.maxAttacks + a] = f.attacks[a]?.shots ?? UNLIMITED;
    }
    this.standingCount[0] = this.firstCount;
    this.standingCount[1] = this.n - this.firstCount;
    this.drawTies();
  }

  private updateMargin(i: number): void {
    const w = this.wounds[i] ?? 0;
    const s = w + (this.fatigue[i] ?? 0);
    this.margin[i] = Math.min((this.collapsedMin[i] ?? 0) - s, (this.deadMin[i] ?? 0) - w);
  }

  /** §1.5.2 the condition penalty of a conscious combatant: 0, −2 or −5. */
  private penalty(i: number): number {
    const s = (this.wounds[i] ?? 0) + (this.fatigue[i] ?? 0);
    return this.penaltyByS[(this.penaltyOffset[i] ?? 0) + s] ?? 0;
  }

  /** The attack combatant i fights with now, or −1. */
  private weapon(i: number): number {
    return this.ranked[i]?.[this.rank[i] ?? 0] ?? -1;
  }

  private playFight(): void {
    this.resetFight();
    let turn = 0;
    let outcome = -1; // 0 or 1: that side won; 2: both down; −1: undecided
    while (outcome < 0 && turn < this.roundLimit) {
      turn++;
      outcome = this.playTurn(turn);
    }
    this.fights++;
    if (outcome === 0 || outcome === 1) this.wins[outcome] = (this.wins[outcome] ?? 0) + 1;
    else if (outcome === 2) this.bothDownCount++;
    else this.limitCount++;
    this.roundsSum += turn;
    this.roundsSquares += turn * turn;
    const anyDown = [false, false];
    const anyDead = [false, false];
    for (let i = 0; i < this.n; i++) {
      if (this.standing[i] === 1) continue;
      const s = this.side[i] ?? 0;
      anyDown[s] = true;
      if (this.dead[i] === 1) {
        anyDead[s] = true;
        this.deadCount[i] = (this.deadCount[i] ?? 0) + 1;
      } else this.collapsedCount[i] = (this.collapsedCount[i] ?? 0) + 1;
    }
    for (let s = 0; s < 2; s++) {
      if (anyDown[s] === true) this.anyDownCount[s] = (this.anyDownCount[s] ?? 0) + 1;
      if (anyDead[s] === true) this.anyDeadCount[s] = (this.anyDeadCount[s] ?? 0) + 1;
    }
  }

  /** The outcome once some side has nobody standing (−1 while both stand). */
  private decided(): number {
    const a = this.standingCount[0] ?? 0;
    const b = this.standingCount[1] ?? 0;
    if (a > 0 && b > 0) return -1;
    if (a === 0 && b === 0) return 2;
    return a === 0 ? 1 : 0;
  }

  private playTurn(turn: number): number {
    const n = this.n;
    for (let i = 0; i < n; i++) {
      this.defending[i] = 0;
      this.declaredOn[i] = 0;
      this.target[i] = -1;
      const surprised = this.fighters[i]?.surprised === true;
      this.acts[i] = this.standing[i] === 1 && canActInTurn(turn, surprised) ? 1 : 0;
      this.turnDefence[i] = surpriseDefenceModifier(turn, surprised);
    }
    this.declare();
    const order = this.executionOrderFor();
    for (let k = 0; k < n; k++) {
      const i = order[k] ?? 0;
      if (this.acts[i] !== 1 || this.standing[i] !== 1) continue;
      switch (this.code[i]) {
        case DEFENCE:
          this.defending[i] = 1;
          break;
        case STAND:
          this.prone[i] = 0;
          break;
        case PREPARE:
          this.prepare(i);
          break;
        case ATTACK:
          this.attack(i);
          break;
        default:
          // An animal's Execution-speed attack shares code 0 with idling; only the declared target tells them apart.
          if (this.target[i] !== -1) this.attack(i);
      }
      const outcome = this.decided();
      if (outcome >= 0) return outcome;
    }
    if (this.fightFatigue) this.tire(turn);
    return this.decided();
  }

  /** §2.1.1 declarations, slowest first, each by its side's policy. */
  private declare(): void {
    for (let k = 0; k < this.n; k++) {
      const i = this.declareOrder[k] ?? 0;
      this.code[i] = IDLE;
      if (this.acts[i] !== 1) continue;
      if (this.prone[i] === 1) {
        this.code[i] = STAND;
        continue;
      }
      const a = this.weapon(i);
      if (a < 0) {
        this.code[i] = DEFENCE;
        continue;
      }
      if ((this.preparing[i] ?? 0) > 0) {
        this.code[i] = PREPARE;
        continue;
      }
      const policy = this.policies[this.side[i] ?? 0];
      if (policy === undefined) continue;
      if (declaresDefence(policy.defence, this.penalty(i) < 0, (this.declaredOn[i] ?? 0) > 0)) {
        this.code[i] = DEFENCE;
        continue;
      }
      const t = pickTarget(policy.targeting, this.enemyFirst[i] ?? 0, this.enemyCount[i] ?? 0, this.standing, this.margin, this.declaredOn);
      if (t < 0) continue;
      this.code[i] = this.attackCode[i]?.[a] ?? ATTACK;
      this.target[i] = t;
      this.declaredOn[t] = (this.declaredOn[t] ?? 0) + 1;
    }
  }

  /** §2.1.1 this turn's execution order (executionOrder), cached by the declarations and the fight's tie-breaks. */
  private executionOrderFor(): Int32Array {
    const n = this.n;
    const cacheable = this.tieKey >= 0 && n <= MAX_CACHED_FIGHTERS;
    let key = 0;
    // Who does not act is skipped wherever it sits: counting it as attacking keeps the keys few.
    if (cacheable) for (let i = 0; i < n; i++) key = key * CODE_COUNT + this.orderCode(i);
    let byTies = cacheable ? this.orderCache.get(this.tieKey) : undefined;
    const cached = byTies?.get(key);
    if (cached !== undefined) return cached;
    this.entries.forEach((e, i) => {
      e.maneuver = CODE_MANEUVER[this.orderCode(i)] ?? "attack";
      e.tieBreak = this.combatants[i]?.tieBreak ?? 0;
    });
    const order = Int32Array.from(executionOrder(this.entries), (slot) => slot.entry.index);
    if (!cacheable) return order;
    if (this.cachedOrders >= MAX_CACHED_ORDERS) {
      this.orderCache.clear();
      this.cachedOrders = 0;
    }
    if (byTies === undefined) {
      byTies = new Map();
      this.orderCache.set(this.tieKey, byTies);
    }
    byTies.set(key, order);
    this.cachedOrders++;
    return order;
  }

  /** The code that places i in the execution order: its declaration, or Attacco when it does not act this turn. */
  private orderCode(i: number): number {
    return this.acts[i] === 1 ? (this.code[i] ?? IDLE) : ATTACK;
  }

  /** §2.2.6 one Preparation: reloading (P maneuvers, §2.4.1) or drawing the next weapon. */
  private prepare(i: number): void {
    const left = (this.preparing[i] ?? 0) - 1;
    this.preparing[i] = left;
    if (left > 0 || this.refill[i] !== 1) return;
    const a = this.weapon(i);
    this.shotsLeft[i * this.maxAttacks + a] = this.fighters[i]?.attacks[a]?.shots ?? UNLIMITED;
    this.refill[i] = 0;
  }

  /** An empty magazine: reload it, or give up the weapon for the next one (drawn with one Preparation). */
  private outOfShots(i: number, a: number): void {
    const reload = this.fighters[i]?.attacks[a]?.reload ?? null;
    if (reload !== null) {
      if (reload === 0) this.shotsLeft[i * this.maxAttacks + a] = this.fighters[i]?.attacks[a]?.shots ?? UNLIMITED;
      else {
        this.preparing[i] = reload;
        this.refill[i] = 1;
      }
      return;
    }
    this.rank[i] = (this.rank[i] ?? 0) + 1;
    if (this.weapon(i) >= 0) {
      this.preparing[i] = 1;
      this.refill[i] = 0;
    }
  }

  /** §2.2.2/§3.2.3 an Attack maneuver: up to its rolls, each at the declared target or the policy's next one. */
  private attack(i: number): void {
    const a = this.weapon(i);
    const f = this.fighters[i];
    const attack = f?.attacks[a];
    if (attack === undefined) return;
    const slot = i * this.maxAttacks + a;
    const pairs = this.pairs[i];
    if (pairs === undefined) return;
    const policy = this.policies[this.side[i] ?? 0];
    for (let r = 0; r < attack.maxAttacks; r++) {
      const shots = this.shotsLeft[slot] ?? UNLIMITED;
      if (shots === 0) break;
      let t = this.target[i] ?? -1;
      if (t < 0 || this.standing[t] !== 1) {
        t = policy === undefined ? -1 : pickTarget(policy.targeting, this.enemyFirst[i] ?? 0, this.enemyCount[i] ?? 0, this.standing, this.margin, this.declaredOn);
        if (t < 0) break;
        this.target[i] = t;
      }
      const pair = pairs[a * this.n + t];
      if (pair === undefined || pair === null) break;
      if (shots !== UNLIMITED) this.shotsLeft[slot] = shots - 1;
      this.roll(i, t, pair, attack.kind === "melee");
      if (this.decided() >= 0) break;
    }
    if (this.shotsLeft[slot] === 0) this.outOfShots(i, a);
  }

  /** §2.3.1–§2.3.6 one attack roll of i on t, its defence roll, and the damage of a hit. */
  private roll(i: number, t: number, pair: PairTable, melee: boolean): void {
    let attackBonus = pair.attackBase + this.penalty(i);
    if (this.prone[t] === 1) attackBonus += melee ? PRONE_TARGET_MODIFIER.melee.attack : PRONE_TARGET_MODIFIER.ranged.attack;
    let defenceBonus = (this.defenceGrade[t] ?? 0) + this.penalty(t) + (this.turnDefence[t] ?? 0);
    if (this.defending[t] === 1) defenceBonus += this.difesaBonus[t] ?? 0;
    if (this.prone[i] === 1 && this.target[t] === i && this.meleeAttacker(t)) defenceBonus += PRONE_TARGET_MODIFIER.melee.defence;
    const k = Math.max(-ODDS_DIFFERENCE_LIMIT, Math.min(ODDS_DIFFERENCE_LIMIT, defenceBonus - attackBonus)) + ODDS_DIFFERENCE_LIMIT;
    const draw = this.random.below(this.odds.outcomes);
    if (draw >= (this.odds.hit[k] ?? 0)) return;
    const table = draw < (this.odds.clean[k] ?? 0) ? pair.full : pair.graze;
    const o = table.cumulative.length === 1 ? 0 : sampleDamage(table, this.random.float());
    this.hurt(t, table.wounds[o] ?? 0, table.fatigue[o] ?? 0);
    if (this.stunRule && this.standing[t] === 1) {
      const total = 2 + this.random.below(10) + this.random.below(10) + (this.fighters[t]?.strength ?? 0) + this.penalty(t);
      if (knockedDown(total, table.stun[o] ?? 0)) this.prone[t] = 1;
    }
  }

  /** Whether t fights in melee this turn (for §3.2.2: +1 to defend against the prone one it attacks). */
  private meleeAttacker(t: number): boolean {
    const c = this.code[t];
    if (c === DEFENCE || c === PREPARE || c === STAND) return false;
    return this.fighters[t]?.attacks[this.weapon(t)]?.kind === "melee";
  }

  /** §1.5.2 add Ferite and Fatica; collapse or death takes the combatant out at once. */
  private hurt(t: number, wounds: number, fatigue: number): void {
    if (wounds === 0 && fatigue === 0) return;
    const w = (this.wounds[t] ?? 0) + wounds;
    const f = (this.fatigue[t] ?? 0) + fatigue;
    this.wounds[t] = w;
    this.fatigue[t] = f;
    this.updateMargin(t);
    if (this.standing[t] !== 1) return;
    const deadNow = w >= (this.deadMin[t] ?? 0);
    if (deadNow || w + f >= (this.collapsedMin[t] ?? 0)) {
      this.standing[t] = 0;
      if (deadNow) this.dead[t] = 1;
      const s = this.side[t] ?? 0;
      this.standingCount[s] = (this.standingCount[s] ?? 0) - 1;
    }
  }

  /** §3.1.1 the Fatica of fighting (very tiring) earned by the end of this turn. */
  private tire(turn: number): void {
    const gained = activityFatigue("veryTiring", turn) - activityFatigue("veryTiring", turn - 1);
    if (gained === 0) return;
    for (let i = 0; i < this.n; i++) if (this.standing[i] === 1) this.hurt(i, 0, gained);
  }

  /** The results so far. */
  results(): EncounterResults {
    const fights = this.fights;
    const share = (count: number): ShareEstimate => wilsonInterval(count, fights);
    const sideResult = (s: 0 | 1): EncounterSideResult => ({
      name: this.sideNames[s],
      wins: share(this.wins[s] ?? 0),
      anyDown: share(this.anyDownCount[s] ?? 0),
      anyDead: share(this.anyDeadCount[s] ?? 0),
    });
    return {
      seed: this.seed,
      fights,
      roundLimit: this.roundLimit,
      sides: [sideResult(0), sideResult(1)],
      stoppedAtRoundLimit: share(this.limitCount),
      bothDown: share(this.bothDownCount),
      rounds: meanInterval(this.roundsSum, this.roundsSquares, fights),
      fighters: this.fighters.map((f, i) => {
        const dead = this.deadCount[i] ?? 0;
        const collapsed = this.collapsedCount[i] ?? 0;
        const best = this.ranked[i]?.[0];
        return {
          id: f.id,
          name: f.name,
          side: this.side[i] === 0 ? 0 : 1,
          collapsed: share(collapsed),
          dead: share(dead),
          down: share(dead + collapsed),
          attack: best === undefined ? "" : (f.attacks[best]?.name ?? ""),
        };
      }),
    };
  }
}

/** A new simulation of `setup` from `seed` (0 … 2^32 − 1); throws a RulesError on a setup the rules cannot play. */
export function createEncounterSimulation(setup: EncounterSetup, seed: number): EncounterSimulation {
  return new EncounterSimulation(setup, seed);
}

/** Run `count` more fights of a simulation (a chunk, for a progress bar); answers the counts so far. */
export function runMoreFights(simulation: EncounterSimulation, count: number): EncounterProgress {
  return simulation.runMoreFights(count);
}

/** The results of the fights run so far. */
export function encounterResults(simulation: EncounterSimulation): EncounterResults {
  return simulation.results();
}

/** Simulate `fights` fights (10,000 by default) from `seed` in one go. */
export function simulateEncounter(setup: EncounterSetup, seed: number, fights = DEFAULT_FIGHTS): EncounterResults {
  const simulation = createEncounterSimulation(setup, seed);
  simulation.runMoreFights(fights);
  return simulation.results();
}
