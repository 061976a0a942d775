/**
 * The grapple card (§2.3.7): what just happened to a hold, who holds whom, the streak toward immobilising (A-19a),
 * what the hold does to everyone else's attacks (§2.3.4) and, while it lasts, the buttons to contest or let go. Pure:
 * the GM's client builds the content and posts it (grapple-intents.ts); the texts arrive localized.
 */
import { signed } from "../format/numbers.js";
import { IMMOBILISING_STREAK, grappleAdvantage, type GrappleState } from "../rules/grapple.js";
import type { GrappleRecord } from "../documents/grapple-state.js";

export const GRAPPLE_CARD_TEMPLATE = "systems/genesys-gdr/templates/chat/grapple-card.hbs";
export const GRAPPLE_CARD_FLAG = "grappleCard";

/** What a card reports. */
export const GRAPPLE_EVENTS = ["started", "notStarted", "kept", "streak", "immobilised", "escaped", "released", "idle", "ended"] as const;
export type GrappleEvent = (typeof GRAPPLE_EVENTS)[number];

type Localizer = { localize(key: string): string; format(key: string, data?: Record<string, string>): string };

export interface GrappleCardContext {
  title: string;
  headline: string;
  tone: "success" | "failure" | "unjudged";
  /** `tooltip`: what the state means at the table, shown on hover rather than on every card (issue 21). */
  lines: { label: string; value: string; tooltip?: string }[];
  notes: string[];
  /** The buttons, while the hold lasts; each names the actor whose owner may press it. */
  buttons: { action: "contest" | "release"; side: "attacker" | "defender"; label: string; icon: string; ownerUuid: string }[];
}

/** What the card shows; `record` is the hold after the event (null once it is over), `names` the contenders. */
export function grappleCardContext(
  event: GrappleEvent,
  names: { attacker: string; defender: string },
  record: Pick<GrappleRecord, "state"> | null,
  owners: { attacker: string; defender: string },
  i18n: Localizer,
  detail: string | null = null,
): GrappleCardContext {
  const data = { attacker: names.attacker, defender: names.defender };
  const good: readonly GrappleEvent[] = ["started", "streak", "immobilised"];
  const lines: GrappleCardContext["lines"] = [];
  const notes: string[] = [];
  const state: GrappleState | null = record?.state ?? null;
  if (state) {
    const meaning = [i18n.localize("GENESYS.Grapple.Card.NoMovement")];
    if (state.status === "immobilised") meaning.push(i18n.format("GENESYS.Grapple.Card.ImmobilisedDefence", data));
    lines.push({ label: i18n.localize("GENESYS.Grapple.Card.Status"), value: i18n.localize(`GENESYS.Grapple.Status.${state.status}`), tooltip: meaning.join(" ") });
    if (state.status === "held") lines.push({ label: i18n.localize("GENESYS.Grapple.Card.Streak"), value: `${String(state.attackerStreak)}/${String(IMMOBILISING_STREAK)}` });
    lines.push({ label: i18n.format("GENESYS.Grapple.Card.AgainstOne", { name: names.attacker }), value: signed(grappleAdvantage(state, "attacker")) });
    lines.push({ label: i18n.format("GENESYS.Grapple.Card.AgainstOne", { name: names.defender }), value: signed(grappleAdvantage(state, "defender")) });
  }
  if (detail) notes.unshift(detail);
  const buttons: GrappleCardContext["buttons"] = state
    ? [
        { action: "contest", side: "attacker", label: i18n.format("GENESYS.Grapple.Card.Contest", { name: names.attacker }), icon: "fa-hand-fist", ownerUuid: owners.attacker },
        { action: "contest", side: "defender", label: i18n.format("GENESYS.Grapple.Card.Contest", { name: names.defender }), icon: "fa-person-running", ownerUuid: owners.defender },
        { action: "release", side: "attacker", label: i18n.format("GENESYS.Grapple.Card.Release", { name: names.attacker }), icon: "fa-hand", ownerUuid: owners.attacker },
      ]
    : [];
  return {
    title: i18n.localize("GENESYS.Grapple.Card.Title"),
    headline: i18n.format(`GENESYS.Grapple.Event.${event}`, data),
    tone: good.includes(event) ? "success" : event === "kept" || event === "idle" ? "unjudged" : "failure",
    lines,
    notes,
    buttons,
  };
}
