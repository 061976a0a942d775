/**
 * What the hazard tools share: who the victims are (the selected tokens, an unlinked token's own actor), the dice
 * rolled on the Narrator's client, and one victim's hit applied with its own ledger record and turned into a card row.
 */
import { GenesysActor, type ApplyDamageOptions } from "../documents/actor.js";
import { formatCount } from "../format/plural.js";
import { toolWarn } from "../tools/tool-card.js";
import type { HazardLine, HazardRow } from "./hazard-card.js";

/** One victim: its actor (the token's own when unlinked), the token it was chosen by, the name the table sees. */
export interface Victim {
  actor: GenesysActor;
  token: TokenDocument | null;
  name: string;
}

/** The value as a GeneSys actor with its system data, or null (a deleted actor, another system's). */
export function genesysActor(value: unknown): GenesysActor | null {
  return value instanceof GenesysActor && value.genesys ? value : null;
}

/**
 * The selected tokens' victims, each actor once (a linked actor's tokens are one actor); a token whose actor was
 * deleted is named in a warning and left out. Null (with a warning) when nothing is selected.
 */
export function victimsOf(tokens: readonly { actor: unknown; name: string; document?: unknown }[]): Victim[] | null {
  if (tokens.length === 0) {
    toolWarn("GENESYS.Macro.Warn.NoSelection");
    return null;
  }
  const victims: Victim[] = [];
  for (const token of tokens) {
    const actor = genesysActor(token.actor);
    if (!actor) {
      toolWarn("GENESYS.Tools.Warn.NoActor", { name: token.name });
      continue;
    }
    if (victims.some((v) => v.actor === actor)) continue;
    const doc = token.document instanceof foundry.documents.TokenDocument ? token.document : null;
    victims.push({ actor, token: doc, name: token.name || actor.name });
  }
  return victims;
}

/** Rolls a formula of dice with Foundry's dice on this client; the roll is kept for the card. */
export async function rollDice(formula: string, rolls: Roll[]): Promise<{ values: number[]; roll: Roll }> {
  const roll = await new foundry.dice.Roll(formula).evaluate({ allowInteractive: false });
  rolls.push(roll);
  const values = roll.dice.flatMap((d) => d.results.filter((r) => r.active !== false).map((r) => r.result));
  return { values, roll };
}

/** "3 Ferite, 2 Fatica" of what a hit added, or "nessun danno". */
export function addedText(added: { wounds: number; fatigue: number }): string {
  const i18n = game.i18n;
  const parts = [
    added.wounds > 0 ? formatCount(i18n, "GENESYS.Count.Wounds", added.wounds) : null,
    added.fatigue > 0 ? formatCount(i18n, "GENESYS.Count.Fatigue", added.fatigue) : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(", ") : i18n.localize("GENESYS.Hazard.NoDamage");
}

/**
 * Applies one victim's hit through the rules' pipeline with a new ledger record and gives its card row, with the
 * actor's write under way (actor.ts startDamage: the card goes out beside it); null (with a warning naming the victim)
 * when the actor refused it (a module's veto) or is gone. The Narrator's client only.
 */
export function appliedRow(victim: Victim, options: ApplyDamageOptions, extra: { dice: number[]; lines: HazardLine[]; stun: boolean; tokenUuid?: string | null }): { row: HazardRow; written: Promise<void> } | null {
  const i18n = game.i18n;
  const recordId = foundry.utils.randomID(16);
  const started = victim.actor.startDamage(options, recordId);
  if (!started) {
    toolWarn("GENESYS.Hazard.Warn.NotApplied", { name: victim.name });
    return null;
  }
  const { change, written } = started;
  const added = { wounds: change.after.wounds - change.before.wounds, fatigue: change.after.fatigue - change.before.fatigue };
  const lines = [...extra.lines];
  const armour = change.damage?.steps.find((s) => s.key === "armour");
  if (armour) lines.push({ label: i18n.format("GENESYS.Hazard.ArmourDf", { df: String(victim.actor.armourFor("torso")) }), value: String(armour.value) });
  lines.push({ label: i18n.localize("GENESYS.Hazard.Inflicted"), value: String(change.damage?.inflicted ?? 0) });
  const condition = change.condition.after === change.condition.before ? "" : ` → ${i18n.localize(`GENESYS.Condition.${change.condition.after}`)}`;
  const row: HazardRow = {
    actorUuid: victim.actor.uuid,
    tokenUuid: extra.tokenUuid ?? victim.token?.uuid ?? null,
    name: victim.name,
    recordId,
    dice: extra.dice,
    lines,
    result: `${addedText(added)}${condition}`,
    added,
    stunDifficulty: extra.stun && change.damage ? change.damage.stunDifficulty : null,
    undone: false,
    undoneText: null,
  };
  return { row, written };
}
