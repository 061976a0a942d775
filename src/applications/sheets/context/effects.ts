/**
 * The Effects list of a sheet: each ActiveEffect of the actor and of its items (or of one item), with its source, what it
 * changes in words ("Forza +1"), and whether it is in force. The words come from the keys effects/effect-keys.ts reads.
 */
import { readEffectChanges, type EffectChange } from "../../../compat/effect-changes.js";
import { itemTransfers } from "../../../effects/actor-effects.js";
import { permits, trustsOwner } from "../../../effects/effect-approval.js";
import { immunityCause, parseEffectKey } from "../../../effects/effect-keys.js";
import { changeNumber } from "../../../effects/effect-math.js";
import { signed } from "./shared.js";

export interface EffectRow {
  id: string;
  /** The item carrying the effect, "" for one on the actor itself. */
  parentId: string;
  name: string;
  img: string;
  source: string;
  changes: string;
  disabled: boolean;
  /** In force on the owner now (enabled, and its item in use). */
  active: boolean;
  /** Why an enabled effect is not in force (armour not worn), else "". */
  inactiveReason: string;
  /** The toggle button's words: what a click does. */
  toggleLabel: string;
  /** Its GeneSys changes wait for the Narrator's approval (effects/effect-approval.ts): they count for nothing yet. */
  pending: boolean;
  /** Placed by the Narrator: its owner may not remove or change it. */
  narrator: boolean;
  /** Pending, and the viewer is a Narrator: the row offers Approve. */
  approvable: boolean;
}

/** What the Effects partial reads. */
export interface EffectsListContext {
  rows: EffectRow[];
  editable: boolean;
}

type Localize = { localize(key: string): string; format(key: string, data?: Record<string, string>): string };

interface EffectLike {
  id: string | null;
  name: string;
  img?: string | null;
  disabled: boolean;
  transfer?: boolean;
}

/** Anything holding effects: an actor or item in Foundry (a Collection) or the double (an array). */
interface Holder {
  effects: Iterable<unknown>;
}

function isEffect(value: unknown): value is EffectLike {
  return typeof value === "object" && value !== null && "name" in value && "disabled" in value;
}

function amount(change: EffectChange): string {
  const n = changeNumber(change.value);
  const v = n === null ? change.value : signed(n);
  if (change.kind === "override") return `= ${n === null ? change.value : String(n)}`;
  if (change.kind === "upgrade") return `≥ ${change.value}`;
  if (change.kind === "downgrade") return `≤ ${change.value}`;
  return v;
}

/** One change in the players' words: "Forza +1", "Verifiche di Percezione +2", "Immune: paura". */
export function describeChange(change: EffectChange, i18n: Localize): string {
  const target = parseEffectKey(change.key);
  if (!target) return `${change.key} ${change.value}`;
  switch (target.kind) {
    case "characteristic":
      return `${i18n.localize(`GENESYS.Characteristic.${target.key}`)} ${amount(change)}`;
    case "derived":
      return `${i18n.localize(`GENESYS.Derived.${target.key}`)} ${amount(change)}`;
    case "skill":
      return `${i18n.format("GENESYS.Effects.Change.Skill", { skill: target.ref })} ${amount(change)}`;
    case "check":
      return `${target.scope === "all" ? i18n.localize("GENESYS.Effects.Change.Checks") : i18n.format("GENESYS.Effects.Change.ChecksOn", { characteristic: i18n.localize(`GENESYS.Characteristic.${target.scope}`) })} ${amount(change)}`;
    case "immunity": {
      const cause = immunityCause(change.value);
      return i18n.format("GENESYS.Effects.Change.Immunity", { cause: cause ? i18n.localize(`GENESYS.LosingControlCause.${cause}`) : change.value });
    }
  }
}

/** Whether each effect of a holder has its permit: every one, on an actor open for free editing. */
function approvalState(holder: Holder, trusted: boolean, viewerIsNarrator: boolean): (effect: unknown) => RowState {
  const allowed = permits(holder.effects, holder);
  return (effect) => {
    const permit = allowed.get(effect);
    return { pending: !trusted && !allowed.has(effect), narrator: permit?.narrator === true, viewerIsNarrator };
  };
}

type RowState = { pending: boolean; narrator: boolean; viewerIsNarrator: boolean };

function rowOf(effect: EffectLike, raw: unknown, parent: { id: string; name: string; system: unknown } | null, i18n: Localize, state: RowState): EffectRow {
  const inUse = parent === null || itemTransfers(parent.system);
  const reason = effect.disabled ? "" : !inUse ? i18n.localize("GENESYS.Effects.NotWorn") : state.pending ? i18n.localize("GENESYS.Effects.Pending") : "";
  return {
    id: effect.id ?? "",
    parentId: parent?.id ?? "",
    name: effect.name,
    img: effect.img ?? "icons/svg/aura.svg",
    source: parent?.name ?? i18n.localize("GENESYS.Effects.OnActor"),
    changes: readEffectChanges(raw).map((c) => describeChange(c, i18n)).join(", ") || i18n.localize("GENESYS.Effects.NoChanges"),
    disabled: effect.disabled,
    active: !effect.disabled && inUse && !state.pending,
    inactiveReason: reason,
    toggleLabel: i18n.localize(effect.disabled ? "GENESYS.Effects.Enable" : "GENESYS.Effects.Disable"),
    pending: state.pending,
    narrator: state.narrator,
    approvable: state.pending && state.viewerIsNarrator,
  };
}

/** The rows of an actor's sheet: its own effects, then each item's that transfer to it. */
export function actorEffectRows(actor: Holder & { items: Iterable<Holder & { id: string | null; name: string; system: unknown }> }, i18n: Localize, viewerIsNarrator = false): EffectRow[] {
  const rows: EffectRow[] = [];
  const trusted = trustsOwner(actor);
  const own = approvalState(actor, trusted, viewerIsNarrator);
  for (const e of actor.effects) if (isEffect(e)) rows.push(rowOf(e, e, null, i18n, own(e)));
  for (const item of actor.items) {
    const state = approvalState(item, trusted, viewerIsNarrator);
    for (const e of item.effects) if (isEffect(e) && e.transfer !== false) rows.push(rowOf(e, e, { id: item.id ?? "", name: item.name, system: item.system }, i18n, state(e)));
  }
  return rows;
}

/** The rows of an item's sheet: its own effects. */
export function itemEffectRows(item: Holder & { id: string | null; name: string; system: unknown; actor?: unknown }, i18n: Localize, viewerIsNarrator = false): EffectRow[] {
  const rows: EffectRow[] = [];
  const state = approvalState(item, trustsOwner(item.actor), viewerIsNarrator);
  for (const e of item.effects) if (isEffect(e)) rows.push(rowOf(e, e, { id: item.id ?? "", name: item.name, system: item.system }, i18n, state(e)));
  return rows;
}
