import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TRACKER_TEMPLATE, trackerView, type TrackerView } from "../../src/applications/combat-view.js";
import { GenesysCombatTracker } from "../../src/applications/combat-tracker.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import type { ContextEntry } from "../foundry/combat.js";
import { MANEUVER_DIALOG_TEMPLATE, declarationChoices, promptDeclaration, promptReplacement, replacementChoices } from "../../src/applications/maneuver-dialog.js";
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
    expect(playerPc).toContain('data-action="genesysDeclare"');
    expect(playerPc).toContain("GENESYS.Combat.Status.DeclaresNext");
    expect(playerPc).toContain("declares-next");
    expect(playerHtml).not.toContain("genesysBeginExecution");

    await asPlayer(() => combat.declare(of(pc), "attack"));
    await settle();
    const executionHtml = await asPlayer(async () => render(trackerView(combat, game.user, game.i18n)));
    expect(executionHtml).toContain('data-genesys-phase="execution"');
    expect(rowHtml(executionHtml, of(npc).id ?? "")).toContain("GENESYS.Maneuver.defence");
    // Both make 11 (9 + 2 and 7 + 4): Eroina, the later declarer, goes first.
    expect(combat.combatant?.name).toBe("Eroina");
    const own = rowHtml(executionHtml, of(pc).id ?? "");
    expect(own).toContain('data-action="genesysReplace"');
    expect(own).toContain('data-action="genesysHold"');
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
    expect(row).toContain('data-action="genesysTrigger"');
    expect(row).toContain('data-action="genesysCancelHold"');
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
  it("drops Clear and Reroll Initiative and offers the Narrator 'Clear declaration' while declaring", async () => {
    const pc = await person("Eroina", 9, true);
    const npc = await person("Bandito", 7);
    const { combat, of } = await fight(pc, npc);
    await combat.startCombat();
    await settle();
    await combat.declare(of(npc), "defence");
    await settle();

    const menu = menuOf(combat);
    expect(menu.map((e) => e.name)).toEqual(["COMBAT.CombatantUpdate", "COMBAT.CombatantRemove", "GENESYS.Combat.Context.ClearDeclaration"]);
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
      expect(html).toMatch(new RegExp(`value="${key}"[\\s\\S]*?GENESYS\\.Maneuver\\.${key}[\\s\\S]*?>${String(initiative)}<`));
    }
    expect(html).toContain('name="held"');
  });

  it("offers as replacements only maneuvers of higher initiative, and cancelling", async () => {
    const choices = replacementChoices("attack", i18n);
    expect(choices.filter((c) => !c.disabled).map((c) => c.value)).toEqual(["defence", "cancel"]);
    const html = await render({ choices, hold: null, initiativeLabel: "INI" }, MANEUVER_DIALOG_TEMPLATE);
    expect(html).toMatch(/value="movement" disabled/);
    expect(html).toMatch(/value="cancel" checked/);
    expect(html).not.toContain('name="held"');
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
