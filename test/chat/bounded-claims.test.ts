/**
 * Issue 19, claims bounded by the book: what a player claims for himself is refused beyond what the book lets him say.
 * §2.3.4 advantage positions are the Narrator's to grant: a player's word counts for one row; the rows a grapple decides
 * come from the hold, and sums are the Narrator's. §1.7.1 situational bonuses are the Narrator's: a player's blind check
 * takes a penalty, never a bonus. A player's claimed distance stands only where nothing can be measured: attacker and
 * target placed on two scenes are refused.
 */
import { describe, expect, it } from "vitest";
import { playerAdvantageRefusal } from "../../src/rules/attack.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { jack as checkJack, skillId } from "../dice/helpers.js";
import { answerFor, dice, itemId, npc, playerId, shooter, targetActors, useCardWorld } from "./helpers.js";

useCardWorld();

const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(users().player, fn);
const warningsSince = (n: number): string => foundryDouble().notifications.slice(n).filter((x) => x.level === "warn").map((x) => x.message).join(" | ");

describe("§2.3.4 the rule", () => {
  it("one row of the table is a player's to claim; two, or a grapple's rows, are the Narrator's", () => {
    expect(playerAdvantageRefusal([])).toBeNull();
    expect(playerAdvantageRefusal(["coverThreeQuarters"])).toBeNull();
    expect(playerAdvantageRefusal(["behindOpponent", "behindOpponent"])).toBeNull();
    expect(playerAdvantageRefusal(["behindOpponent", "partiallyVisible"])).toBe("tooMany");
    expect(playerAdvantageRefusal(["opponentImmobilised"])).toBe("grapple");
    expect(playerAdvantageRefusal(["opponentGrappling"])).toBe("grapple");
    expect(() => playerAdvantageRefusal(["flying" as never])).toThrow();
  });
});

async function shoot(advantages: string[], { asNarrator = false } = {}): Promise<{ ok: boolean; warned: string }> {
  const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
  const thug = await npc("Scagnozzo");
  const pistol = itemId(jack, "Pistola");
  const since = foundryDouble().notifications.length;
  dice(7, 8);
  const run = async (): Promise<boolean> => {
    targetActors(thug);
    const { attack } = await import("../../src/chat/attack-flow.js");
    return attack(jack, pistol, { answer: { ...answerFor(jack, pistol, { distances: [4] }), advantages: advantages as never } });
  };
  const ok = asNarrator ? await run() : await asP(run);
  return { ok, warned: warningsSince(since) };
}

describe("a player's attack claims", () => {
  it("+19 of self-declared advantages (blinded, immobilised, in a grapple, partly visible, behind) is refused", async () => {
    const { ok, warned } = await shoot(["opponentBlinded", "opponentImmobilised", "opponentGrappling", "partiallyVisible", "behindOpponent"]);
    expect(ok).toBe(false);
    expect(warned).toContain("GENESYS.Attack.Warn.Advantage.grapple");
  });

  it("two rows are refused; one goes through; the Narrator may sum them", async () => {
    expect((await shoot(["opponentBlinded", "behindOpponent"])).warned).toContain("GENESYS.Attack.Warn.Advantage.tooMany");
    expect((await shoot(["behindOpponent"])).ok).toBe(true);
    expect((await shoot(["opponentBlinded", "behindOpponent"], { asNarrator: true })).ok).toBe(true);
  });

  it("an attacker's token on another scene cannot shorten the range: refused; on the same scene, measured", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo");
    const pistol = itemId(jack, "Pistola");
    placeToken(createScene("Altrove"), jack, { actorLink: true });
    placeToken(createScene("Qui"), thug, { actorLink: true });
    const since = foundryDouble().notifications.length;
    dice(7, 8);
    const ok = await asP(async () => {
      targetActors(thug);
      const { attack } = await import("../../src/chat/attack-flow.js");
      return attack(jack, pistol, { answer: answerFor(jack, pistol, { distances: [1] }) });
    });
    expect(ok).toBe(false);
    expect(warningsSince(since)).toContain("GENESYS.Attack.Warn.OtherScene");
    // Both on the scene being played: the distance is measured there, the claim does not matter.
    const here = createScene("Insieme");
    here.active = true;
    placeToken(here, jack, { actorLink: true, x: 0, y: 0 });
    placeToken(here, thug, { actorLink: true, x: 300, y: 0 });
    dice(7, 8);
    expect(await asP(async () => {
      targetActors(thug);
      const { attack } = await import("../../src/chat/attack-flow.js");
      return attack(jack, pistol, { answer: answerFor(jack, pistol, { distances: [1] }) });
    })).toBe(true);
  });
});

describe("a player's blind check", () => {
  it("+100 is refused, nothing rolled; a penalty goes through", async () => {
    const actor = await checkJack({ ownership: { default: 0, [playerId()]: 3 } });
    const climb = skillId(actor, "Arrampicata");
    const since = foundryDouble().notifications.length;
    const before = game.messages.size;
    expect(await asP(() => actor.rollCheck({ skillId: climb, difficulty: 25, modifiers: 100, blind: true, prompt: false }))).toBeNull();
    expect(warningsSince(since)).toContain("GENESYS.Attack.Warn.BonusGmOnly");
    expect(game.messages.size).toBe(before);
    dice(5, 5);
    await asP(() => actor.rollCheck({ skillId: climb, difficulty: 25, modifiers: -2, blind: true, prompt: false }));
    expect(game.messages.size).toBe(before + 1);
  });
});
