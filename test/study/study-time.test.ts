/**
 * §1.8.3 a study plan started from the sheet's planner and advanced by the world clock: points through the increment
 * code on the time card's lines, the same card's Undo taking them back, a clock moved back changing nothing, the
 * teacher re-checked when the grade rises, pause and stop, an unlinked Protagonista's token too.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { onWorldTime, timeQueue } from "../../src/time/time-advance.js";
import { readTimeCard } from "../../src/time/time-card.js";
import { requestTimeUndo } from "../../src/time/time-requests.js";
import { readStudyForm, setStudyStatus, startStudy, studentSkill, studyPreview, teacherCandidates, type StudyAnswer } from "../../src/study/study-dialog.js";
import { CharacterModel } from "../../src/data/actor/character.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { createScene, placeToken, type Scene } from "../foundry/scenes.js";
import { createActor } from "../documents/helpers.js";
import { skill, skillData, skillId } from "../check/helpers.js";
import { HUMAN, playerId, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const DAY = 86_400;
const settled = (): Promise<void> => timeQueue.run(() => Promise.resolve());
async function advance(seconds: number): Promise<void> {
  await game.time.advance(seconds);
  await settled();
}
interface Card { id: string; content: string; flags: Record<string, Record<string, unknown>> }
const timeCards = (): Card[] => (game.messages.contents as unknown as Card[]).filter((m) => m.flags["genesys-gdr"]?.["timeCard"] !== undefined);
const lastTimeCard = (): Card => {
  const card = timeCards().at(-1);
  if (!card) throw new Error("no time card");
  return card;
};
const notes = (): string[] => foundryDouble().notifications.map((n) => n.message);
const studyOf = (actor: GenesysActor) => {
  const sys = actor.system;
  if (!(sys instanceof CharacterModel)) throw new Error("not a Protagonista");
  return sys.study;
};

let scene: Scene;
beforeEach(async () => {
  for (const s of game.scenes.contents as unknown as Scene[]) s.active = false;
  scene = createScene("Accampamento");
  scene.active = true;
  await game.settings.set("genesys-gdr", "timeActors", "characters");
  await game.settings.set("genesys-gdr", "studyDaysRounding", "exact");
});

/** The barbarian of EX-09: Letteratura at 5 (Destrezza 7 − 2 would be odd: a skill on Destrezza 5), the player's. */
async function barbarian(extra: { items?: object[] } = {}): Promise<GenesysActor> {
  return createActor({
    name: "Ulfrik",
    type: "character",
    system: { characteristics: { ...HUMAN, dexterity: 5 } },
    items: extra.items ?? [skill("Letteratura", 5)],
    ownership: { default: 0, [playerId()]: 3 },
  });
}

const ALONE: StudyAnswer = { related: false, teacher: "none", teacherGrade: 0, teacherCharm: 7, rate: 1 };

describe("starting a study", () => {
  it("the player starts it on his own Protagonista; the plan is stored, schema-checked", async () => {
    const ulfrik = await barbarian();
    const id = skillId(ulfrik, "Letteratura");
    expect(await onClient(users().player, () => startStudy(ulfrik, id, ALONE))).toBe(true);
    expect(studyOf(ulfrik)).toMatchObject({ status: "active", skillId: id, related: false, rate: 1, progressDays: 0, teacher: { grade: null } });
    // The schema refuses a status it does not know.
    const forged: Record<string, unknown> = { system: { study: { status: "forever" } } }; // what a console could send
    await expect(ulfrik.update(forged)).rejects.toThrow();
  });

  it("a teacher who cannot teach is refused with the reason, nothing stored", async () => {
    const ulfrik = await barbarian();
    const id = skillId(ulfrik, "Letteratura");
    const before = notes().length;
    expect(await startStudy(ulfrik, id, { ...ALONE, teacher: "custom", teacherGrade: 6, teacherCharm: 5 })).toBe(false);
    expect(notes().slice(before).join()).toContain("GENESYS.Study.Teacher.PoorCommunicator");
    expect(studyOf(ulfrik).status).toBe("none");
  });

  it("teachers on offer: those with the skill, their grade and Fascino; the preview halves with one who can teach", async () => {
    const ulfrik = await barbarian();
    await createActor({ name: "Cassio", type: "npc", system: { characteristics: { ...HUMAN, charm: 6 } }, items: [skill("Letteratura", 12)] });
    await createActor({ name: "Bruto", type: "npc", system: { characteristics: HUMAN }, items: [skill("Spada", 12)] });
    const skillRead = studentSkill(ulfrik, skillId(ulfrik, "Letteratura"));
    if (!skillRead) throw new Error("no skill");
    const found = teacherCandidates(ulfrik, skillRead.slug).filter((c) => c.name === "Cassio" || c.name === "Bruto");
    expect(found.map((c) => [c.name, c.grade, c.charm])).toEqual([["Cassio", 12, 6]]);
    // A player sees nobody whose sheet he may not open.
    expect(await onClient(users().player, () => Promise.resolve(teacherCandidates(ulfrik, skillRead.slug).some((c) => c.name === "Cassio")))).toBe(false);
    const preview = studyPreview(5, false, { grade: 12, charm: 6 }, {});
    expect([preview.daysPerPoint, preview.daysPerGrade, preview.verdict?.effective]).toEqual([7.5, 45, 11]);
    expect(studyPreview(5, false, { grade: 12, charm: 6 }, { studyDaysRounding: "ceil" }).daysPerPoint).toBe(8);
  });

  it("the form is read strictly", () => {
    expect(readStudyForm({ related: true, teacher: "none", rate: "0,5" })).toMatchObject({ related: true, rate: 0.5 });
    expect(readStudyForm({ teacher: "custom", teacherGrade: "-1", teacherCharm: "7", rate: "1" })).toBeNull();
    expect(readStudyForm({ teacher: "none", rate: "2" })).toBeNull();
  });
});

describe("world time drives the study", () => {
  it("in days: 15 days alone at grade 5 give a point, on the time card; Undo takes it back", async () => {
    const ulfrik = await barbarian();
    await startStudy(ulfrik, skillId(ulfrik, "Letteratura"), ALONE);
    await advance(16 * DAY);
    expect(skillData(ulfrik, "Letteratura").increment).toBe(1);
    expect(studyOf(ulfrik).progressDays).toBeCloseTo(1, 6);
    const card = lastTimeCard();
    expect(card.content).toContain("GENESYS.Time.Event.study");
    expect(card.content).toContain("Letteratura");
    const state = readTimeCard(card.flags["genesys-gdr"]?.["timeCard"]);
    expect(state?.rows.find((r) => r.actorUuid === ulfrik.uuid)?.study).toMatchObject({ points: 1, before: { increment: 0, progressDays: 0 }, after: { increment: 1 } });
    expect(await requestTimeUndo(card.id)).toBe(true);
    expect(skillData(ulfrik, "Letteratura").increment).toBe(0);
    expect(studyOf(ulfrik).progressDays).toBe(0);
  });

  it("issue 20: a rested, fed student who sleeps the days through still studies (nothing else of his changes)", async () => {
    const ulfrik = await barbarian();
    await startStudy(ulfrik, skillId(ulfrik, "Letteratura"), ALONE);
    // 16 days asleep, fed and watered, no Fatica to sleep off: his clocks end where they began.
    expect(await game.genesys.timePasses({ days: 16, pastime: "sleep", ate: true, drank: true, actors: [ulfrik] })).toBe(true);
    await settled();
    expect(skillData(ulfrik, "Letteratura").increment).toBe(1);
    expect(lastTimeCard().content).toContain("GENESYS.Time.Event.study");
  });

  it("in hours: less than a period adds days and no point; a 90-day stretch makes the grade, undone whole", async () => {
    const ulfrik = await barbarian();
    await startStudy(ulfrik, skillId(ulfrik, "Letteratura"), ALONE);
    await advance(12 * 3600);
    expect(skillData(ulfrik, "Letteratura").increment).toBe(0);
    expect(studyOf(ulfrik).progressDays).toBeCloseTo(0.5, 6);
    await advance(89.5 * DAY);
    const lit = skillData(ulfrik, "Letteratura");
    expect([lit.increment, lit.earned, lit.grade]).toEqual([0, 1, 6]);
    expect(lastTimeCard().content).toContain("GENESYS.Time.Event.studyGrade");
    expect(await requestTimeUndo(lastTimeCard().id)).toBe(true);
    const back = skillData(ulfrik, "Letteratura");
    expect([back.increment, back.earned, back.grade]).toEqual([0, 0, 5]);
    expect(studyOf(ulfrik).progressDays).toBeCloseTo(0.5, 6);
  });

  it("a clock moved back changes nothing", async () => {
    const ulfrik = await barbarian();
    await startStudy(ulfrik, skillId(ulfrik, "Letteratura"), ALONE);
    await advance(20 * DAY);
    const before = JSON.stringify([studyOf(ulfrik), skillData(ulfrik, "Letteratura").increment]);
    const cards = timeCards().length;
    expect(await onWorldTime(game.time.worldTime - 10 * DAY, -10 * DAY)).toBeNull();
    expect(JSON.stringify([studyOf(ulfrik), skillData(ulfrik, "Letteratura").increment])).toBe(before);
    expect(timeCards().length).toBe(cards);
  });

  it("paused, time passes it by; resumed, it goes on; stopped, its days are gone", async () => {
    const ulfrik = await barbarian();
    await startStudy(ulfrik, skillId(ulfrik, "Letteratura"), ALONE);
    await advance(5 * DAY);
    expect(await onClient(users().player, () => setStudyStatus(ulfrik, "paused"))).toBe(true);
    await advance(30 * DAY);
    expect(skillData(ulfrik, "Letteratura").increment).toBe(0);
    expect(studyOf(ulfrik).progressDays).toBeCloseTo(5, 6);
    await setStudyStatus(ulfrik, "active");
    await advance(10 * DAY);
    expect(skillData(ulfrik, "Letteratura").increment).toBe(1);
    await setStudyStatus(ulfrik, "none");
    expect(studyOf(ulfrik)).toMatchObject({ status: "none", progressDays: 0 });
    await advance(30 * DAY);
    expect(skillData(ulfrik, "Letteratura").increment).toBe(1);
  });

  it("with a teacher, halved; when the student's grade reaches the teacher's the study stops with a note", async () => {
    // Grade 5 related with a teacher of grade 6 (Fascino 7): 5 days a point; the grade rises to 6 after 6 points.
    const ulfrik = await barbarian();
    await startStudy(ulfrik, skillId(ulfrik, "Letteratura"), { related: true, teacher: "custom", teacherGrade: 6, teacherCharm: 7, rate: 1 });
    await advance(40 * DAY);
    const lit = skillData(ulfrik, "Letteratura");
    expect([lit.increment, lit.earned, lit.grade]).toEqual([0, 1, 6]);
    expect(studyOf(ulfrik)).toMatchObject({ status: "paused", note: "teacherSurpassed", progressDays: 0 });
    expect(lastTimeCard().content).toContain("GENESYS.Time.Event.studyStopped.teacherSurpassed");
    await advance(40 * DAY);
    expect(skillData(ulfrik, "Letteratura").increment).toBe(0);
  });

  it("half a day of study each day: the period takes twice the world time", async () => {
    const ulfrik = await barbarian();
    await startStudy(ulfrik, skillId(ulfrik, "Letteratura"), { ...ALONE, rate: 0.5 });
    await advance(29 * DAY);
    expect(skillData(ulfrik, "Letteratura").increment).toBe(0);
    await advance(1 * DAY);
    expect(skillData(ulfrik, "Letteratura").increment).toBe(1);
  });

  it("an unlinked Protagonista's token studies on its own actor", async () => {
    await game.settings.set("genesys-gdr", "timeActors", "scene");
    const base = await barbarian();
    const token = placeToken(scene, base, {});
    const actor = token.actor as unknown as GenesysActor; // the double's synthetic actor is of the configured GenesysActor class
    await startStudy(actor, skillId(actor, "Letteratura"), ALONE);
    await advance(15 * DAY);
    expect(skillData(actor, "Letteratura").increment).toBe(1);
    expect(skillData(base, "Letteratura").increment).toBe(0);
    expect(studyOf(base).status).toBe("none");
    expect(await requestTimeUndo(lastTimeCard().id)).toBe(true);
    expect(skillData(actor, "Letteratura").increment).toBe(0);
  });

  it("a study whose skill was deleted stops with a note; nothing else changes", async () => {
    const ulfrik = await barbarian({ items: [skill("Letteratura", 5), skill("Spada", 9)] });
    const id = skillId(ulfrik, "Letteratura");
    await startStudy(ulfrik, id, ALONE);
    await ulfrik.items.get(id)?.delete();
    await advance(20 * DAY);
    expect(studyOf(ulfrik)).toMatchObject({ status: "paused", note: "skillMissing" });
    expect(skillData(ulfrik, "Spada").increment).toBe(0);
  });
});
