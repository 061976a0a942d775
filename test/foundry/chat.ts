/**
 * Test double of what the attack card needs beyond dice.ts (v13 behaviour, kept small): chat messages with flags,
 * update (merged, allowed to the author and the GMs), canUserModify and game.messages; each user's targeted tokens;
 * tokens that carry their actor; and a canvas without a scene (canvas.ready false), so distances come from the dialog.
 * Each member names its evidence or says "assumption".
 */
import { onClient, roundTrip } from "./clients.js";
import { mergeObject } from "./data-model.js";
import { Collection, randomID } from "./documents.js";
import { ChatMessage as RollMessage, Roll, diceDouble, type RollJSON } from "./dice.js";

interface UserLike { id: string; name: string; isGM: boolean }
interface GameLike { user: UserLike; users: Collection<UserLike & { targets?: Set<TokenDouble> }>; messages: Collection<ChatMessage> }
const game = (): GameLike => (globalThis as unknown as { game: GameLike }).game;

/** A chat message that remembers its flags and can be updated, as ChatMessage.create answers it; stored in game.messages
 *  (v13 API Game#messages). */
export class ChatMessage extends RollMessage {
  /** The configured class, CONFIG.ChatMessage.documentClass (V13-API §7's ChatMessage.implementation; documents.ts's
   *  Item reads CONFIG the same way). */
  static override get implementation(): typeof ChatMessage {
    return (globalThis as unknown as { CONFIG: { ChatMessage?: { documentClass: typeof ChatMessage } } }).CONFIG.ChatMessage?.documentClass ?? ChatMessage;
  }
  readonly id: string;
  flags: Record<string, Record<string, unknown>>;
  declare content: string;
  /** Every update made, as given: tests read who changed what. */
  readonly updates: Record<string, unknown>[] = [];

  /** With `keepId` the data's `_id` is kept, else a new one (v13 API DatabaseCreateOperation.keepId, as documents.ts). */
  constructor(data: Record<string, unknown>, options: { rollMode?: string; messageMode?: string; keepId?: boolean } = {}) {
    super(data, options);
    const given = data["_id"];
    this.id = options.keepId === true && typeof given === "string" ? given : randomID();
    this.flags = structuredClone((data["flags"] as Record<string, Record<string, unknown>> | undefined) ?? {});
  }

  /**
   * Stored, then every connected client fires `createChatMessage(message, options, userId)` with the creator's id as the
   * server broadcasts it (V13-API §10: document hooks after a change are told who made it; peers test
   * `userId !== game.user.id`), each on its own client (clients.ts), as time.ts does for world time.
   */
  static override async create(data: Record<string, unknown>, options: { rollMode?: string; messageMode?: string; keepId?: boolean } = {}): Promise<ChatMessage> {
    // Every message is of the configured class: systems' renderHTML overrides (foundryvtt/crucible, shadowdark
    // ChatMessageSD) draw each message of the log, so the log's messages are theirs.
    const message = new ChatMessage.implementation(data, options);
    if (game().messages.has(message.id)) throw new Error(`ChatMessage "${message.id}" already exists`);
    // A write like any other: stored once the server has answered (clients.ts).
    await roundTrip();
    if (game().messages.has(message.id)) throw new Error(`ChatMessage "${message.id}" already exists`);
    diceDouble().messages.push(message);
    game().messages.set(message.id, message);
    const creator = game().user.id;
    const hooks = (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): boolean } }).Hooks;
    for (const client of game().users.contents.filter((u) => (u as { active?: boolean }).active !== false)) {
      await onClient(client, async () => {
        await Promise.resolve();
        hooks.callAll("createChatMessage", message, options, creator);
      });
    }
    return message;
  }

  /**
   * The element the chat log shows (V13-API §7: `renderHTML(options?) → Promise<HTMLElement>`), with the
   * renderChatMessageHTML hook (V13-API §7's signature) fired on it before it resolves: foundryvtt/crucible edits the
   * element in that hook and its own renderHTML override awaits `super.renderHTML` and edits it again, so the hook
   * runs inside. No DOM here: the element is a stand-in answering what the system's decorations use (assumption).
   */
  async renderHTML(_options: Record<string, unknown> = {}): Promise<MessageElement> {
    await Promise.resolve();
    const html = messageElement(this.content);
    const hooks = (globalThis as unknown as { Hooks: { callAll(name: string, ...args: unknown[]): boolean } }).Hooks;
    hooks.callAll("renderChatMessageHTML", this, html, { message: this });
    return html;
  }

  /** flags.<scope>.<key> (v13 API Document#getFlag). */
  getFlag(scope: string, key: string): unknown {
    return this.flags[scope]?.[key];
  }

  /** The author and the GMs may update a message (foundryvtt/foundryvtt#7831 quotes BaseChatMessage#canUpdate: GM users
   *  "can do anything", "Otherwise, message authors"); deleting follows the same rule (assumption). */
  canUserModify(user: UserLike, action: "create" | "update" | "delete"): boolean {
    return action !== "create" && (user.isGM || user.id === this.authorId);
  }

  /** Whether this client's user wrote it (v13 API ChatMessage#isAuthor). */
  get isAuthor(): boolean { return game().user.id === this.authorId; }

  /** Merges the changes like Foundry (data-model.ts mergeObject); refuses users who may not update with core's
   *  "User … lacks permission to update ChatMessage …" (vigoren/foundryvtt-simple-calendar#584). */
  async update(changes: Record<string, unknown>): Promise<this> {
    if (!this.canUserModify(game().user, "update")) throw new Error(`User ${game().user.name} lacks permission to update ChatMessage ${this.id}`);
    // Applied once the server has answered (clients.ts).
    await roundTrip();
    this.updates.push(structuredClone(changes));
    const merged = mergeObject({ flags: this.flags, content: this.content, whisper: this.whisper, blind: this.blind, rolls: this.rolls.map((r) => r.toJSON()) }, changes);
    this.flags = merged["flags"] as Record<string, Record<string, unknown>>;
    this.content = String(merged["content"]);
    // whisper, blind and rolls are ChatMessage schema fields like content (V13-API §7): an update replaces them whole.
    this.whisper = [...(merged["whisper"] as string[])];
    this.blind = merged["blind"] === true;
    this.rolls = (merged["rolls"] as unknown[]).map((r) => Roll.fromData(JSON.parse(JSON.stringify(r)) as RollJSON));
    return this;
  }
}

/** The stand-in of an element: its listeners, classes and `.message-content`'s innerHTML; queries for anything else
 *  find nothing (no DOM in these tests). */
export interface FakeElement {
  innerHTML: string;
  readonly listeners: Map<string, ((event: unknown) => void)[]>;
  readonly classes: Set<string>;
  addEventListener(type: string, listener: (event: unknown) => void): void;
  querySelector(selector: string): FakeElement | null;
  querySelectorAll(selector: string): FakeElement[];
  classList: { add(...names: string[]): void; remove(...names: string[]): void; toggle(name: string, force?: boolean): boolean; contains(name: string): boolean };
}
export interface MessageElement extends FakeElement { readonly content: FakeElement }

function fakeElement(innerHTML: string, content: FakeElement | null): FakeElement {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const classes = new Set<string>();
  return {
    innerHTML,
    listeners,
    classes,
    addEventListener: (type, listener) => { listeners.set(type, [...(listeners.get(type) ?? []), listener]); },
    querySelector: (selector) => (selector === ".message-content" ? content : null),
    querySelectorAll: () => [],
    classList: {
      add: (...names) => { for (const n of names) classes.add(n); },
      remove: (...names) => { for (const n of names) classes.delete(n); },
      toggle: (name, force) => { const on = force ?? !classes.has(name); if (on) classes.add(name); else classes.delete(name); return on; },
      contains: (name) => classes.has(name),
    },
  };
}

/** A message's element: an `li` whose `.message-content` holds the message's content (v13's chat-message.hbs layout,
 *  as the hook's users query it). */
export function messageElement(contentHTML: string): MessageElement {
  const content = fakeElement(contentHTML, null);
  return Object.assign(fakeElement("", content), { content });
}

/** A token on the scene: the placeable with its document (whose uuid is Scene.<s>.Token.<t>, scenes.ts) and actor
 *  (v13 API Token#document, Token#actor); its centre is irrelevant without a canvas. */
export class TokenDouble {
  readonly document: { id: string; uuid: string };
  constructor(readonly actor: { name: string } | null, readonly name = actor?.name ?? "Token") {
    const id = randomID();
    this.document = { id, uuid: `Scene.scene0000000001.Token.${id}` };
  }
  get center(): { x: number; y: number } { return { x: 0, y: 0 }; }
}

/** Sets the current user's targeted tokens: game.user.targets is a Set of Tokens (v13 API User#targets). */
export function target(...tokens: TokenDouble[]): void {
  const user = game().user as UserLike & { targets?: Set<TokenDouble> };
  user.targets = new Set(tokens);
}

/** Adds messages, targets and a scene-less canvas to an installed double (after installDice). */
export function installChat(): void {
  const g = globalThis as unknown as Record<string, unknown>;
  const gameObject = g["game"] as GameLike;
  gameObject.messages = new Collection<ChatMessage>();
  for (const user of gameObject.users.contents) user.targets = new Set();
  g["ChatMessage"] = ChatMessage;
  // CONFIG.ChatMessage.documentClass (V13-API §2.4), which a system may replace at init.
  (g["CONFIG"] as Record<string, unknown>)["ChatMessage"] = { documentClass: ChatMessage };
  // No scene is viewed: canvas.ready is false (v13 API Canvas#ready), so distances come from the dialog.
  g["canvas"] = { ready: false, grid: null };
}
