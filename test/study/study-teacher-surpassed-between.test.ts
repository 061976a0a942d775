/**
 * Regression (review s17b, finding 7): §1.8.3 a teacher must exceed the student. When the study itself lifts the
 * student to the teacher's grade, the study stops with a note (study/study-time.ts). When the student got there another
 * way between two advances (a check's sixth point, the Narrator's raise), the next advance neither stopped nor said so:
 * it silently counted the days as study alone. rules/study.ts now stops it before any day counts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { CharacterModel } from "../../src/data/actor/character.js";
import { startStudy } from "../../src/study/study-dialog.js";
import { timeQueue } from "../../src/time/time-advance.js";
import { createScene, type Scene } from "../foundry/scenes.js";
import { createActor } from "../documents/helpers.js";
import { skill, skillData, skillId } from "../check/helpers.js";
import { HUMAN, playerId, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const DAY = 86_400;
beforeEach(async () => {
  for (const s of game.scenes.contents as unknown as Scene[]) s.active = false; // the double's scenes (test/foundry/scenes.ts)
  createScene("Accampamento").active = true;
  await game.settings.set("genesys-gdr", "timeActors", "characters");
  await game.settings.set("genesys-gdr", "studyDaysRounding", "exact");
});

describe("§1.8.3 a teacher surpassed between two advances", () => {
  it("the next advance stops the study with the teacherSurpassed note and gives no point", async () => {
    const ulfrik: GenesysActor = await createActor({
      name: "Ulfrik",
      type: "character",
      system: { characteristics: { ...HUMAN, dexterity: 5 } },
      items: [skill("Letteratura", 5)],
      ownership: { default: 0, [playerId()]: 3 },
    });
    const id = skillId(ulfrik, "Letteratura");
    expect(await startStudy(ulfrik, id, { related: true, teacher: "custom", teacherGrade: 6, teacherCharm: 7, rate: 1 })).toBe(true);
    // The student reaches grade 6 another way (the Narrator grants a grade earned in play).
    await ulfrik.items.get(id)!.update({ system: { earned: 1 } });
    expect(skillData(ulfrik, "Letteratura").grade).toBe(6);
    await game.time.advance(20 * DAY);
    await timeQueue.run(() => Promise.resolve());
    const sys = ulfrik.system;
    if (!(sys instanceof CharacterModel)) throw new Error("not a Protagonista");
    expect(sys.study).toMatchObject({ status: "paused", note: "teacherSurpassed" });
    expect(skillData(ulfrik, "Letteratura").increment).toBe(0);
    // The time card says why the study stopped.
    const card = (game.messages.contents as unknown as { content: string }[]).at(-1); // the double's messages keep their content as given
    expect(card?.content).toContain("GENESYS.Time.Event.studyStopped.teacherSurpassed");
  });
});
