/**
 * Issue 19, claims bounded by the book: what a player claims for himself is refused beyond what the book lets him say.
 * §2.3.4 advantage positions are the Narrator's to grant: a player's word counts for one row; the rows a grapple decides
 * come from the hold, and sums are the Narrator's. §1.7.1 situational bonuses are the Narrator's: a player's blind check
 * takes a penalty, never a bonus. A player's claimed distance stands only where nothing can be measured: attacker and
 * target placed on two scenes are refused.
 */
import { describe, expect, it, onTestFinished } from "vitest";
import { GenesysActor } from "../../src/documents/actor.js";
import { playerAdvantageRefusal } from "../../src/rules/attack.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { jack as checkJack, skillId } from "../check/helpers.js";
import { answerFor, attackCard, dice, itemId, npc, playerId, rowOf, shooter, skill, targetActors, useCardWorld, weapon } from "./helpers.js";
import type { AttackAnswer } from "../../src/attack/attack-roll.js";
import type { CardMessage } from "../../src/attack/card-render.js";

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
    const { attack } = await import("../../src/attack/attack-flow.js");
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
      const { attack } = await import("../../src/attack/attack-flow.js");
      return attack(jack, pistol, { answer: answerFor(jack, pistol, { distances: [1] }) });
    });
    expect(ok).toBe(false);
    expect(warningsSince(since)).toContain("GENESYS.Attack.Warn.OtherScene");
    // Both on the scene being played: the distance is measured there, the claim does not matter.
    const here = createScene("Insieme");
    here.active = true;
    onTestFinished(() => {
      here.active = false;
    });
    placeToken(here, jack, { actorLink: true, x: 0, y: 0 });
    placeToken(here, thug, { actorLink: true, x: 300, y: 0 });
    dice(7, 8);
    expect(await asP(async () => {
      targetActors(thug);
      const { attack } = await import("../../src/attack/attack-flow.js");
      return attack(jack, pistol, { answer: answerFor(jack, pistol, { distances: [1] }) });
    })).toBe(true);
  });
});

describe("a target on a scene the player cannot view", () => {
  /** The player's Jack, off every scene, shoots a thug that stands only on `scene` (unlinked, or linked). */
  async function shootOn(scene: ReturnType<typeof createScene>, { linked = false, asNarrator = false } = {}): Promise<{ ok: boolean; warned: string }> {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo");
    const token = placeToken(scene, thug, { actorLink: linked });
    const synthetic: unknown = token.actor;
    if (!(synthetic instanceof GenesysActor)) throw new Error("no token actor");
    const target = linked ? thug : synthetic;
    const pistol = itemId(jack, "Pistola");
    const since = foundryDouble().notifications.length;
    dice(7, 8);
    const run = async (): Promise<boolean> => {
      const { attack } = await import("../../src/attack/attack-flow.js");
      return attack(jack, pistol, { targets: [{ actor: target, tokenUuid: token.uuid, name: target.name, distance: 4 }], answer: answerFor(jack, pistol, { distances: [4] }) });
    };
    const ok = asNarrator ? await run() : await asP(run);
    return { ok, warned: warningsSince(since) };
  }

  it("is refused to a player, unlinked token or linked actor, with nothing written; the Narrator may", async () => {
    const before = game.messages.size;
    for (const linked of [false, true]) {
      const shot = await shootOn(createScene("Preparazione"), { linked });
      expect(shot.ok).toBe(false);
      expect(shot.warned).toContain("GENESYS.Attack.Warn.UnseenTarget");
    }
    expect(game.messages.size).toBe(before);
    expect((await shootOn(createScene("Preparazione"), { asNarrator: true })).ok).toBe(true);
  });

  it("stands on the active scene or on one shared with the players: allowed", async () => {
    const active = createScene("In gioco");
    active.active = true;
    try {
      expect((await shootOn(active)).ok).toBe(true);
    } finally {
      active.active = false;
    }
    const shared = createScene("Condivisa");
    shared.ownership = { default: 0, [playerId()]: 1 };
    expect((await shootOn(shared, { linked: true })).ok).toBe(true);
  });
});

describe("a linked target on two scenes", () => {
  it("is measured on the attacker's scene, and that is the scene the player must view (not any other it stands on)", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo");
    const shared = createScene("Condivisa");
    shared.ownership = { default: 0, [playerId()]: 1 };
    const hidden = createScene("Preparazione");
    placeToken(shared, thug, { actorLink: true, x: 0, y: 0 });
    // The player's own shooter, an unlinked token the Narrator placed on a scene being prepared.
    const from = placeToken(hidden, jack, { x: 0, y: 0 }).actor as unknown as GenesysActor | null; // the double's token actor is our configured class
    if (!from) throw new Error("no token actor");
    const to = placeToken(hidden, thug, { actorLink: true, x: 300, y: 0 });
    const pistol = itemId(jack, "Pistola");
    const shoot = (): Promise<boolean> => asP(async () => {
      const { attack } = await import("../../src/attack/attack-flow.js");
      return attack(from, pistol, { targets: [{ actor: thug, tokenUuid: to.uuid, name: thug.name, distance: 4 }], answer: answerFor(from, pistol, { distances: [4] }) });
    });
    const since = foundryDouble().notifications.length;
    dice(7, 8);
    expect(await shoot()).toBe(false);
    expect(warningsSince(since)).toContain("GENESYS.Attack.Warn.UnseenTarget");
    hidden.ownership = { default: 0, [playerId()]: 1 };
    dice(7, 8);
    expect(await shoot()).toBe(true);
  });
});

describe("§3.2.3 the arc of a player's burst", () => {
  /** The player's gunner and two thugs, 10 m east and 10 m south of him on the active scene (or off every scene): 90°. */
  async function burst(answer: Partial<AttackAnswer>, placed = true): Promise<{ ok: boolean; arc: number | undefined; card: CardMessage | null }> {
    const gun = weapon("Mitragliatrice", "fucile", { magazine: 30, multiAttack: 4, range: { kind: "metres", value: 300 } }, { rounds: 30 });
    const jack = await shooter([skill("Fucile", 10), gun], { default: 0, [playerId()]: 3 });
    const east = await npc("Est");
    const south = await npc("Sud");
    // The scene being played: where the Narrator's client measures when the player's canvas names no token.
    const scene = createScene("Piazza");
    scene.active = placed;
    if (placed) {
      placeToken(scene, jack, { actorLink: true, x: 0, y: 0 });
      placeToken(scene, east, { actorLink: true, x: 1000, y: 0 });
      placeToken(scene, south, { actorLink: true, x: 0, y: 1000 });
    }
    const id = itemId(jack, "Mitragliatrice");
    dice(5, 5, 5, 5);
    const card = await asP(async () => {
      targetActors(east, south);
      return attackCard(jack, id, { answer: { ...answerFor(jack, id, { rolls: 2, distances: [10, 10] }), ...answer } });
    }).finally(() => {
      scene.active = false;
    });
    const arc = card ? rowOf(card, "r0").parts.find((p) => p.key === "arc")?.value : undefined;
    return { ok: card !== null, arc, card };
  }

  it("a claim of 0° between targets the scene shows 90° apart counts as 90° (−3)", async () => {
    const since = foundryDouble().notifications.length;
    const shot = await burst({ arcDegrees: 0 });
    expect(warningsSince(since)).toBe("");
    expect(shot.arc).toBe(-3);
  });

  it("with two weapons the arc also spans the other weapon's targets: the larger of the claim and the scene's", async () => {
    expect((await burst({ arcDegrees: 150, twoWeapons: true })).arc).toBe(-5);
    expect((await burst({ arcDegrees: 0, twoWeapons: true })).arc).toBe(-3);
  });

  it("the dialog opens with the arc the canvas shows; with a target off it, at 0", async () => {
    const { defaultAnswer, prepareAttack } = await import("../../src/attack/attack-roll.js");
    const jack = await shooter([skill("Fucile", 10), weapon("Mitragliatrice", "fucile", { magazine: 30, multiAttack: 4 }, { rounds: 30 })]);
    const [a, b] = [await npc("Est"), await npc("Sud")];
    const plan = (bearings: (number | null)[]) => {
      const planned = prepareAttack(jack, itemId(jack, "Mitragliatrice"), [a, b].map((actor, i) => ({ actor, tokenUuid: null, name: actor.name, distance: 10, bearing: bearings[i] ?? null })), (k) => k);
      if (!planned.ok) throw new Error(planned.refusal.warning);
      return planned.value;
    };
    expect(defaultAnswer(plan([0, 90])).arcDegrees).toBe(90);
    expect(defaultAnswer(plan([0, null])).arcDegrees).toBe(0);
  });

  it("a target off the scene added to the burst does not narrow the arc: the tokens' 90° still counts", async () => {
    const gun = weapon("Mitragliatrice", "fucile", { magazine: 30, multiAttack: 4, range: { kind: "metres", value: 300 } }, { rounds: 30 });
    const jack = await shooter([skill("Fucile", 10), gun], { default: 0, [playerId()]: 3 });
    const [east, south, nowhere] = [await npc("Est"), await npc("Sud"), await npc("Altrove")];
    const scene = createScene("Piazza");
    scene.active = true;
    placeToken(scene, jack, { actorLink: true, x: 0, y: 0 });
    placeToken(scene, east, { actorLink: true, x: 1000, y: 0 });
    placeToken(scene, south, { actorLink: true, x: 0, y: 1000 });
    const id = itemId(jack, "Mitragliatrice");
    dice(5, 5, 5, 5, 5, 5);
    const card = await asP(async () => {
      targetActors(east, south, nowhere);
      return attackCard(jack, id, { answer: { ...answerFor(jack, id, { rolls: 3, distances: [10, 10, 10] }), arcDegrees: 0 } });
    }).finally(() => {
      scene.active = false;
    });
    if (!card) throw new Error("no card");
    expect(rowOf(card, "r0").parts.find((p) => p.key === "arc")?.value).toBe(-3);
  });

  it("off every scene the claim stands, as the card shows it", async () => {
    expect((await burst({ arcDegrees: 30 }, false)).arc).toBe(-1);
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
