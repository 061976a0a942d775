/**
 * Test double of Dice So Nice's `game.dice3d`, only the call our code makes: showForRoll(roll, user, synchronize, users,
 * blind, messageID, speaker) resolving with whether the animation played (Dice So Nice 5.1.6 module/Dice3D.js,
 * github.com/Trahloc/foundryvtt-dice-so-nice, mirror of gitlab.com/riccisi/foundryvtt-dice-so-nice). Every call is
 * recorded with the client it ran on, and who would see the throw: this client unless `blind`, and with `synchronize`
 * the users listed (everyone when none), as the module's socket handler filters (`!request.users ||
 * request.users.includes(game.user.id)`). That filter runs on arrival: a synchronised throw is emitted to every
 * connected client (`game.socket.emit("module.dice-so-nice", …)` in showForRoll), so its dice reach them all
 * (`receivedBy`) whoever is listed. The animation itself is not modelled: a test may hold it to see what waits.
 */

interface UserLike { id: string; isGM: boolean }
interface GameLike { user: UserLike; users: { contents: UserLike[] }; dice3d?: unknown }
const game = (): GameLike => (globalThis as unknown as { game: GameLike }).game;

interface RollLike { dice: { faces: number; results: { result: number }[] }[] }

export interface ShownRoll {
  /** The client that called showForRoll. */
  clientId: string;
  /** [faces, results] of each dice term. */
  dice: [number, number[]][];
  userId: string | undefined;
  synchronize: boolean;
  users: string[] | null;
  blind: boolean;
  messageId: string | null;
  speaker: unknown;
  /** The users whose screens the throw reaches. */
  seenBy: string[];
  /** The users whose clients receive the dice values, shown or not. */
  receivedBy: string[];
}

export interface DiceSoNiceDouble {
  shown: ShownRoll[];
  /** When set, each showForRoll waits for it before resolving (an animation still playing). */
  hold: Promise<void> | null;
  /** When set, showForRoll throws this (a broken module). */
  failure: Error | null;
}

/** Installs game.dice3d (the module active on every client) and returns its record. */
export function installDiceSoNice(): DiceSoNiceDouble {
  const record: DiceSoNiceDouble = { shown: [], hold: null, failure: null };
  game().dice3d = {
    async showForRoll(roll: RollLike, user?: UserLike, synchronize = false, users: string[] | null = null, blind = false, messageID: string | null = null, speaker: unknown = null): Promise<boolean> {
      if (record.failure) throw record.failure;
      const clientId = game().user.id;
      const everyone = game().users.contents.map((u) => u.id);
      const remote = synchronize ? (users && users.length > 0 ? users : everyone).filter((id) => id !== clientId) : [];
      const seenBy = [...(blind ? [] : [clientId]), ...remote];
      const receivedBy = [clientId, ...(synchronize ? everyone.filter((id) => id !== clientId) : [])];
      record.shown.push({
        clientId,
        dice: roll.dice.map((d) => [d.faces, d.results.map((r) => r.result)]),
        userId: user?.id,
        synchronize,
        users,
        blind,
        messageId: messageID,
        speaker,
        seenBy,
        receivedBy,
      });
      await (record.hold ?? Promise.resolve());
      return !blind;
    },
  };
  return record;
}

/** The module is not active: no game.dice3d. */
export function removeDiceSoNice(): void {
  delete game().dice3d;
}
