import { beforeAll, describe, expect, it } from "vitest";
import { alven, CLUB, createItem, itemContext, KNIFE, makeEnv, renderItem, translations } from "./sheet-fixtures.js";
import { bootSystem } from "../foundry/boot.js";

const it_ = translations("it");
const who = { isGM: true };

beforeAll(async () => {
  await bootSystem();
});

describe("item sheets", () => {
  it("skill: reference characteristic as a select of Italian names; grade shown once owned", async () => {
    const loose = await createItem({ name: "Veterinaria", type: "skill", system: { characteristic: "experience", bought: 8 } });
    const html = renderItem(loose, it_, who);
    expect(html).toMatch(/<select[^>]*name="system\.characteristic">[\s\S]*<option value="experience" selected>Esperienza<\/option>/);
    for (const label of ["Destrezza", "Fascino", "Forza", "Percezione"]) expect(html).toContain(`>${label}</option>`);
    expect(html).toContain('name="system.bought" value="8"');
    expect(html).toContain('<span class="grade-value">—</span>');
    const owned = (await alven()).items.find((i) => i.name === "Veterinaria");
    expect(owned).toBeDefined();
    if (!owned) return;
    expect(renderItem(owned, it_, who)).toContain('<span class="grade-value">15</span>');
    expect(itemContext(owned, makeEnv(it_, who)).skill).toMatchObject({ grade: 15, slug: "veterinaria", bought: 8 });
  });

  it("weapon: every mode editable with its book damage, add and remove buttons", async () => {
    const club = await createItem(CLUB);
    const html = renderItem(club, it_, who);
    expect(html).toContain('data-action="addMode"');
    for (const i of [0, 1]) {
      expect(html).toContain(`data-action="removeMode" data-index="${String(i)}"`);
      for (const field of ["key", "skill", "damage.dice", "damage.faces", "damage.strength", "damage.flat", "damage.type", "minStrength", "magazine", "preparation", "range.kind", "range.value", "multiAttack"]) {
        expect(html).toContain(`name="system.modes.${String(i)}.${field}"`);
      }
    }
    expect(html).toContain('<span class="damage-book">1D6+[FOR+2] / T</span>');
    expect(html).toContain('<span class="damage-book">2D6+[FOR] / T</span>');
    expect(html).toMatch(/name="system\.modes\.1\.key"[\s\S]*?<option value="twoHanded" selected>A due mani<\/option>/);
    expect(html).toMatch(/fieldset class="mode active" data-index="0"/);
    expect(html).not.toContain('class="wielded"');
    // Unowned: the skill is typed as its short name.
    expect(html).toMatch(/<input class="slug" type="text" name="system\.skill" value="armi_da_mischia"/);
  });

  it("weapon: a single mode cannot be removed", async () => {
    const stick = await createItem({ name: "Bastone", type: "weapon" });
    expect(renderItem(stick, it_, who)).not.toContain('data-action="removeMode"');
  });

  it("weapon owned: what it does in the owner's hands, and the owner's skills to choose from", async () => {
    const knife = (await alven()).items.find((i) => i.name === KNIFE.name);
    expect(knife).toBeDefined();
    if (!knife) return;
    const html = renderItem(knife, it_, who);
    expect(html).toMatch(/class="wielded">[\s\S]*?<strong>1D6\+\[FOR−2\] \/ F \(4–9\)<\/strong>/);
    expect(html).toMatch(/<select name="system\.skill">[\s\S]*?<option value="armi_da_mischia" selected>Armi da mischia<\/option>/);
    // The thrown mode keeps its own skill, even though Alven lacks it.
    expect(html).toMatch(/name="system\.modes\.1\.skill">[\s\S]*?<option value="lancio" selected>lancio<\/option>/);
  });

  it("armour: coverage select, body areas when covering chosen areas, gap penalty", async () => {
    const helmet = await createItem({ name: "Elmo", type: "armor", system: { defence: 8, minStrength: 3, coverage: "areas", areas: ["head"], bypassPenalty: -4 } });
    const html = renderItem(helmet, it_, who);
    expect(html).toMatch(/name="system\.coverage">[\s\S]*?<option value="areas" selected>/);
    expect(html).toMatch(/<multi-checkbox name="system\.areas">[\s\S]*?<option value="head" selected>[\s\S]*?<option value="arms">/);
    expect(html).toMatch(/name="system\.bypassPenalty"[\s\S]*?<option value="-4" selected>−4<\/option>/);
    expect(html).toContain('name="system.defence" value="8"');
    const vest = await createItem({ name: "Corpetto", type: "armor", system: { coverage: "torso" } });
    expect(renderItem(vest, it_, who)).not.toContain("system.areas");
  });

  it("gear: quantity, weight and the total from the data model", async () => {
    const rope = await createItem({ name: "Corda", type: "gear", system: { quantity: 3, weight: 1.2, checkBonus: 2, bonusApplies: "arrampicarsi" } });
    const html = renderItem(rope, it_, who);
    expect(html).toContain('<span class="value total-weight">3.6 kg</span>');
    expect(html).toContain('name="system.bonusApplies" value="arrampicarsi"');
  });

  it("trait: immunities as checkboxes", async () => {
    const trait = await createItem({ name: "Sangue freddo", type: "trait", system: { immunities: ["fear"] } });
    const html = renderItem(trait, it_, who);
    expect(html).toMatch(/<multi-checkbox name="system\.immunities">[\s\S]*?<option value="fear" selected>[\s\S]*?<option value="disgust">/);
  });

  it("every type has a description editor, and none when the sheet is read-only", async () => {
    for (const type of ["skill", "trait", "weapon", "armor", "gear"]) {
      const item = await createItem({ name: "X", type, system: { description: "<p>testo</p>" } });
      expect(renderItem(item, it_, who)).toContain('<prose-mirror name="system.description" value="&lt;p&gt;testo&lt;/p&gt;" toggled><p>testo</p></prose-mirror>');
      expect(renderItem(item, it_, { isGM: false, editable: false })).toContain('<div class="enriched"><p>testo</p></div>');
    }
  });
});
