import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  ATTACK_CARD_TEMPLATE,
  NO_VIEWER,
  applyCardEvent,
  attackCardContext,
  readAttackState,
  type AttackCardState,
  type AttackRow,
  type CardViewer,
} from "../../src/attack/attack-card.js";
import { damageOptions, type CardLocalizer } from "../../src/attack/attack-card.js";
import { decorateAttackCard } from "../../src/attack/card-hooks.js";
import { translations } from "../applications/sheet-fixtures.js";
import { npc } from "./helpers.js";
import type { CounterChange } from "../../src/documents/actor.js";
import { bootSystem } from "../foundry/boot.js";

beforeAll(async () => {
  await bootSystem();
});

/** Foundry's behaviour for a missing key (the key itself), with the data appended as key:value (handlebars escapes "="). */
const i18n = {
  localize: (key: string): string => key,
  format: (key: string, data: Record<string, string> = {}): string => `${key}(${Object.entries(data).map(([k, v]) => `${k}:${v}`).join(",")})`,
};

const ATTACKER = "Actor.attacker00000001";
const ORC = "Actor.orc0000000000001";
const GOBLIN = "Actor.goblin000000001";

function row(id: string, target: string, name: string, over: Partial<AttackRow> = {}): AttackRow {
  return {
    id,
    target: { actorUuid: target, tokenUuid: null, name },
    distance: 12,
    beyondHalf: false,
    parts: [{ key: "range", value: -2 }],
    chance: { hit: 0.55, grazing: 0 },
    attack: { formula: "2d10 + 10", dice: [6, 4], total: 20 },
    defence: null,
    outcome: null,
    damage: null,
    applied: null,
    undone: false,
    undo: null,
    ...over,
  };
}

const defended = (total: number) => ({ kind: "roll" as const, label: "Schivare", grade: 10, parts: [], roll: { formula: "2d10 + 10", dice: [total - 15, 5], total } });

function state(rows: AttackRow[], over: Partial<AttackCardState> = {}): AttackCardState {
  return {
    version: 2,
    attacker: { actorUuid: ATTACKER, name: "J.B. Vanlet" },
    weapon: { name: "Mitragliatrice", itemId: "gun0000000000001", modeLabel: "GENESYS.WeaponMode.ranged", kind: "ranged", explosive: false, damage: { formula: "3d6", book: "3D6±0 / F", type: "wounding", spec: { dice: 3, faces: 6, strengthBonus: null, flat: 0, type: "wounding" }, strength: 7 }, venom: null },
    grade: { label: "Fucile", value: 10 },
    aimedArea: "trunk",
    bypassArmour: false,
    blind: false,
    rounds: { used: rows.length, left: 26 },
    order: rows.map((r) => r.id),
    rows: Object.fromEntries(rows.map((r) => [r.id, r])),
    ...over,
  };
}

const viewer = (isGM: boolean, ...owned: string[]): CardViewer => ({ isGM, owns: (uuid) => owned.includes(uuid) });

async function render(s: AttackCardState, v: CardViewer): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, attackCardContext(s, v, i18n));
}

/** One row's markup: from its <li> to the next row (or the end of the card). */
function rowHtml(html: string, id: string): string {
  const start = html.indexOf(`data-row-id="${id}"`);
  expect(start, `no row ${id}`).toBeGreaterThan(0);
  const next = html.indexOf("data-row-id=", start + 1);
  return html.slice(html.lastIndexOf("<li", start), next === -1 ? html.length : next);
}

const buttons = (html: string): string[] => [...html.matchAll(/data-attack-action="(\w+)"/g)].map((m) => m[1] ?? "");

const CHANGE: CounterChange = {
  kind: "damage",
  actorUuid: ORC,
  before: { wounds: 0, fatigue: 0 },
  after: { wounds: 3, fatigue: 0 },
  condition: { before: "normal", after: "normal" },
  damage: { steps: [{ key: "rolled", value: 18 }, { key: "armour", value: 3 }], stunDifficulty: 18, stunCheck: true, afterArmour: 3, inflicted: 3, wounds: 3, fatigue: 0 },
};

describe("the attack card template (real handlebars)", () => {
  const burst = state([
    row("r0", ORC, "Orco", { defence: defended(20), outcome: "grazing" }),
    row("r1", ORC, "Orco", { attack: { formula: "2d10 + 10", dice: [6, 6], total: 22 }, defence: defended(21), outcome: "hit" }),
    row("r2", GOBLIN, "Goblin", { attack: { formula: "2d10 + 10", dice: [3, 3], total: 16 }, defence: defended(24), outcome: "miss" }),
    row("r3", GOBLIN, "Goblin"),
  ]);

  it("one row per attack roll, classed hit / grazing / miss / pending, with its target, dice and modifiers", async () => {
    const html = await render(burst, viewer(true));
    expect(html.match(/class="genesys-attack__row /g)).toHaveLength(4);
    expect(rowHtml(html, "r0")).toContain('class="genesys-attack__row grazing"');
    expect(rowHtml(html, "r1")).toContain('class="genesys-attack__row hit"');
    expect(rowHtml(html, "r2")).toContain('class="genesys-attack__row miss"');
    expect(rowHtml(html, "r3")).toContain('class="genesys-attack__row pending"');
    expect(rowHtml(html, "r2")).toContain("Goblin");
    expect(rowHtml(html, "r1")).toMatch(/<span class="genesys-attack__die">6<\/span><span class="genesys-attack__die">6<\/span><\/span>\s*<strong class="genesys-attack__total">22<\/strong>/);
    expect(rowHtml(html, "r1")).toContain("GENESYS.Attack.Modifier.range <strong>−2</strong>");
    expect(rowHtml(html, "r1")).toContain("GENESYS.Attack.DefenceWith(label:Schivare,grade:10)");
    expect(html).toContain("GENESYS.Attack.Rounds(used:4,left:26)");
  });

  it("buttons only for those allowed: the target's owner defends, the attacker's side rolls damage, the Narrator may do both and mark static targets", async () => {
    const goblinOwner = await render(burst, viewer(false, GOBLIN));
    expect(buttons(rowHtml(goblinOwner, "r3"))).toEqual(["defend"]);
    expect(buttons(rowHtml(goblinOwner, "r0"))).toEqual([]);
    expect(buttons(goblinOwner)).toEqual(["defend"]);

    const attackerOwner = await render(burst, viewer(false, ATTACKER));
    expect(buttons(rowHtml(attackerOwner, "r0"))).toEqual(["rollDamage"]);
    expect(buttons(rowHtml(attackerOwner, "r1"))).toEqual(["rollDamage"]);
    expect(buttons(rowHtml(attackerOwner, "r2"))).toEqual([]);
    expect(buttons(rowHtml(attackerOwner, "r3"))).toEqual([]);

    const gm = await render(burst, viewer(true));
    expect(buttons(rowHtml(gm, "r3"))).toEqual(["defend", "static"]);
    expect(buttons(await render(burst, NO_VIEWER))).toEqual([]);
  });

  it("an applied hit shows the pipeline's steps, the new counters and condition, the stun prompt and Undo", async () => {
    const applied = state([row("r0", ORC, "Orco", { defence: defended(12), outcome: "hit", damage: { formula: "4d6", dice: [6, 6, 3, 3], total: 18 }, applied: { change: CHANGE, venom: null, recordId: "rec0000000000001" } })]);
    const html = rowHtml(await render(applied, viewer(false, ATTACKER, ORC)), "r0");
    expect(html).toMatch(/<li class="rolled"><span>GENESYS.Attack.Step.rolled<\/span> <strong>18<\/strong><\/li>\s*<li class="armour"><span>GENESYS.Attack.Step.armour<\/span> <strong>3<\/strong><\/li>/);
    expect(html).toContain("GENESYS.Attack.Counters(changes:GENESYS.Count.Wounds.other(count:3))");
    expect(html).toContain('class="genesys-attack__condition normal"');
    expect(html).toContain("GENESYS.Attack.StunPrompt(target:Orco,difficulty:18)");
    expect(buttons(html)).toEqual(["stun", "undo"]);

    const undone = { ...applied, rows: { r0: { ...applied.rows["r0"]!, undone: true, undo: { wounds: 3, fatigue: 0, poison: 0, partial: false } } } };
    const again = rowHtml(await render(undone, viewer(false, ATTACKER)), "r0");
    expect(again).toContain("genesys-attack__applied undone");
    expect(again).toContain('<span class="genesys-attack__tag undone">GENESYS.Attack.Tag.undone</span>');
    expect(buttons(again)).toEqual(["apply"]);
    const partly = { ...applied, rows: { r0: { ...applied.rows["r0"]!, undone: true, undo: { wounds: 1, fatigue: 0, poison: 0, partial: true } } } };
    expect(rowHtml(await render(partly, viewer(false, ATTACKER)), "r0")).toContain("GENESYS.Attack.UndonePartial(wounds:GENESYS.Count.Wounds.other(count:1),fatigue:GENESYS.Count.Fatigue.other(count:0),target:Orco)");
  });

  it("a blind attack shows players who attacked whom, never the totals; the Narrator sees everything", async () => {
    const blind = state([row("r0", ORC, "Orco", { defence: defended(21), outcome: "hit" })], { blind: true });
    const player = await render(blind, viewer(false, ATTACKER, ORC));
    expect(player).toContain("genesys-attack hidden");
    expect(player).toContain("Orco");
    expect(player).toContain("GENESYS.Attack.HiddenHint");
    expect(player).not.toContain("genesys-attack__total");
    expect(buttons(player)).toEqual([]);
    const gm = await render(blind, viewer(true));
    expect(gm).toContain('<strong class="genesys-attack__total">20</strong>');
    expect(gm).toContain("GENESYS.Attack.BlindNote");
  });

  it("a blind card says it once: not beside a player's hidden hint, nor above the sealed card's note on a Narrator's client", async () => {
    const blind = state([row("r0", ORC, "Orco")], { blind: true });
    const player = await render(blind, viewer(false, ATTACKER));
    expect(player).toContain("GENESYS.Attack.HiddenHint");
    expect(player).not.toContain("GENESYS.Attack.BlindNote");
    expect(await render(blind, { ...viewer(true), sealed: true })).not.toContain("GENESYS.Attack.BlindNote");
  });

  it("a finished burst sums up hits and grazing hits", () => {
    const done = state([row("r0", ORC, "Orco", { outcome: "grazing", defence: defended(20) }), row("r1", ORC, "Orco", { outcome: "hit", defence: defended(19) }), row("r2", ORC, "Orco", { outcome: "miss", defence: defended(24) })]);
    expect(attackCardContext(done, NO_VIEWER, i18n).summary).toBe("GENESYS.Attack.SummaryGrazing(hits:GENESYS.Count.Hits.other(count:2),rolls:GENESYS.Count.Rolls.other(count:3),grazing:1)");
  });
});

/** The lang file's strings, filled in as Foundry's format fills them. */
function realI18n(lang: "it" | "en"): CardLocalizer {
  const strings = translations(lang);
  const localize = (key: string): string => strings.get(key) ?? key;
  return { lang, localize, format: (key, data = {}) => localize(key).replace(/\{(\w+)\}/g, (m, name: string) => data[name] ?? m) };
}

/** A button's words as a player reads them (tags dropped, spaces collapsed). */
function buttonText(html: string, action: string): string | null {
  const match = new RegExp(`<button[^>]*data-attack-action="${action}"[^>]*>([\\s\\S]*?)</button>`).exec(html);
  return match ? decode((match[1] ?? "").replace(/<[^>]+>/g, "")).replace(/\s+/g, " ").trim() : null;
}

/** The entities handlebars writes for quotes and ampersands, read back. */
function decode(text: string): string {
  return text.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&#x3D;/g, "=").replace(/&amp;/g, "&");
}

describe("what a player reads on the card, in Italian and English", () => {
  const IT = realI18n("it");
  const EN = realI18n("en");
  const SCAGNOZZO = "Actor.scagnozzo00000001";
  const rolled = (total: number, over: Partial<AttackRow> = {}) =>
    row("r0", SCAGNOZZO, "Scagnozzo", { defence: defended(15), outcome: "hit", damage: { formula: "3d6", dice: [1, 1, 1], total }, ...over });
  const as = (s: AttackCardState, lang: CardLocalizer, v: CardViewer = viewer(false, ATTACKER)) =>
    foundry.applications.handlebars.renderTemplate(ATTACK_CARD_TEMPLATE, attackCardContext(s, v, lang));

  it("Apply names what it applies and to whom, in one wording: the damage that reaches the armour while the target's armour is still to come", async () => {
    const plain = state([rolled(8)]);
    const html = await as(plain, IT);
    expect(buttonText(html, "apply")).toBe("Applica 8 di danno a Scagnozzo");
    expect(decode(html)).toContain(`data-tooltip="${IT.localize("GENESYS.Attack.ApplyHint")}"`);
    expect(buttonText(await as(plain, EN), "apply")).toBe("Apply 8 damage to Scagnozzo");
    // A grazing hit is halved before the armour (§3.2.7), as the pipeline halves it.
    expect(buttonText(await as(state([rolled(13, { outcome: "grazing" })]), IT), "apply")).toBe("Applica 6 di danno a Scagnozzo");
  });

  it("with the armour bypassed Apply says the Ferite and Fatica, the very ones applyDamage adds", async () => {
    const bypass = (total: number, type: "wounding" | "trauma") => {
      const s = state([rolled(total)], { bypassArmour: true });
      return { ...s, weapon: { ...s.weapon, damage: { ...s.weapon.damage, type } } };
    };
    expect(buttonText(await as(bypass(6, "wounding"), IT), "apply")).toBe("Applica 6 Ferite a Scagnozzo");
    expect(buttonText(await as(bypass(6, "wounding"), EN), "apply")).toBe("Apply 6 Wounds to Scagnozzo");
    expect(buttonText(await as(bypass(1, "wounding"), IT), "apply")).toBe("Applica 1 Ferita a Scagnozzo");
    expect(buttonText(await as(bypass(1, "wounding"), EN), "apply")).toBe("Apply 1 Wound to Scagnozzo");
    const trauma = bypass(7, "trauma");
    expect(buttonText(await as(trauma, IT), "apply")).toBe("Applica 3 Ferite e 4 Fatica a Scagnozzo");
    // The rules' pipeline on a target wearing a vest: the gap in the armour lets all of it through, as the label said.
    const target = await npc("Scagnozzo", { items: [{ name: "Corpetto", type: "armor", system: { defence: 15, minStrength: 0, coverage: "torso", worn: true } }] });
    const options = damageOptions(trauma, trauma.rows["r0"]!);
    const change = options ? await target.applyDamage(options) : null;
    expect(change && { wounds: change.after.wounds - change.before.wounds, fatigue: change.after.fatigue - change.before.fatigue }).toEqual({ wounds: 3, fatigue: 4 });
    expect(buttonText(await as(state([rolled(9)], { aimedArea: "weapon" }), IT), "apply")).toBe("Applica il colpo all'arma di Scagnozzo");
  });

  it("Undo is the secondary 'Annulla il danno', and an undone row is tagged as undone", async () => {
    const change: CounterChange = { ...CHANGE, actorUuid: SCAGNOZZO, after: { wounds: 1, fatigue: 0 }, damage: { ...CHANGE.damage!, stunCheck: false, wounds: 1, inflicted: 1, afterArmour: 1 } };
    const applied = state([rolled(8, { applied: { change, venom: null, recordId: "rec0000000000001" } })]);
    const html = await as(applied, IT);
    expect(buttonText(html, "undo")).toBe("Annulla il danno");
    expect(html).toMatch(/<button type="button" class="genesys-attack__secondary" data-attack-action="undo">/);
    expect(buttonText(await as(applied, EN), "undo")).toBe("Undo the damage");
    expect(html).toContain("Subisce 1 Ferita");
    const undone = withRow0(applied, { undone: true, undo: { wounds: 1, fatigue: 0, poison: 0, partial: false } });
    const again = await as(undone, IT);
    expect(again).toMatch(/<div class="genesys-attack__status">\s*<span class="genesys-attack__outcome hit">Colpito<\/span>\s*<span class="genesys-attack__tag undone">Annullato<\/span>/);
    expect(buttonText(again, "undo")).toBeNull();
    expect(await as(undone, EN)).toContain('<span class="genesys-attack__tag undone">Undone</span>');
  });

  it("counts read right for 1 and for 2: lanci, colpi a segno, dosi, Ferite", () => {
    const burst = (outcomes: ("hit" | "grazing" | "miss")[]) => state(outcomes.map((outcome, i) => row(`r${String(i)}`, SCAGNOZZO, "Scagnozzo", { outcome, defence: defended(15) })));
    expect(attackCardContext(burst(["hit", "miss"]), NO_VIEWER, IT).summary).toBe("1 colpo a segno su 2 lanci");
    expect(attackCardContext(burst(["hit", "grazing", "miss"]), NO_VIEWER, IT).summary).toBe("2 colpi a segno su 3 lanci, 1 di striscio");
    expect(attackCardContext(burst(["hit", "miss"]), NO_VIEWER, EN).summary).toBe("1 hit out of 2 rolls");
    expect(attackCardContext(burst(["hit", "hit"]), NO_VIEWER, EN).summary).toBe("2 hits out of 2 rolls");
    const bitten = (doses: number) => {
      const change: CounterChange = { ...CHANGE, actorUuid: SCAGNOZZO, after: { wounds: 2, fatigue: 0 } };
      return state([rolled(5, { applied: { change, venom: { roll: doses, doses, limited: false }, recordId: "rec0000000000001" } })]);
    };
    expect(attackCardContext(bitten(1), NO_VIEWER, IT).rows[0]?.venom).toContain(": 1 dose (lancio 1)");
    expect(attackCardContext(bitten(2), NO_VIEWER, IT).rows[0]?.venom).toContain(": 2 dosi (lancio 2)");
    expect(attackCardContext(bitten(2), NO_VIEWER, IT).rows[0]?.applied?.counters).toBe("Subisce 2 Ferite");
    expect(attackCardContext(bitten(2), NO_VIEWER, EN).rows[0]?.applied?.counters).toBe("Takes 2 Wounds");
  });

  it("a pending row shows the hit chance under its status; the name has its own line; the attacker is the message's speaker, not named again", async () => {
    const pending = await as(state([row("r0", SCAGNOZZO, "Scagnozzo con un nome molto lungo")]), IT);
    expect(pending).toMatch(/<div class="genesys-attack__row-head">\s*<span class="genesys-attack__target">Scagnozzo con un nome molto lungo<\/span>\s*<\/div>/);
    expect(pending).toMatch(/<div class="genesys-attack__status">\s*<span class="genesys-attack__outcome pending">In attesa della difesa<\/span>\s*<span class="genesys-attack__distance">12 m<\/span>\s*<\/div>\s*<p class="genesys-attack__chance">Probabilità di colpire: 55%<\/p>/);
    expect(pending).not.toContain("J.B. Vanlet");
    expect(await as(state([rolled(8)]), IT)).not.toContain("genesys-attack__chance");
  });

  it("the damage line writes the formula in the book's notation, as the sheets do", async () => {
    const html = await as(state([rolled(8)]), IT);
    expect(html).toMatch(/Danno <span class="formula">3D6<\/span>/);
    expect(html).not.toContain("3d6");
  });
});

function withRow0(s: AttackCardState, over: Partial<AttackRow>): AttackCardState {
  return { ...s, rows: { r0: { ...s.rows["r0"]!, ...over } } };
}

describe("card events", () => {
  const fresh = state([row("r0", ORC, "Orco")]);

  it("a defence resolves through the rules; a second one for the same row is stale", () => {
    const first = applyCardEvent(fresh, { type: "defend", rowId: "r0", defence: defended(20) }, { grazingHits: false });
    expect(first).toMatchObject({ ok: true, row: { outcome: "hit" } });
    const moved = first.ok ? { ...fresh, rows: { r0: first.row } } : fresh;
    expect(applyCardEvent(moved, { type: "defend", rowId: "r0", defence: defended(25) }, {})).toEqual({ ok: false, reason: "stale" });
    expect(applyCardEvent(fresh, { type: "defend", rowId: "r0", defence: defended(20) }, { grazingHits: true })).toMatchObject({ ok: true, row: { outcome: "grazing" } });
  });

  it("refuses a defence whose total is not its dice plus its bonus, and events for unknown rows", () => {
    const bad = { ...defended(20), roll: { formula: "2d10 + 10", dice: [10, 10], total: 20 } };
    expect(applyCardEvent(fresh, { type: "defend", rowId: "r0", defence: bad }, {})).toEqual({ ok: false, reason: "invalid" });
    expect(applyCardEvent(fresh, { type: "undone", rowId: "r7", undo: { wounds: 0, fatigue: 0, poison: 0, partial: false } }, {})).toEqual({ ok: false, reason: "missingRow" });
    expect(applyCardEvent(fresh, { type: "damage", rowId: "r0", damage: { formula: "4d6", dice: [1, 1, 1, 1], total: 4 } }, {})).toEqual({ ok: false, reason: "stale" });
  });

  it("reads only card states it understands", () => {
    expect(readAttackState(fresh)).toEqual(fresh);
    expect(readAttackState(null)).toBeNull();
    expect(readAttackState({ ...fresh, version: 1 })).toBeNull();
    expect(readAttackState({ ...fresh, rows: { r0: { ...fresh.rows["r0"], attack: "20" } } })).toBeNull();
  });
});

describe("renderChatMessageHTML", () => {
  it("replaces the content of an attack card for the viewer and leaves other messages alone", async () => {
    // The members of .message-content the hook uses (innerHTML, a click listener, the roll buttons for their tooltips).
    const content = { innerHTML: "<p>stored</p>", addEventListener: vi.fn(), querySelectorAll: () => [] };
    const html = { querySelector: (selector: string) => (selector === ".message-content" ? content : null) } as unknown as HTMLElement;
    const card = { author: { isGM: true }, getFlag: (scope: string, key: string) => (scope === "genesys-gdr" && key === "attack" ? state([row("r0", ORC, "Orco")]) : undefined) };
    expect(await decorateAttackCard(card as unknown as ChatMessage.Implementation, html)).toBe(true);
    expect(content.innerHTML).toContain('data-attack-action="defend"'); // the test user is the GM
    expect(content.addEventListener).toHaveBeenCalledWith("click", expect.any(Function));
    const other = { getFlag: () => undefined };
    content.innerHTML = "<p>stored</p>";
    expect(await decorateAttackCard(other as unknown as ChatMessage.Implementation, html)).toBe(false);
    expect(content.innerHTML).toBe("<p>stored</p>");
    // A player's look-alike (right flags, own message) is left as the player wrote it: no card, no buttons.
    const lookAlike = { ...card, author: { isGM: false } };
    expect(await decorateAttackCard(lookAlike as unknown as ChatMessage.Implementation, html)).toBe(false);
    expect(content.innerHTML).toBe("<p>stored</p>");
  });
});
