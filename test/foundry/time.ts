/**
 * game.time as far as world-time code uses it: `worldTime` (seconds) and `advance(seconds)` (v13 API GameTime#advance,
 * "Advance or rewind the world time by a certain number of seconds"). Core stores the time in a world setting that only
 * a GM may write (assumption: a player's advance throws, as core's "core.time" is GM-only); once the server has it,
 * every connected client fires `updateWorldTime(worldTime, delta, options, userId)` (the hook pf2e's
 * src/scripts/hooks/update-world-time.ts reads as `(_total, diff)`), each on its own client here (clients.ts).
 * A negative `seconds` rewinds, and the hook reports the negative delta (assumption, from the API's "or rewind").
 */
import { onClient, roundTrip } from "./clients.js";

interface TimeUser { id: string; name: string; isGM: boolean; active: boolean }
interface TimeGame { user: TimeUser; users: { contents: TimeUser[] } }
interface HooksLike { callAll(name: string, ...args: unknown[]): boolean }
const world = (): { game: TimeGame; Hooks: HooksLike } => globalThis as unknown as { game: TimeGame; Hooks: HooksLike };

export class GameTime {
  worldTime = 0;

  async advance(seconds: number, options: Record<string, unknown> = {}): Promise<number> {
    const { game, Hooks } = world();
    const user = game.user;
    if (!user.isGM) throw new Error(`User ${user.name} lacks permission to update Setting core.time`);
    await roundTrip();
    this.worldTime += seconds;
    const at = this.worldTime;
    for (const client of game.users.contents.filter((u) => u.active)) {
      await onClient(client, async () => {
        await Promise.resolve();
        Hooks.callAll("updateWorldTime", at, seconds, options, user.id);
      });
    }
    return at;
  }
}

export function installTime(): void {
  (world().game as unknown as Record<string, unknown>)["time"] = new GameTime();
}
