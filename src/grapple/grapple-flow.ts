/**
 * Grappling (§2.3.7) on the clicking user's client: start a hold from the selected token on the targeted one, declare
 * a contest or let go from the grapple card, the tracker or a macro. This client checks what it can, asks which skill
 * to roll, and sends intents that the active GM's client decides (grapple-intents.ts).
 */
import { registerCardDecorator } from "../chat/card-decorators.js";
import { lazily } from "../load/lazily.js";
import { guarded } from "../ui/guarded.js";
import { notifyResult, sendIntent } from "../authority/intent-channel.js";
import { asElement } from "../compat/dom.js";
import { GenesysActor } from "../documents/actor.js";
import type { GrappleSide } from "../rules/grapple.js";
import { SYSTEM_SCOPE } from "../attack/attack-card.js";
import { authoredByGm, type CardMessage } from "../chat/authored.js";
import { ownedActor } from "../attack/card-render.js";
import { GRAPPLE_CARD_FLAG } from "./grapple-card.js";
import { GRAPPLE_INTENTS } from "./grapple-intent-kinds.js";
import { registerHoldStatusGuard } from "./hold-status-guard.js";
import { grappleOfActor, grappleOfToken, readGrapples, sceneNamed, sceneOfToken, type GrappleRecord } from "../documents/grapple-state.js";

/** The dialog loads on its first use. */
const promptGrappleSkill = lazily(() => import("./grapple-dialog.js"), "promptGrappleSkill");

const warn = (key: string, data: Record<string, string> = {}): null => {
  ui.notifications.warn(game.i18n.format(key, data));
  return null;
};

/** How a grapple is started or contested from a macro: a skill by id (no dialog), or the dialog. */
export interface GrappleOptions {
  /** The skill id to roll; null for Destrezza; absent: the dialog asks (or, with prompt false, the default). */
  skillId?: string | null;
  prompt?: boolean;
}

type TokenRef = { id: string | null; name: string; uuid: string; actor: unknown; parent: unknown };

/** The one token the user selects, or null with a warning. */
function selectedToken(): TokenRef | null {
  // A canvas that has drawn no scene has no token layer yet, and so nothing selected.
  const controlled = canvas.tokens?.controlled ?? [];
  if (controlled.length !== 1) return warn(controlled.length === 0 ? "GENESYS.Macro.Warn.NoSelection" : "GENESYS.Grapple.Warn.OneSelected");
  return controlled[0]?.document ?? null;
}

/** The one token the user targets, or null with a warning. */
function targetedToken(): TokenRef | null {
  const targets = [...game.user.targets];
  if (targets.length !== 1) return warn("GENESYS.Grapple.Warn.OneTarget");
  return targets[0]?.document ?? null;
}

/** The skill to roll: given, the default (no prompt), or the dialog's; undefined when the user closed it. */
async function skillChoice(actor: GenesysActor, intro: string, options: GrappleOptions): Promise<string | null | undefined> {
  if (options.skillId !== undefined) return options.skillId;
  if (options.prompt === false) return null;
  return guarded(undefined, () => promptGrappleSkill(actor, intro));
}

/** Whether a prompt-free start should let the GM's client pick the default skill (null means Destrezza otherwise). */
function chosenOrDefault(options: GrappleOptions, chosen: string | null): string | null {
  return options.skillId === undefined && options.prompt === false ? null : chosen;
}

/**
 * §2.3.7 the selected token (or `attacker`) grapples the targeted token (or `defender`): an Esecuzione contest of
 * unarmed combat. Returns the contest card's message id, or null (with a warning) when none was posted.
 */
export async function startGrapple(attacker: TokenRef | null = null, defender: TokenRef | null = null, options: GrappleOptions = {}): Promise<string | null> {
  return guarded(null, async () => {
    const a = attacker ?? selectedToken();
    if (!a) return null;
    const d = defender ?? targetedToken();
    if (!d) return null;
    const actor = genesysActor(a.actor);
    if (!actor?.genesys) return warn("GENESYS.Grapple.Warn.NotGenesys", { name: a.name });
    if (!(d.actor instanceof GenesysActor)) return warn("GENESYS.Grapple.Warn.NotGenesys", { name: d.name });
    if (!actor.isOwner) return warn("GENESYS.Grapple.Warn.NotYours", { name: a.name });
    if (a.uuid === d.uuid) return warn("GENESYS.Grapple.Warn.SameToken");
    const scene = sceneOfToken(a);
    for (const t of [a, d]) if (scene && t.id && grappleOfToken(scene, t.id)) return warn("GENESYS.Grapple.Warn.AlreadyGrappling", { name: t.name });
    const chosen = await skillChoice(actor, game.i18n.format("GENESYS.Grapple.Flavor.Start", { attacker: a.name, defender: d.name }), options);
    if (chosen === undefined) return null;
    const result = await sendIntent(GRAPPLE_INTENTS.start, {
      attackerTokenUuid: a.uuid,
      defenderTokenUuid: d.uuid,
      skillId: chosenOrDefault(options, chosen),
      defenderSkillId: null,
    });
    return notifyResult(result) ? result.data?.["messageId"] ?? null : null;
  });
}

/** The actor of one side of a hold, on this client. */
function actorOfSide(sceneId: string, record: GrappleRecord, side: GrappleSide): GenesysActor | null {
  const scene = sceneNamed(sceneId);
  return genesysActor(scene?.tokens.get(record[side].tokenId)?.actor);
}

/** The value as a GeneSys actor, or null. */
function genesysActor(value: unknown): GenesysActor | null {
  return value instanceof GenesysActor ? value : null;
}


/** §2.3.7 one side of a hold declares the contest; the card's message id, or null. */
export async function declareGrappleContest(sceneId: string, grappleId: string, side: GrappleSide, options: GrappleOptions = {}): Promise<string | null> {
  return guarded(null, async () => {
    const scene = sceneNamed(sceneId);
    const record = scene ? grappleOfScene(scene, grappleId) : null;
    if (!record) return warn("GENESYS.Grapple.Warn.Over");
    const actor = actorOfSide(sceneId, record, side);
    if (!actor) return warn("GENESYS.Grapple.Warn.TokenMissing");
    if (!actor.isOwner) return warn("GENESYS.Grapple.Warn.NotYours", { name: record[side].name });
    const chosen = await skillChoice(actor, game.i18n.format(`GENESYS.Grapple.Flavor.${side}`, { attacker: record.attacker.name, defender: record.defender.name }), options);
    if (chosen === undefined) return null;
    const result = await sendIntent(GRAPPLE_INTENTS.contest, { sceneId, grappleId, side, skillId: chosenOrDefault(options, chosen) });
    return notifyResult(result) ? result.data?.["messageId"] ?? null : null;
  });
}

/** §2.3.7 the attacker lets go. */
export async function releaseHold(sceneId: string, grappleId: string): Promise<boolean> {
  return guarded(false, async () => notifyResult(await sendIntent(GRAPPLE_INTENTS.release, { sceneId, grappleId })));
}

function grappleOfScene(scene: { getFlag(scope: string, key: string): unknown }, grappleId: string): GrappleRecord | null {
  return readGrapples(scene).find((r) => r.id === grappleId) ?? null;
}

/** The hold an actor's token is in, for the sheet, the tracker and macros: its ids and side, or null. */
export function holdOf(actor: GenesysActor): { sceneId: string; grappleId: string; side: GrappleSide } | null {
  const found = grappleOfActor(actor);
  return found?.scene.id ? { sceneId: found.scene.id, grappleId: found.record.id, side: found.side } : null;
}

/** A macro's or the sheet's "grapple" for an actor: contest its hold if it is in one, else start one on the target. */
export async function grappleWith(actor: GenesysActor, options: GrappleOptions = {}): Promise<string | null> {
  const hold = holdOf(actor);
  if (hold) return declareGrappleContest(hold.sceneId, hold.grappleId, hold.side, options);
  const token = actor.isToken ? actor.token : actor.getActiveTokens(false, true)[0] ?? null;
  if (!token) return warn("GENESYS.Grapple.Warn.NoToken", { name: actor.name });
  return startGrapple(token, null, options);
}

function cardTarget(message: CardMessage): { sceneId: string; grappleId: string } | null {
  if (!authoredByGm(message)) return null;
  // Read as unknown and checked.
  const flags = message.flags as Record<string, Record<string, unknown> | undefined>;
  const raw = flags[SYSTEM_SCOPE]?.[GRAPPLE_CARD_FLAG];
  if (typeof raw !== "object" || raw === null) return null;
  const { sceneId, grappleId } = raw as Record<string, unknown>;
  return typeof sceneId === "string" && typeof grappleId === "string" ? { sceneId, grappleId } : null;
}

/** Wires a grapple card's buttons (and hides those of actors this user does not own); false for other messages. */
export async function decorateGrappleCard(message: CardMessage, html: HTMLElement): Promise<boolean> {
  const target = cardTarget(message);
  if (!target) return false;
  const buttons = Array.from(html.querySelectorAll<HTMLButtonElement>("button[data-grapple-action]"));
  const scene = sceneNamed(target.sceneId);
  const live = scene ? grappleOfScene(scene, target.grappleId) : null;
  for (const button of buttons) {
    const owner = button.dataset["owner"] ?? "";
    if (!live || !(game.user.isGM || (await ownedActor(owner)))) button.remove();
  }
  html.addEventListener("click", (event) => {
    const button = asElement(event.target)?.closest<HTMLButtonElement>("button[data-grapple-action]") ?? null;
    const action = button?.dataset["grappleAction"];
    const side = button?.dataset["side"];
    if (!button || (side !== "attacker" && side !== "defender")) return;
    event.preventDefault();
    button.disabled = true;
    const done = action === "release" ? releaseHold(target.sceneId, target.grappleId) : declareGrappleContest(target.sceneId, target.grappleId, side);
    void done.finally(() => {
      button.disabled = false;
    });
  });
  return true;
}

/** Registers the grapple card's card decoration and the hold's status guard (the intents: narrator.ts). Call at init. */
export function registerGrapple(): void {
  registerCardDecorator(decorateGrappleCard);
  registerHoldStatusGuard();
}
