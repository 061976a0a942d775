/**
 * The public contract of the system: `game.genesys` and the `genesys.*` hooks, as macros and modules use them.
 * tools/build.mjs compiles this file alone into dist/genesys-api.d.ts (tsconfig.api.json), so it imports nothing of
 * the system and spells its types out; test/macros/api-contract.test.ts checks them against the system's own.
 */

export type GenesysCharacteristic = "dexterity" | "experience" | "charm" | "strength" | "perception";
export type GenesysCondition = "normal" | "weak" | "exhausted" | "collapsed" | "dead";
/** §2.3.6 F ferimento, T trauma, S shock. */
export type GenesysDamageType = "wounding" | "trauma" | "shock";
export type GenesysAimedArea = "trunk" | "limb" | "vital" | "weapon";
export type GenesysBodyArea = "head" | "torso" | "arms" | "legs";
export type GenesysManeuver = "defence" | "attack" | "execution" | "focus" | "movement" | "preparation";

/** An actor, or its uuid: "Actor.<id>" for a world actor, "Scene.<s>.Token.<t>.Actor.<id>" for an unlinked token's. */
export type GenesysActorRef = Actor.Implementation | string;

/** What game.genesys.rollCheck rolls: one characteristic or one skill. */
export interface GenesysCheckRequest {
  /** A skill by its language-free key: `system.key`, else the name folded ("osservare", "armi_da_fuoco"). */
  skill?: string;
  characteristic?: GenesysCharacteristic;
  /** Difficulty margin (§1.7.2: 10 easy … 40); null or absent: not declared. */
  difficulty?: number | null;
  /** Situational modifier; the condition penalty is added by the system. */
  modifiers?: number;
  /** §1.7.3 rolled by the Narrator's client, hidden from the players. */
  blind?: boolean;
  /** Open the check dialog first (default true). */
  prompt?: boolean;
}

/** A check about to be rolled, as `genesys.preRollCheck` and `genesys.rollCheck` see it. */
export interface GenesysCheckPlan {
  actorUuid: string;
  actorName: string;
  label: string;
  kind: "characteristic" | "skill";
  characteristic: GenesysCharacteristic | null;
  skillId: string | null;
  /** Skill grade, or the characteristic's score. */
  grade: number;
  conditionPenalty: number;
  condition: GenesysCondition;
  experience: number;
  difficulty: number | null;
  modifiers: number;
  blind: boolean;
}

export interface GenesysAttackRequest {
  /** Token or actor uuids to attack; default: the user's targeted tokens. */
  targets?: string[];
}

/** One hit, as game.genesys.applyDamage takes it and the damage hooks see it (§2.3.6, §3.2). */
export interface GenesysDamageRequest {
  amount: number;
  type: GenesysDamageType;
  /** Aimed at a gap in the armour (§3.2.5): its Df is ignored. */
  armourPiercing?: boolean;
  aimedArea?: GenesysAimedArea;
  /** Which part of the body decides armour coverage; by default from the aimed area. */
  bodyArea?: GenesysBodyArea;
  /** A tie under the grazing rule (§3.2.7). */
  grazing?: boolean;
  /** Falls and flames: armour does not protect (§3.1.2). */
  ignoreArmour?: boolean;
  rangedBeyondHalf?: boolean;
  explosive?: boolean;
  blastDistance?: number;
}

export interface GenesysCounters {
  wounds: number;
  fatigue: number;
}

/** How a hit went through the damage pipeline. */
export interface GenesysDamageResult {
  afterArmour: number;
  inflicted: number;
  wounds: number;
  fatigue: number;
  stunCheck: boolean;
  stunDifficulty: number;
  disarmed?: boolean;
  limbDisabled?: boolean;
}

/** What a hit changed on its target. */
export interface GenesysCounterChange {
  kind: "damage" | "recovery";
  actorUuid: string;
  before: GenesysCounters;
  after: GenesysCounters;
  condition: { before: GenesysCondition; after: GenesysCondition };
  damage: GenesysDamageResult | null;
  poison?: { before: number; after: number };
}

/** A combatant's declared maneuver for a round (§2.1.1). */
export interface GenesysDeclaration {
  maneuver: GenesysManeuver;
  /** The maneuver declared in the declaration phase, which fixes the execution slot. */
  slot: GenesysManeuver;
  held: boolean;
  triggered: boolean;
  target: string | null;
  round: number;
}

/** The world settings for the readings the book leaves open. */
export interface GenesysRulesOptions {
  reflexesRounding: "floor" | "halfUp";
  rangeBoundary: "exclusive" | "inclusive";
  thrownSpearRangeFromStrength: boolean;
  armourShortfallLowersReflexes: boolean;
  resetIncrementOnCharacteristicRise: boolean;
  animalAttackManeuver: "attack" | "execution";
  grappleStreakBrokenByIdleTurn: boolean;
  aimedWeaponPenaltyOrder: "smallerIsHarder" | "literal";
  blastDistance: "floorMetres" | "exact";
  grazingHits: boolean;
  stunRule: boolean;
  studyDaysRounding: "exact" | "ceil";
}

/** The rules engine (the system's src/rules): pure functions and tables of the book, signatures in its source. */
export interface GenesysRulesEngine {
  readonly [name: string]: unknown;
}

/** What the "macros" compendium calls; each works on the selected tokens. */
export interface GenesysNarratorMacros {
  readonly selectedActors: () => Actor.Implementation[];
  readonly blindCheckForSelected: (check: { characteristic: string } | { skill: string }) => Promise<number>;
  readonly attackWithSelected: () => Promise<boolean>;
  readonly revealAllBlind: () => Promise<number>;
}

/** game.genesys. Each roll goes through the same flow, checks and Narrator's authority as the sheets. */
export interface GenesysApi {
  /** §1.7 a check, posted to chat; null when nothing was posted (dismissed, refused, vetoed, or a player's blind check). */
  readonly rollCheck: (actor: GenesysActorRef, request: GenesysCheckRequest) => Promise<ChatMessage.Implementation | null>;
  /** §2.3 the attack dialog for a weapon (item id or name; null: an animal's natural weapons); true once the card is posted. */
  readonly attack: (actor: GenesysActorRef, weapon: string | null, request?: GenesysAttackRequest) => Promise<boolean>;
  /** One hit through the damage pipeline, by an owner of the actor (the Narrator for anyone); null when nothing changed. */
  readonly applyDamage: (actor: GenesysActorRef, damage: GenesysDamageRequest) => Promise<GenesysCounterChange | null>;
  /** What a hotbar macro rolls for: the selected token of that actor (its own wounds), else the actor's uuid. */
  readonly macroActor: (actorUuid: string) => GenesysActorRef;
  readonly rules: GenesysRulesEngine;
  readonly rulesOptions: () => GenesysRulesOptions;
  /** Brings the world's documents to the current data version (active Narrator only); how many were migrated. */
  readonly migrateWorld: () => Promise<number>;
  readonly dataVersion: number;
  readonly macros: GenesysNarratorMacros;
}

declare global {
  interface Game {
    genesys: GenesysApi;
  }
  interface ReadyGame {
    genesys: GenesysApi;
  }
}

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** A check is about to be rolled (on the roller's client); return false to stop it. */
      "genesys.preRollCheck": (actor: Actor.Implementation, plan: GenesysCheckPlan) => unknown;
      /** A check was rolled; the message is null when this client got no card (a player's blind check). */
      "genesys.rollCheck": (actor: Actor.Implementation, message: ChatMessage.Implementation | null, plan: GenesysCheckPlan) => void;
      /** A hit is about to be applied (on the client that applies it); return false to stop it. */
      "genesys.preApplyDamage": (actor: Actor.Implementation, damage: GenesysDamageRequest) => unknown;
      /** A hit was applied. */
      "genesys.applyDamage": (actor: Actor.Implementation, change: GenesysCounterChange, damage: GenesysDamageRequest) => void;
      /** A maneuver was declared and stored (on the active Narrator's client, which decides declarations). */
      "genesys.declareManeuver": (combat: Combat.Implementation, combatant: Combatant.Implementation, declaration: GenesysDeclaration) => void;
    }
  }
}
