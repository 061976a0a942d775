/**
 * The card every Narrator tool of chapter 3 posts (reaction, recognition, losing control): a title, the band it came to,
 * the dice and the lines that made the total, and notes saying what follows. It is the Narrator's client that rolls
 * and posts it; `hidden` whispers it to the Narrators only, so no player's client receives its dice or numbers.
 */
import { applyMessageMode } from "../compat/message-mode.js";
import { RulesError } from "../rules/errors.js";

/** A posted tool card, as ChatMessage.create gives it. */
export type ToolMessage = ChatMessage.Stored;

export const TOOL_CARD_TEMPLATE = "systems/genesys-gdr/templates/chat/narrator-tool-card.hbs";

/** The outcome pill's colour: good for the Protagonist, bad, or neither. */
export type ToolTone = "success" | "failure" | "unjudged";

export interface ToolCardContent {
  kind: "reaction" | "recognition" | "losingControl";
  title: string;
  subtitle?: string;
  outcome: { text: string; tone: ToolTone };
  dice?: { values: number[]; sum: number; label: string };
  lines: { label: string; value: string }[];
  total?: { label: string; value: string };
  notes: string[];
}

const warnKey = (key: string, data: Record<string, string> = {}): void => void ui.notifications.warn(game.i18n.format(key, data));

/**
 * These tools are the Narrator's: a player's client (whatever its console calls) is refused before it rolls or writes
 * anything, with a warning.
 */
export function narratorOnly(): boolean {
  if (game.user.isGM) return true;
  warnKey("GENESYS.Tools.Warn.NarratorOnly");
  return false;
}

/**
 * A macro's list of modifier keys, checked for being a list before the rules read it (they check each key); a string or
 * anything else raises the RulesError the tools turn into a warning.
 */
export function keyList<K extends string>(name: string, value: readonly K[] | undefined): readonly K[] {
  const raw: unknown = value; // what a macro passes is only typed, not checked
  if (raw !== undefined && !Array.isArray(raw)) throw new RulesError(name, raw, "a list of modifier keys");
  return value ?? [];
}

export function toolWarn(key: string, data: Record<string, string> = {}): void {
  warnKey(key, data);
}

/** Posts the card, with its roll (for dice animations and the roll tooltip) when there is one. */
export async function postToolCard(
  speakerActor: Actor.Implementation,
  card: ToolCardContent,
  options: { hidden: boolean; rolls?: Roll[] },
): Promise<ToolMessage | null> {
  const content = await foundry.applications.handlebars.renderTemplate(TOOL_CARD_TEMPLATE, { ...card });
  const data: ChatMessage.CreateData = {
    speaker: ChatMessage.getSpeaker({ actor: speakerActor }),
    content,
    ...(options.rolls && options.rolls.length > 0 ? { rolls: options.rolls } : {}),
  };
  applyMessageMode(data, options.hidden ? "gm" : "public");
  const message = await ChatMessage.implementation.create(data);
  return message ?? null;
}
