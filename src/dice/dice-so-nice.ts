/**
 * Dice So Nice (the 3D dice module), when it is there. Roll messages it animates by itself: on every client it animates
 * a message created with rolls, and the rolls an update adds to one, each client deciding by that message's visibility
 * (module/main.js hooks createChatMessage and updateChatMessage, shouldInterceptMessage reads isContentVisible and the
 * ghost-dice settings). The attack card is different: its dice are rolled on the clicking user's client and written by
 * the Narrator's, so the roller shows them (showForRoll, synchronised to whoever may see the card) and waits for the
 * throw before sending them; the outcome then appears after the dice land. DSN's own message hooks stand aside for the
 * card (`diceSoNiceMessagePreProcess`, and `diceSoNiceMessageProcessed` before 6.0), so nobody sees them twice.
 *
 * Evidence: Dice So Nice 5.1.6 module/Dice3D.js `showForRoll(roll, user, synchronize, users, blind, messageID, speaker)`
 * resolves with whether the animation played; `synchronize` emits the throw on the module socket to `users` (all when
 * null), `blind` skips it on this client (github.com/Trahloc/foundryvtt-dice-so-nice, mirror of
 * gitlab.com/riccisi/foundryvtt-dice-so-nice); main.js 6.x calls `diceSoNiceMessagePreProcess(messageId, interception)`
 * and lets `interception.willTrigger3DRoll = false` cancel the message's animation. `game.dice3d` exists only while the
 * module is active on this client (main.js sets it at ready, not with the no-canvas mode).
 *
 * A blind throw never goes on the socket: the module broadcasts the dice to every client and filters on arrival, so a
 * player's console would read them. Nothing here ever throws: without the module, or if it fails, the roll goes on.
 */

/** A roll as thrown: Dice So Nice reads its dice terms. */
export type ThrownRoll = Pick<Roll, "dice">;

/** The part of Dice So Nice's API used here (module/Dice3D.js). */
export interface Dice3D {
  showForRoll(
    roll: ThrownRoll,
    user?: Pick<User, "id">,
    synchronize?: boolean,
    users?: string[] | null,
    blind?: boolean,
    messageID?: string | null,
    speaker?: ChatMessage.SpeakerData | null,
  ): Promise<boolean | undefined>;
}

/** Who sees a throw: every client, the listed users' clients, or only this one. */
export interface DiceAudience {
  /** Sent to other clients through the module's socket. */
  synchronize: boolean;
  /** The users whose clients show a synchronised throw; null = everyone. */
  users: string[] | null;
  /** The message the dice belong to, when it exists already: DSN reads its whisper for its "secret rolls" settings. */
  messageId?: string | null;
  /** DSN's "hide NPC rolls" reads the speaker's actor. */
  speaker?: ChatMessage.SpeakerData | null;
}

/** Only this client (a Narrator's blind or sealed roll). */
export const LOCAL_ONLY: DiceAudience = { synchronize: false, users: null };

/** Longest wait for a throw: a hidden browser tab queues DSN's animation, and the roll must not wait on it forever. */
export const SHOW_TIMEOUT_MS = 10_000;

/** Dice So Nice's API on this client, or null when the module is not active here. */
export function dice3d(): Dice3D | null {
  // game.dice3d is the module's global, which the Foundry types do not declare; checked to be callable below.
  const api = (game as unknown as { dice3d?: unknown }).dice3d;
  if (typeof api !== "object" || api === null) return null;
  const show = (api as { showForRoll?: unknown }).showForRoll;
  // The check above makes it a function; its signature is the module's (Dice3D above).
  return typeof show === "function" ? (api as Dice3D) : null;
}

/**
 * Throws the roll's dice and waits until they land (at most SHOW_TIMEOUT_MS). Resolves at once without the module or
 * dice; never rejects. Sealed and blind dice are shown only on a Narrator's client, never synchronised.
 */
export async function showDice(roll: ThrownRoll, audience: DiceAudience): Promise<void> {
  const api = dice3d();
  if (roll.dice.length === 0) return;
  if (!api) {
    diceSound(audience);
    return;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const shown = api.showForRoll(roll, game.user, audience.synchronize, audience.users, false, audience.messageId ?? null, audience.speaker ?? null);
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHOW_TIMEOUT_MS)));
    await Promise.race([Promise.resolve(shown).then(() => undefined), timeout]);
  } catch (error) {
    console.warn("GeneSys GdR | Dice So Nice could not show a roll", error);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/**
 * Without Dice So Nice, core's dice sound for dice thrown on a card: on this client, and on everyone's when the dice
 * are everyone's (a sound carries no number). A created roll message plays its own (ChatMessage#sound).
 */
function diceSound(audience: DiceAudience): void {
  const src = CONFIG.sounds.dice;
  if (!src) return;
  try {
    void foundry.audio.AudioHelper.play({ src, volume: 0.8 }, audience.synchronize);
  } catch (error) {
    console.warn("GeneSys GdR | the dice sound could not play", error);
  }
}

/** A message as the audience of the dice added to it reads it. */
export type AudienceMessage = Pick<ChatMessage.Implementation, "id" | "whisper" | "blind" | "speaker">;

/**
 * DSN's synchronised throw goes to every client over the socket and each filters it on arrival, so only dice everyone
 * may see are synchronised: a whispered card's dice are thrown on the roller's screen only.
 */
export function recipientsAudience(whisper: readonly string[]): DiceAudience {
  return whisper.length > 0 ? LOCAL_ONLY : { synchronize: true, users: null };
}

/**
 * The audience of dice added to an existing message: everyone when it is public, the roller alone when it is
 * whispered (recipientsAudience). A blind or sealed message's dice stay on a Narrator's client; on a player's they are
 * not shown at all (null).
 */
export function messageAudience(message: AudienceMessage, sealed: boolean): DiceAudience | null {
  const base = { messageId: message.id, speaker: message.speaker };
  if (sealed || message.blind) return game.user.isGM ? { ...LOCAL_ONLY, ...base } : null;
  return { ...recipientsAudience(message.whisper.map((id) => String(id))), ...base };
}

/** What DSN's message hooks hand their listeners (module/main.js shouldInterceptMessage). */
function interceptionOf(value: unknown): { willTrigger3DRoll: boolean } | null {
  if (typeof value !== "object" || value === null) return null;
  // Checked to be an object; only its boolean field is read and written.
  const interception = value as { willTrigger3DRoll?: unknown };
  return typeof interception.willTrigger3DRoll === "boolean" ? (interception as { willTrigger3DRoll: boolean }) : null;
}

/**
 * Makes DSN's message hooks leave alone the messages `ours` claims, whose dice the roller already showed. Both hook
 * names: 6.x lets only the first change the decision (and warns about the second), 5.x has only the second; setting a
 * value already false changes nothing there.
 */
export function standAsideFor(ours: (message: ChatMessage.Implementation | ChatMessage.Stored) => boolean): void {
  const listener = (messageId: unknown, raw: unknown): void => {
    const interception = interceptionOf(raw);
    if (!interception?.willTrigger3DRoll || typeof messageId !== "string") return;
    // fvtt-types types get() as always finding the message; an id DSN names may be gone.
    const message = game.messages.get(messageId) as ChatMessage.Stored | undefined;
    if (message && ours(message)) interception.willTrigger3DRoll = false;
  };
  // DSN's hooks, which the Foundry types do not know by name.
  const hooks = Hooks as unknown as { on(name: string, fn: (...args: unknown[]) => void): number };
  hooks.on("diceSoNiceMessagePreProcess", listener);
  hooks.on("diceSoNiceMessageProcessed", listener);
}
