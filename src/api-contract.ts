/**
 * The public contract of the system: `game.genesys` and the `genesys.*` hooks, as macros and modules use them.
 * tools/build.mjs compiles this file alone into dist/genesys-api.d.ts (tsconfig.api.json), so it imports nothing of
 * the system and spells its types out; test/macros/api-contract.test.ts checks them against the system's own.
 */

export type GenesysCharacteristic = "dexterity" | "experience" | "charm" | "strength" | "perception";
export type GenesysCondition = "normal" | "weak" | "exhausted" | "collapsed" | "dead";
/** §2.3.6 F ferimento, T trauma, S shock. */
export type GenesysDamageType = "wounding" | "trauma" | "shock";
export type GenesysAimedArea = "trunk" | "arm" | "leg" | "vital" | "weapon";
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
  /** Every modifier but the condition penalty: the situational one plus the effects'. */
  modifiers: number;
  /** The situational modifier alone. */
  situational: number;
  /** Modifiers from Active Effects and statuses (e.g. a fever), each with its source, included in `modifiers`. */
  effects: { label: string; value: number; i18n?: string }[];
  blind: boolean;
}

/** What game.genesys.requestCheck asks of the players: one characteristic or one skill, for chosen characters. */
export interface GenesysRequestCheck {
  /** A skill by its language-free key, as in GenesysCheckRequest. */
  skill?: string;
  characteristic?: GenesysCharacteristic;
  /** A margin, or a §1.7.2 step by its key ("complex"); null or absent: not declared. */
  difficulty?: number | string | null;
  /** Keep the difficulty from the players: the Narrator's client applies it. */
  hidden?: boolean;
  /** §1.7.3 each row is rolled by the Narrator's client and sealed. */
  blind?: boolean;
  /** Who is asked: actors, actor uuids or token uuids; default the selected tokens, else the targeted, else the players' characters. */
  actors?: (Actor.Implementation | string)[];
  /** Open the request dialog first, pre-filled (default true). */
  prompt?: boolean;
  /**
   * §2.2.5 a terrain check for this combatant's Movimento this round: its result (total − difficulty) halves the
   * allowance on a narrow failure, stops it on a worse one, for this round only. The combatant's actor must be asked.
   */
  movement?: GenesysMovementLink;
  /** §3.2.1 an ambush's Percezione check for this fight: whoever passes is no longer surprised (first turn only). */
  ambush?: GenesysAmbushLink;
}

/** A request card as posted, as `genesys.requestCheck` sees it: the difficulty is the Narrator's, hidden or not. */
export interface GenesysRequestSpec {
  skill: string | null;
  characteristic: GenesysCharacteristic | null;
  difficulty: number | null;
  hidden: boolean;
  blind: boolean;
  recipients: { actorUuid: string; tokenUuid: string | null; name: string }[];
  /** §2.2.5 the tracker row whose Movimento this terrain check is for. */
  movement?: GenesysMovementLink | null;
  /** §3.2.1 the fight whose surprised combatants this check may free. */
  ambush?: GenesysAmbushLink | null;
}

/** §3.2.1 a fight in its first turn whose surprised combatants an ambush check may free. */
export interface GenesysAmbushLink {
  combatId: string;
}

/** §2.2.5 a combatant's Movimento in the current round of a started combat, which a terrain check halves or stops. */
export interface GenesysMovementLink {
  combatId: string;
  combatantId: string;
  round: number;
}

/** What game.genesys.contest starts (§1.7.5): the opponent and what each side rolls; the opponent rolls the same by default. */
export interface GenesysContestRequest {
  /** The opponent's token or actor uuid; default: the one token the user targets. */
  opponent?: string;
  /** Side one's skill by key, or its characteristic (default Destrezza). */
  skill?: string;
  characteristic?: GenesysCharacteristic;
  /** The opponent's, when not the same. */
  opponentSkill?: string;
  opponentCharacteristic?: GenesysCharacteristic;
  /** The Narrator's situational modifiers for each side (a player's are ignored). */
  modifiers?: number;
  opponentModifiers?: number;
  /** §1.8.2 who stood in the advantageous position; absent: worked out from grades and modifiers. */
  advantaged?: "actor" | "opponent" | null;
  /** Open the contest dialog first (default true). */
  prompt?: boolean;
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
  /** §2.2.6 a Preparazione declared to draw or reload one of the combatant's weapons (by item id); null for none. */
  prepare?: { itemId: string; purpose: "draw" | "reload" } | null;
}

/** What the actors did while time passed (§1.5.3 rest, §3.1.1 activity and sleep). */
export type GenesysPastime = "none" | "rest" | "sleep" | "slightlyTiring" | "tiring" | "veryTiring" | "extremelyTiring";

/** A stretch of world time, as game.genesys.timePasses takes it: the durations add up. */
export interface GenesysTimeRequest {
  minutes?: number;
  hours?: number;
  days?: number;
  /** Default "none": the clocks run, nobody tires or rests. */
  pastime?: GenesysPastime;
  /** Ate (drank) properly throughout (default false). */
  ate?: boolean;
  drank?: boolean;
  /** Actors or their uuids (an unlinked token's actor by its token path); absent: those the world setting names. */
  actors?: GenesysActorRef[];
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

/** §3.1.3 an Extra's reaction (game.genesys.macros.reactionForSelected); without it the dialog asks. */
export interface GenesysReactionRequest {
  /** The Protagonist's actor or token uuid; or leave it out and give `charm` (and `reputation`). */
  protagonist?: string;
  charm?: number;
  reputation?: number;
  /** "animalIntelligence", "hatred", "peoplesAtOdds", "veryDifferentCulture", "similarCulture", "muchInCommon". */
  modifiers?: string[];
  otherModifier?: number;
  /** §3.1.4 the Extra recognised the Protagonist: his Reputazione / 5 counts. */
  recognised?: boolean;
  /** Whisper the card to the Narrators (default true). */
  hidden?: boolean;
}

/** §3.1.4 a recognition roll (game.genesys.macros.recognitionForSelected); without it the dialog asks. */
export interface GenesysRecognitionRequest {
  /** "person" (default), "animal", "unknownPeople", "alienRace": only a person can recognise. */
  observer?: string;
  /** "abroad", "farFromHomeTown", "frequentedArea". */
  modifiers?: string[];
  otherModifier?: number;
  hidden?: boolean;
}

/** §3.1.6 the Esperienza check of losing control (game.genesys.macros.losingControlForSelected); without it the dialog asks. */
export interface GenesysLosingControlRequest {
  /** "fear", "disgust", "shock": a trait's immunity to it skips the check. */
  cause: string;
  difficulty: number;
  modifiers?: number;
  /** §1.7.3 a sealed check, its card whispered to the Narrators. */
  blind?: boolean;
}

/** §3.1.2 generic damage (game.genesys.macros.genericDamageForSelected); without it the dialog asks. */
export interface GenesysGenericDamageRequest {
  /** "fall", "flames" or "damage" (arbitrary). */
  kind: string;
  /** fall: metres fallen. */
  height?: number;
  /** fall: "jump" (a jump or dive, difficulty 15) or "accident" (30). */
  cause?: string;
  /** fall: roll each victim's Destrezza check (default true); false when the Narrator rules there is none. */
  check?: boolean;
  /** flames: points protective clothing takes off (default 0). */
  protection?: number;
  /** damage: "12", "3D6", "3D6+2". */
  formula?: string;
  /** damage: "wounding" (F), "trauma" (T) or "shock" (S). */
  type?: string;
  /** damage: conventional armour counts (default true). */
  armour?: boolean;
  /** Whisper the card to the Narrators (default false: everyone saw it happen). */
  hidden?: boolean;
}

/** §3.2.6 an explosion (game.genesys.macros.explosion); without it the dialog asks. */
export interface GenesysExplosionRequest {
  /** "template" (default): the template the Narrator placed; "target": the one targeted token is the direct target. */
  at?: string;
  /** The blast's damage: "8D6", "4D6+2", or a number already rolled. */
  formula: string;
  /** "wounding" (default), "trauma" or "shock". */
  type?: string;
  /** §3.2.6 the direct target dodged the projectile: the landing distance is rolled and nothing is applied yet. */
  dodged?: boolean;
  /** Metres from the thrower to the direct target (decides 1D3 or 1D6 when it dodged). */
  throwerDistance?: number;
  hidden?: boolean;
}

/** How game.genesys.grapple rolls a side (§2.3.7): a skill id (null: Destrezza), or the dialog (prompt false: the default skill). */
export interface GenesysGrappleRequest {
  skillId?: string | null;
  prompt?: boolean;
}

/** §2.3.7 grappling between two tokens; each answers the contest card's message id (or whether it went through), null when refused. */
export interface GenesysGrappleApi {
  /** The selected token grapples the targeted one. */
  readonly start: (request?: GenesysGrappleRequest) => Promise<string | null>;
  /** The actor's side of its hold declares the contest. */
  readonly contest: (actor: GenesysActorRef, request?: GenesysGrappleRequest) => Promise<string | null>;
  /** The attacker lets go. */
  readonly release: (actor: GenesysActorRef) => Promise<boolean>;
  /** Contest the actor's hold when it is in one, else start one on the targeted token. */
  readonly grapple: (actor: GenesysActorRef, request?: GenesysGrappleRequest) => Promise<string | null>;
  /** Whether a hold (or the grappled/immobilised status) keeps this actor or token from moving. */
  readonly blocksMovement: (actorOrToken: unknown) => boolean;
}

/** Issue 13 what game.genesys.encounterOdds may be asked; every field is checked. */
export interface GenesysEncounterOddsRequest {
  /** "selection", "combat" (the viewed one) or a Combat's id; default: the selection, else the viewed combat. */
  from?: string;
  /** false: no dialog, the fights run at once and their results are answered. */
  prompt?: boolean;
  /** With prompt false: also post the summary, whispered to the Narrators. */
  post?: boolean;
  fights?: number;
  seed?: number;
  roundLimit?: number;
  /** Metres between every attacker and every target; null or left out: range ignored. */
  distance?: number | null;
  /** [party, foes]: "focusWeakest" | "spread". */
  targeting?: [string, string];
  /** [party, foes]: "never" | "whenHurt" | "whenTargeted" | "whenHurtAndTargeted". */
  defence?: [string, string];
}

/** A share of the simulated fights with its 95 % interval. */
export interface GenesysOddsShare {
  readonly count: number;
  readonly of: number;
  readonly p: number;
  readonly low: number;
  readonly high: number;
}

/** What the fight simulator measured (a part of src/rules/sim EncounterResults). */
export interface GenesysEncounterOdds {
  readonly seed: number;
  readonly fights: number;
  readonly roundLimit: number;
  readonly sides: readonly { readonly name: string; readonly wins: GenesysOddsShare; readonly anyDown: GenesysOddsShare; readonly anyDead: GenesysOddsShare }[];
  readonly stoppedAtRoundLimit: GenesysOddsShare;
  readonly rounds: { readonly mean: number; readonly low: number; readonly high: number; readonly of: number };
  readonly fighters: readonly { readonly id: string; readonly name: string; readonly side: 0 | 1; readonly collapsed: GenesysOddsShare; readonly dead: GenesysOddsShare; readonly down: GenesysOddsShare; readonly attack: string }[];
}

/** What the "macros" compendium calls; each works on the selected tokens. */
export interface GenesysNarratorMacros {
  readonly selectedActors: () => Actor.Implementation[];
  readonly blindCheckForSelected: (check: { characteristic: string } | { skill: string }) => Promise<number>;
  readonly attackWithSelected: () => Promise<boolean>;
  readonly revealAllBlind: () => Promise<number>;
  /** The Narrator's "time passes" dialog, for the selected tokens or every actor the world setting names. */
  readonly timePasses: () => Promise<boolean>;
  /** The Narrator's chapter 3 tools on the selected tokens; each answers how many cards it posted (0 for a player). */
  readonly reactionForSelected: (request?: GenesysReactionRequest) => Promise<number>;
  readonly recognitionForSelected: (request?: GenesysRecognitionRequest) => Promise<number>;
  readonly losingControlForSelected: (request?: GenesysLosingControlRequest) => Promise<number>;
  /** §3.1.2 a fall, the flames or a damage for the selected tokens, applied with Undo per token; true once its card is posted. */
  readonly genericDamageForSelected: (request?: GenesysGenericDamageRequest) => Promise<boolean>;
  /** §3.2.6 a blast at the placed template or on the targeted token, every token in reach hit; true once its card is posted. */
  readonly explosion: (request?: GenesysExplosionRequest) => Promise<boolean>;
  /** Issue 13 the odds window for the selected tokens (friendly against hostile); false for a player. */
  readonly encounterOddsForSelected: () => Promise<boolean>;
  /** §2.3.7 the selected token grapples the targeted one (a contest card each side rolls); its message id, or null. */
  readonly grappleForSelected: () => Promise<string | null>;
}

/** game.genesys. Each roll goes through the same flow, checks and Narrator's authority as the sheets. */
export interface GenesysApi {
  /** §1.7 a check, posted to chat; null when nothing was posted (dismissed, refused, vetoed, or a player's blind check). */
  readonly rollCheck: (actor: GenesysActorRef, request: GenesysCheckRequest) => Promise<ChatMessage.Implementation | null>;
  /** §2.3 the attack dialog for a weapon (item id or name; null: an animal's natural weapons); true once the card is posted. */
  readonly attack: (actor: GenesysActorRef, weapon: string | null, request?: GenesysAttackRequest) => Promise<boolean>;
  /** §1.7.5 a contest card between the actor and an opponent; each side rolls from the card. The message id, or null. */
  readonly contest: (actor: GenesysActorRef, request?: GenesysContestRequest) => Promise<string | null>;
  /** §2.3.7 grappling: start, contest, let go, and whether a token may move. */
  readonly grapple: GenesysGrappleApi;
  /** One hit through the damage pipeline, by an owner of the actor (the Narrator for anyone); null when nothing changed. */
  readonly applyDamage: (actor: GenesysActorRef, damage: GenesysDamageRequest) => Promise<GenesysCounterChange | null>;
  /**
   * §1.5.3, §3.1.1, §3.1.2 the world clock moved on by the Narrator (refused to players): fatigue, recovery, poison and
   * fever applied once by the world-time hook, reported on a card whispered to the Narrators with its Undo; true once applied.
   */
  readonly timePasses: (request: GenesysTimeRequest) => Promise<boolean>;
  /** The Narrator's request card (a Narrator's client only); each player rolls their row from it. Null when nothing was posted. */
  readonly requestCheck: (request: GenesysRequestCheck) => Promise<ChatMessage.Implementation | null>;
  /** What a hotbar macro rolls for: the selected token of that actor (its own wounds), else the actor's uuid. */
  readonly macroActor: (actorUuid: string) => GenesysActorRef;
  readonly rules: GenesysRulesEngine;
  readonly rulesOptions: () => GenesysRulesOptions;
  /** Brings the world's documents to the current data version (active Narrator only); how many were migrated. */
  readonly migrateWorld: () => Promise<number>;
  readonly dataVersion: number;
  readonly macros: GenesysNarratorMacros;
  /** Issue 13 the odds of a fight (Narrators only): the dialog (answers null), or with `prompt: false` the results. */
  readonly encounterOdds: (request?: GenesysEncounterOddsRequest) => Promise<GenesysEncounterOdds | null>;
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
      /** A request card was posted (on the Narrator's client that posted it). */
      "genesys.requestCheck": (message: ChatMessage.Implementation, request: GenesysRequestSpec) => void;
      /** A hit is about to be applied (on the client that applies it); return false to stop it. */
      "genesys.preApplyDamage": (actor: Actor.Implementation, damage: GenesysDamageRequest) => unknown;
      /** A hit was applied. */
      "genesys.applyDamage": (actor: Actor.Implementation, change: GenesysCounterChange, damage: GenesysDamageRequest) => void;
      /** A maneuver was declared and stored (on the active Narrator's client, which decides declarations). */
      "genesys.declareManeuver": (combat: Combat.Implementation, combatant: Combatant.Implementation, declaration: GenesysDeclaration) => void;
    }
  }
}
