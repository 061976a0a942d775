/**
 * What the combat tracker shows for the GeneSys turn: the phase, who declares or acts next, and for each
 * combatant the declared maneuver (hidden from players for non-player combatants until execution), its state and
 * the buttons this user may press. Built from the combat's own state; rendered by templates/combat/tracker.hbs.
 */
import { ambushed } from "../documents/ambush-check.js";
import { executionValue } from "../rules/initiative.js";
import { MANEUVER_INITIATIVE } from "../rules/maneuvers.js";
import type { ManeuverKey } from "../rules/types.js";
import type { CombatPhase, GenesysCombat } from "../documents/combat.js";
import type { GenesysCombatant } from "../documents/combatant.js";
import { grappleLine } from "../grapple/grapple-effects.js";
import { allowanceOf } from "../documents/movement-allowance.js";
import { allowanceText, type AllowanceText } from "../format/movement-allowance.js";
import { preparationProgress, type PrepareAim } from "../documents/weapon-preparation.js";

export const TRACKER_TEMPLATE = "systems/genesys-gdr/templates/combat/tracker.hbs";

/** Font Awesome icon of each maneuver. */
export const MANEUVER_ICONS: Readonly<Record<ManeuverKey, string>> = {
  defence: "fa-shield-halved",
  attack: "fa-burst",
  execution: "fa-hand",
  focus: "fa-crosshairs",
  movement: "fa-person-running",
  preparation: "fa-hourglass-half",
};

export type I18n = { localize(key: string): string; format(key: string, data?: Record<string, string>): string; lang?: string };

export type TrackerAction = "genesysDeclare" | "genesysHold" | "genesysTrigger" | "genesysCancelHold" | "genesysReplace" | "genesysSurprise" | "genesysMovementCheck";

export interface TurnControl {
  action: TrackerAction;
  icon: string;
  /** The full wording: the tooltip, and the name of an icon-only button. */
  label: string;
  active: boolean;
  /** The button's visible word when this row must act now ("Dichiara", "Agisci ora"); null for an icon only. */
  text: string | null;
}

export interface TurnRow {
  id: string;
  css: string;
  maneuver: { key: ManeuverKey; label: string; icon: string; initiative: number; initiativeLabel: string; tooltip: string } | null;
  /** Something is declared but this user may not see it yet. */
  concealed: boolean;
  status: string | null;
  /** The labelled button of a row that must act now, first; then the icons of what else it may do. */
  actions: TurnControl[];
  controls: TurnControl[];
  /** What Foundry's initiative number of the row means here (its execution value), or null when it shows none. */
  order: { label: string; tooltip: string } | null;
  /** §2.3.7 who holds whom, when the combatant is in a grapple. */
  grapple?: string | null;
  /** §2.2.5 how far the declared Movimento goes, shown to whoever sees the maneuver. */
  movement: AllowanceText | null;
  /** §2.2.6 the weapon a declared Preparazione draws or reloads, with the count so far, shown to whoever sees the maneuver. */
  prepare?: string | null;
}

export type TrackerView = {
  phase: { key: CombatPhase; label: string; icon: string; hint: string } | null;
  /** The GM's button that closes the declaration phase early. */
  beginExecution: string | null;
  /** §3.2.1 the GM's ambush check for the combatants marked surprised, while the first turn lasts. */
  ambush: string | null;
  concealedLabel: string;
  rows: TurnRow[];
};

/** May this user see what the combatant declared? Its owners and the GM always; everyone once execution begins. */
export function declarationVisible(combatant: GenesysCombatant, phase: CombatPhase, user: { isGM: boolean }): boolean {
  return user.isGM || combatant.isOwner || !combatant.isNPC || phase === "execution";
}

function rowStatus(combat: GenesysCombat, c: GenesysCombatant, nextId: string | null, i18n: I18n, declaring: boolean): string | null {
  const round = combat.round;
  if (!c.conscious) return i18n.localize("GENESYS.Combat.Status.CannotAct");
  if (!c.canActInRound(round)) return i18n.localize("GENESYS.Combat.Status.Surprised");
  const d = c.declarationFor(round);
  if (d?.held && !d.triggered) return i18n.localize("GENESYS.Combat.Status.Holding");
  if (d?.held && d.triggered) return i18n.localize("GENESYS.Combat.Status.Triggered");
  // The row's own "Dichiara" button says it already; others read whose turn it is.
  if (combat.phase === "declaration") return c.id === nextId ? (declaring ? null : i18n.localize("GENESYS.Combat.Status.DeclaresNext")) : d ? null : i18n.localize("GENESYS.Combat.Status.ToDeclare");
  if (c.hasActed(round)) return i18n.localize("GENESYS.Combat.Status.Acted");
  if (!d) return i18n.localize("GENESYS.Combat.Status.NoManeuver");
  return combat.combatant?.id === c.id ? i18n.localize("GENESYS.Combat.Status.ActsNow") : null;
}

function rowControls(combat: GenesysCombat, c: GenesysCombatant, nextId: string | null, user: { isGM: boolean }, i18n: I18n): TurnControl[] {
  const round = combat.round;
  const phase = combat.phase;
  const controls: TurnControl[] = [];
  const add = (action: TrackerAction, icon: string, key: string, active = false, text: string | null = null): void => {
    controls.push({ action, icon, label: i18n.localize(key), active, text: text === null ? null : i18n.localize(text) });
  };
  if (user.isGM && round <= 1) add("genesysSurprise", "fa-exclamation", "GENESYS.Combat.Control.Surprise", c.surprised);
  if (!c.isOwner || !combat.started || !c.canActInRound(round)) return controls;
  const d = c.declarationFor(round);
  const current = combat.combatant?.id === c.id;
  if (phase === "declaration") {
    // The Narrator may declare for anyone; the word goes on the row whose turn it is to declare.
    if (!d?.held && (user.isGM || (!d && c.id === nextId))) add("genesysDeclare", "fa-comment", "GENESYS.Combat.Control.Declare", false, c.id === nextId ? "GENESYS.Combat.Control.DeclareNow" : null);
    if (d && !d.held) add("genesysHold", "fa-pause", "GENESYS.Combat.Control.Hold");
  } else {
    if (d?.held && !d.triggered) add("genesysTrigger", "fa-bolt", "GENESYS.Combat.Control.Trigger", false, "GENESYS.Combat.Control.TriggerNow");
    if (current && d && (!d.held || d.triggered) && !c.hasActed(round)) {
      if (!d.held) add("genesysHold", "fa-pause", "GENESYS.Combat.Control.Hold");
      add("genesysReplace", "fa-right-left", "GENESYS.Combat.Control.Replace");
    }
  }
  if (d?.held) add("genesysCancelHold", "fa-ban", "GENESYS.Combat.Control.CancelHold");
  // §2.2.5 the Narrator may ask a terrain check of a Movimento not yet done (its result counts this round only).
  if (user.isGM && d?.maneuver === "movement" && !c.hasActed(round)) add("genesysMovementCheck", "fa-person-falling", "GENESYS.Movement.Check.Ask", c.movementCheckFor(round) !== null);
  return controls;
}

/**
 * What Foundry's initiative number means once maneuvers run: §2.1.1 Riflessi + the slot maneuver's initiative (a
 * replacement keeps its slot, A-38); a triggered hold goes first whatever its number (§2.1.2).
 */
function orderOf(c: GenesysCombatant, round: number, i18n: I18n): TurnRow["order"] {
  const entry = c.executionEntry(round);
  if (!entry) return null;
  const label = i18n.localize("GENESYS.Combat.Order");
  if (entry.held) return { label, tooltip: i18n.localize("GENESYS.Combat.OrderHeld") };
  const initiative = MANEUVER_INITIATIVE[entry.maneuver];
  const data = { reflexes: String(entry.reflexes), initiative: String(initiative), value: String(executionValue(entry.reflexes, entry.maneuver)) };
  return { label, tooltip: i18n.format("GENESYS.Combat.OrderTooltip", data) };
}

/** §2.2.5 the Movimento allowance of the combatant's actor (its token's, when unlinked); null when it has none. */
function movementOf(actor: NonNullable<GenesysCombatant["actor"]>, i18n: I18n): AllowanceText | null {
  const allowance = allowanceOf(actor);
  return allowance ? allowanceText(allowance, i18n) : null;
}

/** §2.2.6 "Ricarica Pistola 1/3": the weapon, the purpose and the Preparations counted so far out of those it needs. */
function prepareLine(c: GenesysCombatant, aim: PrepareAim, i18n: I18n): string | null {
  const progress = preparationProgress(c.actor, aim, c.genesysFlags.preparing, c.combat?.round ?? 0);
  if (!progress) return null;
  return i18n.format(`GENESYS.Combat.Prepare.Row.${progress.purpose}`, { weapon: progress.weapon, done: String(progress.done), needed: String(progress.needed) });
}

/** The tracker's GeneSys part for one user. */
export function trackerView(combat: GenesysCombat, user: { isGM: boolean }, i18n: I18n): TrackerView {
  const phase = combat.phase;
  const started = combat.started;
  const nextId = started && phase === "declaration" ? combat.pendingDeclarers()[0]?.id ?? null : null;
  const nextName = nextId ? combat.combatants.get(nextId)?.name ?? "" : null;
  const hint = !started
    ? ""
    : phase === "declaration"
      ? nextName !== null ? i18n.format("GENESYS.Combat.Phase.NextDeclarer", { name: nextName }) : i18n.localize("GENESYS.Combat.Phase.AllDeclared")
      : i18n.localize("GENESYS.Combat.Phase.ExecutionHint");
  const rows = combat.genesysCombatants.map((c): TurnRow => {
    const d = c.declarationFor(combat.round);
    const visible = d !== null && declarationVisible(c, phase, user);
    const maneuver = d && visible
      ? {
          key: d.maneuver,
          label: i18n.localize(`GENESYS.Maneuver.${d.maneuver}`),
          icon: MANEUVER_ICONS[d.maneuver],
          initiative: MANEUVER_INITIATIVE[d.maneuver],
          initiativeLabel: i18n.localize("GENESYS.Combat.InitiativeShort"),
          tooltip: d.slot === d.maneuver
            ? i18n.format("GENESYS.Combat.ManeuverTooltip", { initiative: String(MANEUVER_INITIATIVE[d.maneuver]) })
            : i18n.format("GENESYS.Combat.ReplacedTooltip", { declared: i18n.localize(`GENESYS.Maneuver.${d.slot}`) }),
        }
      : null;
    const css = [
      "genesys-turn",
      d?.held ? (d.triggered ? "triggered" : "holding") : "",
      c.id === nextId ? "declares-next" : "",
      started && phase === "execution" && combat.combatant?.id === c.id && !c.hasActed(combat.round) ? "acts-now" : "",
      started && c.hasActed(combat.round) ? "acted" : "",
      started && !c.canActInRound(combat.round) ? "cannot-act" : "",
    ].filter((x) => x !== "").join(" ");
    const all = rowControls(combat, c, nextId, user, i18n);
    const actions = all.filter((b) => b.text !== null);
    return {
      id: c.id ?? "",
      css,
      maneuver,
      concealed: d !== null && !visible,
      status: started ? rowStatus(combat, c, nextId, i18n, actions.some((b) => b.action === "genesysDeclare")) : null,
      actions,
      controls: all.filter((b) => b.text === null),
      order: started && phase === "execution" ? orderOf(c, combat.round, i18n) : null,
      grapple: grappleLine(c.actor, i18n),
      movement: maneuver?.key === "movement" && c.actor ? movementOf(c.actor, i18n) : null,
      prepare: maneuver?.key === "preparation" && d?.prepare ? prepareLine(c, d.prepare, i18n) : null,
    };
  });
  return {
    phase: started
      ? {
          key: phase,
          label: i18n.format(`GENESYS.Combat.Phase.${phase}`, { round: String(combat.round) }),
          icon: phase === "declaration" ? "fa-comments" : "fa-play",
          hint,
        }
      : null,
    beginExecution: started && phase === "declaration" && user.isGM ? i18n.localize("GENESYS.Combat.Control.BeginExecution") : null,
    ambush: user.isGM && combat.round <= 1 && ambushed(combat).length > 0 ? i18n.format("GENESYS.Combat.Ambush.Ask", { count: String(ambushed(combat).length) }) : null,
    concealedLabel: i18n.localize("GENESYS.Combat.Concealed"),
    rows,
  };
}
