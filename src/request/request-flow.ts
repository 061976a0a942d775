/**
 * The request card on every client: the render hook shows it to whoever looks (a Narrator with the sealed part opened,
 * a player with Roll only on the rows of characters they own), and a row's Roll button rolls that row. An open row is
 * rolled with the player's own dice (their animation) and sent as an intent; a blind row is asked of the Narrator's
 * client, which rolls it sealed. Whatever this client checks first is checked again there (request-intents.ts).
 */
import { guarded } from "../ui/guarded.js";
import { requestIntent } from "../authority/intent-channel.js";
import { asElement } from "../compat/dom.js";
import { checkRollOptions } from "../check/check-request.js";
import { GenesysCheckRoll } from "../check/genesys-roll.js";
import { GenesysActor } from "../documents/actor.js";
import type { CardMessage } from "../chat/authored.js";
import { openRequestSecret, renderRequestCard, requestStateOf, type RequestState, type RequestViewer } from "./request-card.js";
import { lazily } from "../load/lazily.js";
import { REQUEST_INTENTS, requestPlan, rowActor, type RequestRecipient } from "./request-plan.js";

import { defaultRecipients, recipientOf, requestCandidates, type RequestCandidate } from "./request-recipients.js";
import { readRequestedCheck, type RequestedCheckSpec } from "./request-spec.js";
import { actorFrom } from "../documents/actor-from.js";
import type { MovementLink } from "../documents/movement-check.js";
import type { AmbushLink } from "../documents/ambush-check.js";

/** Posting a request is the Narrator's: it loads with his side. */
const postRequest = lazily(() => import("./request-intents.js"), "postRequest");

const warn = (key: string, data: Record<string, string> = {}): false => {
  ui.notifications.warn(game.i18n.format(key, data));
  return false;
};

async function viewerFor(state: RequestState): Promise<RequestViewer> {
  const owned = new Set<string>();
  for (const id of state.order) {
    const row = state.rows[id];
    if (!row) continue;
    try {
      // Stored uuids were checked by readRequestState to have the shape fromUuid resolves.
      const doc: unknown = await foundry.utils.fromUuid(row.actorUuid as `Actor.${string}`);
      if (doc instanceof GenesysActor && doc.isOwner) owned.add(row.actorUuid);
    } catch {
      // A row whose actor cannot be found offers no Roll here.
    }
  }
  return { isGM: game.user.isGM, owns: (uuid) => owned.has(uuid) };
}

/** Replaces the content with the card as this user sees it and wires its buttons; false for other messages. */
export async function decorateRequestCard(message: CardMessage, html: HTMLElement): Promise<boolean> {
  const state = requestStateOf(message);
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!state || !content) return false;
  const secret = await openRequestSecret(message, state);
  content.innerHTML = await renderRequestCard(state, secret, await viewerFor(state));
  if (game.user.isGM && state.hidden && secret) content.querySelector(".genesys-request")?.append(revealButton());
  content.addEventListener("click", (event) => {
    const button = asElement(event.target)?.closest<HTMLButtonElement>("button[data-request-action]");
    const action = button?.dataset["requestAction"];
    if (!button || !action) return;
    event.preventDefault();
    button.disabled = true;
    const rowId = button.closest<HTMLElement>("[data-row-id]")?.dataset["rowId"] ?? "";
    void guarded(false, () => (action === "reveal" ? revealRequest(message) : rollRequestRow(message, rowId))).finally(() => {
      button.disabled = false;
    });
  });
  return true;
}

function revealButton(): HTMLElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "genesys-request__reveal";
  button.dataset["requestAction"] = "reveal";
  const icon = document.createElement("i");
  icon.className = "fa-solid fa-eye";
  icon.setAttribute("inert", "");
  button.append(icon, ` ${game.i18n.localize("GENESYS.Request.Reveal")}`);
  return button;
}

/**
 * Rolls one row of a request card for this user. Returns whether it went through; a refusal (not theirs, rolled
 * already, its token gone) is a warning and nothing is rolled.
 */
export async function rollRequestRow(message: CardMessage, rowId: string): Promise<boolean> {
  const state = requestStateOf(message);
  if (!state) return warn("GENESYS.Request.Warn.CardMissing");
  const row = state.rows[rowId];
  if (!row) return warn("GENESYS.Request.Warn.CardChanged");
  if (row.rolled) return warn("GENESYS.Request.Warn.AlreadyRolled", { name: row.name });
  const actor = await rowActor(row);
  if (!(actor instanceof GenesysActor)) return actor.ok ? false : warn(actor.warning, actor.data);
  if (!actor.isOwner) return warn("GENESYS.Request.Warn.NotOwner", { name: row.name });
  const payload = { messageId: message.id, rowId };
  // §1.7.3 a blind row is the Narrator's to roll: this client sends no dice and learns nothing.
  if (state.blind) return requestIntent(REQUEST_INTENTS.roll, { ...payload, roll: null });
  // The difficulty is the Narrator's to apply (it may be hidden): the roll is built without one.
  const planned = requestPlan(actor, state, null);
  if (!planned.ok) return planned.result.ok ? false : warn(planned.result.warning, planned.result.data);
  const roll = GenesysCheckRoll.build(checkRollOptions(planned.plan, false));
  await roll.evaluate();
  return requestIntent(REQUEST_INTENTS.roll, { ...payload, roll: roll.toJSON() });
}

/** The Narrator shows the hidden difficulty and the open rows' results (request-intents.ts). */
export async function revealRequest(message: CardMessage): Promise<boolean> {
  if (!game.user.isGM) return warn("GENESYS.Request.Warn.NarratorsOnly");
  return requestIntent(REQUEST_INTENTS.reveal, { messageId: message.id });
}

export interface AskOptions {
  /** Actors, actor uuids or token uuids asked; default: the selected tokens, else the targeted, else the players' characters. */
  recipients?: readonly unknown[];
  /** Open the request dialog first (default true). */
  prompt?: boolean;
  /** §2.2.5 the tracker row whose Movimento this terrain check is for; checked again by postRequest. */
  movement?: MovementLink;
  /** §3.2.1 the fight whose surprised combatants this check may free; checked again by postRequest. */
  ambush?: AmbushLink;
}

/**
 * The Narrator asks for a check: the request dialog pre-filled with `initial` (a journal's button, a macro), or, without
 * the dialog, the request as given. Returns the card, or null when nothing was posted (a warning says why).
 */
export async function askForCheck(initial: unknown, options: AskOptions = {}): Promise<CardMessage | null> {
  if (!game.user.isGM) {
    warn("GENESYS.Request.Warn.NarratorsOnly");
    return null;
  }
  const prompt = options.prompt !== false;
  const link = { ...(options.movement ? { movement: options.movement } : {}), ...(options.ambush ? { ambush: options.ambush } : {}) };
  // With the dialog, what was pre-filled only has to be well formed where it is given.
  const read = readRequestedCheck(initial);
  if (!read.ok && !(prompt && read.warning === "GENESYS.Check.Warn.NoTarget")) {
    warn(read.warning, read.data);
    return null;
  }
  const spec: Partial<RequestedCheckSpec> = read.ok ? read.value : {};
  let named: RequestRecipient[] | null = null;
  if (options.recipients !== undefined) {
    named = [];
    for (const ref of options.recipients) {
      const recipient = await recipientOf(ref);
      if (!recipient) {
        warn("GENESYS.Api.Warn.NoTarget", { ref: typeof ref === "string" ? ref.slice(0, 80) : typeof ref });
        return null;
      }
      named.push(recipient);
    }
  }
  if (!prompt) {
    if (!read.ok) return null;
    return postRequest({ ...read.value, recipients: named ?? defaultRecipients(), ...link });
  }
  const candidates: RequestCandidate[] = named ? named.map((r) => ({ ...r, source: "selected" as const })) : requestCandidates();
  const chosenSet = new Set((named ?? defaultRecipients(candidates)).map((r) => r.actorUuid));
  const chosen = candidates.flatMap((c, i) => (chosenSet.has(c.actorUuid) ? [i] : []));
  const actors = (await Promise.all(candidates.map((c) => actorFrom(c.actorUuid)))).filter((a): a is GenesysActor => a !== null);
  const dialog = await import("./request-dialog.js");
  const answer = await dialog.promptRequest(spec, dialog.skillChoices(actors), candidates, chosen);
  return answer ? postRequest({ ...answer, ...link }) : null;
}
