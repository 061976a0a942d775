/**
 * Regression (review s17b, finding 6: undo after the actor changed in between): a study point, then a check's point
 * that completes the grade with it, then the time card's Undo. The Undo must take back exactly the one point the study
 * gave (5 left: grade back, 5/6); it took back nothing, the study's point clipped away from a count of 0 because the
 * grade had been completed by the later point (study/study-time.ts now counts grades × 6 + points).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { recordIncrement } from "../../src/documents/skill-increment.js";
import { timeQueue } from "../../src/time/time-advance.js";
import { requestTimeUndo } from "../../src/time/time-requests.js";
import { startStudy } from "../../src/study/study-dialog.js";
import { createScene, type Scene } from "../foundry/scenes.js";
import { createActor } from "../documents/helpers.js";
import { skillData, skillId } from "../check/helpers.js";
import { HUMAN, playerId, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const DAY = 86_400;
beforeEach(async () => {
  for (const s of game.scenes.contents as unknown as Scene[]) s.active = false; // the double's scenes (test/foundry/scenes.ts)
  createScene("Accampamento").active = true;
  await game.settings.set("genesys-gdr", "timeActors", "characters");
  await game.settings.set("genesys-gdr", "studyDaysRounding", "exact");
});

interface Card { id: string; flags: Record<string, Record<string, unknown>> }
const lastTimeCard = (): Card => {
  // The double's messages keep their flags as plain records.
  const card = (game.messages.contents as unknown as Card[]).filter((m) => m.flags["genesys-gdr"]?.["timeCard"] !== undefined).at(-1);
  if (!card) throw new Error("no time card");
  return card;
};

describe("§1.8.3 Undo of a study point after a check's point completed the grade", () => {
  it("takes back the study's point only: 6 points in all become 5", async () => {
    const ulfrik: GenesysActor = await createActor({
      name: "Ulfrik",
      type: "character",
      system: { characteristics: { ...HUMAN, dexterity: 5 } },
      items: [{ name: "Letteratura", type: "skill", system: { characteristic: "dexterity", bought: 0, earned: 0, increment: 4 } }],
      ownership: { default: 0, [playerId()]: 3 },
    });
    const id = skillId(ulfrik, "Letteratura");
    await startStudy(ulfrik, id, { related: false, teacher: "none", teacherGrade: 0, teacherCharm: 7, rate: 1 });
    await game.time.advance(15 * DAY); // 3 × 5 days: one point
    await timeQueue.run(() => Promise.resolve());
    expect(skillData(ulfrik, "Letteratura").increment).toBe(5);
    const card = lastTimeCard();
    // A check earns the sixth point: the grade rises (earned 1, 0 points).
    await recordIncrement(ulfrik, id, "hardSuccess");
    expect([skillData(ulfrik, "Letteratura").earned, skillData(ulfrik, "Letteratura").increment]).toEqual([1, 0]);
    expect(await requestTimeUndo(card.id)).toBe(true);
    const after = skillData(ulfrik, "Letteratura");
    expect([after.earned, after.increment]).toEqual([0, 5]);
  });
});
