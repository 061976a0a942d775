/**
 * §3.1.2 generic damage on the Narrator's victims: a fall (1D6 trauma per full 1.5 m, A-24; the Destrezza check at 15
 * for a jump or dive, 30 for an accident, takes off 2D6 on a success), the flames (2D6 wounding for the turn, less
 * what protective clothing the Narrator grants), or an arbitrary damage of a chosen type, armour counted or not.
 *
 * The Narrator's client rolls every die (each victim's own, and each victim's Destrezza check as an ordinary check
 * card), applies each hit at once through GenesysActor#applyDamage with a fresh ledger record, and posts one card with
 * a row per victim and its Undo: a hazard has no defence to wait for, so there is nothing to confirm first. Every input
 * is checked before any die is rolled: a bad one is a warning and nothing changes.
 */
import { fallDamage, fallDice, fallDifficulty, flameDamage, FALL_KINDS, type FallKind } from "../rules/advanced/generic-damage.js";
import {
  flameProtection,
  formatHazardDamage,
  hazardArmourApplies,
  hazardCallsForStun,
  hazardDamageTotal,
  hazardDamageType,
  hazardRollFormula,
  parseHazardDamage,
  type HazardDamageSpec,
} from "../rules/advanced/hazard-damage.js";
import { metres as formatMetres } from "../format/movement-allowance.js";
import { RulesError, oneOf } from "../rules/errors.js";
import { DAMAGE_TYPES, type DamageType } from "../rules/types.js";
import { rulesOptions } from "../settings/rules-settings.js";
import type { CheckMessage } from "../documents/check-options.js";
import { postHazardCard, type HazardCardState, type HazardLine, type HazardRow } from "./hazard-card.js";
import { appliedRow, rollDice, type Victim } from "./hazard-rows.js";
import { postedCheck } from "../tools/posted-check.js";
import { narratorOnly, toolWarn } from "../tools/tool-card.js";

/** What the generic damage tool takes (the dialog's answer, or a macro's request). */
export interface GenericDamageRequest {
  /** "fall", "flames" or "damage" (arbitrary). */
  kind: string;
  /** fall: metres fallen. */
  height?: number;
  /** fall: "jump" (a jump or dive, difficulty 15) or "accident" (30). */
  cause?: string;
  /** fall: roll each victim's Destrezza check (default true); false when the Narrator rules there is none. */
  check?: boolean;
  /** flames: points protective clothing takes off (default 0). */
  protection?: number;
  /** damage: "12", "3D6", "3D6+2". */
  formula?: string;
  /** damage: "wounding" (F), "trauma" (T) or "shock" (S). */
  type?: string;
  /** damage: conventional armour counts (default true). */
  armour?: boolean;
  /** Whisper the card to the Narrators (default false: everyone saw it happen). */
  hidden?: boolean;
}

type Plan =
  | { kind: "fall"; height: number; dice: number; cause: FallKind; difficulty: number; check: boolean }
  | { kind: "flames"; protection: number }
  | { kind: "damage"; spec: HazardDamageSpec; type: DamageType; armour: boolean };

/** The request checked and read by the rules; throws RulesError for what they refuse. Null: a fall too short to harm. */
export function planGenericDamage(request: GenericDamageRequest): Plan | null {
  const raw: unknown = request; // a macro's argument: any value
  if (typeof raw !== "object" || raw === null) throw new RulesError("request", raw, "an object with a kind");
  const kind = oneOf("kind", request.kind, ["fall", "flames", "damage"] as const);
  if (kind === "fall") {
    const dice = fallDice(request.height ?? Number.NaN);
    const cause = oneOf("cause", request.cause ?? "accident", FALL_KINDS);
    if (request.check !== undefined && typeof request.check !== "boolean") throw new RulesError("check", request.check, "a boolean");
    return dice === 0 ? null : { kind, height: request.height ?? 0, dice, cause, difficulty: fallDifficulty(cause), check: request.check !== false };
  }
  if (kind === "flames") return { kind, protection: flameProtection(request.protection ?? 0) };
  const type = hazardDamageType("damage", oneOf("type", request.type, DAMAGE_TYPES));
  return { kind, spec: parseHazardDamage(request.formula), type, armour: hazardArmourApplies("damage", request.armour ?? true) };
}

/** The Destrezza check's success as its card has it (A-15: a certain success has no dice); null when unreadable. */
async function checkSucceeded(message: CheckMessage): Promise<boolean | null> {
  const posted = await postedCheck(message);
  if (!posted) return null;
  return posted.automatic ? true : (posted.roll.outcome?.success ?? null);
}

/** "4,5 m" as the Narrator's language writes it. */
const metres = (n: number): string => `${formatMetres(n, game.i18n.lang)} m`;

type Hit = { amount: number; dice: number[]; lines: HazardLine[] };

/** One victim's Destrezza check, rolled and posted: true, false, or null when its card cannot be read. */
async function fallCheck(victim: Victim, plan: Extract<Plan, { kind: "fall" }>, hidden: boolean): Promise<boolean | null> {
  const message = await victim.actor.rollCheck({ characteristic: "dexterity", difficulty: plan.difficulty, prompt: false, ...(hidden ? { messageMode: "gm" as const } : {}) });
  return message ? checkSucceeded(message) : null;
}

/**
 * Every victim's fall: the D6s, the check, the 2D6 off on a success; the lines say each step. The checks' cards are
 * posted together (one round of writes, whatever the number of victims); the dice are rolled in a fixed order: every
 * fall, then every check, then every reduction. The check card of a hidden fall goes to the Narrators only, whatever
 * mode the chat controls show: it would tell the players the fall happened.
 */
async function fallsOf(victims: readonly Victim[], plan: Extract<Plan, { kind: "fall" }>, rolls: Roll[], hidden: boolean): Promise<Hit[]> {
  const i18n = game.i18n;
  const falls: Awaited<ReturnType<typeof rollDice>>[] = [];
  for (const _victim of victims) falls.push(await rollDice(`${String(plan.dice)}d6`, rolls));
  const checks = plan.check ? await Promise.all(victims.map((victim) => fallCheck(victim, plan, hidden))) : victims.map(() => undefined);
  const hits: Hit[] = [];
  for (const [index, fall] of falls.entries()) {
    const rolled = fall.values.reduce((s, v) => s + v, 0);
    const outcome = checks[index];
    const lines: HazardLine[] = [{ label: i18n.format("GENESYS.Hazard.Fall.Dice", { dice: `${String(plan.dice)}D6` }), value: String(rolled) }];
    const success = outcome === true;
    if (outcome === undefined) lines.push({ label: i18n.localize("GENESYS.Hazard.Fall.NoCheck"), value: "—" });
    else {
      const said = outcome === null ? "GENESYS.Hazard.Fall.CheckMissing" : success ? "GENESYS.Check.Success" : "GENESYS.Check.Failure";
      lines.push({ label: i18n.format("GENESYS.Hazard.Fall.Check", { difficulty: String(plan.difficulty) }), value: i18n.localize(said) });
    }
    let reductionRoll: number | undefined;
    if (success) {
      const off = await rollDice("2d6", rolls);
      reductionRoll = off.values.reduce((s, v) => s + v, 0);
    }
    const result = fallDamage({ rolled, checkSucceeded: success, ...(reductionRoll === undefined ? {} : { reductionRoll }) });
    if (success) lines.push({ label: i18n.localize("GENESYS.Hazard.Fall.Reduction"), value: `−${String(reductionRoll ?? 0)}` });
    lines.push({ label: i18n.localize("GENESYS.Hazard.Armour"), value: i18n.localize("GENESYS.Hazard.ArmourIgnored") });
    hits.push({ amount: result.damage, dice: fall.values, lines });
  }
  return hits;
}

async function flamesOf(plan: Extract<Plan, { kind: "flames" }>, rolls: Roll[]): Promise<Hit> {
  const i18n = game.i18n;
  const burn = await rollDice("2d6", rolls);
  const sum = burn.values.reduce((s, v) => s + v, 0);
  const lines: HazardLine[] = [{ label: "2D6", value: String(sum) }];
  if (plan.protection > 0) lines.push({ label: i18n.localize("GENESYS.Hazard.Flames.Protection"), value: `−${String(plan.protection)}` });
  lines.push({ label: i18n.localize("GENESYS.Hazard.Armour"), value: i18n.localize("GENESYS.Hazard.ArmourIgnored") });
  return { amount: flameDamage(sum, plan.protection), dice: burn.values, lines };
}

async function damageOf(plan: Extract<Plan, { kind: "damage" }>, rolls: Roll[]): Promise<Hit> {
  const formula = hazardRollFormula(plan.spec);
  const values = formula ? (await rollDice(formula, rolls)).values : [];
  const amount = hazardDamageTotal(plan.spec, values);
  return { amount, dice: values, lines: [{ label: formatHazardDamage(plan.spec), value: String(amount) }] };
}

function cardHeader(plan: Plan): Pick<HazardCardState, "kind" | "title" | "subtitle" | "lines" | "notes"> {
  const i18n = game.i18n;
  switch (plan.kind) {
    case "fall":
      return {
        kind: "fall",
        title: i18n.format("GENESYS.Hazard.Fall.Title", { height: metres(plan.height) }),
        subtitle: i18n.localize(`GENESYS.Hazard.Fall.Cause.${plan.cause}`),
        lines: [
          { label: i18n.localize("GENESYS.Hazard.Fall.DiceLine"), value: `${String(plan.dice)}D6 / T` },
          ...(plan.check ? [{ label: i18n.localize("GENESYS.Hazard.Fall.CheckLine"), value: String(plan.difficulty) }] : []),
        ],
        notes: [i18n.localize(plan.check ? "GENESYS.Hazard.Fall.Note" : "GENESYS.Hazard.Fall.NoteNoCheck")],
      };
    case "flames":
      return { kind: "flames", title: i18n.localize("GENESYS.Hazard.Flames.Title"), subtitle: null, lines: [{ label: i18n.localize("GENESYS.Hazard.Damage"), value: "2D6 / F" }], notes: [i18n.localize("GENESYS.Hazard.Flames.Note")] };
    case "damage":
      return {
        kind: "damage",
        title: i18n.format("GENESYS.Hazard.Other.Title", { formula: formatHazardDamage(plan.spec) }),
        subtitle: i18n.localize(`GENESYS.DamageType.${plan.type}`),
        lines: [{ label: i18n.localize("GENESYS.Hazard.Armour"), value: i18n.localize(plan.armour ? "GENESYS.Hazard.ArmourCounts" : "GENESYS.Hazard.ArmourIgnored") }],
        notes: [],
      };
  }
}

/**
 * §3.1.2 the hazard for each victim, applied and posted on one card; null (with a warning) when the user is not a
 * Narrator, there is nobody, or an input is refused: then nothing is rolled or changed.
 */
export async function applyGenericDamage(victims: readonly Victim[], request: GenericDamageRequest): Promise<ChatMessage.Stored | null> {
  if (!narratorOnly()) return null;
  if (victims.length === 0) {
    toolWarn("GENESYS.Macro.Warn.NoSelection");
    return null;
  }
  let plan: Plan | null;
  try {
    plan = planGenericDamage(request);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    toolWarn("GENESYS.Tools.Warn.BadInput", { reason: error.message });
    return null;
  }
  if (!plan) {
    toolWarn("GENESYS.Hazard.Warn.TooLow", { height: metres(request.height ?? 0) });
    return null;
  }
  const stun = rulesOptions().stunRule && hazardCallsForStun(plan.kind);
  const hidden = request.hidden === true;
  const rolls: Roll[] = [];
  const rows: HazardRow[] = [];
  const written: Promise<void>[] = [];
  const falls = plan.kind === "fall" ? await fallsOf(victims, plan, rolls, hidden) : null;
  for (const [index, victim] of victims.entries()) {
    const hit = falls ? falls[index] : plan.kind === "flames" ? await flamesOf(plan, rolls) : plan.kind === "damage" ? await damageOf(plan, rolls) : undefined;
    if (!hit) continue;
    const type = plan.kind === "damage" ? plan.type : hazardDamageType(plan.kind);
    const ignoreArmour = !(plan.kind === "damage" && plan.armour);
    const applied = appliedRow(victim, { amount: hit.amount, type, ignoreArmour }, { dice: hit.dice, lines: hit.lines, stun });
    if (applied) {
      rows.push(applied.row);
      written.push(applied.written);
    }
  }
  if (rows.length === 0) return null;
  // The card and the victims' writes in one round.
  const [posted] = await Promise.all([postHazardCard({ ...cardHeader(plan), dice: null, rows }, { hidden, rolls }), ...written]);
  return posted;
}
