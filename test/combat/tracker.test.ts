import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TRACKER_TEMPLATE, trackerView, type TrackerView } from "../../src/combat/combat-view.js";
import { GenesysCombatTracker, labelInitiative } from "../../src/combat/combat-tracker.js";
import { translations } from "../applications/sheet-fixtures.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import type { ContextEntry } from "../foundry/combat.js";
import { MANEUVER_DIALOG_TEMPLATE, declarationChoices, promptDeclaration, promptReplacement, replacementChoices } from "../../src/combat/maneuver-dialog.js";
import { diceDouble } from "../foundry/dice.js";
import { foundryDouble } from "../foundry/boot.js";
import { asPlayer, bootCombat, fight, person, settle, warnings } from "./helpers.js";

beforeAll(async () => {
  await bootCombat();
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
});

const render = (view: TrackerView | Record<string, unknown>, template = TRACKER_TEMPLATE) => foundry.applications.handlebars.renderTemplate(template, view);

/** The block the template renders for one combatant row. */
function rowHtml(html: string, id: string): string {
  const at = html.indexOf(`data-genesys-turn="${id}"`);
  if (at < 0) throw new Error(`no row for ${id}`);
  const start = html.lastIndexOf("<div", at);
  const end = html.indexOf('<div class="genesys genesys-turn', at);
  return html.slice(start, end < 0 ? undefined : end);
}

describe("the tracker's GeneSys part (templates/combat/tracker.hbs, real handlebars)", () => {
  it("shows the phase and who declares next; hides an NPC's maneuver from players until execution", async () => {
    const pc = await person("Eroina", 9, true);
    const npc = await person("Bandito", 7);
    const { combat, of } = await fight(pc, npc);
    await combat.startCombat();
    await settle();
    await combat.declare(of(npc), "defence");
    await settle();

    // Nobody's turn while declaring: who declares next comes from the pending declarers.
    expect(combat.turn).toBeNull();
    const gmView = trackerView(combat, game.user, game.i18n);
    const gmHtml = await render(gmView);
    expect(gmHtml).toContain('data-genesys-phase="declaration"');
    expect(gmHtml).toContain("GENESYS.Combat.Phase.declaration");
    expect(gmHtml).toContain("GENESYS.Combat.Phase.NextDeclarer {&quot;name&quot;:&quot;Eroina&quot;}");
    expect(gmHtml).toContain('data-action="genesysBeginExecution"');
    const gmNpc = rowHtml(gmHtml, of(npc).id ?? "");
    expect(gmNpc).toContain("fa-shield-halved");
    expect(gmNpc).toContain("GENESYS.Maneuver.defence");
    expect(gmNpc).toContain('data-action="genesysSurprise"');

    const playerHtml = await asPlayer(async () => render(trackerView(combat, game.user, game.i18n)));
    const playerNpc = rowHtml(playerHtml, of(npc).id ?? "");
    expect(playerNpc).not.toContain("GENESYS.Maneuver.defence");
    expect(playerNpc).toContain("concealed");
    expect(playerNpc).not.toContain("genesysSurprise");
    expect(playerNpc).not.toContain("genesysDeclare");
    const playerPc = rowHtml(playerHtml, of(pc).id ?? "");
    // The row that must declare now has the labelled button, which says it instead of the status.
    expect(playerPc).toMatch(/<button type="button" class="genesys-turn-action" data-action="genesysDeclare"[^>]*>.*GENESYS\.Combat\.Control\.DeclareNow<\/button>/);
    expect(playerPc).not.toContain("GENESYS.Combat.Status.DeclaresNext");
    expect(playerPc).toContain("declares-next");
    // The Narrator may declare again for the bandit: a secondary icon, no word.
    expect(gmNpc).toMatch(/<button type="button" class="inline-control icon fa-solid fa-comment" data-action="genesysDeclare"[^>]*aria-label="GENESYS\.Combat\.Control\.Declare"/);
    expect(playerHtml).not.toContain("genesysBeginExecution");

    await asPlayer(() => combat.declare(of(pc), "attack"));
    await settle();
    const executionHtml = await asPlayer(async () => render(trackerView(combat, game.user, game.i18n)));
    expect(executionHtml).toContain('data-genesys-phase="execution"');
    expect(rowHtml(executionHtml, of(npc).id ?? "")).toContain("GENESYS.Maneuver.defence");
    // Both make 11 (9 + 2 and 7 + 4): Eroina, the later declarer, goes first.
    expect(combat.combatant?.name).toBe("Eroina");
    const own = rowHtml(executionHtml, of(pc).id ?? "");
    // Hold and Replace are what the row may do besides acting: icons, each named for screen readers.
    expect(own).toMatch(/class="inline-control icon fa-solid fa-right-left" data-action="genesysReplace"[^>]*aria-label="GENESYS\.Combat\.Control\.Replace"/);
    expect(own).toMatch(/class="inline-control icon fa-solid fa-pause" data-action="genesysHold"/);
    expect(own).not.toContain("genesys-turn-action");
    expect(own).toContain('<span class="genesys-turn-status">GENESYS.Combat.Status.ActsNow</span>');
    expect(own).toContain("acts-now");
    // Initiative numbers say what they are: the maneuver's, and Foundry's number as the execution order.
    expect(own).toContain('<span class="genesys-maneuver-initiative">GENESYS.Combat.InitiativeShort 2</span>');
    expect(own).toContain('data-genesys-order="GENESYS.Combat.Order"');
    expect(own).toContain("GENESYS.Combat.OrderTooltip {&quot;reflexes&quot;:&quot;9&quot;,&quot;initiative&quot;:&quot;2&quot;,&quot;value&quot;:&quot;11&quot;}");
  });

  it("in the players' words: 'Dichiara' on the row that declares now, 'Ora dichiara' for the others, 'Iniz.' before the maneuver's number", async () => {
    const pc = await person("Eroina", 9, true);
    const npc = await person("Bandito", 7);
    const { combat, of } = await fight(pc, npc);
    await combat.startCombat();
    await settle();
    const strings = translations("it");
    const localize = (key: string): string => strings.get(key) ?? key;
    const it_ = { localize, format: (key: string, data: Record<string, string> = {}) => localize(key).replace(/\{(\w+)\}/g, (m, name: string) => data[name] ?? m) };
    // The bandit (Riflessi 7) declares first; the Narrator's row for him gets the word, the player reads whose turn it is.
    const gmRow = rowHtml(await render(trackerView(combat, game.user, it_)), of(npc).id ?? "");
    expect(gmRow).toMatch(/data-action="genesysDeclare"[^>]*><i class="fa-solid fa-comment" inert><\/i> Dichiara<\/button>/);
    const playerRow = rowHtml(await asPlayer(async () => render(trackerView(combat, game.user, it_))), of(npc).id ?? "");
    expect(playerRow).toContain('<span class="genesys-turn-status">Ora dichiara</span>');
    expect(playerRow).not.toContain("genesysDeclare");
    await combat.declare(of(npc), "defence");
    await settle();
    const gmNpc = rowHtml(await render(trackerView(combat, game.user, it_)), of(npc).id ?? "");
    expect(gmNpc).toContain('<span class="genesys-maneuver-initiative">iniz. 4</span>');
  });

  it("a held action shows its state and the trigger and cancel buttons to its owner", async () => {
    const pc = await person("Guardia", 8, true);
    const npc = await person("Ladro", 6);
    const { combat, of } = await fight(pc, npc);
    await combat.startCombat();
    await settle();
    await combat.declare(of(npc), "movement");
    await settle();
    await asPlayer(() => combat.declare(of(pc), "attack", { held: true }));
    await settle();
    const html = await asPlayer(async () => render(trackerView(combat, game.user, game.i18n)));
    const row = rowHtml(html, of(pc).id ?? "");
    expect(row).toContain("holding");
    expect(row).toContain("GENESYS.Combat.Status.Holding");
    // Acting on the awaited event is the one labelled button; giving the hold up stays an icon.
    expect(row).toMatch(/<button type="button" class="genesys-turn-action" data-action="genesysTrigger"[^>]*data-tooltip="GENESYS\.Combat\.Control\.Trigger"><i class="fa-solid fa-bolt" inert><\/i> GENESYS\.Combat\.Control\.TriggerNow<\/button>/);
    expect(row).toMatch(/class="inline-control icon fa-solid fa-ban" data-action="genesysCancelHold"/);
  });
});

describe("Foundry's initiative number, captioned", () => {
  /** A combatant row of core's tracker, as far as labelInitiative reads it (no DOM in these tests). */
  function coreRow() {
    const number = { dataset: {} as Record<string, string>, attributes: new Map<string, string>(), setAttribute(name: string, value: string) { this.attributes.set(name, value); } };
    return { number, li: { querySelector: (selector: string) => (selector === ".token-initiative" ? number : null) } };
  }
  const genesysRow = (dataset: Record<string, string>) => ({ dataset }) as unknown as HTMLElement;

  it("names the number as the execution order, with its sum in the tooltip; no caption when the row has none", () => {
    const { number, li } = coreRow();
    labelInitiative(li as unknown as Element, genesysRow({ genesysOrder: "Ordine", genesysOrderTooltip: "Ordine di esecuzione 11: Riflessi 9 + iniziativa della manovra 2" }));
    expect(number.dataset).toEqual({ genesysOrder: "Ordine", tooltip: "Ordine di esecuzione 11: Riflessi 9 + iniziativa della manovra 2" });
    expect(number.attributes.get("aria-label")).toBe("Ordine di esecuzione 11: Riflessi 9 + iniziativa della manovra 2");
    labelInitiative(li as unknown as Element, genesysRow({}));
    expect(number.dataset["genesysOrder"]).toBeUndefined();
  });
});

/** The tracker's combatant menu as v13 builds it, for the combat it shows. */
function menuOf(combat: GenesysCombat): ContextEntry[] {
  const tracker = new GenesysCombatTracker();
  // The double's tab lets a test choose the combat it shows, and exposes the protected builder Foundry calls.
  const open = tracker as unknown as { viewed: GenesysCombat | null; _getEntryContextOptions(): ContextEntry[] };
  open.viewed = combat;
  return open._getEntryContextOptions();
}

/** A tracker row as the menu reads it (no DOM in these tests): its combatant id, and closest() finding itself. */
function row(id: string | null): HTMLElement {
  const li = { dataset: { combatantId: id ?? "" }, closest: () => li };
  // Only dataset and closest are read from the row element.
  return li as unknown as HTMLElement;
}

describe("the combatant context menu", () => {
  it("v14 names entries by label: core's initiative entries are still dropped, and ours come labelled", async () => {
    const release = (game as unknown as { release: { generation: number } }).release; // the double's, read-only in the 13.345 types
    const pc = await person("Eroina", 9, true);
    const npc = await person("Bandito", 7);
    const { combat } = await fight(pc, npc);
    release.generation = 14;
    try {
      const menu = menuOf(combat) as unknown as { name?: string; label?: string }[]; // v14's entries carry label
      expect(menu.map((e) => e.label)).toEqual(["COMBAT.CombatantUpdate", "COMBAT.CombatantRemove", "GENESYS.Combat.Context.ClearDeclaration", "GENESYS.Grapple.Button.Label"]);
      expect(menu.every((e) => e.name === undefined)).toBe(true);
    } finally {
      release.generation = 13;
    }
  });

  it("drops Clear and Reroll Initiative and offers the Narrator 'Clear declaration' while declaring", async () => {
    const pc = await person("Eroina", 9, true);
    const npc = await person("Bandito", 7);
    const { combat, of } = await fight(pc, npc);
    await combat.startCombat();
    await settle();
    await combat.declare(of(npc), "defence");
    await settle();

    const menu = menuOf(combat);
    expect(menu.map((e) => e.name)).toEqual(["COMBAT.CombatantUpdate", "COMBAT.CombatantRemove", "GENESYS.Combat.Context.ClearDeclaration", "GENESYS.Grapple.Button.Label"]);
    const clear = menu.find((e) => e.name === "GENESYS.Combat.Context.ClearDeclaration");
    if (!clear?.condition) throw new Error("no Clear declaration entry");
    expect(clear.condition(row(of(npc).id))).toBe(true);
    // Nothing declared yet, or not the Narrator: not offered.
    expect(clear.condition(row(of(pc).id))).toBe(false);
    expect(await asPlayer(() => Promise.resolve(clear.condition?.(row(of(npc).id))))).toBe(false);

    // Chosen: the declaration is gone through the GM's intent, and the bandit declares again first.
    clear.callback(row(of(npc).id));
    await settle();
    expect(of(npc).declarationFor(1)).toBeNull();
    expect(combat.pendingDeclarers()[0]?.name).toBe("Bandito");
    expect(warnings()).toEqual([]);

    // Execution phase: a declaration is no longer the Narrator's to take back from here.
    await combat.declare(of(npc), "attack");
    await asPlayer(() => combat.declare(of(pc), "attack"));
    await settle();
    expect(combat.phase).toBe("execution");
    expect(clear.condition(row(of(npc).id))).toBe(false);
    expect(await combat.clearDeclaration(of(npc))).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.NotDeclarationPhase");
  });
});

describe("the maneuver dialog (templates/combat/maneuver-dialog.hbs)", () => {
  const i18n = { localize: (k: string) => k, format: (k: string, d: Record<string, string> = {}) => `${k} ${JSON.stringify(d)}` };

  it("lists the six maneuvers with their initiative, and the hold box", async () => {
    const html = await render({ choices: declarationChoices(null, i18n), hold: { label: "HOLD", hint: "" }, initiativeLabel: "INI" }, MANEUVER_DIALOG_TEMPLATE);
    for (const [key, initiative] of [["defence", 4], ["attack", 2], ["execution", 0], ["focus", 0], ["movement", 0], ["preparation", 0]] as const) {
      expect(html).toMatch(new RegExp(`value="${key}"[\\s\\S]*?GENESYS\\.Maneuver\\.${key}[\\s\\S]*?>INI ${String(initiative)}<`));
    }
    expect(html).toContain('name="held"');
  });

  it("offers as replacements only maneuvers of higher initiative, and cancelling", async () => {
    const choices = replacementChoices("attack", i18n);
    expect(choices.filter((c) => !c.disabled).map((c) => c.value)).toEqual(["defence", "cancel"]);
    const html = await render({ choices, hold: null, initiativeLabel: "INI" }, MANEUVER_DIALOG_TEMPLATE);
    expect(html).toMatch(/value="movement" disabled/);
    expect(html).not.toContain('name="held"');
  });

  it("preselects nothing when replacing: pressing the default button cannot cancel the maneuver by itself", async () => {
    const choices = replacementChoices("attack", i18n);
    expect(choices.filter((c) => c.checked)).toEqual([]);
    const html = await render({ choices, hold: null, initiativeLabel: "INI" }, MANEUVER_DIALOG_TEMPLATE);
    expect(html).not.toContain("checked");
    expect(html).toMatch(/<label class="genesys-maneuver-choice choice-cancel">\s*<input type="radio" name="maneuver" value="cancel">/);
    expect(declarationChoices(null, i18n).filter((c) => c.checked)).toEqual([]);
  });

  it("opens through DialogV2 and returns the answer, or null when closed", async () => {
    diceDouble().dialogAnswers.push({ maneuver: "focus", held: true }, null, "cancel");
    expect(await promptDeclaration("Eroe", null)).toEqual({ maneuver: "focus", held: true });
    const dialog = diceDouble().dialogs.at(-1);
    expect(dialog?.window?.title).toContain("GENESYS.Combat.DeclareTitle");
    expect(dialog?.content).toContain('value="preparation"');
    expect(await promptDeclaration("Eroe", null)).toBeNull();
    expect(await promptReplacement("Eroe", "execution")).toBeNull();
  });
});
