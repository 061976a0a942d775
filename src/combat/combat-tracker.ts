/**
 * The v13 sidebar combat tracker with the GeneSys turn: Foundry renders its own parts, then each combatant row
 * gets the declared maneuver, its state and the buttons of the declaration and execution phases, and the tracker
 * gets a banner with the phase and who declares next. There is no initiative roll, so its buttons are removed, and
 * so are the combatant menu's "Clear Initiative" and "Reroll Initiative": the initiative shown is the execution value
 * the rules give, which the next sync would write back (Draw Steel and cosmere-rpg drop the same two entries).
 */
import { animalAttackManeuver } from "../rules/advanced/animals.js";
import { rulesOptions } from "../settings/rules-settings.js";
import { GenesysCombat } from "../documents/combat.js";
import { isGenesysCombatant, type GenesysCombatant } from "../documents/combatant.js";
import { TRACKER_TEMPLATE, trackerView } from "./combat-view.js";
import { encounterOdds } from "../encounter/open-encounter-odds.js";
import { GenesysActor } from "../documents/actor.js";
import { lazily } from "../load/lazily.js";
import { guarded } from "../ui/guarded.js";
import { contextEntry, entryKey } from "../compat/context-menu.js";

/** The terrain check's request is the Narrator's: it loads on first use. */
const askMovementCheck = lazily(() => import("../request/movement-check-request.js"), "askMovementCheck");

/** A grapple loads with the first one started. */
const grappleFrom = lazily(() => import("../grapple/grapple-entry.js"), "grappleFrom");

type CombatTrackerBase = foundry.applications.sidebar.tabs.CombatTracker;
type ContextEntry = ReturnType<CombatTrackerBase["_getEntryContextOptions"]>[number];
const { CombatTracker } = foundry.applications.sidebar.tabs;

/**
 * Core's combatant entries that set or clear Foundry's initiative, found by name as in draw-steel
 * src/module/applications/sidebar/tabs/combat-tracker.mjs (13.351) and the-metalworks/cosmere-rpg's combat tracker.
 */
export const INITIATIVE_ENTRIES: ReadonlySet<string> = new Set(["COMBAT.CombatantClear", "COMBAT.CombatantReroll"]);

/** The GeneSys combat and combatant a tracker button belongs to. */
function targetOf(tracker: GenesysCombatTracker, target: HTMLElement): { combat: GenesysCombat; combatant: GenesysCombatant } | null {
  const combat = tracker.viewed;
  const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset["combatantId"] ?? target.dataset["genesysId"];
  if (!(combat instanceof GenesysCombat) || !id) return null;
  const combatant = combat.combatants.get(id);
  return isGenesysCombatant(combatant) ? { combat, combatant } : null;
}

/**
 * Foundry's initiative number of a row is the execution value (Riflessi + the maneuver's initiative): a caption above
 * it says so (styles/_combat.scss reads data-genesys-order), its tooltip how it was made. Core keeps the number in the
 * row's `.token-initiative`, the element dnd4e's v13 renderCombatTracker hook rewrites too.
 */
export function labelInitiative(li: Element, row: HTMLElement): void {
  const number = li.querySelector<HTMLElement>(".token-initiative");
  if (!number) return;
  const label = row.dataset["genesysOrder"];
  const tooltip = row.dataset["genesysOrderTooltip"];
  if (label === undefined || tooltip === undefined) {
    delete number.dataset["genesysOrder"];
    return;
  }
  number.dataset["genesysOrder"] = label;
  number.dataset["tooltip"] = tooltip;
  number.setAttribute("aria-label", tooltip);
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
      genesysMovementCheck: GenesysCombatTracker.#onMovementCheck,
      genesysBeginExecution: GenesysCombatTracker.#onBeginExecution,
      genesysEncounterOdds: GenesysCombatTracker.#onEncounterOdds,
      genesysAmbush: GenesysCombatTracker.#onAmbush,
    },
  };

  /**
   * The combatant context menu, which v13 builds from this method: core's entries without the initiative ones, and
   * the Narrator's "Clear declaration", sent as the GM action it is.
   */
  protected override _getEntryContextOptions(): ContextEntry[] {
    const combatantOf = (li: HTMLElement): { combat: GenesysCombat; combatant: GenesysCombatant } | null => targetOf(this, li);
    const entries = super._getEntryContextOptions().filter((entry) => !INITIATIVE_ENTRIES.has(entryKey(entry) ?? ""));
    entries.push(contextEntry({
      name: "GENESYS.Combat.Context.ClearDeclaration",
      icon: '<i class="fa-solid fa-eraser"></i>',
      condition: (li) => {
        const t = combatantOf(li);
        return game.user.isGM && t !== null && t.combat.started && t.combat.phase === "declaration" && t.combatant.declarationFor(t.combat.round) !== null;
      },
      callback: (li) => {
        const t = combatantOf(li);
        // A refusal is shown by the intent channel; a failure to reach the GM is logged, the menu has closed by then.
        t?.combat.clearDeclaration(t.combatant).catch((error: unknown) => {
          console.error("GeneSys | clearing a declaration failed", error);
        });
      },
    }));
    // §2.3.7 the row's owner grapples the targeted token from the row's token, or contests the hold it is in.
    const grappler = (li: HTMLElement): { actor: GenesysActor; combatant: GenesysCombatant } | null => {
      const t = combatantOf(li);
      const found: unknown = t?.combatant.actor;
      const actor: GenesysActor | null = found instanceof GenesysActor ? found : null;
      return t && actor?.isOwner ? { actor, combatant: t.combatant } : null;
    };
    entries.push(contextEntry({
      name: "GENESYS.Grapple.Button.Label",
      icon: '<i class="fa-solid fa-hand-fist"></i>',
      condition: (li) => grappler(li) !== null,
      callback: (li) => {
        const g = grappler(li);
        if (g) void guarded(null, () => grappleFrom(g.actor, {}, g.combatant.token));
      },
    }));
    return entries;
  }

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
    // The Narrator's "Encounter odds" button (issue 13) reads this combat's combatants.
    const odds = game.user.isGM ? game.i18n.localize("GENESYS.Odds.Open") : null;
    const html = await foundry.applications.handlebars.renderTemplate(TRACKER_TEMPLATE, { ...trackerView(combat, game.user, game.i18n), encounterOdds: odds });
    const fragment = document.createElement("template");
    fragment.innerHTML = html;
    const banner = fragment.content.querySelector(".genesys-combat-phase");
    const list = root.querySelector(".combat-tracker");
    if (banner && list) list.before(banner);
    else if (banner) root.prepend(banner);
    const oddsButton = fragment.content.querySelector(".genesys-combat-odds");
    if (oddsButton && list) list.before(oddsButton);
    else if (oddsButton) root.prepend(oddsButton);
    fragment.content.querySelectorAll<HTMLElement>("[data-genesys-turn]").forEach((row) => {
      const li = root.querySelector(`[data-combatant-id="${row.dataset["genesysTurn"] ?? ""}"]`);
      if (!li) return;
      (li.querySelector(".token-name") ?? li).append(row);
      labelInitiative(li, row);
    });
  }

  static async #onDeclare(this: GenesysCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const t = targetOf(this, target);
    if (!t) return;
    const animal = t.combatant.isAnimal ? animalAttackManeuver(rulesOptions()) : null;
    const dialog = await import("./maneuver-dialog.js"); // loads on its first use
    const prepares = dialog.prepareOptionsOf(t.combatant.actor, t.combatant.genesysFlags.preparing ?? null, t.combat.round, game.i18n);
    const answer = await dialog.promptDeclaration(t.combatant.name ?? "", animal, dialog.focusTargetsOf(t.combat, t.combatant, game.user), prepares);
    if (answer) await t.combat.declare(t.combatant, answer.maneuver, { held: answer.held, target: answer.target ?? null, prepare: answer.prepare ?? null });
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
    const replacement = await (await import("./maneuver-dialog.js")).promptReplacement(t.combatant.name ?? "", declared.maneuver);
    if (replacement) await t.combat.replace(t.combatant, replacement);
  }

  /** §2.2.5 the Narrator asks the row's owner for a terrain check of its Movimento: the request dialog, its actor asked. */
  static async #onMovementCheck(this: GenesysCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const t = targetOf(this, target);
    if (t) await askMovementCheck(t.combat, t.combatant);
  }

  static async #onSurprise(this: GenesysCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const t = targetOf(this, target);
    if (t) await t.combat.setSurprised(t.combatant, !t.combatant.surprised);
  }

  /** §3.2.1 the Narrator asks the combatants marked surprised for their Percezione check against the ambush. */
  static async #onAmbush(this: GenesysCombatTracker): Promise<void> {
    const combat = this.viewed;
    if (combat instanceof GenesysCombat) await (await import("../request/ambush-check-request.js")).askAmbushCheck(combat);
  }

  static async #onEncounterOdds(this: GenesysCombatTracker): Promise<void> {
    const combat = this.viewed;
    if (combat instanceof GenesysCombat && combat.id) await encounterOdds({ from: combat.id });
  }

  static async #onBeginExecution(this: GenesysCombatTracker): Promise<void> {
    const combat = this.viewed;
    if (combat instanceof GenesysCombat) await combat.nextTurn();
  }
}
