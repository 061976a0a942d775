/** GeneSys GdR — hook wiring only: registrations at init, migrations at ready. */
import { addStatusEffects } from "./compat/status-effects.js";
import { genesysTrackableAttributes } from "./canvas/token-bars.js";
import { GenesysTokenDocument } from "./canvas/token-document.js";
import { registerTokenRuler } from "./canvas/token-ruler.js";
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
import { GenesysChatMessage } from "./chat/chat-message.js";
import { GenesysActiveEffect } from "./effects/active-effect.js";
import { registerBulkyGearSetting } from "./effects/bulky-gear-setting.js";
import { narratorHandlers, registerIntentChannel, setNarratorHandlers } from "./authority/intent-channel.js";
import { registerOwnerActions } from "./authority/owner-requests.js";
import { registerCombat } from "./documents/register-combat.js";
import { registerChatCards } from "./attack/card-hooks.js";
import { registerContestCards } from "./contest/contest-card-hook.js";
import { registerGrapple } from "./grapple/grapple-flow.js";
import { createApi } from "./api.js";
import { registerSheets } from "./applications/sheets/register.js";
import { registerCheckRolls } from "./check/register-check.js";
import { registerCombatTracker } from "./combat/register-tracker.js";
import { registerHotbarDrop } from "./macros/hotbar-drop.js";
import { registerSealKeyMenu } from "./applications/seal-key-menu.js";
import { registerSelfTestMenu } from "./selftest/self-test-menu.js";
import { registerBabele } from "./i18n/babele.js";
import { registerDice } from "./check/genesys-roll.js";
import { registerMigrationSetting } from "./data-version.js";
import { registerRulesSettings } from "./settings/rules-settings.js";
import { registerCreationSettings } from "./settings/creation-settings.js";
import { registerSelfTest } from "./selftest/register.js";
import { registerTime } from "./time/register-time.js";
import { registerHazardCards } from "./hazards/hazard-buttons.js";
import { registerRequestCards } from "./request/request-card-hook.js";
import { listenToGcheckClicks, registerGcheckEnricher } from "./enrichers/gcheck-hooks.js";
import { registerCoreLabelEnricher } from "./enrichers/core-label.js";
import { registerRollKeybindings } from "./input/roll-modifiers.js";
import { registerLastChoices } from "./input/last-choices.js";
import { registerSceneControls } from "./applications/scene-controls.js";
import { SECONDS_PER_TURN } from "./rules/initiative.js";
import { registerLosingControlSetting } from "./tools/losing-control-setting.js";
import { registerToolCards } from "./tools/tool-chat.js";

// Babele's own init may run before ours: its "babele.init" listener goes in as the module loads, as peers do (issue 22).
registerBabele();

Hooks.once("init", () => {
  CONFIG.Actor.documentClass = GenesysActor;
  CONFIG.Item.documentClass = GenesysItem;
  CONFIG.ActiveEffect.documentClass = GenesysActiveEffect;
  // Cards are drawn into a message before the chat log shows it (chat/card-decorators.ts).
  CONFIG.ChatMessage.documentClass = GenesysChatMessage;
  // Items' effects apply to their owner from the item, not copied onto the actor (as dnd5e sets it).
  CONFIG.ActiveEffect.legacyTransferral = false;
  // §2.1 a combat turn (Foundry's round) is 1 second of game time; dnd5e sets its 6 s the same way (dnd5e.mjs).
  CONFIG.time.roundTime = SECONDS_PER_TURN;
  Object.assign(CONFIG.Actor.dataModels, { character: CharacterModel, npc: NpcModel, animal: AnimalModel });
  Object.assign(CONFIG.Item.dataModels, { skill: SkillModel, trait: TraitModel, weapon: WeaponModel, armor: ArmorModel, gear: GearModel });
  CONFIG.Actor.trackableAttributes = genesysTrackableAttributes();
  CONFIG.Token.documentClass = GenesysTokenDocument;
  registerTokenRuler();
  addStatusEffects(genesysStatusEffects());
  registerIntentChannel();
  setNarratorHandlers(() => import("./narrator.js").then((side) => side.registerNarratorSide()));
  registerOwnerActions();
  registerChatCards();
  registerRequestCards();
  registerGcheckEnricher();
  registerCoreLabelEnricher();
  registerContestCards();
  registerGrapple();
  registerCombat();
  registerCombatTracker();
  registerCheckRolls();
  registerDice();
  registerSheets();
  registerRulesSettings();
  registerBulkyGearSetting();
  registerLosingControlSetting();
  registerToolCards();
  registerCreationSettings();
  registerSealKeyMenu();
  registerSelfTestMenu();
  registerMigrationSetting();
  registerSelfTest();
  registerTime();
  registerHazardCards();
  registerRollKeybindings();
  registerLastChoices();
  registerSceneControls();
  game.genesys = createApi();
});

/** A Narrator's client loads his side (narrator.ts) as early as it knows who it is; a player's never does. */
function loadNarratorSide(): void {
  const user = game.user as User.Stored | null | undefined; // typed as set from ready on; at setup it may not be yet
  if (user?.isGM !== true) return;
  void narratorHandlers().catch((error: unknown) => { console.error("GeneSys GdR | the Narrator's side could not be loaded", error); });
}
Hooks.once("setup", loadNarratorSide);

Hooks.once("ready", () => {
  loadNarratorSide();
  registerHotbarDrop();
  listenToGcheckClicks();
});
