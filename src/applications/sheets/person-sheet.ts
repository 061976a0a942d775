/** Sheet of a Protagonista (character) or Comparsa (npc): characteristics, condition, skills, combat, inventory, biography. */
import { ArmorModel } from "../../data/item/armor.js";
import { WeaponModel } from "../../data/item/weapon.js";
import { CharacterModel } from "../../data/actor/character.js";
import { NpcModel } from "../../data/actor/npc.js";
import { GenesysActorSheet, sheetEnv, type GenesysActorSheetContext, type SheetOptions } from "./actor-sheet.js";
import { onFinishCreation, onReopenCreation } from "./creation-actions.js";
import type { PersonSheetData } from "./context/person.js";
import { EFFECT_ACTIONS } from "./effect-actions.js";
import type { PrepareContextOptions } from "./handlebars-sheet-base.js";
import { studySheetData, type StudySheetData } from "./context/study.js";
import { lazily } from "../../load/lazily.js";
import { rulesOptions } from "../../settings/rules-settings.js";
import { requestReady, requestReload } from "../../authority/owner-requests.js";

/** The attack loads with the first press of Attack. */
const quickAttack = lazily(() => import("../../attack/quick-attack.js"), "quickAttack");

/** The study planner loads on its first use. */
const openStudyDialog = lazily(() => import("../../study/study-dialog.js"), "openStudyDialog");
const setStudyStatus = lazily(() => import("../../study/study-intents.js"), "setStudyStatus");

export type PersonSheetContext = GenesysActorSheetContext & PersonSheetData & StudySheetData;

const T = "systems/genesys-gdr/templates/actor";
/** Partials: Foundry loads a part's `templates` before the first render and registers them under their path. */
const HEALTH = `${T}/parts/health.hbs`;
const ITEM_CONTROLS = `${T}/parts/item-controls.hbs`;
const CREATION = `${T}/parts/creation-budget.hbs`;
const EFFECTS = `${T}/parts/effects-list.hbs`;

export class PersonSheet extends GenesysActorSheet<PersonSheetContext> {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["person"],
    actions: {
      toggleWorn: PersonSheet.#onToggleWorn,
      toggleReady: PersonSheet.#onToggleReady,
      reloadWeapon: PersonSheet.#onReloadWeapon,
      setMode: PersonSheet.#onSetMode,
      attack: PersonSheet.#onAttack,
      finishCreation: onFinishCreation,
      reopenCreation: onReopenCreation,
      studySkill: PersonSheet.#onStudySkill,
      studyStatus: PersonSheet.#onStudyStatus,
      ...EFFECT_ACTIONS,
    },
  };

  static override PARTS = {
    header: { template: `${T}/header.hbs` },
    tabs: { template: "templates/generic/tab-navigation.hbs" },
    main: { template: `${T}/person-main.hbs`, templates: [HEALTH, ITEM_CONTROLS, CREATION, EFFECTS], scrollable: [""] },
    skills: { template: `${T}/person-skills.hbs`, templates: [ITEM_CONTROLS, CREATION], scrollable: [""] },
    combat: { template: `${T}/person-combat.hbs`, templates: [ITEM_CONTROLS], scrollable: [""] },
    inventory: { template: `${T}/person-inventory.hbs`, templates: [ITEM_CONTROLS], scrollable: [""] },
    biography: { template: `${T}/biography.hbs`, scrollable: [""] },
  };

  static override TABS = {
    primary: {
      tabs: [
        { id: "main", icon: "fa-solid fa-user", cssClass: "" },
        { id: "skills", icon: "fa-solid fa-graduation-cap", cssClass: "" },
        { id: "combat", icon: "fa-solid fa-khanda", cssClass: "" },
        { id: "inventory", icon: "fa-solid fa-suitcase", cssClass: "" },
        { id: "biography", icon: "fa-solid fa-book", cssClass: "" },
      ],
      initial: "main",
      labelPrefix: "GENESYS.Sheet.Tabs",
    },
  };

  protected readonly publicTab = "biography";

  protected override async _prepareContext(options: PrepareContextOptions): Promise<PersonSheetContext> {
    const base = await super._prepareContext(options);
    const system = this.actor.genesys;
    if (!(system instanceof CharacterModel || system instanceof NpcModel)) throw new Error(`GeneSys | ${this.actor.name} is not a person`);
    const env = sheetEnv({ isEditable: this.isEditable, limited: this.actor.limited });
    const gmNotes = env.isGM ? await this.enrich(system.gmNotes) : null;
    // The context builders load with the first sheet opened: a player who never opens one never fetches them.
    const { buildPersonContext } = await import("./context/person.js");
    const data = buildPersonContext({
      actor: this.actor,
      system,
      env,
      enriched: { biography: await this.enrich(system.biography), gmNotes },
    });
    return { ...base, ...data, ...studySheetData(this.actor, env, rulesOptions()) };
  }

  /** §1.8.3 the study planner for this skill (study/study-dialog.ts). */
  static async #onStudySkill(this: PersonSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.itemFor(target);
    if (item?.id) await openStudyDialog(this.actor, item.id);
  }

  static async #onStudyStatus(this: PersonSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const status = target.dataset["status"];
    if (status === "active" || status === "paused" || status === "none") await setStudyStatus(this.actor, status);
  }

  static async #onToggleWorn(this: PersonSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.itemFor(target);
    if (item?.system instanceof ArmorModel) await item.update({ system: { worn: !item.system.worn } });
  }

  static async #onToggleReady(this: PersonSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.itemFor(target);
    if (item?.system instanceof WeaponModel && item.id) await requestReady(this.actor, item.id, !item.system.ready);
  }

  /** §2.4.1 the magazine full again, out of a fight (in one, the tracker's Preparazione reloads). */
  static async #onReloadWeapon(this: PersonSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.itemFor(target);
    if (item?.system instanceof WeaponModel && item.id) await requestReload(this.actor, item.id);
  }

  /** §2.3.1 attack the targeted tokens with this weapon (attack/attack-flow.ts does the rest). */
  static async #onAttack(this: PersonSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.itemFor(target);
    if (item) await quickAttack(this.actor, item.id, event);
  }

  static async #onSetMode(this: PersonSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const item = this.itemFor(target);
    const mode = Number(target.dataset["mode"]);
    if (item?.system instanceof WeaponModel && Number.isInteger(mode) && mode >= 0 && mode < item.system.modes.length) {
      await item.update({ system: { mode } });
    }
  }
}
