/** GeneSys GdR — hook wiring only: registrations at init, migrations at ready. */
import { addStatusEffects } from "./compat/status-effects.js";
import { genesysTrackableAttributes } from "./canvas/token-bars.js";
import { GenesysTokenDocument } from "./canvas/token-document.js";
import { genesysStatusEffects } from "./config/statuses.js";
import { AnimalModel } from "./data/actor/animal.js";
import { CharacterModel } from "./data/actor/character.js";
import { NpcModel } from "./data/actor/npc.js";
import { ArmorModel } from "./data/item/armor.js";
import { GearModel } from "./data/item/gear.js";
import { SkillModel } from "./data/item/skill.js";
import { TraitModel } from "./data/item/trait.js";
import { WeaponModel } from "./data/item/weapon.js";
import { GenesysActor } from "./documents/actor.js";
import { GenesysItem } from "./documents/item.js";
import { clearStaleIntents, registerIntentChannel } from "./authority/intent-channel.js";
import { registerSealKey } from "./authority/seal-key.js";
import { registerCombat } from "./documents/register-combat.js";
import { registerChatCards } from "./chat/chat-hooks.js";
import { createApi } from "./api.js";
import { registerSheets } from "./applications/sheets/register.js";
import { registerSealKeyMenu } from "./applications/seal-key-config.js";
import { registerBabele } from "./i18n/babele.js";
import { registerDice } from "./dice/genesys-roll.js";
import { migrateWorld, registerMigrationSetting } from "./migration.js";
import { registerRulesSettings } from "./settings/rules-settings.js";
import { registerSelfTest } from "./selftest/quench.js";

Hooks.once("init", () => {
  CONFIG.Actor.documentClass = GenesysActor;
  CONFIG.Item.documentClass = GenesysItem;
  Object.assign(CONFIG.Actor.dataModels, { character: CharacterModel, npc: NpcModel, animal: AnimalModel });
  Object.assign(CONFIG.Item.dataModels, { skill: SkillModel, trait: TraitModel, weapon: WeaponModel, armor: ArmorModel, gear: GearModel });
  CONFIG.Actor.trackableAttributes = genesysTrackableAttributes();
  CONFIG.Token.documentClass = GenesysTokenDocument;
  addStatusEffects(genesysStatusEffects());
  registerIntentChannel();
  registerSealKey();
  registerChatCards();
  registerCombat();
  registerDice();
  registerSheets();
  registerRulesSettings();
  registerSealKeyMenu();
  registerBabele();
  registerMigrationSetting();
  registerSelfTest();
  game.genesys = createApi();
});

Hooks.once("ready", () => {
  void migrateWorld();
  void clearStaleIntents();
});
