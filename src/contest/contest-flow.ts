/**
 * The contest (§1.7.5) on the clicking user's client: starting one between two actors, and what each button of the
 * contest card does. This client checks what it can before asking (so a contest against an actor without the
 * characteristic is a warning and nothing else), rolls its own dice, and sends intents that the active GM's client
 * decides (contest-intents.ts).
 */
import { lazily } from "../load/lazily.js";
import type { SideChoice } from "./contest-opponent.js";
import { guarded } from "../ui/guarded.js";
import { requestIntent, sendIntent, notifyResult } from "../authority/intent-channel.js";
import { asElement } from "../compat/dom.js";
import { messageAudience, showDice } from "../dice/dice-so-nice.js";
import { GenesysActor } from "../documents/actor.js";
import { authoredByGm, type CardMessage } from "../chat/authored.js";
import { ownedActor } from "../attack/card-render.js";
import { actorFrom } from "../documents/actor-from.js";
import { CONTEST_INTENTS, contestPlan, contestState, renderContest, type ContestSideRequest, type ContestStartPayload } from "./contest-plan.js";
import { type ContestState, type ContestViewer, type SideId } from "./contest-card.js";

/** The dialog loads on its first use. */
const promptContest = lazily(() => import("./contest-dialog.js"), "promptContest");

export { contestState } from "./contest-plan.js";

/** What starts a contest: both sides, and the Narrator's word on modifiers and advantage (a player's is ignored). */
export interface ContestRequest {
  a: Omit<ContestSideRequest, "actorUuid">;
  b: Omit<ContestSideRequest, "actorUuid">;
  advantaged?: SideId | null | "auto";
}

/**
 * §1.7.5 a contest between `actor` (side a) and `opponent` (side b). Returns the posted card's message id (the card is
 * open to everyone), or null (with a warning) when nothing was posted.
 */
export async function startContest(actor: GenesysActor, opponent: GenesysActor, request: ContestRequest): Promise<string | null> {
  return guarded(null, async () => {
    // The same checks the Narrator's client makes, first here: a refusal never leaves this client.
    for (const [who, side] of [[actor, request.a], [opponent, request.b]] as const) {
      const planned = contestPlan(who, side);
      if (!planned.ok) {
        notifyResult(planned.result);
        return null;
      }
    }
    const payload: ContestStartPayload = {
      a: { ...request.a, actorUuid: actor.uuid },
      b: { ...request.b, actorUuid: opponent.uuid },
      advantaged: request.advantaged === undefined ? "auto" : request.advantaged,
    };
    const result = await sendIntent(CONTEST_INTENTS.start, payload);
    if (!notifyResult(result)) return null;
    return result.data?.["messageId"] ?? null;
  });
}

/** How a contest is started from the check dialog, a macro or the API. */
export interface ContestOptions {
  /** Side b; default: the one token the user targets. */
  opponent?: GenesysActor;
  /** What side a rolls (the dialog offers it first); default Destrezza. */
  skillId?: string;
  characteristic?: ContestSideRequest["characteristic"];
  /** Both sides given in advance: no dialog opens. */
  request?: ContestRequest;
}

/** The actor of the one token the user targets, or null with a warning. */
export function targetedOpponent(): GenesysActor | null {
  const targets = [...game.user.targets];
  const token = targets.length === 1 ? targets[0] : undefined;
  if (!token) {
    ui.notifications.warn(game.i18n.localize("GENESYS.Contest.Warn.NoTarget"));
    return null;
  }
  const actor: unknown = token.actor;
  if (actor instanceof GenesysActor) return actor;
  ui.notifications.warn(game.i18n.localize("GENESYS.Contest.Warn.NoOpponent"));
  return null;
}

/** §1.7.5 the whole start: the opponent, the dialog (unless the request is given), the intent. */
export async function contest(actor: GenesysActor, options: ContestOptions = {}): Promise<string | null> {
  const opponent = options.opponent ?? targetedOpponent();
  if (!opponent) return null;
  const mine: SideChoice = options.skillId !== undefined
    ? { skillId: options.skillId, characteristic: null }
    : { skillId: null, characteristic: options.characteristic ?? "dexterity" };
  const request = options.request ?? (await guarded(null, () => promptContest(actor, opponent, mine)));
  return request ? startContest(actor, opponent, request) : null;
}

/** From the check dialog: a contest of the check's actor, with the same skill or characteristic, against the target. */
export async function contestFromCheck(plan: { actorUuid: string; skillId: string | null; characteristic: ContestSideRequest["characteristic"] }, opponentUuid: string): Promise<string | null> {
  const actor = await actorFrom(plan.actorUuid);
  const opponent = await actorFrom(opponentUuid);
  if (!actor || !opponent) {
    ui.notifications.warn(game.i18n.localize("GENESYS.Contest.Warn.ActorMissing"));
    return null;
  }
  return contest(actor, { opponent, ...(plan.skillId !== null ? { skillId: plan.skillId } : { characteristic: plan.characteristic }) });
}

export type ContestAction = "roll" | "reroll" | "intermediate" | "advantage" | "modifiers";

export function isContestAction(value: string): value is ContestAction {
  return value === "roll" || value === "reroll" || value === "intermediate" || value === "advantage" || value === "modifiers";
}

/** What a click on the card does: roll this side's 2D10 here, or send the Narrator's choice. */
export async function onContestAction(message: CardMessage, action: ContestAction, value: string | null): Promise<boolean> {
  return guarded(false, async () => {
    const ids = { messageId: message.id };
    switch (action) {
      case "roll": {
        if (value !== "a" && value !== "b") return false;
        // The roller's own dice, thrown to the card's audience before they are sent so the total appears after them;
        // the Narrator's client checks them and adds the grade.
        const roll = await new foundry.dice.Roll("2d10").evaluate();
        const audience = messageAudience(message, false);
        if (audience) await showDice(roll, audience);
        return requestIntent(CONTEST_INTENTS.roll, { ...ids, side: value, roll: roll.toJSON() });
      }
      case "reroll":
      case "intermediate":
        return requestIntent(CONTEST_INTENTS.tie, { ...ids, choice: action });
      case "advantage":
        return requestIntent(CONTEST_INTENTS.advantage, { ...ids, advantaged: value === "a" || value === "b" ? value : null });
      case "modifiers":
        return false;
    }
  });
}

/** The Narrator's modifier for one side, typed on the card ("−2" as well as "-2"). */
export async function onContestModifier(message: CardMessage, side: string | null, text: string): Promise<boolean> {
  const modifiers = Number(text.trim().replace(/\u2212/g, "-"));
  if ((side !== "a" && side !== "b") || !Number.isInteger(modifiers)) {
    ui.notifications.warn(game.i18n.localize("GENESYS.Authority.Invalid"));
    return false;
  }
  return guarded(false, () => requestIntent(CONTEST_INTENTS.modifiers, { messageId: message.id, side, modifiers }));
}

/** The current user as the card sees them (buttons only; the GM's client decides). */
export async function contestViewer(state: ContestState): Promise<ContestViewer> {
  const owned = new Set<string>();
  for (const uuid of [state.a.actorUuid, state.b.actorUuid]) if (await ownedActor(uuid)) owned.add(uuid);
  return { isGM: game.user.isGM, owns: (uuid) => owned.has(uuid) };
}

/** Re-renders a contest card for whoever is looking and wires its controls; false for other messages. */
export async function decorateContestCard(message: CardMessage, html: HTMLElement): Promise<boolean> {
  const state = contestState(message);
  // A look-alike a player posted is left as it is; contest-intents.ts never acts on it either.
  if (!state || !authoredByGm(message)) return false;
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!content) return false;
  content.innerHTML = await renderContest(state, await contestViewer(state));
  const act = (event: Event, control: HTMLButtonElement | HTMLSelectElement | HTMLInputElement, action: string, value: string | null): void => {
    if (!isContestAction(action)) return;
    event.preventDefault();
    control.disabled = true;
    const done = action === "modifiers"
      ? onContestModifier(message, control.dataset["side"] ?? null, control.value)
      : onContestAction(message, action, value);
    void done.finally(() => {
      control.disabled = false;
    });
  };
  content.addEventListener("click", (event) => {
    const button = asElement(event.target)?.closest<HTMLButtonElement>("button[data-contest-action]") ?? null;
    const action = button?.dataset["contestAction"];
    if (button && action) act(event, button, action, button.dataset["side"] ?? null);
  });
  content.addEventListener("change", (event) => {
    const select = asElement(event.target)?.closest<HTMLSelectElement | HTMLInputElement>("select[data-contest-action], input[data-contest-action]") ?? null;
    const action = select?.dataset["contestAction"];
    if (select && action) act(event, select, action, select.value);
  });
  return true;
}
