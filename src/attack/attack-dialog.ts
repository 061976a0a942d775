/**
 * The dialogs of the attack flow (DialogV2): the attack's modifiers with the hit chance per target (§2.3),
 * the defender's roll (§2.3.3), and the Narrator's difficulty for a static or unaware target (§2.3.5).
 * Modifiers and odds come only from src/rules, through attack/attack-roll.ts; these functions read forms and lay out.
 */
import { asForm } from "../compat/dom.js";
import { type Localizer } from "../check/genesys-roll.js";
import { percent, signed } from "../format/numbers.js";
import { formatCount, type CountLocalizer } from "../format/plural.js";
import { availableRolls, defaultAnswer, specifyAttack, trackerDecidesFocus, type AttackAnswer, type AttackPlan } from "./attack-roll.js";
import { focusedTargets } from "../rules/maneuver-effects.js";
import { DIVE_DEFENCE_BONUS, defenceManeuverBonus, focusBonus } from "../rules/maneuvers.js";
import { ANIMAL_ENVIRONMENTS, type AnimalEnvironment } from "../rules/advanced/animals.js";
import { ADVANTAGE_KEYS, ADVANTAGE_POSITIONS, playerMayClaim, AIMED_AREAS, ARMOUR_BYPASS_PENALTY_RANGE, STATIC_TARGET_KEYS, STATIC_TARGETS, WEAPON_SIZES, type AdvantageKey, type AimedArea, type WeaponSize } from "../rules/attack.js";
import { partLabel } from "../effects/check-effects.js";
import type { SourcedPart } from "../effects/effect-math.js";
import type { RulesOptions } from "../rules/options.js";
import { type FormValues, readForm } from "../ui/read-form.js";
import { COVER, DEFENCE_ADVANTAGES, type DefencePlan, type DefenceAnswer } from "./defence-answer.js";

export const ATTACK_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/attack-dialog.hbs";
export const DEFENCE_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/defence-dialog.hbs";
export const STATIC_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/static-target.hbs";

const text = (v: FormValues, key: string): string => {
  const x = v[key];
  return typeof x === "string" ? x : "";
};
const box = (v: FormValues, key: string): boolean => v[key] === true;

/** "−2" with a real minus, "+3", "" (= fallback): a number, NaN when it is not one. */
function num(raw: string, fallback: number): number {
  const clean = raw.trim().replace(/\u2212/g, "-");
  return clean === "" ? fallback : Number(clean);
}
function numOrNull(raw: string): number | null {
  const clean = raw.trim().replace(/\u2212/g, "-");
  return clean === "" ? null : Number(clean);
}

function oneOfOr<T extends string>(value: string, choices: readonly T[], fallback: T): T {
  return (choices as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** §2.3.4 the advantage rows that help an attack roll (cover only helps the defence). */
export const ATTACK_ADVANTAGES: readonly AdvantageKey[] = ADVANTAGE_KEYS.filter((k) => ADVANTAGE_POSITIONS[k].appliesTo === "both");

/** The attack form read into an answer; numbers stay as typed (specifyAttack refuses what is not usable). */
export function parseAttackForm(values: FormValues, plan: AttackPlan): AttackAnswer {
  const base = defaultAnswer(plan);
  const aimedArea = oneOfOr<AimedArea>(text(values, "aimedArea"), AIMED_AREAS, "trunk");
  const bypass = text(values, "bypassArmour");
  const environment = text(values, "environment");
  // With one target there is nothing to choose: the chooser is not shown and the target is attacked.
  const choosing = plan.targets.length > 1;
  return {
    ...base,
    rolls: num(text(values, "rolls"), base.rolls),
    targets: plan.targets.map((_, i) => ({
      distance: numOrNull(text(values, `distance.${String(i)}`)),
      prone: box(values, `prone.${String(i)}`),
      focus: box(values, `focus.${String(i)}`),
      chosen: !choosing || box(values, `chosen.${String(i)}`),
    })),
    advantages: ATTACK_ADVANTAGES.filter((k) => box(values, `advantage.${k}`)),
    focus: false,
    aimedArea,
    weaponSize: aimedArea === "weapon" ? oneOfOr<WeaponSize>(text(values, "weaponSize"), WEAPON_SIZES, "medium") : null,
    bypassArmour: bypass === "" || aimedArea === "weapon" ? null : num(bypass, 0),
    twoWeapons: box(values, "twoWeapons"),
    bothWeaponsMultiple: box(values, "twoWeapons") && box(values, "bothWeaponsMultiple"),
    arcDegrees: num(text(values, "arcDegrees"), 0),
    desperateAggression: box(values, "desperateAggression"),
    environment: (ANIMAL_ENVIRONMENTS as readonly string[]).includes(environment) ? (environment as AnimalEnvironment) : null,
    modifier: num(text(values, "modifier"), 0),
    override: numOrNull(text(values, "override")),
    blind: box(values, "blind"),
  };
}

/** The live part of the attack dialog: the hit chance per target, or why the attack cannot be made as filled in. */
export interface AttackPreview {
  chances: ChanceCell[];
  error: string | null;
}

/** A target's hit chance as the dialog shows it: the percentage, and on a second line what it is made of. */
export interface ChanceCell {
  hit: string;
  detail: string;
}

const NO_CHANCE: ChanceCell = { hit: "—", detail: "" };

export function attackPreview(plan: AttackPlan, answer: AttackAnswer, options: Partial<RulesOptions>, isGM: boolean, i18n: Localizer): AttackPreview {
  const spec = specifyAttack(plan, answer, options, isGM);
  if (!spec.ok) return { chances: plan.targets.map(() => NO_CHANCE), error: i18n.format(spec.refusal.warning, spec.refusal.data) };
  const chances = plan.targets.map((_, i): ChanceCell => {
    const row = spec.value.rows.find((r) => r.targetIndex === i);
    if (!row?.chance) return NO_CHANCE;
    const bonus = signed(row.bonus - spec.value.grade.value);
    const detail = row.chance.grazing > 0
      ? i18n.format("GENESYS.Attack.Dialog.ChanceGrazing", { grazing: percent(row.chance.grazing), bonus })
      : i18n.format("GENESYS.Attack.Dialog.ChanceLine", { bonus });
    return { hit: percent(row.chance.hit), detail };
  });
  return { chances, error: null };
}

type Option = { value: string; label: string; selected: boolean };

export type AttackDialogContext = {
  weapon: string;
  grade: string;
  showRolls: boolean;
  maxAttacks: number;
  /** The rolls the weapon can make now (availableRolls): the most targets the chooser lets through. */
  maxRolls: number;
  rolls: number;
  magazine: string | null;
  showArc: boolean;
  arc: number;
  arcFromScene: boolean;
  blind: boolean;
  environments: Option[] | null;
  /** More targets than one: the attacker ticks which ones the rolls go to, no more than `limit`. */
  chooser: { limit: number; hint: string } | null;
  targets: {
    index: number;
    name: string;
    distance: string;
    prone: boolean;
    /** The token decides (a player's tick would be replaced on the Narrator's client). */
    proneLocked: boolean;
    focus: boolean;
    /** The combat tracker decides the Focalizzazione (card-intents.ts takes it over a player's tick). */
    focusLocked: boolean;
    chosen: boolean;
    chance: ChanceCell;
    defence: string;
    /** What the tracker and the token say of this target, each with where it comes from. */
    notes: string[];
  }[];
  /** What the tracker says of the attacker's Focalizzazione that no target row shows. */
  trackerNotes: string[];
  /** The attacker's effects and fever on every roll, one source a line ("Anello +1", "Febbre −5"). */
  effects: EffectLine[];
  aimedAreas: Option[];
  weaponSizes: Option[];
  bypass: Option[];
  advantages: { key: string; label: string }[];
  isGM: boolean;
  ranged: boolean;
  error: string | null;
  labels: Record<string, string>;
};

const LABELS = [
  "Targets", "Distance", "Prone", "Chance", "Defence", "Rolls", "Arc", "ArcFromScene", "Environment", "AimedArea", "WeaponSize", "BypassArmour",
  "Advantages", "ClaimNote", "Focus", "FocusShort", "Choose", "TwoWeapons", "BothWeaponsMultiple", "ArcTwoWeapons", "DesperateAggression", "Modifier", "Override", "OverrideHint", "Blind", "Magazine",
  "DistanceHint",
] as const;

/** One effect's line in a dialog: its source and signed value. */
export interface EffectLine {
  label: string;
  value: string;
}

/** The lines of these effects' parts, worded as the check dialog words them. */
export function effectLines(parts: readonly SourcedPart[], i18n: Localizer): EffectLine[] {
  return parts.filter((p) => p.value !== 0).map((p) => ({ label: partLabel(p, (k) => i18n.localize(k)), value: signed(p.value) }));
}

/** "Difesa in corso +4 (from the combat tracker)": a pre-filled value with where it comes from. */
function sourced(i18n: Localizer, note: string, source: "tracker" | "token"): string {
  return `${note} (${i18n.localize(source === "tracker" ? "GENESYS.Attack.Dialog.FromTracker" : "GENESYS.Attack.Dialog.FromToken")})`;
}

/** What the tracker says of the attacker's Focalizzazione (§2.2.4), per target and for the dialog as a whole. */
function focusNotes(plan: AttackPlan, i18n: Localizer): { perTarget: string[][]; general: string[] } {
  const perTarget = plan.targets.map((): string[] => []);
  const focus = plan.tracker?.focus ?? null;
  if (!focus) return { perTarget, general: [] };
  const value = { value: signed(focusBonus(plan.perception)) };
  if (focus.target === null) return { perTarget, general: [sourced(i18n, i18n.format("GENESYS.Attack.Dialog.Tracked.FocusUnrecorded", value), "tracker")] };
  const aimed = focusedTargets(focus, plan.targets.map((t) => ({ ids: t.ids, claimed: false })));
  aimed.forEach((on, i) => {
    if (on) perTarget[i]?.push(sourced(i18n, i18n.format("GENESYS.Attack.Dialog.Tracked.Focus", value), "tracker"));
  });
  return { perTarget, general: aimed.includes(true) ? [] : [sourced(i18n, i18n.localize("GENESYS.Attack.Dialog.Tracked.FocusElsewhere"), "tracker")] };
}

/** What the dialog opens with besides the plan's defaults (the blind key ticks "blind"). */
export interface AttackDialogPreset {
  blind?: boolean;
}

export function attackDialogContext(plan: AttackPlan, options: Partial<RulesOptions>, isGM: boolean, i18n: CountLocalizer, preset: AttackDialogPreset = {}): AttackDialogContext {
  const answer = defaultAnswer(plan);
  const preview = attackPreview(plan, answer, options, isGM, i18n);
  const opt = (value: string, label: string, selected: boolean): Option => ({ value, label, selected });
  const focus = focusNotes(plan, i18n);
  const limit = availableRolls(plan);
  return {
    weapon: plan.weaponName,
    grade: `${plan.grade.label} ${String(plan.grade.value)}`,
    showRolls: plan.maxAttacks > 1,
    maxAttacks: plan.maxAttacks,
    maxRolls: limit,
    rolls: answer.rolls,
    magazine: plan.magazine === null ? null : String(plan.magazine),
    showArc: plan.targets.length > 1,
    arc: answer.arcDegrees,
    // §3.2.3 a player's arc is the tokens' where they stand (card-intents.ts sceneArc): said before they type one.
    arcFromScene: !isGM && plan.targets.some((t) => t.bearing !== null),
    blind: preset.blind === true,
    chooser: plan.targets.length > 1
      ? { limit, hint: i18n.format("GENESYS.Attack.Dialog.ChooseTargets", { rolls: formatCount(i18n, "GENESYS.Count.Rolls", limit) }) }
      : null,
    environments: plan.environments.length > 1
      ? plan.environments.map((e) => opt(e.key ?? "", e.key === null ? i18n.localize("GENESYS.Attack.Dialog.UsualEnvironment") : i18n.localize(`GENESYS.AnimalEnvironment.${e.key}`), e.key === null))
      : null,
    targets: plan.targets.map((t, index) => ({
      index,
      name: t.name,
      distance: t.distance === null ? "" : String(Math.round(t.distance * 10) / 10),
      prone: t.prone,
      // §2.3.5 an object lies nowhere: prone is a person's.
      proneLocked: !isGM || t.actorUuid === null,
      focus: answer.targets[index]?.focus === true,
      focusLocked: !isGM && trackerDecidesFocus(plan),
      chosen: answer.targets[index]?.chosen !== false,
      chance: preview.chances[index] ?? NO_CHANCE,
      defence: t.defence ? `${t.defence.label} ${String(t.defence.grade)}` : "—",
      notes: [
        ...(t.actorUuid === null ? [i18n.localize("GENESYS.Attack.Object.Hint")] : []),
        ...(focus.perTarget[index] ?? []),
        ...(t.prone ? [sourced(i18n, i18n.localize("GENESYS.Attack.Dialog.Tracked.Prone"), "token")] : []),
        // §2.3.7 the hold's advantage row counts for this target whatever is ticked (rules/grapple.ts withGrappleAdvantage).
        ...(t.grapple ? [sourced(i18n, i18n.format("GENESYS.Grapple.AttackNote", { row: i18n.localize(`GENESYS.Attack.Advantage.${t.grapple}`), value: signed(ADVANTAGE_POSITIONS[t.grapple].bonus) }), "token")] : []),
        ...(t.defence?.modifiers ?? []).map((m) => sourced(i18n, i18n.format(`GENESYS.Attack.Dialog.Tracked.${m.key}`, { value: signed(m.value) }), m.source)),
        ...effectLines(t.defence?.effects ?? [], i18n).map((e) => i18n.format("GENESYS.Attack.Dialog.DefenceEffect", { source: e.label, value: e.value })),
      ],
    })),
    trackerNotes: focus.general,
    effects: effectLines(plan.effects, i18n),
    aimedAreas: AIMED_AREAS.map((a) => opt(a, i18n.localize(`GENESYS.Attack.Area.${a}`), a === "trunk")),
    weaponSizes: WEAPON_SIZES.map((s) => opt(s, i18n.localize(`GENESYS.Attack.Size.${s}`), s === "medium")),
    bypass: [
      opt("", i18n.localize("GENESYS.Attack.Dialog.NoBypass"), true),
      ...Array.from({ length: ARMOUR_BYPASS_PENALTY_RANGE.mildest - ARMOUR_BYPASS_PENALTY_RANGE.harshest + 1 }, (_, i) => {
        const v = ARMOUR_BYPASS_PENALTY_RANGE.mildest - i;
        return opt(String(v), signed(v), false);
      }),
    ],
    // A player's dialog offers only the rows their word may claim (playerMayClaim): a grapple's come from the hold.
    advantages: ATTACK_ADVANTAGES.filter((k) => isGM || playerMayClaim(k)).map((k) => ({ key: k, label: `${i18n.localize(`GENESYS.Attack.Advantage.${k}`)} (${signed(ADVANTAGE_POSITIONS[k].bonus)})` })),
    isGM,
    ranged: plan.kind === "ranged",
    error: preview.error,
    labels: Object.fromEntries(LABELS.map((k) => [k, i18n.localize(`GENESYS.Attack.Dialog.${k}`)])),
  };
}

function dialogForm(root: HTMLElement): HTMLFormElement | null {
  return asForm(root) ?? root.querySelector("form");
}

/** Opens the attack dialog; the answer, or null when it is closed. */
export async function promptAttack(plan: AttackPlan, options: Partial<RulesOptions>, preset: AttackDialogPreset = {}): Promise<AttackAnswer | null> {
  const isGM = game.user.isGM;
  const content = await foundry.applications.handlebars.renderTemplate(ATTACK_DIALOG_TEMPLATE, attackDialogContext(plan, options, isGM, game.i18n, preset));
  // DialogV2.wait is loosely typed in 13.345.1 (V13-API §6.6): read the answer as unknown and check it.
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("GENESYS.Attack.Dialog.Title", { weapon: plan.weaponName }), icon: "fa-solid fa-crosshairs" },
    classes: ["genesys", "genesys-attack-dialog"],
    // Wide enough for the target table with its chooser and Focalizzazione columns.
    position: { width: 600 },
    content,
    buttons: [
      {
        action: "attack",
        label: game.i18n.localize("GENESYS.Attack.Dialog.Roll"),
        icon: "fa-solid fa-dice",
        default: true,
        callback: (_event, button) => (button.form ? parseAttackForm(readForm(button.form), plan) : null),
      },
      { action: "cancel", label: game.i18n.localize("GENESYS.Check.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    render: (_event, dialog) => {
      const form = dialogForm(dialog.element);
      if (!form) return;
      const update = (): void => {
        const values = readForm(form);
        const p = attackPreview(plan, parseAttackForm(values, plan), options, isGM, game.i18n);
        p.chances.forEach((c, i) => {
          const cell = form.querySelector(`[data-chance="${String(i)}"]`);
          const hit = cell?.querySelector("[data-hit]");
          const detail = cell?.querySelector("[data-detail]");
          if (hit) hit.textContent = c.hit;
          if (detail) detail.textContent = c.detail;
        });
        const error = form.querySelector<HTMLElement>("[data-error]");
        if (error) {
          error.textContent = p.error ?? "";
          error.toggleAttribute("hidden", p.error === null);
        }
        form.querySelector<HTMLElement>("[data-weapon-size]")?.toggleAttribute("hidden", values["aimedArea"] !== "weapon");
        // §3.2.4 with two weapons the arc between their targets counts even for a single target here.
        const twoWeapons = box(values, "twoWeapons");
        form.querySelector<HTMLElement>("[data-both-weapons]")?.toggleAttribute("hidden", !twoWeapons);
        form.querySelector<HTMLElement>("[data-arc]")?.toggleAttribute("hidden", !(plan.targets.length > 1 || twoWeapons));
        form.querySelector<HTMLElement>("[data-arc-two-weapons]")?.toggleAttribute("hidden", !twoWeapons);
        limitChoices(form, plan);
      };
      form.addEventListener("input", update);
      form.addEventListener("change", update);
      update();
    },
    rejectClose: false,
  });
  return isAttackAnswer(answer) ? answer : null;
}

/**
 * §3.2.3 the target chooser never lets more targets through than there are rolls: once as many are ticked, the others
 * are closed until one is unticked. An unchosen target needs no distance.
 */
export function limitChoices(form: HTMLFormElement, plan: AttackPlan): void {
  const limit = chooserLimit(readForm(form), plan);
  const boxes = plan.targets.map((_, i) => form.querySelector<HTMLInputElement>(`input[name="chosen.${String(i)}"]`));
  const ticked = boxes.filter((b) => b?.checked === true).length;
  boxes.forEach((b, i) => {
    if (!b) return;
    b.disabled = !b.checked && ticked >= limit;
    const distance = form.querySelector<HTMLInputElement>(`input[name="distance.${String(i)}"]`);
    if (distance) distance.required = plan.kind === "ranged" && b.checked;
  });
}

/** How many targets may be ticked: the rolls asked for (when the weapon makes several), never more than it can make. */
export function chooserLimit(values: FormValues, plan: AttackPlan): number {
  const most = availableRolls(plan);
  const asked = num(text(values, "rolls"), most);
  return Number.isInteger(asked) && asked >= 1 ? Math.min(asked, most) : most;
}

/**
 * What the attack button's callback returns (parseAttackForm). DialogV2 resolves with the button's action string when
 * a callback gives null (BeneosBattlemaps/beneos-module scripts/beneos_cloud.js), and null when closed: neither is
 * an answer. Numbers may be NaN as typed; specifyAttack refuses those with a warning, so only the shape is checked.
 */
function isAttackAnswer(value: unknown): value is AttackAnswer {
  if (typeof value !== "object" || value === null) return false;
  // Any object: the fields that tell an answer apart are read as unknown and checked here.
  const { rolls, targets, aimedArea, advantages } = value as Record<string, unknown>;
  return typeof rolls === "number" && Array.isArray(targets) && typeof aimedArea === "string" && Array.isArray(advantages);
}

// ───────────────────────── defence ─────────────────────────

export function parseDefenceForm(values: FormValues, plan: DefencePlan): DefenceAnswer {
  return {
    choice: text(values, "choice") || (plan.choices[0]?.value ?? ""),
    grade: numOrNull(text(values, "grade")),
    maneuver: box(values, "maneuver"),
    dive: box(values, "dive"),
    cover: oneOfOr(text(values, "cover"), COVER, "none"),
    advantages: DEFENCE_ADVANTAGES.filter((k) => box(values, `advantage.${k}`)),
    surprised: box(values, "surprised"),
    opponentProne: box(values, "opponentProne"),
    modifier: num(text(values, "modifier"), 0),
  };
}

/** One yes/no choice of the defence dialog: pre-filled, locked for a player where the tracker or the token decides. */
export interface DefenceFlag {
  name: "maneuver" | "dive" | "surprised" | "opponentProne";
  label: string;
  checked: boolean;
  disabled: boolean;
  /** Where the pre-filled value comes from, or why the choice is closed. */
  note: string | null;
}

/**
 * §2.2.1/§3.2.1/§3.2.2 the defence dialog's yes/no choices, pre-filled from the tracker and the tokens. A player cannot
 * change what the Narrator's client would put back (card-intents.ts onDefend); the Narrator can change anything.
 */
export function defenceFlags(plan: DefencePlan, isGM: boolean, i18n: Localizer): DefenceFlag[] {
  const from = (source: "tracker" | "token"): string => `(${i18n.localize(source === "tracker" ? "GENESYS.Attack.Dialog.FromTracker" : "GENESYS.Attack.Dialog.FromToken")})`;
  const label = (key: string): string => i18n.localize(`GENESYS.Attack.Dialog.${key}`);
  const tracker = plan.tracker ?? null;
  const attackerProne = plan.attackerProne === true;
  return [
    {
      name: "maneuver",
      label: `${label("Maneuver")} (${signed(defenceManeuverBonus(plan.dexterity))})`,
      checked: tracker?.defenceManeuver === true,
      disabled: !isGM && tracker !== null,
      note: tracker ? from("tracker") : null,
    },
    {
      name: "dive",
      label: `${label("Dive")} (${signed(DIVE_DEFENCE_BONUS)})`,
      checked: false,
      disabled: !isGM && tracker !== null && !tracker.dive,
      note: tracker && !tracker.dive ? `${label("DiveNeedsDefence")} ${from("tracker")}` : null,
    },
    {
      name: "surprised",
      label: label("Surprised"),
      checked: plan.surprised,
      disabled: !isGM && plan.surprised,
      note: plan.surprisedBy ? from(plan.surprisedBy) : null,
    },
    {
      name: "opponentProne",
      label: label("OpponentProne"),
      checked: plan.opponentProne === true,
      disabled: !isGM && !attackerProne,
      note: attackerProne ? `${label("AttackerProne")} ${from("token")}` : null,
    },
  ];
}

export function defenceDialogContext(plan: DefencePlan, i18n: Localizer, isGM = false) {
  return {
    target: plan.targetName,
    attackTotal: plan.attackTotal === null ? null : String(plan.attackTotal),
    choices: plan.choices.map((c, i) => ({ value: c.value, label: c.grade === null ? c.label : `${c.label} (${String(c.grade)})`, selected: i === 0 })),
    // Per choice, as a characteristic's effects differ from one to the next; the one of the chosen shows (bindDefenceEffects).
    effects: plan.choices.flatMap((c, i) => {
      const lines = effectLines(c.effects ?? [], i18n);
      return lines.length === 0 ? [] : [{ choice: c.value, lines, selected: i === 0 }];
    }),
    needsGrade: plan.choices[0]?.grade === null,
    condition: plan.conditionPenalty === 0 ? null : signed(plan.conditionPenalty),
    flags: defenceFlags(plan, isGM, i18n),
    isGM,
    cover: COVER.map((c) => ({ value: c, label: c === "none" ? i18n.localize("GENESYS.Attack.Dialog.NoCover") : `${i18n.localize(`GENESYS.Attack.Advantage.${c}`)} (${signed(ADVANTAGE_POSITIONS[c].bonus)})` })),
    advantages: DEFENCE_ADVANTAGES.filter((k) => isGM || playerMayClaim(k)).map((k) => ({ key: k, label: `${i18n.localize(`GENESYS.Attack.Advantage.${k}`)} (${signed(ADVANTAGE_POSITIONS[k].bonus)})` })),
    labels: Object.fromEntries(
      ["DefendWith", "Grade", "Cover", "Advantages", "ClaimNote", "Modifier", "Condition", "AttackTotal"].map((k) => [k, i18n.localize(`GENESYS.Attack.Dialog.${k}`)]),
    ),
  };
}

/** Only the effects of the grade chosen to defend with show (defenceDialogContext lists each choice's). */
export function bindDefenceEffects(root: HTMLElement): void {
  const form = asForm(root) ?? root.querySelector("form");
  const select = form?.querySelector<HTMLSelectElement>("select[name='choice']");
  if (!form || !select) return;
  const update = (): void => {
    for (const list of Array.from(form.querySelectorAll<HTMLElement>("[data-effects-for]"))) list.toggleAttribute("hidden", list.dataset["effectsFor"] !== select.value);
  };
  select.addEventListener("change", update);
  update();
}

/** Opens the defence dialog; the answer, or null when it is closed. */
export async function promptDefence(plan: DefencePlan): Promise<DefenceAnswer | null> {
  const content = await foundry.applications.handlebars.renderTemplate(DEFENCE_DIALOG_TEMPLATE, defenceDialogContext(plan, game.i18n, game.user.isGM));
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("GENESYS.Attack.Dialog.DefenceTitle", { target: plan.targetName }), icon: "fa-solid fa-shield-halved" },
    classes: ["genesys", "genesys-attack-dialog"],
    content,
    buttons: [
      {
        action: "defend",
        label: game.i18n.localize("GENESYS.Attack.Button.defend"),
        icon: "fa-solid fa-dice",
        default: true,
        callback: (_event, button) => (button.form ? parseDefenceForm(readForm(button.form), plan) : null),
      },
      { action: "cancel", label: game.i18n.localize("GENESYS.Check.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    render: (_event, dialog) => {
      bindDefenceEffects(dialog.element);
    },
    rejectClose: false,
  });
  return isDefenceAnswer(answer) ? answer : null;
}

/**
 * What the defend button's callback returns (parseDefenceForm); an action string (a callback that gave null) or null
 * (closed) is no answer. The modifier may be NaN as typed: defenceSetup refuses it, so only the shape is checked.
 */
function isDefenceAnswer(value: unknown): value is DefenceAnswer {
  if (typeof value !== "object" || value === null) return false;
  // Any object: the fields that tell an answer apart are read as unknown and checked here.
  const { choice, cover, advantages, modifier } = value as Record<string, unknown>;
  return typeof choice === "string" && typeof cover === "string" && (COVER as readonly string[]).includes(cover) && Array.isArray(advantages) && typeof modifier === "number";
}

// ───────────────────────── static target ─────────────────────────

/** §2.3.5 the Narrator's difficulty for a target that makes no defence roll: a table row or another number. */
export function parseStaticForm(values: FormValues): number | null {
  const row = text(values, "row");
  if (row === "custom") {
    const n = numOrNull(text(values, "custom"));
    return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
  }
  return (STATIC_TARGET_KEYS as readonly string[]).includes(row) ? STATIC_TARGETS[row as (typeof STATIC_TARGET_KEYS)[number]] : null;
}

export function staticDialogContext(targetName: string, i18n: Localizer) {
  return {
    target: targetName,
    hint: i18n.localize("GENESYS.Attack.Dialog.StaticHint"),
    rows: [
      ...STATIC_TARGET_KEYS.map((k) => ({ value: k, label: `${i18n.localize(`GENESYS.Attack.Static.${k}`)} (${String(STATIC_TARGETS[k])})`, selected: k === "medium" })),
      { value: "custom", label: i18n.localize("GENESYS.Attack.Dialog.Custom"), selected: false },
    ],
    labels: { difficulty: i18n.localize("GENESYS.Attack.Dialog.Difficulty"), custom: i18n.localize("GENESYS.Attack.Dialog.Custom") },
  };
}

/** The custom difficulty shows only when "custom" is the chosen row (the select's other rows carry their number). */
export function bindStaticCustom(root: HTMLElement): void {
  const form = asForm(root) ?? root.querySelector("form");
  const select = form?.querySelector<HTMLSelectElement>("select[name='row']");
  const custom = form?.querySelector<HTMLElement>("[data-custom]");
  if (!select || !custom) return;
  const update = (): void => {
    custom.toggleAttribute("hidden", select.value !== "custom");
  };
  select.addEventListener("change", update);
  update();
}

export async function promptStatic(targetName: string): Promise<number | null> {
  const content = await foundry.applications.handlebars.renderTemplate(STATIC_DIALOG_TEMPLATE, staticDialogContext(targetName, game.i18n));
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("GENESYS.Attack.Dialog.StaticTitle", { target: targetName }), icon: "fa-solid fa-bullseye" },
    classes: ["genesys", "genesys-attack-dialog"],
    content,
    buttons: [
      { action: "ok", label: game.i18n.localize("GENESYS.Attack.Button.static"), default: true, callback: (_event, button) => (button.form ? parseStaticForm(readForm(button.form)) : null) },
      { action: "cancel", label: game.i18n.localize("GENESYS.Check.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    render: (_event, dialog) => {
      bindStaticCustom(dialog.element);
    },
    rejectClose: false,
  });
  // A difficulty is a whole number ≥ 0 (parseStaticForm); the "ok" action string (a form that gave null) is none.
  return typeof answer === "number" && Number.isInteger(answer) && answer >= 0 ? answer : null;
}
