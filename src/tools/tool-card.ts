/**
 * The card every Narrator tool of chapter 3 posts (reaction, recognition, losing control): a title, the band it came to,
 * the dice and the lines that made the total, and notes saying what follows. It is the Narrator's client that rolls
 * and posts it; `hidden` makes it a Narrator-only card, sealed like a blind roll (chat/sealed-card.ts): every client
 * receives the message, and only a Narrator's opens what it says; the Narrator may reveal it to everyone.
 */
import { applyMessageMode } from "../compat/message-mode.js";
import { playerChosenNames, postSealed, registerSealedKind } from "../chat/sealed-card.js";
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
  /** The Narrator's buttons (tool-chat.ts): each asks his client to apply one thing to one actor. */
  actions?: ToolCardAction[];
}

/** A button of a tool card: the intent it sends and what it names. */
export interface ToolCardAction {
  label: string;
  /** Which tool's intent (tool-chat.ts). */
  tool: "losingControl";
  actorUuid: string;
  option: string;
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

const renderToolCard = (card: ToolCardContent): Promise<string> => foundry.applications.handlebars.renderTemplate(TOOL_CARD_TEMPLATE, { ...card });

/** A sealed tool card's value, as postToolCard sealed it; null for anything else. */
function readToolCard(value: unknown): ToolCardContent | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Partial<ToolCardContent>; // the Narrator's client sealed it from a ToolCardContent; the fields read are checked
  const kinds: readonly string[] = ["reaction", "recognition", "losingControl"];
  return typeof v.kind === "string" && kinds.includes(v.kind) && typeof v.title === "string" && Array.isArray(v.lines) && Array.isArray(v.notes) && typeof v.outcome === "object"
    ? (value as ToolCardContent)
    : null;
}

/** A Narrator-only tool card as the Narrators see it, and its Reveal to everyone. */
export function registerSealedToolCards(): void {
  registerSealedKind("tool", {
    render: async (value) => {
      const card = readToolCard(value);
      return card ? renderToolCard(card) : null;
    },
    note: "GENESYS.Seal.NarratorsOnlyTool",
    reveal: async (value) => {
      const card = readToolCard(value);
      return card ? { fields: { content: await renderToolCard(card) } } : null;
    },
  });
}

/**
 * Posts the card, with its roll (for dice animations and the roll tooltip) when it is open. A hidden card is sealed:
 * its box carries no roll, and the names of those involved that a player chose (`actors`) travel beside it, so its
 * length says nothing of what it holds.
 */
export async function postToolCard(
  speakerActor: Actor.Implementation,
  card: ToolCardContent,
  options: { hidden: boolean; rolls?: Roll[]; actors?: readonly Actor.Implementation[] },
): Promise<ToolMessage | null> {
  if (options.hidden) {
    const posted = await postSealed({
      kind: "tool",
      value: card,
      names: playerChosenNames([speakerActor, ...(options.actors ?? [])]),
      // The placeholder every client receives names nobody: which NPC reacted to whom is the Narrator's too.
      label: game.i18n.localize("GENESYS.Seal.NarratorCardLabel"),
      requesterId: game.user.id,
      speaker: ChatMessage.getSpeaker({ actor: speakerActor }),
    });
    if ("warning" in posted) {
      warnKey(posted.warning);
      return null;
    }
    return posted as ToolMessage; // the created message, as ChatMessage.create gives it
  }
  const content = await renderToolCard(card);
  const data: ChatMessage.CreateData = {
    speaker: ChatMessage.getSpeaker({ actor: speakerActor }),
    content,
    ...(options.rolls && options.rolls.length > 0 ? { rolls: options.rolls } : {}),
  };
  applyMessageMode(data, "public");
  const message = await ChatMessage.implementation.create(data);
  return message ?? null;
}
