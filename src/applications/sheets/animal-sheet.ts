/** Sheet of an animal (§3.3): the printed stat block, grades per environment, natural damage, capabilities, venom. */
import { submitAsOwner } from "./protected-submit.js";
import { AnimalModel } from "../../data/actor/animal.js";
import { ANIMAL_ENVIRONMENTS, SPEED_MODES } from "../../rules/advanced/animals.js";
import { lazily } from "../../load/lazily.js";
import { GenesysActorSheet, sheetEnv, type GenesysActorSheetContext, type SheetOptions } from "./actor-sheet.js";
import type { AnimalSheetData } from "./context/animal.js";
import { arraysFromForm, firstUnused, withoutRow, withRow } from "./form-arrays.js";
import type { PrepareContextOptions } from "./handlebars-sheet-base.js";

/** The attack loads with the first press of Attack. */
const quickAttack = lazily(() => import("../../attack/quick-attack.js"), "quickAttack");

export type AnimalSheetContext = GenesysActorSheetContext & AnimalSheetData;

const T = "systems/genesys-gdr/templates/actor";
/** Partials shared with the person sheet (loaded by Foundry from the part's `templates`). */
const PARTIALS = [`${T}/parts/health.hbs`, `${T}/parts/item-controls.hbs`];

/** The editable lists of an animal, and how many rows each must keep. */
const LISTS = { speeds: 1, environments: 0, capabilities: 0 } as const;
type ListKey = keyof typeof LISTS;

function isListKey(key: string | undefined): key is ListKey {
  return key !== undefined && key in LISTS;
}

export class AnimalSheet extends GenesysActorSheet<AnimalSheetContext> {
  static override DEFAULT_OPTIONS: SheetOptions = {
    classes: ["animal"],
    position: { width: 680, height: 720 },
    actions: {
      addRow: AnimalSheet.#onAddRow,
      removeRow: AnimalSheet.#onRemoveRow,
      attack: AnimalSheet.#onAttack,
    },
  };

  static override PARTS = {
    header: { template: `${T}/header.hbs` },
    tabs: { template: "templates/generic/tab-navigation.hbs" },
    main: { template: `${T}/animal-main.hbs`, templates: PARTIALS, scrollable: [""] },
    combat: { template: `${T}/animal-combat.hbs`, scrollable: [""] },
    notes: { template: `${T}/animal-notes.hbs`, scrollable: [""] },
  };

  static override TABS = {
    primary: {
      tabs: [
        { id: "main", icon: "fa-solid fa-paw", cssClass: "" },
        { id: "combat", icon: "fa-solid fa-khanda", cssClass: "" },
        { id: "notes", icon: "fa-solid fa-book", cssClass: "" },
      ],
      initial: "main",
      labelPrefix: "GENESYS.Sheet.Tabs",
    },
  };

  protected readonly publicTab = "notes";

  get animal(): AnimalModel {
    const system = this.actor.genesys;
    if (!(system instanceof AnimalModel)) throw new Error(`GeneSys | ${this.actor.name} is not an animal`);
    return system;
  }

  protected override async _prepareContext(options: PrepareContextOptions): Promise<AnimalSheetContext> {
    const base = await super._prepareContext(options);
    const system = this.animal;
    const env = sheetEnv({ isEditable: this.isEditable, limited: this.actor.limited });
    // The context builders load with the first sheet opened: a player who never opens one never fetches them.
    const { buildAnimalContext } = await import("./context/animal.js");
    const data = buildAnimalContext({
      actor: this.actor,
      system,
      env,
      enriched: { description: await this.enrich(system.description), gmNotes: env.isGM ? await this.enrich(system.gmNotes) : null },
    });
    return { ...base, ...data };
  }

  /** Rows of the lists arrive keyed "0", "1"…: make them arrays again, keeping fields the form does not show. */
  protected override _processFormData(...args: Parameters<GenesysActorSheet["_processFormData"]>): ReturnType<GenesysActorSheet["_processFormData"]> {
    const data = super._processFormData(...args);
    const source = this.animal.toObject();
    arraysFromForm(data, { "system.speeds": source.speeds, "system.environments": source.environments, "system.capabilities": source.capabilities });
    return data;
  }

  /** §3.3.1 attack the targeted tokens with the natural weapons (attack/attack-flow.ts does the rest). */
  static async #onAttack(this: AnimalSheet, event: PointerEvent): Promise<void> {
    await quickAttack(this.actor, null, event);
  }

  /** The rows are the animal's numbers: a player's change goes to the Narrator's client (protected-submit.ts). */
  private async write(data: Record<string, unknown>): Promise<void> {
    await submitAsOwner(this.actor, data, (own) => this.actor.update(own).then(() => undefined));
  }

  static async #onAddRow(this: AnimalSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const list = target.dataset["list"];
    if (!isListKey(list)) return;
    const source = this.animal.toObject();
    switch (list) {
      case "speeds":
        await this.write({ system: { speeds: withRow(source.speeds, { mode: firstUnused(SPEED_MODES, source.speeds.map((s) => s.mode)), metres: 1 }) } });
        break;
      case "environments": {
        const environment = firstUnused(ANIMAL_ENVIRONMENTS, source.environments.map((e) => e.environment));
        await this.write({ system: { environments: withRow(source.environments, { environment, attack: null, defence: null, canAct: true }) } });
        break;
      }
      case "capabilities": {
        // Blank means "always"; the schema allows it (blank: true) but fvtt-types types only the choices.
        const always = "" as (typeof source.capabilities)[number]["condition"];
        await this.write({ system: { capabilities: withRow(source.capabilities, { key: "custom", label: "", bonus: 0, condition: always }) } });
        break;
      }
    }
  }

  static async #onRemoveRow(this: AnimalSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const list = target.dataset["list"];
    const index = Number(target.dataset["index"]);
    if (!isListKey(list) || !Number.isInteger(index)) return;
    const rows = this.animal.toObject()[list];
    await this.write({ system: { [list]: withoutRow<unknown>(rows, index, LISTS[list]) } });
  }
}
