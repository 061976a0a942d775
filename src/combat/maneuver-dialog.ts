/**
 * The small dialogs of the GeneSys turn: declaring a maneuver (§2.1.1, optionally held §2.1.2) and replacing or
 * cancelling it at execution (§2.1.2). The six maneuvers and their initiative come from MANEUVERS_INFO;
 * an animal's attack uses the maneuver of the animalAttackManeuver setting.
 */
import { CANCEL, MANEUVERS_INFO, MANEUVER_INITIATIVE, aimsAtTarget, canReplace, type ManeuverReplacement } from "../rules/maneuvers.js";
import { MANEUVERS, type ManeuverKey } from "../rules/types.js";
import { MANEUVER_ICONS, type I18n } from "./combat-view.js";
import { WeaponModel } from "../data/item/weapon.js";
import { preparationsNeeded, type PreparePurpose } from "../rules/preparation.js";
import { doneToward, type PrepareAim, type PreparingFlag } from "../documents/weapon-preparation.js";

export const MANEUVER_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/combat/maneuver-dialog.hbs";

export interface ManeuverChoice {
  /** The radio value: a maneuver key, "animalAttack" or "cancel". */
  value: string;
  maneuver: ManeuverKey | null;
  label: string;
  initiative: number | null;
  icon: string;
  hint: string;
  disabled: boolean;
  checked: boolean;
}

export const ANIMAL_ATTACK = "animalAttack";

/**
 * §2.2 the maneuvers a combatant may declare. For an animal the attack is the setting's maneuver: with
 * "execution" it is listed as an attack made with Esecuzione, at initiative 0.
 */
export function declarationChoices(animalAttack: ManeuverKey | null, i18n: I18n): ManeuverChoice[] {
  return MANEUVERS_INFO.map((info): ManeuverChoice => {
    const isAnimalAttack = animalAttack !== null && info.key === "attack";
    const maneuver = isAnimalAttack ? animalAttack : info.key;
    return {
      value: isAnimalAttack ? ANIMAL_ATTACK : info.key,
      maneuver,
      label: isAnimalAttack && maneuver !== "attack"
        ? i18n.format("GENESYS.Combat.AnimalAttack", { maneuver: i18n.localize(`GENESYS.Maneuver.${maneuver}`) })
        : i18n.localize(`GENESYS.Maneuver.${info.key}`),
      initiative: MANEUVER_INITIATIVE[maneuver],
      icon: MANEUVER_ICONS[info.key],
      hint: i18n.localize(`GENESYS.Combat.ManeuverHint.${info.key}`),
      disabled: false,
      checked: false,
    };
  });
}

/** §2.1.2 the replacements of a declared maneuver: higher initiative only (the others are shown, disabled), or cancel; none preselected. */
export function replacementChoices(current: ManeuverKey, i18n: I18n): ManeuverChoice[] {
  const maneuvers = MANEUVERS_INFO.map((info): ManeuverChoice => ({
    value: info.key,
    maneuver: info.key,
    label: i18n.localize(`GENESYS.Maneuver.${info.key}`),
    initiative: info.initiative,
    icon: MANEUVER_ICONS[info.key],
    hint: canReplace(current, info.key) ? i18n.localize(`GENESYS.Combat.ManeuverHint.${info.key}`) : i18n.format("GENESYS.Combat.NotHigher", { initiative: String(MANEUVER_INITIATIVE[current]) }),
    disabled: !canReplace(current, info.key),
    checked: false,
  }));
  // Nothing is chosen beforehand: a press of the default button must not cancel the maneuver by itself.
  const cancel: ManeuverChoice = {
    value: CANCEL,
    maneuver: null,
    label: i18n.localize("GENESYS.Combat.CancelManeuver"),
    initiative: null,
    icon: "fa-ban",
    hint: i18n.localize("GENESYS.Combat.CancelManeuverHint"),
    disabled: false,
    checked: false,
  };
  return [...maneuvers, cancel];
}

export interface DeclarationAnswer {
  maneuver: ManeuverKey;
  held: boolean;
  /** §2.2.4 the combatant a Focalizzazione aims at (its combatant id); absent when none was chosen. */
  target?: string;
  /** §2.2.6 the weapon a Preparazione draws or reloads; absent when none was chosen. */
  prepare?: PrepareAim;
}

/** A weapon a Preparazione may draw or reload (§2.2.6, A-08), as the declaration dialog lists it. */
export interface PrepareOption {
  /** `purpose:itemId`, the select's value. */
  value: string;
  label: string;
  aim: PrepareAim;
}

/**
 * §2.2.6 what a Preparazione may be declared for with this actor's weapons: drawing each one not ready, reloading each
 * magazine not full, with the count so far out of what it needs (the Narrator's client checks the choice again).
 */
export function prepareOptionsOf(actor: { items: Iterable<Item.Implementation> } | null, preparing: PreparingFlag | null, round: number, i18n: I18n): PrepareOption[] {
  const options: PrepareOption[] = [];
  for (const item of actor?.items ?? []) {
    const sys = item.system;
    if (!(sys instanceof WeaponModel) || !sys.active || item.id === null) continue;
    const mode = sys.active;
    const purposes: PreparePurpose[] = [];
    if (!sys.ready) purposes.push("draw");
    if (mode.magazine !== null && (sys.rounds ?? 0) < mode.magazine) purposes.push("reload");
    for (const purpose of purposes) {
      const aim = { itemId: item.id, purpose };
      const needed = preparationsNeeded(mode, purpose) ?? 1;
      const data = { weapon: item.name, done: String(doneToward(preparing, aim, round, needed)), needed: String(needed), rounds: String(sys.rounds ?? 0), magazine: String(mode.magazine ?? 0) };
      options.push({ value: `${purpose}:${item.id}`, label: i18n.format(`GENESYS.Combat.Prepare.Option.${purpose}`, data), aim });
    }
  }
  return options;
}

/** A combatant a Focalizzazione may aim at (§2.2.4 "a specific target"), as the declaration dialog lists it. */
export interface FocusTarget {
  /** The combatant's id: what the declaration records and the GM's client checks. */
  id: string;
  name: string;
  /** Preselected: the user targets its token. */
  selected: boolean;
}

/** Reads the dialog's form: the chosen radio, the hold box, and the focus target and weapon to prepare when they are among those offered. */
export function readManeuverForm(form: HTMLFormElement, choices: readonly ManeuverChoice[], targets: readonly FocusTarget[] = [], prepares: readonly PrepareOption[] = []): { choice: ManeuverChoice | null; held: boolean; target: string | null; prepare: PrepareAim | null } {
  const data = new FormData(form);
  const value = data.get("maneuver");
  const target = data.get("target");
  const prepare = data.get("prepare");
  return {
    choice: choices.find((c) => c.value === value && !c.disabled) ?? null,
    held: data.get("held") !== null,
    target: targets.find((t) => t.id === target)?.id ?? null,
    prepare: prepares.find((p) => p.value === prepare)?.aim ?? null,
  };
}

/** What the dialog reads of the user: the Narrator or not, and the tokens targeted (v13 User#targets, a Set of Tokens). */
export interface FocusViewer {
  isGM: boolean;
  targets: Iterable<{ actor: { uuid: string } | null }>;
}

/**
 * §2.2.4 whom `self` may aim a Focalizzazione at: the other combatants of its combat, those hidden from players left
 * out for a player (their presence is the Narrator's to reveal), the ones whose token the user targets preselected.
 */
export function focusTargetsOf(combat: Combat.Implementation, self: Combatant.Implementation, user: FocusViewer): FocusTarget[] {
  const targeted = new Set([...user.targets].flatMap((token) => (token.actor ? [token.actor.uuid] : [])));
  return combat.combatants.contents
    .filter((c) => c.id !== self.id && (user.isGM || !c.hidden))
    .map((c) => ({ id: c.id ?? "", name: c.name ?? "", selected: c.actor !== null && targeted.has(c.actor.uuid) }))
    .filter((t) => t.id !== "");
}

/**
 * Opens the dialog and resolves with whatever DialogV2.wait gives: the confirm button's callback result, or a button's
 * action string when the callback returns null or undefined (v13 DialogV2 resolves with `result ?? action`:
 * BeneosBattlemaps/beneos-module scripts/beneos_cloud.js), or null when it is closed. Callers check the shape.
 */
async function waitForChoice(title: string, context: Record<string, unknown>, confirm: string, read: (form: HTMLFormElement) => unknown): Promise<unknown> {
  const content = await foundry.applications.handlebars.renderTemplate(MANEUVER_DIALOG_TEMPLATE, context);
  // The types of DialogV2.wait are loose in 13.345.1 (V13-API §6.6): read the answer as unknown.
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title, icon: "fa-solid fa-person-running" },
    classes: ["genesys", "genesys-maneuver-dialog"],
    content,
    buttons: [
      { action: "ok", label: confirm, icon: "fa-solid fa-check", default: true, callback: (_event, button) => (button.form ? read(button.form) : null) },
      { action: "cancel", label: game.i18n.localize("GENESYS.Combat.Close"), icon: "fa-solid fa-xmark" },
    ],
  });
  return answer;
}

const isManeuver = (value: unknown): value is ManeuverKey => MANEUVERS.some((m) => m === value);

/** A declaration as the dialog answered it, or null for anything else: an action string, null, a stray value. */
function readDeclaration(answer: unknown): DeclarationAnswer | null {
  if (typeof answer !== "object" || answer === null) return null;
  // Any object: each field is read as unknown and checked on the next line.
  const { maneuver, held, target, prepare } = answer as Record<string, unknown>;
  if (!isManeuver(maneuver) || typeof held !== "boolean") return null;
  const declared: DeclarationAnswer = typeof target === "string" && target !== "" ? { maneuver, held, target } : { maneuver, held };
  const aim = readAim(prepare);
  return aim && maneuver === "preparation" ? { ...declared, prepare: aim } : declared;
}

function readAim(value: unknown): PrepareAim | null {
  if (typeof value !== "object" || value === null) return null;
  // Any object: each field is read as unknown and checked on the next line.
  const { itemId, purpose } = value as Record<string, unknown>;
  return typeof itemId === "string" && (purpose === "draw" || purpose === "reload") ? { itemId, purpose } : null;
}

/**
 * A replacement as the dialog answered it. The confirm callback wraps its choice in `{ replacement }`: the choice
 * "cancel" (cancel the maneuver) is spelled like the close button's action "cancel", and only the wrapper tells a
 * confirmed cancellation from a dismissed dialog.
 */
function readReplacement(answer: unknown): ManeuverReplacement | null {
  if (typeof answer !== "object" || answer === null) return null;
  // Any object: the field is read as unknown and checked on the next line.
  const { replacement } = answer as Record<string, unknown>;
  return replacement === CANCEL || isManeuver(replacement) ? replacement : null;
}

/**
 * Asks which maneuver to declare, for a Focalizzazione at whom (§2.2.4: one of `targets`, the field showing only
 * while it is the maneuver chosen; left blank, the attacker names the target when attacking), and for a Preparazione
 * which weapon it draws or reloads (§2.2.6: one of `prepares`, likewise; left blank, it prepares something else).
 * Null when closed.
 */
export async function promptDeclaration(name: string, animalAttack: ManeuverKey | null, targets: readonly FocusTarget[] = [], prepares: readonly PrepareOption[] = []): Promise<DeclarationAnswer | null> {
  const i18n = game.i18n;
  const choices = declarationChoices(animalAttack, i18n);
  const focus = targets.length === 0 ? null : { label: i18n.localize("GENESYS.Combat.FocusTarget"), none: i18n.localize("GENESYS.Combat.FocusTargetNone"), hint: i18n.localize("GENESYS.Combat.FocusTargetHint"), targets };
  const prepare = prepares.length === 0 ? null : { label: i18n.localize("GENESYS.Combat.Prepare.Label"), none: i18n.localize("GENESYS.Combat.Prepare.None"), options: prepares };
  const context = { choices, focus, prepare, hold: { label: i18n.localize("GENESYS.Combat.HoldBox"), hint: i18n.localize("GENESYS.Combat.HoldBoxHint") }, initiativeLabel: i18n.localize("GENESYS.Combat.Initiative") };
  const answer = await waitForChoice(i18n.format("GENESYS.Combat.DeclareTitle", { name }), context, i18n.localize("GENESYS.Combat.Control.Declare"), (form) => {
    const read = readManeuverForm(form, choices, targets, prepares);
    const maneuver = read.choice?.maneuver ?? null;
    if (!maneuver) return null;
    const declared: DeclarationAnswer = aimsAtTarget(maneuver) && read.target !== null ? { maneuver, held: read.held, target: read.target } : { maneuver, held: read.held };
    return maneuver === "preparation" && read.prepare ? { ...declared, prepare: read.prepare } : declared;
  });
  return readDeclaration(answer);
}

/** Asks for a replacement or a cancellation; null when the dialog is closed. */
export async function promptReplacement(name: string, current: ManeuverKey): Promise<ManeuverReplacement | null> {
  const i18n = game.i18n;
  const choices = replacementChoices(current, i18n);
  const context = { choices, hold: null, initiativeLabel: i18n.localize("GENESYS.Combat.Initiative") };
  const answer = await waitForChoice(i18n.format("GENESYS.Combat.ReplaceTitle", { name, maneuver: i18n.localize(`GENESYS.Maneuver.${current}`) }), context, i18n.localize("GENESYS.Combat.ReplaceConfirm"), (form) => {
    const { choice } = readManeuverForm(form, choices);
    if (!choice) return null;
    const replacement = choice.value === CANCEL ? CANCEL : (MANEUVERS.find((m) => m === choice.maneuver) ?? null);
    return replacement === null ? null : { replacement };
  });
  return readReplacement(answer);
}
