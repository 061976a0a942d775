import { beforeAll, describe, expect, it } from "vitest";
import { SkillModel } from "../../src/data/item/skill.js";
import { alven, createActor, emptyCharacter, innkeeper, makeEnv, personContext, renderPerson, translations, ALVEN_CHARACTERISTICS, VEST } from "./sheet-fixtures.js";
import { bootSystem } from "../foundry/boot.js";

const it_ = translations("it");
const player = { isGM: false };
const gm = { isGM: true };

beforeAll(async () => {
  await bootSystem();
});

/** The opening tag and content of the first element carrying `cls`, to scope an assertion. */
function block(html: string, cls: string): string {
  const start = html.search(new RegExp(`class="[^"]*\\b${cls}\\b`));
  expect(start, `no element with class ${cls}`).toBeGreaterThanOrEqual(0);
  return html.slice(start, start + 1500);
}

describe("character sheet: Alven (§1.3.3)", () => {
  it("shows Resistenza 20, Velocità 4, Riflessi 7 in the derived boxes and the header", async () => {
    const html = renderPerson(await alven(), it_, player);
    expect(block(html, "derived-box resistance")).toMatch(/<span class="label">Resistenza<\/span>\s*<span class="value">20<\/span>/);
    expect(block(html, "derived-box speed")).toMatch(/<span class="label">Velocità<\/span>\s*<span class="value">4<\/span>/);
    expect(block(html, "derived-box reflexes")).toMatch(/<span class="label">Riflessi<\/span>\s*<span class="value">7<\/span>/);
    expect(block(html, "stat resistance")).toContain("<dd>20</dd>");
    // No override: the override input is empty and the formula is the placeholder.
    expect(block(html, "derived-box resistance")).toMatch(/name="system\.overrides\.resistance" value="" placeholder="20"/);
  });

  it("lists the five characteristics with Italian labels, stored values and a roll button each", async () => {
    const html = renderPerson(await alven(), it_, player);
    for (const [key, value] of Object.entries(ALVEN_CHARACTERISTICS)) {
      expect(html).toContain(`name="system.characteristics.${key}" value="${String(value)}"`);
      expect(html).toMatch(new RegExp(`data-action="rollCheck" data-characteristic="${key}"`));
    }
    for (const label of ["Destrezza", "Esperienza", "Fascino", "Forza", "Percezione"]) expect(html).toContain(label);
  });

  it("groups skills under their characteristic with grade and breakdown: movimento furtivo and veterinaria 15, naturalistica 12", async () => {
    const actor = await alven();
    const ctx = personContext(actor, makeEnv(it_, player));
    const groups = Object.fromEntries(ctx.skillGroups.map((g) => [g.key, g.skills.map((s) => [s.name, s.grade, s.base, s.bought, s.earned])]));
    expect(groups).toEqual({
      dexterity: [["Armi da mischia", 10, 8, 2, 0], ["Movimento furtivo", 15, 8, 7, 0]],
      experience: [["Naturalistica", 12, 7, 5, 0], ["Veterinaria", 15, 7, 8, 0]],
    });
    const html = renderPerson(actor, it_, player, "skills");
    const stealth = actor.items.find((i) => i.name === "Movimento furtivo");
    expect(html).toMatch(new RegExp(`data-item-id="${stealth?.id ?? "?"}" data-skill-id="${stealth?.id ?? "?"}"[\\s\\S]*?data-action="rollCheck"[\\s\\S]*?Movimento furtivo[\\s\\S]*?<span class="grade-value">15</span>`));
    expect(html).toContain('<span class="grade-value">12</span>');
    expect(html).toContain("3/6"); // increment points of movimento furtivo: the sixth makes a grade (§1.8.1)
    expect(html).not.toContain("/5<");
  });

  it("shows Ferite/Fatica bars with their maximum, coloured by condition, and the −2 of Debole", async () => {
    const html = renderPerson(await alven(), it_, player);
    const health = block(html, "genesys-block health");
    expect(health).toMatch(/bar condition-weak[^>]*aria-valuenow="4"[^>]*aria-valuemax="20"/);
    expect(health).toContain('style="width: 20%"');
    expect(health).toContain("4 / 20");
    expect(html).toContain("7 / 20");
    expect(html).toContain('style="width: 35%"');
    expect(html).toMatch(/tag condition condition-weak[^>]*>\s*Debole <strong class="penalty">−2<\/strong>/);
    for (const counter of ["wounds", "fatigue"]) {
      for (const delta of ["-1", "1"]) expect(html).toContain(`data-action="adjustCounter" data-counter="${counter}" data-delta="${delta}"`);
    }
    expect(html).toContain('data-action="recover"');
    expect(html).toMatch(/name="system\.fatigue\.deprivation" value="2"/);
  });

  it("shows each weapon's active mode: damage formula, range, attack penalty from WeaponModel.wielded", async () => {
    const actor = await alven();
    const html = renderPerson(actor, it_, player, "combat");
    const club = actor.items.find((i) => i.name === "Clava");
    const row = html.slice(html.indexOf(`data-item-id="${club?.id ?? "?"}"`));
    expect(row).toMatch(/1D6\+\[FOR\+2\] \/ T<\/strong><span class="hint">8–13</);
    expect(row).toContain(">−8<"); // FM 9 one-handed in FOR 5 hands
    expect(row).toMatch(/chip active" data-action="setMode" data-mode="0"/);
    expect(row).toMatch(/chip" data-action="setMode" data-mode="1"/);
    expect(row).toContain('data-action="toggleReady"');
    expect(html).toMatch(/1D6\+\[FOR−2\] \/ F<\/strong><span class="hint">4–9</);
    // The knife rolls with Armi da mischia, grade 10.
    const skill = actor.items.find((i) => i.name === "Armi da mischia");
    expect(html).toMatch(new RegExp(`data-action="rollCheck" data-skill-id="${skill?.id ?? "?"}"[^>]*>[\\s\\S]*?Armi da mischia <strong>10</strong>`));
    expect(html).toContain('data-action="toggleWorn"');
    expect(html).toContain('data-action="createItem" data-type="weapon"');
    expect(html).toContain('data-action="createItem" data-type="armor"');
  });

  it("a weapon row's prominent button attacks; the plain skill check is the secondary icon beside it", async () => {
    const actor = await alven();
    const html = renderPerson(actor, it_, player, "combat");
    const knife = actor.items.find((i) => i.name === "Coltello");
    const skill = actor.items.find((i) => i.name === "Armi da mischia");
    const row = html.slice(html.indexOf(`data-item-id="${knife?.id ?? "?"}"`), html.indexOf("</tr>", html.indexOf(`data-item-id="${knife?.id ?? "?"}"`)));
    const cell = row.slice(row.indexOf('<div class="attack-cell">'), row.indexOf("</div>", row.indexOf('<div class="attack-cell">')));
    // First in the cell, with a word: the attack.
    expect(cell).toMatch(/^<div class="attack-cell">\s*<button type="button" class="attack primary" data-action="attack" data-tooltip="Attacca con Coltello i bersagli presi di mira"[^>]*><i class="fa-solid fa-crosshairs" inert><\/i> Attacca<\/button>/);
    // Then an icon without a word, named for what it does: a check of the skill, no attack.
    expect(cell).toMatch(new RegExp(`<button type="button" class="icon roll-check" data-action="rollCheck" data-skill-id="${skill?.id ?? "?"}" data-tooltip="Solo un lancio di verifica di Armi da mischia, senza attaccare" aria-label="Solo un lancio di verifica di Armi da mischia, senza attaccare"><i class="fa-solid fa-dice-d10" inert></i></button>`));
    expect(cell.indexOf('data-action="attack"')).toBeLessThan(cell.indexOf('data-action="rollCheck"'));
    expect(row.match(/data-action="attack"/g)).toHaveLength(1);
  });

  it("an undrawn weapon's Attack is plainly off (no primary fill, aria-disabled) and its tooltip says why", async () => {
    const actor = await alven();
    const knife = actor.items.find((i) => i.name === "Coltello");
    await knife?.update({ system: { ready: false } });
    const html = renderPerson(actor, it_, player, "combat");
    const row = html.slice(html.indexOf(`data-item-id="${knife?.id ?? "?"}"`), html.indexOf("</tr>", html.indexOf(`data-item-id="${knife?.id ?? "?"}"`)));
    expect(row).toMatch(/<button type="button" class="attack unready" data-action="attack" data-tooltip="Coltello non è impugnata: estraila prima di attaccare[^"]*"[^>]* aria-disabled="true">/);
    expect(row).not.toContain("attack primary");
  });

  it("adds up the weight carried and reads the encumbrance level from the rules (10.2 kg, one arm for FOR 5)", async () => {
    const actor = await alven();
    const ctx = personContext(actor, makeEnv(it_, player));
    expect(ctx.inventory.totalWeight).toBe("10.2");
    expect(ctx.inventory.levelKey).toBe("oneArm");
    expect(ctx.inventory.capacities.map((c) => [c.key, c.kg])).toEqual([["oneArm", "20"], ["bothArms", "80"], ["shoulders", "100"]]);
    const html = renderPerson(actor, it_, player, "inventory");
    expect(html).toContain('<strong class="total-weight">10.2 kg</strong>');
    expect(html).toMatch(/Corda \(10 m\)<\/a><\/td>\s*<td class="quantity">2<\/td>\s*<td class="weight">1.2<\/td>\s*<td class="total">2.4<\/td>/);
    expect(html).toContain('data-action="createItem" data-type="gear"');
  });

  it("reads Fama and Reputazione bands", async () => {
    const html = renderPerson(await alven(), it_, player);
    expect(html).toMatch(/name="system\.fame" value="5"[^>]*><\/label>\s*<span class="band">Poco famoso<\/span>/);
    expect(html).toMatch(/name="system\.reputation" value="6"[^>]*><\/label>\s*<span class="band">Brava persona<\/span>/);
  });

  it("puts the biography in an editor and lists the trait with its immunity", async () => {
    const html = renderPerson(await alven(), it_, player, "biography");
    expect(html).toMatch(/<prose-mirror name="system\.biography" value="&lt;p&gt;Fauna[^"]*" toggled><p>Fauna/);
    expect(html).toContain("Sangue freddo");
    expect(html).not.toContain("gm-notes");
  });

  it("has Narrator's notes too (a ready character says there where its numbers come from), for the Narrator only", async () => {
    const actor = await alven();
    await actor.update({ system: { gmNotes: "<p>SEGRETO del Narratore</p>" } });
    expect(renderPerson(actor, it_, player, "biography")).not.toContain("SEGRETO");
    expect(renderPerson(actor, it_, gm, "biography")).toMatch(/<prose-mirror name="system\.gmNotes"[^>]*>.*SEGRETO/);
  });

  it("armour too heavy for her: Destrezza in use 7, movimento furtivo 14, Velocità 3, and the warning", async () => {
    const actor = await createActor({
      name: "Alven", type: "character", system: { characteristics: ALVEN_CHARACTERISTICS },
      items: [{ ...VEST, system: { ...VEST.system, worn: true } }, { name: "Movimento furtivo", type: "skill", system: { characteristic: "dexterity", bought: 7 } }],
    });
    const html = renderPerson(actor, it_, player, "combat");
    expect(block(html, "char-box dexterity")).toMatch(/name="system\.characteristics\.dexterity" value="8"[\s\S]*?class="effective"[^>]*>[^<]*7</);
    // The value carries its source: the vest's shortfall, named (Active Effects part of issue 11).
    expect(block(html, "derived-box speed")).toMatch(/<span class="value" data-tooltip="[^"]*−1">3<\/span>/);
    expect(html).toContain('<span class="grade-value">14</span>');
    expect(block(html, "armour-summary hindered")).toMatch(/<strong>15<\/strong>[\s\S]*<strong>6<\/strong>[\s\S]*<strong>1<\/strong>/);
    expect((actor.items.find((i) => i.type === "skill")?.system as SkillModel).breakdown?.armourPenalty).toBe(1);
  });
});

describe("character sheet: an actor with no items", () => {
  it("renders every tab with empty states and the create buttons", async () => {
    const actor = await emptyCharacter();
    const html = renderPerson(actor, it_, player);
    expect(html).not.toContain("data-item-id");
    expect(html).toContain("0 / 28");
    expect(html).toMatch(/tag condition condition-normal[^>]*>\s*Normale\s*</);
    for (const type of ["skill", "trait", "weapon", "armor", "gear"]) expect(html).toContain(`data-action="createItem" data-type="${type}"`);
    expect(html.match(/class="empty"/g)?.length).toBeGreaterThanOrEqual(5);
    expect(html).toContain('<strong class="total-weight">0 kg</strong>');
  });

  it("a weapon whose skill the character lacks names that skill readably and says it is missing", async () => {
    const actor = await createActor({ name: "Senza abilità", type: "character", items: [{ name: "Mazza", type: "weapon", system: { skill: "armi_da_mischia", modes: [{ key: "oneHanded", damage: { dice: 1, faces: 6, strength: true, flat: 0, type: "trauma" } }] } }] });
    const html = renderPerson(actor, it_, player);
    expect(html).toContain("Armi da mischia (non la possiede)");
    expect(html).not.toContain(">armi_da_mischia<");
  });

  it("a sheet the user may only observe has no editing buttons", async () => {
    const html = renderPerson(await alven(), it_, { isGM: false, editable: false });
    for (const action of ["createItem", "deleteItem", "adjustCounter", "recover"]) expect(html).not.toContain(`data-action="${action}"`);
    expect(html).not.toContain("<prose-mirror");
    expect(html).toContain('data-action="rollCheck"');
  });
});

describe("limited permission", () => {
  it("the header shows who it is, without condition or numbers", async () => {
    const html = renderPerson(await alven(), it_, { isGM: false, editable: false, limited: true }, "biography");
    const header = html.slice(0, html.indexOf("</header>"));
    expect(header).toContain("Alven");
    expect(header).not.toContain("headline");
    expect(header).not.toContain("condition-");
  });
});

describe("npc sheet", () => {
  it("hides the Narrator's notes from a player and shows them to the Narrator", async () => {
    const actor = await innkeeper();
    const forPlayer = renderPerson(actor, it_, player, "biography");
    expect(forPlayer).not.toContain("SEGRETO");
    expect(forPlayer).not.toContain("system.gmNotes");
    const forGm = renderPerson(actor, it_, gm, "biography");
    expect(forGm).toMatch(/<prose-mirror name="system\.gmNotes"[^>]*>.*SEGRETO/);
    expect(forGm).toContain("Gestisce la locanda");
  });

  it("marks an overridden Riflessi and keeps the formula's value as a hint", async () => {
    const ctx = personContext(await innkeeper(), makeEnv(it_, gm));
    const reflexes = ctx.derived.find((d) => d.key === "reflexes");
    expect(reflexes).toMatchObject({ value: 9, formula: 6, overridden: true, override: 9 });
    const html = renderPerson(await innkeeper(), it_, gm);
    expect(html).toMatch(/derived-box reflexes overridden[\s\S]*?<span class="value">9<\/span>[\s\S]*?name="system\.overrides\.reflexes" value="9" placeholder="6"/);
    expect(html).toContain("<dd>36</dd>"); // Resistenza 4 × 9
  });
});
