/**
 * §1.7.3 a blind roll's card: the Narrator's client posts a placeholder that says who rolled what and nothing of how it
 * went; the card itself (an attack card's state, a check's roll) travels with it sealed (authority/seal.ts), so no
 * player's client holds a number of it, whatever the console reads. A Narrator's client opens it and shows the real
 * card in place of the placeholder; the Narrator's Reveal turns it into an ordinary card for the Narrators and the
 * player who rolled (a Narrator's own blind roll, for everyone).
 *
 * Each kind of sealed card (attack, check) registers how its value is shown and revealed, so this file knows neither.
 */
import { narratorHandlers, registerIntent, requestIntent, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { asElement } from "../compat/dom.js";
import { isSealedBox, openBox, sealValue, sealWarning, type Opened, type SealContext, type SealedBox } from "../authority/seal.js";
import { fetchKey } from "../authority/seal-key.js";
import { SYSTEM_ID as SYSTEM_SCOPE } from "../settings/rules-settings.js";
import { authoredByGm, type CardMessage } from "./authored.js";

export const SEALED_FLAG = "sealed";
export const SEALED_TEMPLATE = "systems/genesys-gdr/templates/chat/sealed-card.hbs";
export const SEALED_CONTROLS_TEMPLATE = "systems/genesys-gdr/templates/chat/sealed-controls.hbs";
export const SEAL_REVEAL_INTENT = "seal.reveal";
export const SEAL_ACT_INTENT = "seal.act";

/** A blind attack or check, a Narrator's tool card (reaction, recognition, losing control) or a hidden hazard. */
export type SealedKind = "attack" | "check" | "tool" | "hazard";

/** What the message carries: the box, and what anyone it is whispered to may know (the roller knows it anyway). */
export interface SealedCard {
  kind: SealedKind;
  box: SealedBox;
  /** The user who asked for the roll: the placeholder is whispered to them, and so is the card once revealed. */
  requesterId: string;
  /** "Jack: Corsa", "Jack attacks Scagnozzo with Pistola". */
  label: string;
}

const KINDS: readonly SealedKind[] = ["attack", "check", "tool", "hazard"];

/**
 * Every box of a kind is this size (seal.ts): room for the kind's state, the names a player chose taken out, with a
 * wide margin. An attack's state grows with its targets (one row each, a defence and a damage roll per row), a
 * hazard's with its victims; a check is one roll.
 */
export const SEAL_BYTES: Readonly<Record<SealedKind, number>> = { attack: 32_768, check: 8_192, tool: 16_384, hazard: 32_768 };

/**
 * The names a player chose among these actors: for each one some player owns, its own, its items' and its effects'
 * (a sealed card's labels are made of them). Only these leave a box; an NPC's, a hidden token's, an NPC's effect's
 * are the Narrator's and stay inside.
 */
export function playerChosenNames(actors: readonly (Actor.Implementation | null | undefined)[]): string[] {
  const players = game.users.contents.filter((u) => !u.isGM);
  return actors.flatMap((a) => {
    // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
    if (!a || !players.some((u) => a.testUserPermission(u, "OWNER"))) return [];
    const items = [...a.items];
    return [a.name, ...items.map((i) => i.name), ...[...a.effects].map((e) => e.name), ...items.flatMap((i) => [...i.effects].map((e) => e.name))];
  });
}

/** What a sealed card's box is bound to: its message, its kind and who asked for the roll. */
export function sealContext(message: { id: string | null }, card: Pick<SealedCard, "kind" | "requesterId">): SealContext {
  return { messageId: message.id ?? "", kind: card.kind, requesterId: card.requesterId };
}
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);

/** The sealed card of a message, when it has a well-formed one. */
export function readSealedCard(raw: unknown): SealedCard | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const { kind, box, requesterId, label } = r;
  if (!KINDS.includes(kind as SealedKind) || !isSealedBox(box) || !isId(requesterId) || typeof label !== "string") return null;
  return { kind: kind as SealedKind, box, requesterId, label };
}

/** The sealed card of a message a Narrator posted; a player's look-alike is not one. */
export function sealedCardOf(message: CardMessage): SealedCard | null {
  if (!authoredByGm(message)) return null;
  return readSealedCard(message.getFlag(SYSTEM_SCOPE, SEALED_FLAG));
}

const fetching = new Map<string, Promise<unknown>>();

/**
 * Opens a sealed card on a Narrator's client, asking the active Narrator for the key it names if this browser lacks
 * it. Opening never makes a key: a card sealed with a key nobody here holds stays unreadable and says so.
 */
export async function openSealed(message: { id: string | null }, card: SealedCard): Promise<Opened> {
  const context = sealContext(message, card);
  const first = openBox(card.box, context);
  if (first.ok || first.reason === "damaged" || !game.user.isGM || game.user.isActiveGM) return first;
  // Many cards render at once when the log opens: one request per key serves them all.
  const kid = card.box.kid;
  let asked = fetching.get(kid);
  if (!asked) {
    asked = fetchKey(kid).finally(() => fetching.delete(kid));
    fetching.set(kid, asked);
  }
  await asked;
  return openBox(card.box, context);
}

/** What a Reveal writes: the message's fields once revealed, and what follows once they are written. */
export interface Revealed {
  /** Its flags, content, rolls as an open card's. */
  fields: Record<string, unknown>;
  /**
   * What the reveal hands out (§1.8.2), after the message is open: if it fails, the card is open anyway and a second
   * Reveal finds nothing sealed, so nothing is ever handed out twice.
   */
  after?: (message: CardMessage) => Promise<void>;
}

/**
 * A Narrator's button beneath a sealed card besides the Reveal: one that reveals in its own way (`reveals`, passed to
 * `reveal` as its variant) or one that changes the sealed value and leaves the card sealed (handled by `act`).
 */
export interface SealedAction {
  id: string;
  /** i18n key of the button's text. */
  label: string;
  icon: string;
  reveals: boolean;
}

/** What an action answers: the new value to seal in place (null: nothing to change), and a note for the Narrator. */
export interface SealedActed {
  value: unknown;
  info?: string;
  data?: Record<string, string>;
}

/** How a kind of sealed card shows on a Narrator's client and what its Reveal writes. */
export interface SealedKindHandler {
  /** The card as the Narrators see it, from the opened value; null when the value is not one of this kind. */
  render(value: unknown, message: CardMessage): Promise<string | null>;
  /** The i18n key of the note beneath it (default GENESYS.Seal.NarratorsOnly). */
  note?: string;
  /** `variant`: the id of the revealing action pressed, or undefined for the plain Reveal. */
  reveal(value: unknown, message: CardMessage, variant?: string): Promise<Revealed | null>;
  /** The actions the opened value offers now. */
  actions?(value: unknown): SealedAction[];
  act?(value: unknown, action: string, message: CardMessage): Promise<SealedActed | null>;
}

const kinds = new Map<SealedKind, SealedKindHandler>();

export function registerSealedKind(kind: SealedKind, handler: SealedKindHandler): void {
  kinds.set(kind, handler);
}

/** The Narrators and the roller: who the placeholder, and later the revealed card, is whispered to. */
function recipients(requesterId: string): string[] {
  return [...new Set([...game.users.contents.filter((u) => u.isGM).map((u) => u.id), requesterId])];
}

/** Who sees the card once revealed: the player who rolled (and the Narrators); a Narrator's own roll, everyone. */
function revealedTo(requesterId: string): string[] {
  // fvtt-types types get() as always finding the user, but the roller may have been deleted since.
  const requester = game.users.get(requesterId) as User.Stored | undefined;
  return requester?.isGM === true ? [] : recipients(requesterId);
}

async function placeholder(card: Pick<SealedCard, "label" | "kind">): Promise<string> {
  const i18n = game.i18n;
  return foundry.applications.handlebars.renderTemplate(SEALED_TEMPLATE, {
    kind: card.kind,
    title: i18n.localize("GENESYS.Seal.Title"),
    label: card.label,
    hint: i18n.localize("GENESYS.Seal.Hint"),
  });
}

export interface SealedPost {
  kind: SealedKind;
  value: unknown;
  /** The names a player chose among those involved (playerChosenNames): only these travel beside the box. */
  names: readonly string[];
  label: string;
  requesterId: string;
  speaker: ChatMessage.SpeakerData;
}

/** Posts a sealed card from this (a Narrator's) client; the warning's key when nothing could be sealed or posted. */
export async function postSealed(post: SealedPost): Promise<CardMessage | { warning: string }> {
  const started = await startPostSealed(post);
  if ("warning" in started) return started;
  return (await started.created) ?? { warning: "GENESYS.Authority.Failed" };
}

/**
 * postSealed without waiting for the message's creation: the warning's key when nothing could be sealed, else the
 * creation under way (undefined if a hook stopped it).
 */
export async function startPostSealed(post: SealedPost): Promise<{ warning: string } | { id: string; created: Promise<CardMessage | undefined> }> {
  // The id is chosen here so that the box is bound to the message it will live in (created with keepId).
  const messageId = foundry.utils.randomID();
  const sealed = await sealValue(post.value, sealContext({ id: messageId }, post), SEAL_BYTES[post.kind], post.names);
  if (!sealed.ok) return { warning: sealWarning(sealed.reason) };
  const card: SealedCard = { kind: post.kind, box: sealed.box, requesterId: post.requesterId, label: post.label };
  const data: ChatMessage.CreateData = {
    _id: messageId,
    speaker: post.speaker,
    content: await placeholder(card),
    whisper: recipients(post.requesterId),
    flags: { [SYSTEM_SCOPE]: { [SEALED_FLAG]: card } },
  };
  return { id: messageId, created: ChatMessage.implementation.create(data, { keepId: true }) };
}

/** Seals the card's new value in place (the Narrator's client changed it); the warning's key when it could not be sealed. */
export async function reseal(message: CardMessage, card: SealedCard, value: unknown): Promise<string | null> {
  const started = await startReseal(message, card, value);
  if ("warning" in started) return started.warning;
  await started.written;
  return null;
}

/** reseal without waiting for the message's write: a warning if it cannot be sealed, else the write under way. */
export async function startReseal(message: CardMessage, card: SealedCard, value: unknown): Promise<{ warning: string } | { written: Promise<unknown> }> {
  const sealed = await sealValue(value, sealContext(message, card), SEAL_BYTES[card.kind], card.box.strings);
  if (!sealed.ok) return { warning: sealWarning(sealed.reason) };
  // Only the box changes; the rest of the flag as it was.
  return { written: message.update({ flags: { [SYSTEM_SCOPE]: { [SEALED_FLAG]: { ...card, box: sealed.box } } } }) };
}

/** The key of the warning a Narrator sees when a sealed card cannot be opened here. */
export function unreadableWarning(reason: Exclude<Opened, { ok: true }>["reason"]): string {
  return `GENESYS.Seal.Unreadable.${reason}`;
}

/**
 * On a Narrator's client, the real card in place of the placeholder, with the Reveal button; a card this browser
 * cannot open keeps its placeholder and says why. Returns false for messages without a sealed card.
 */
export async function decorateSealedCard(message: CardMessage, html: HTMLElement): Promise<boolean> {
  const card = sealedCardOf(message);
  if (!card) return false;
  if (!game.user.isGM) return true;
  const content = html.querySelector<HTMLElement>(".message-content");
  if (!content) return true;
  // How each kind renders is the Narrator's side, which may still be loading when the chat log first renders.
  await narratorHandlers();
  const opened = await openSealed(message, card);
  const i18n = game.i18n;
  const inner = opened.ok ? await kinds.get(card.kind)?.render(opened.value, message) : null;
  const render = (data: Record<string, unknown>): Promise<string> => foundry.applications.handlebars.renderTemplate(SEALED_CONTROLS_TEMPLATE, data);
  if (!inner) {
    const warning = i18n.localize(unreadableWarning(opened.ok ? "damaged" : opened.reason));
    content.innerHTML += await render({ note: warning, warning: true });
    return true;
  }
  // fvtt-types types get() as always finding the user, but the roller may have been deleted since.
  const requester = game.users.get(card.requesterId) as User.Stored | undefined;
  const reveal = requester?.isGM === true ? i18n.localize("GENESYS.Seal.RevealAll") : i18n.format("GENESYS.Seal.Reveal", { name: requester?.name ?? "?" });
  const note = i18n.localize(kinds.get(card.kind)?.note ?? "GENESYS.Seal.NarratorsOnly");
  const actions = (opened.ok ? (kinds.get(card.kind)?.actions?.(opened.value) ?? []) : [])
    .map((a) => ({ id: a.id, icon: a.icon, label: i18n.localize(a.label), reveals: a.reveals }));
  content.innerHTML = inner + (await render({ note, reveal, actions }));
  content.addEventListener("click", (event) => {
    const button = asElement(event.target)?.closest<HTMLButtonElement>("[data-sealed-action]");
    if (!button) return;
    event.preventDefault();
    const kind = button.dataset["sealedAction"];
    const action = button.dataset["sealedId"];
    const sent = kind === "reveal" ? requestIntent(SEAL_REVEAL_INTENT, { messageId: message.id, ...(action ? { variant: action } : {}) })
      : kind === "act" && action ? requestIntent(SEAL_ACT_INTENT, { messageId: message.id, action })
      : null;
    if (!sent) return;
    button.disabled = true;
    void sent.finally(() => (button.disabled = false));
  });
  return true;
}

/** The Narrator's Reveal, on the active Narrator's client: the card becomes an ordinary one for the Narrators and the roller. */
async function onReveal(requester: Requester, raw: unknown): Promise<IntentResult> {
  if (!requester.isGM) return { ok: false, warning: "GENESYS.Seal.Warn.NarratorsOnly" };
  const { messageId, variant } = typeof raw === "object" && raw !== null ? (raw as { messageId?: unknown; variant?: unknown }) : {};
  if (!isId(messageId) || !(variant === undefined || isId(variant))) return { ok: false, warning: "GENESYS.Authority.Invalid" };
  // fvtt-types types get() as always finding the message, but it may have been deleted since.
  const message = game.messages.get(messageId) as CardMessage | undefined;
  const card = message ? sealedCardOf(message) : null;
  // Revealed twice (two clicks): the second finds no sealed card, and that is not an error.
  if (!message || !card) return message ? { ok: true } : { ok: false, warning: "GENESYS.Attack.Warn.CardMissing" };
  const opened = await openSealed(message, card);
  if (!opened.ok) return { ok: false, warning: unreadableWarning(opened.reason) };
  const handler = kinds.get(card.kind);
  // A variant the card does not offer (any more) is not made up for: the Narrator sees the card as it is now.
  if (variant !== undefined && !(handler?.actions?.(opened.value) ?? []).some((a) => a.reveals && a.id === variant)) {
    return { ok: false, warning: "GENESYS.Seal.Warn.ActionGone" };
  }
  const revealed = await handler?.reveal(opened.value, message, variant);
  if (!revealed) return { ok: false, warning: unreadableWarning("damaged") };
  await message.update({
    ...revealed.fields,
    whisper: revealedTo(card.requesterId),
    blind: false,
    [`flags.${SYSTEM_SCOPE}.-=${SEALED_FLAG}`]: null,
  } as ChatMessage.UpdateData); // the kinds' fields are checked by their own readers; Foundry validates the rest
  try {
    await revealed.after?.(message);
  } catch (error) {
    console.error("GeneSys GdR | a revealed card's follow-up failed", error);
    return { ok: false, warning: "GENESYS.Seal.Warn.AfterReveal", data: { message: error instanceof Error ? error.message : String(error) } };
  }
  return { ok: true };
}

/**
 * A Narrator's action on a card that stays sealed (the active Narrator's client runs intents one at a time, so two
 * clicks find the second one's action gone): the kind changes its value, sealed again in place.
 */
async function onAct(requester: Requester, raw: unknown): Promise<IntentResult> {
  if (!requester.isGM) return { ok: false, warning: "GENESYS.Seal.Warn.NarratorsOnly" };
  const { messageId, action } = typeof raw === "object" && raw !== null ? (raw as { messageId?: unknown; action?: unknown }) : {};
  if (!isId(messageId) || !isId(action)) return { ok: false, warning: "GENESYS.Authority.Invalid" };
  // fvtt-types types get() as always finding the message, but it may have been deleted since.
  const message = game.messages.get(messageId) as CardMessage | undefined;
  if (!message) return { ok: false, warning: "GENESYS.Attack.Warn.CardMissing" };
  const card = sealedCardOf(message);
  if (!card) return { ok: false, warning: "GENESYS.Seal.Warn.ActionGone" };
  const opened = await openSealed(message, card);
  if (!opened.ok) return { ok: false, warning: unreadableWarning(opened.reason) };
  const handler = kinds.get(card.kind);
  if (!handler?.act || !(handler.actions?.(opened.value) ?? []).some((a) => !a.reveals && a.id === action)) {
    return { ok: false, warning: "GENESYS.Seal.Warn.ActionGone" };
  }
  const acted = await handler.act(opened.value, action, message);
  if (!acted) return { ok: false, warning: unreadableWarning("damaged") };
  const refused = acted.value === null ? null : await reseal(message, card, acted.value);
  if (refused !== null) return { ok: false, warning: refused };
  return acted.info ? { ok: true, info: acted.info, ...(acted.data ? { data: acted.data } : {}) } : { ok: true };
}

export function registerSealedCards(): void {
  registerIntent(SEAL_REVEAL_INTENT, onReveal);
  registerIntent(SEAL_ACT_INTENT, onAct);
}
