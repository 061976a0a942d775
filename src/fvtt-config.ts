/** Tells fvtt-types which classes and data models this system registers (declaration merging only). */
import type { AnimalModel } from "./data/actor/animal.js";
import type { CharacterModel } from "./data/actor/character.js";
import type { NpcModel } from "./data/actor/npc.js";
import type { ArmorModel } from "./data/item/armor.js";
import type { GearModel } from "./data/item/gear.js";
import type { SkillModel } from "./data/item/skill.js";
import type { TraitModel } from "./data/item/trait.js";
import type { WeaponModel } from "./data/item/weapon.js";
import type { GenesysActor } from "./documents/actor.js";
import type { GenesysItem } from "./documents/item.js";
import type { GenesysChatMessage } from "./chat/chat-message.js";
import type { GenesysActiveEffect } from "./effects/active-effect.js";
import type { RulesOptions } from "./rules/options.js";
import type { CombatFlags } from "./documents/combat.js";
import type { LedgerEntry } from "./documents/damage-ledger.js";

declare module "fvtt-types/configuration" {
  interface AssumeHookRan {
    ready: never;
  }
  interface SystemNameConfig {
    name: "genesys-gdr";
  }
  interface DocumentClassConfig {
    Actor: typeof GenesysActor<Actor.SubType>;
    Item: typeof GenesysItem<Item.SubType>;
    ActiveEffect: typeof GenesysActiveEffect<ActiveEffect.SubType>;
    ChatMessage: typeof GenesysChatMessage;
  }
  interface ConfiguredActor<SubType extends Actor.SubType> {
    document: GenesysActor<SubType>;
  }
  interface ConfiguredItem<SubType extends Item.SubType> {
    document: GenesysItem<SubType>;
  }
  interface ConfiguredActiveEffect<SubType extends ActiveEffect.SubType> {
    document: GenesysActiveEffect<SubType>;
  }
  interface DataModelConfig {
    Actor: { character: typeof CharacterModel; npc: typeof NpcModel; animal: typeof AnimalModel };
    Item: { skill: typeof SkillModel; trait: typeof TraitModel; weapon: typeof WeaponModel; armor: typeof ArmorModel; gear: typeof GearModel };
  }
  interface FlagConfig {
    Combat: { "genesys-gdr": CombatFlags };
    /** Nothing: a player may rewrite their combatants' flags, so the GeneSys state lives on the Combat (CombatFlags). */
    Combatant: { "genesys-gdr": Record<string, never> };
    /** Set by a Narrator's client on the effects it creates (effects/effect-authority.ts); read as unknown. */
    ActiveEffect: { "genesys-gdr": { narrator?: boolean; timed?: unknown } };
    /** Where earlier versions kept the damage ledger (now `system.ledger`, documents/damage-ledger.ts); no longer read. */
    Actor: { "genesys-gdr": { ledger?: LedgerEntry[] } };
    /** Grapples in progress between the scene's tokens (documents/grapple-state.ts), written by the GM; read as unknown. */
    Scene: { "genesys-gdr": { grapples?: unknown[] } };
    /** Pending intents and their answers (authority/intent-channel.ts), keyed by the intent's key; read as unknown. */
    User: { "genesys-gdr": { intents?: Record<string, { kind: string; payload: unknown; sentAt: number; reply: string }>; answers?: Record<string, unknown> } };
  }
  interface SettingConfig {
    "genesys-gdr.dataVersion": number;
    "genesys-gdr.reflexesRounding": RulesOptions["reflexesRounding"];
    "genesys-gdr.rangeBoundary": RulesOptions["rangeBoundary"];
    "genesys-gdr.thrownSpearRangeFromStrength": boolean;
    "genesys-gdr.armourShortfallLowersReflexes": boolean;
    "genesys-gdr.resetIncrementOnCharacteristicRise": boolean;
    "genesys-gdr.animalAttackManeuver": RulesOptions["animalAttackManeuver"];
    "genesys-gdr.grappleStreakBrokenByIdleTurn": boolean;
    "genesys-gdr.aimedWeaponPenaltyOrder": RulesOptions["aimedWeaponPenaltyOrder"];
    "genesys-gdr.blastDistance": RulesOptions["blastDistance"];
    "genesys-gdr.grazingHits": boolean;
    "genesys-gdr.stunRule": boolean;
    "genesys-gdr.studyDaysRounding": RulesOptions["studyDaysRounding"];
    /** §3.1.5 bulky gear with a FOR minima hinders like armour (effects/bulky-gear-setting.ts). */
    "genesys-gdr.bulkyGearHinders": boolean;
    /** §3.1.6 losing control's behaviours applied as timed effects (tools/losing-control-setting.ts). */
    "genesys-gdr.losingControlEffects": boolean;
    /** §1.3.3 the creation allowance (settings/creation-settings.ts). */
    "genesys-gdr.creationCharacteristicPoints": number;
    "genesys-gdr.creationSkillGrades": number;
    /** Which actors a world-time advance concerns (time/time-actors.ts). */
    "genesys-gdr.timeActors": "sceneAndCharacters" | "scene" | "characters" | "none";
    /** The cards whose claimed increment point a Narrator decided (check/claimed-point.ts). */
    "genesys-gdr.decidedPoints": string[];
    /** The last answer of each roll dialog, per actor and roll: this client's own (input/last-choices.ts). */
    "genesys-gdr.lastRollChoices": Record<string, { at: number; answer: unknown }>;
  }
}
