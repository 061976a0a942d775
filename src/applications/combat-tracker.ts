/**
 * The v13 sidebar combat tracker with the GeneSys turn: Foundry renders its own parts, then each combatant row
 * gets the declared maneuver, its state and the buttons of the declaration and execution phases, and the tracker
 * gets a banner with the phase and who declares next. There is no initiative roll, so its buttons are removed.
 */
import { animalAttackManeuver } from "../rules/advanced/animals.js";
import { rulesOptions } from "../settings/rules-settings.js";
import { GenesysCombat } from "../documents/combat.js";
import { isGenesysCombatant, type GenesysCombatant } from "../documents/combatant.js";
import { TRACKER_TEMPLATE, trackerView } from "./combat-view.js";
import { promptDeclaration, promptReplacement } from "./maneuver-dialog.js";

type CombatTrackerBase = foundry.applications.sidebar.tabs.CombatTracker;
const { CombatTracker } = foundry.applications.sidebar.tabs;

/** The GeneSys combat and combatant a tracker button belongs to. */
function targetOf(tracker: GenesysCombatTracker, target: HTMLElement): { combat: GenesysCombat; combatant: GenesysCombatant } | null {
  const combat = tracker.viewed;
  const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset["combatantId"] ?? target.dataset["genesysId"];
  if (!(combat instanceof GenesysCombat) || !id) return null;
  const combatant = combat.combatants.get(id);
  return isGenesysCombatant(combatant) ? { combat, combatant } : null;
}

export class GenesysCombatTracker extends CombatTracker {
  static override DEFAULT_OPTIONS = {
    actions: {
      genesysDeclare: GenesysCombatTracker.#onDeclare,
      genesysHold: GenesysCombatTracker.#onHold,
      genesysTrigger: GenesysCombatTracker.#onTrigger,
      genesysCancelHold: GenesysCombatTracker.#onCancelHold,
      genesysReplace: GenesysCombatTracker.#onReplace,
      genesysSurprise: GenesysCombatTracker.#onSurprise,
      genesysBeginExecution: GenesysCombatTracker.#onBeginExecution,
    },
  };

  protected override async _onRender(...args: Parameters<CombatTrackerBase["_onRender"]>): Promise<void> {
    await super._onRender(...args);
    const root = this.element;
    root.querySelectorAll("[data-action='rollInitiative'], [data-action='rollAll'], [data-action='rollNPC']").forEach((el) => {
      el.remove();
    });
    root.querySelectorAll(".genesys-combat-phase, .genesys-turn").forEach((el) => {
      el.remove();
    });
    const combat = this.viewed;
    if (!(combat instanceof GenesysCombat)) return;
    const html = await foundry.applications.handlebars.renderTemplate(TRACKER_TEMPLATE, trackerView(combat, game.user, game.i18n));
    const fragment = document.createElement("template");
    fragment.innerHTML = html;
    const banner = fragment.content.querySelector(".genesys-combat-phase");
    const list = root.querySelector(".combat-tracker");
    if (banner && list) list.before(banner);
    else if (banner) root.prepend(banner);
    fragment.content.querySelectorAll<HTMLElement>("[data-genesys-turn]").forEach((row) => {
      const li = root.querySelector(`[data-combatant-id="${row.dataset["genesysTurn"] ?? ""}"]`);
      if (!li) return;
      (li.querySelector(".token-name") ?? li).append(row);
    });
  }

  static async #onDeclare(this: GenesysCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const t = targetOf(this, target);
    if (!t) return;
    const animal = t.combatant.isAnimal ? animalAttackManeuver(rulesOptions()) : null;
    const answer = await promptDeclaration(t.combatant.name ?? "", animal);
    if (answer) await t.combat.declare(t.combatant, answer.maneuver, { held: answer.held });
  }

  static async #onHold(this: GenesysCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const t = targetOf(this, target);
    if (t) await t.combat.hold(t.combatant);
  }

  static async #onTrigger(this: GenesysCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const t = targetOf(this, target);
    if (t) await t.combat.trigger(t.combatant);
  }

  static async #onCancelHold(this: GenesysCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const t = targetOf(this, target);
    if (t) await t.combat.cancelHold(t.combatant);
  }

  static async #onReplace(this: GenesysCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const t = targetOf(this, target);
    const declared = t?.combatant.declarationFor(t.combat.round);
    if (!t || !declared) return;
    const replacement = await promptReplacement(t.combatant.name ?? "", declared.maneuver);
    if (replacement) await t.combat.replace(t.combatant, replacement);
  }

  static async #onSurprise(this: GenesysCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const t = targetOf(this, target);
    if (t) await t.combat.setSurprised(t.combatant, !t.combatant.surprised);
  }

  static async #onBeginExecution(this: GenesysCombatTracker): Promise<void> {
    const combat = this.viewed;
    if (combat instanceof GenesysCombat) await combat.nextTurn();
  }
}
