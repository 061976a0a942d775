/**
 * Regression: an actor whose data a rule refuses must not stop the advance for the others. Forza 0 (Resistenza 0),
 * which a player may type on their own sheet, is planned (R 0 reading in tiredness.ts starvationRisk); one the rules
 * still refuse is skipped, named in the Narrator's warning, and left untouched while the rest are applied.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { timeQueue } from "../../src/time/time-advance.js";
import { readTimeCard } from "../../src/time/time-card.js";
import { foundryDouble } from "../foundry/boot.js";
import { createScene, type Scene } from "../foundry/scenes.js";
import { createActor, personOf } from "../documents/helpers.js";
import { HUMAN, playerId, useCardWorld } from "../attack/helpers.js";
import { expectConsole } from "../console-guard.js";

useCardWorld();

interface Card { flags: Record<string, Record<string, unknown> | undefined> }
// The double's messages carry their flags as stored; the card is read back through the same checker Undo uses.
const lastCard = () => readTimeCard((game.messages.contents as unknown as Card[]).at(-1)?.flags["genesys-gdr"]?.["timeCard"]);

let scene: Scene;
beforeEach(() => {
  for (const s of game.scenes.contents as unknown as Scene[]) s.active = false;
  scene = createScene("Deserto");
  scene.active = true;
});

const hero = (name: string, extra: object = {}): Promise<GenesysActor> =>
  createActor({ name, type: "character", system: { characteristics: HUMAN, ...extra }, ownership: { default: 0, [playerId()]: 3 } });

describe("a player's own actor data against the Narrator's advance", () => {
  it("one Protagonista with Forza 0 does not stop time for the others", async () => {
    const first = await hero("Primo");
    const odd = await hero("Strano");
    const last = await hero("Ultimo");
    await odd.update({ system: { characteristics: { strength: 0 } } }); // the owner's own sheet edit
    expect(scene.active).toBe(true);
    const ok = await game.genesys.timePasses({ hours: 8, actors: [first, odd, last] }).catch(() => "threw");
    await timeQueue.run(() => Promise.resolve());
    expect(personOf(first).deprivation.hoursAwake).toBe(8);
    expect(ok).toBe(true);
    expect(personOf(last).deprivation.hoursAwake).toBe(8);
    expect(personOf(odd).deprivation.hoursAwake).toBe(8); // Resistenza 0 is a reading, not an error
  });

  it("an actor the rules refuse (poisoned with Resistenza 0) is skipped and named; the others are applied and carded", async () => {
    const first = await hero("Primo");
    const odd = await hero("Avvelenato", { poison: { doses: 2 } });
    await odd.update({ system: { characteristics: { strength: 0 } } });
    const before = JSON.stringify(odd.system);
    const ok = await game.genesys.timePasses({ hours: 8, actors: [first, odd] });
    await timeQueue.run(() => Promise.resolve());
    expect(ok).toBe(true);
    expect(personOf(first).deprivation.hoursAwake).toBe(8);
    expect(JSON.stringify(odd.system)).toBe(before); // nothing half-written
    expect(foundryDouble().notifications.map((n) => n.message)).toContain('GENESYS.Time.Warn.Skipped {"names":"Avvelenato"}');
    expect(lastCard()?.rows.map((r) => r.name)).toEqual(["Primo"]);
    expectConsole("warn", /time not applied to Avvelenato/);
  });

  it("refuses an advance under half a second, which would move the clock by nothing", async () => {
    const first = await hero("Primo");
    const t = game.time.worldTime;
    expect(await game.genesys.timePasses({ minutes: 0.3 / 60, actors: [first] })).toBe(false);
    expect(game.time.worldTime).toBe(t);
    expect(foundryDouble().notifications.at(-1)?.message).toBe("GENESYS.Time.Warn.BadDuration");
  });

  it("the card records what the schema kept, not what the plan asked (a clamped clock)", async () => {
    const first = await hero("Insonne", { deprivation: { hoursAwake: 9_999 } });
    expect(await game.genesys.timePasses({ hours: 8, actors: [first] })).toBe(true);
    await timeQueue.run(() => Promise.resolve());
    expect(personOf(first).deprivation.hoursAwake).toBe(10_000);
    expect(lastCard()?.rows[0]?.after.deprivation?.hoursAwake).toBe(10_000);
  });
});
