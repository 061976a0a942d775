/**
 * §1.8.1, §1.8.3 on the Protagonista's skills tab: increment points shown out of 6 (the sixth makes a grade), each
 * row's Study button, and the study line with pause / resume / stop, from the real template and context builders.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { startStudy, setStudyStatus } from "../../src/study/study-dialog.js";
import { bootSystem } from "../foundry/boot.js";
import { alven, innkeeper, makeEnv, personContext, renderTemplate, sheetHandlebars, translations } from "../applications/sheet-fixtures.js";

const it_ = translations("it");

beforeAll(async () => {
  await bootSystem();
});

function skillsTab(actor: Awaited<ReturnType<typeof alven>>, who = { isGM: false }): string {
  const context = { ...personContext(actor, makeEnv(it_, who)), tab: { cssClass: "active" }, editable: true };
  return renderTemplate(sheetHandlebars(it_), "templates/actor/person-skills.hbs", context);
}

const idOf = (actor: Awaited<ReturnType<typeof alven>>, name: string): string => {
  const id = actor.items.find((i) => i.name === name)?.id;
  if (!id) throw new Error(`no ${name}`);
  return id;
};

describe("the skills tab", () => {
  it("shows increment points out of 6, and a Study button on each row of a Protagonista", async () => {
    const actor = await alven();
    const html = skillsTab(actor);
    expect(html).toContain(">3/6<");
    expect(html).not.toMatch(/\/5</);
    expect(html.match(/data-action="studySkill"/g)).toHaveLength(4);
    expect(html).not.toContain("genesys-study-line");
  });

  it("a Comparsa's rows offer no study", async () => {
    const html = skillsTab(await innkeeper(), { isGM: true });
    expect(html).not.toContain('data-action="studySkill"');
  });

  it("a running study shows its days toward the next point and Pause / Stop; paused, Resume", async () => {
    const actor = await alven();
    await startStudy(actor, idOf(actor, "Naturalistica"), { related: false, teacher: "custom", teacherGrade: 14, teacherCharm: 7, rate: 1 });
    await actor.update({ system: { study: { progressDays: 4.5 } } });
    // Naturalistica 12 unrelated with a teacher: 3 × 12 / 2 = 18 days a point.
    let html = skillsTab(actor);
    // In Foundry's language (the double's is English: 4.5).
    expect(html).toMatch(/Studia Naturalistica con un insegnante: 4[.,]5 di 18 giorni per il prossimo punto/);
    expect(html).toContain('data-status="paused"');
    expect(html).toContain('data-status="none"');
    expect(html).not.toContain('data-status="active"');
    await setStudyStatus(actor, "paused");
    html = skillsTab(actor);
    expect(html).toContain('data-status="active"');
    expect(html).toContain("genesys-study-line paused");
  });
});
