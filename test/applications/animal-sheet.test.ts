import { beforeAll, describe, expect, it } from "vitest";
import { animalContext, makeEnv, renderAnimal, translations, viper, wolf } from "./sheet-fixtures.js";
import { bootSystem } from "../foundry/boot.js";

const it_ = translations("it");

beforeAll(async () => {
  await bootSystem();
});

describe("animal sheet", () => {
  it("shows the printed values, speeds and the Ferite bar against the printed Resistenza", async () => {
    const html = renderAnimal(await wolf(), it_, { isGM: false });
    expect(html).toContain('name="system.resistance" value="20"');
    expect(html).toContain('name="system.reflexes" value="8"');
    expect(html).toMatch(/grade-box speed">[\s\S]*?<span class="value">6<\/span>/);
    expect(html).toMatch(/name="system\.speeds\.0\.mode"[\s\S]*?<option value="run" selected>/);
    expect(html).toMatch(/name="system\.speeds\.1\.mode"[\s\S]*?<option value="swim" selected>/);
    expect(html).toContain('name="system.speeds.1.metres" value="1"');
    expect(html).toContain('data-action="removeRow" data-list="speeds" data-index="1"');
    expect(html).toContain('data-action="addRow" data-list="speeds"');
    expect(html).toMatch(/bar condition-weak[^>]*aria-valuenow="11"[^>]*aria-valuemax="20"/);
    expect(html).toContain("11 / 20");
  });

  it("rolls Forza, Destrezza and Percezione; Fascino and Esperienza are blank and not rollable", async () => {
    const html = renderAnimal(await wolf(), it_, { isGM: false });
    for (const key of ["strength", "dexterity", "perception"]) expect(html).toContain(`data-action="rollCheck" data-characteristic="${key}"`);
    for (const key of ["charm", "experience"]) {
      expect(html).not.toContain(`data-characteristic="${key}"`);
      expect(html).toMatch(new RegExp(`name="system\\.characteristics\\.${key}" value="" min="0" max="30" step="1" placeholder="—"`));
    }
  });

  it("flags the missing defence grade and shows the grades per environment", async () => {
    const actor = await wolf();
    const ctx = animalContext(actor, makeEnv(it_, { isGM: true }));
    expect(ctx.attack).toMatchObject({ grade: 13, defence: null, defenceMissing: true, defenceEstimated: false });
    expect(ctx.environments.map((e) => e.effective)).toEqual([{ attack: 5, defence: "—", canAct: true }]);
    const html = renderAnimal(actor, it_, { isGM: true }, "combat");
    expect(html).toMatch(/grade-box defence missing">[\s\S]*?name="system\.attack\.defence" value="" min="0" step="1" placeholder="—"/);
    expect(html).toContain('name="system.attack.grade" value="13"');
    expect(html).toMatch(/name="system\.environments\.0\.environment"[\s\S]*?<option value="water" selected>/);
    expect(html).toMatch(/<td class="effective">5 \/ —<\/td>/);
    expect(html).toContain('data-action="addRow" data-list="environments"');
  });

  it("shows the natural damage from the data model: formula, book notation and range", async () => {
    const ctx = animalContext(await wolf(), makeEnv(it_, { isGM: false }));
    expect(ctx.damage).toMatchObject({ book: "1D6 / F", formula: "1d6", range: "1–6" });
    const html = renderAnimal(await wolf(), it_, { isGM: false }, "combat");
    expect(html).toMatch(/<span class="damage-book">1D6 \/ F<\/span> <span class="hint">1–6<\/span>/);
    expect(html).toMatch(/name="system\.attack\.damage\.faces"[\s\S]*?<option value="6" selected>D6<\/option>/);
  });

  it("lists capabilities (known ones localized, custom ones by their words)", async () => {
    const ctx = animalContext(await wolf(), makeEnv(it_, { isGM: false }));
    expect(ctx.capabilities.map((c) => [c.key, c.bonusText, c.customLabel])).toEqual([["tracking", "+3", ""], ["custom", "+1", "ululare nella notte"]]);
    const html = renderAnimal(await wolf(), it_, { isGM: false });
    expect(html).toContain('name="system.capabilities.1.label" value="ululare nella notte"');
    expect(html).toMatch(/name="system\.capabilities\.0\.key"[\s\S]*?<option value="tracking" selected>/);
  });

  it("shows venom, and an estimated defence grade as such", async () => {
    const actor = await viper();
    const ctx = animalContext(actor, makeEnv(it_, { isGM: false }));
    expect(ctx.venom).toMatchObject({ has: true, dice: 2, maxPerDay: 12, injectedToday: 4 });
    const html = renderAnimal(actor, it_, { isGM: false }, "combat");
    expect(html).toMatch(/grade-box defence estimated">[\s\S]*?value="12"[\s\S]*?name="system\.attack\.defenceEstimated" checked/);
    expect(renderAnimal(actor, it_, { isGM: false })).toMatch(/genesys-block venom has-venom[\s\S]*?name="system\.venom\.dice" value="2"/);
  });

  it("keeps the Narrator's notes from players", async () => {
    const actor = await wolf();
    expect(renderAnimal(actor, it_, { isGM: false }, "notes")).not.toContain("Difesa da stabilire");
    expect(renderAnimal(actor, it_, { isGM: true }, "notes")).toMatch(/<prose-mirror name="system\.gmNotes"[^>]*>.*Difesa da stabilire/);
  });
});
