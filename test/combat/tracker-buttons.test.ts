/**
 * Every button of the GeneSys tracker (GenesysCombatTracker.DEFAULT_OPTIONS.actions), pressed on the real class as
 * Foundry dispatches a click (test/applications/press-action.ts), with its effect on the combat asserted: declare
 * (through the maneuver dialog), hold, trigger, cancel a hold, replace, surprise, begin the execution phase.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GenesysCombatTracker } from "../../src/combat/combat-tracker.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import type { GenesysCombatant } from "../../src/documents/combatant.js";
import { foundryDouble } from "../foundry/boot.js";
import { diceDouble } from "../foundry/dice.js";
import { ElementDouble } from "../foundry/sheets.js";
import { press } from "../applications/press-action.js";
import { asPlayer, bootCombat, fight, person, settle, warnings } from "./helpers.js";

beforeAll(async () => {
  await bootCombat();
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
  diceDouble().dialogAnswers.length = 0;
});

/** The tracker showing `combat` (v13's `viewed`, which the double lets a test set). */
function trackerOn(combat: GenesysCombat): GenesysCombatTracker {
  const tracker = new GenesysCombatTracker();
  (tracker as unknown as { viewed: GenesysCombat }).viewed = combat;
  return tracker;
}

/** Presses `action` on the row of `combatant` (the button inside the `[data-combatant-id]` row), or on the banner. */
async function pressOn(combat: GenesysCombat, action: string, combatant: GenesysCombatant | null): Promise<void> {
  const button = new ElementDouble({ action });
  if (combatant) new ElementDouble({ combatantId: combatant.id ?? "" }, [button]);
  await press(trackerOn(combat), GenesysCombatTracker, action, button);
  await settle();
}

async function twoFighters() {
  const pc = await person("Eroina", 9, true);
  const npc = await person("Bandito", 7);
  const { combat, of } = await fight(pc, npc);
  await combat.startCombat();
  await settle();
  return { combat, pc: of(pc), npc: of(npc) };
}

describe("the tracker's buttons, pressed on GenesysCombatTracker", () => {
  it("Declare opens the maneuver dialog and declares its answer; closing it declares nothing", async () => {
    const { combat, pc, npc } = await twoFighters();
    diceDouble().dialogAnswers.push(null);
    await pressOn(combat, "genesysDeclare", npc);
    expect(npc.declarationFor(1)).toBeNull();
    diceDouble().dialogAnswers.push({ maneuver: "defence", held: false });
    await pressOn(combat, "genesysDeclare", npc);
    expect(diceDouble().dialogs.at(-1)?.window?.title).toContain("GENESYS.Combat.DeclareTitle");
    expect(npc.declarationFor(1)).toMatchObject({ maneuver: "defence", held: false, target: null });
    // The player declares for their own heroine, held: the round goes to execution.
    diceDouble().dialogAnswers.push({ maneuver: "attack", held: true });
    await asPlayer(() => pressOn(combat, "genesysDeclare", pc));
    expect(pc.declarationFor(1)).toMatchObject({ maneuver: "attack", held: true });
    expect(combat.phase).toBe("execution");
    expect(warnings()).toEqual([]);
  });

  it("a player's Declare on a row they do not own: refused with a warning, nothing declared", async () => {
    const { combat, npc } = await twoFighters();
    diceDouble().dialogAnswers.push({ maneuver: "movement", held: false });
    await asPlayer(() => pressOn(combat, "genesysDeclare", npc));
    expect(npc.declarationFor(1)).toBeNull();
    expect(warnings()).toHaveLength(1);
  });

  it("Hold, then Trigger: the held action goes first; Cancel hold gives it up", async () => {
    const { combat, pc, npc } = await twoFighters();
    await combat.declare(npc, "attack");
    await asPlayer(() => combat.declare(pc, "movement"));
    await settle();
    // 9 + 0 against 7 + 2: the later declarer, the heroine, acts first; in her slot she holds instead.
    expect(combat.combatant?.name).toBe("Eroina");
    await asPlayer(() => pressOn(combat, "genesysHold", pc));
    expect(warnings()).toEqual([]);
    expect(pc.declarationFor(1)).toMatchObject({ held: true, triggered: false });
    expect(combat.combatant?.name).toBe("Bandito");
    await asPlayer(() => pressOn(combat, "genesysTrigger", pc));
    expect(pc.declarationFor(1)).toMatchObject({ held: true, triggered: true });
    expect(combat.combatant?.name).toBe("Eroina");

    const again = await twoFighters();
    await again.combat.declare(again.npc, "attack");
    await asPlayer(() => again.combat.declare(again.pc, "movement", { held: true }));
    await settle();
    await asPlayer(() => pressOn(again.combat, "genesysCancelHold", again.pc));
    expect(again.pc.declarationFor(1)?.held ?? false).toBe(false);
    expect(warnings()).toEqual([]);
  });

  it("Replace asks for a higher-initiative maneuver in one's slot and records it; closing the dialog keeps the maneuver", async () => {
    const { combat, pc, npc } = await twoFighters();
    await combat.declare(npc, "movement");
    await asPlayer(() => combat.declare(pc, "attack"));
    await settle();
    expect(combat.combatant?.name).toBe("Eroina");
    diceDouble().dialogAnswers.push(null);
    await asPlayer(() => pressOn(combat, "genesysReplace", pc));
    expect(pc.declarationFor(1)?.maneuver).toBe("attack");
    diceDouble().dialogAnswers.push({ replacement: "defence" });
    await asPlayer(() => pressOn(combat, "genesysReplace", pc));
    expect(diceDouble().dialogs.at(-1)?.window?.title).toContain("GENESYS.Combat.ReplaceTitle");
    expect(pc.declarationFor(1)?.maneuver).toBe("defence");
    // Nothing declared: the button does nothing, and opens no dialog.
    const dialogs = diceDouble().dialogs.length;
    await pressOn(combat, "genesysReplace", npc);
    await pressOn(combat, "genesysReplace", null);
    expect(npc.declarationFor(1)?.maneuver).toBe("movement");
    expect(diceDouble().dialogs.length).toBe(dialogs + 1);
  });

  it("Surprise toggles the mark and the token status (the Narrator's); Begin execution ends the declaration phase", async () => {
    const { combat, pc, npc } = await twoFighters();
    await pressOn(combat, "genesysSurprise", npc);
    expect(npc.surprised).toBe(true);
    expect(npc.actor?.statuses.has("surprised")).toBe(true);
    await pressOn(combat, "genesysSurprise", npc);
    expect(npc.surprised).toBe(false);
    expect(npc.actor?.statuses.has("surprised")).toBe(false);
    await asPlayer(() => pressOn(combat, "genesysSurprise", pc));
    expect(pc.surprised).toBe(false);
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.GmOnly");

    await combat.declare(npc, "attack");
    await settle();
    expect(combat.phase).toBe("declaration");
    await pressOn(combat, "genesysBeginExecution", null);
    expect(combat.phase).toBe("execution");
    expect(combat.combatant?.name).toBe("Bandito");
  });

  it("a button whose row names no combatant of the combat shown does nothing", async () => {
    const { combat } = await twoFighters();
    const stray = new ElementDouble({ action: "genesysHold" });
    new ElementDouble({ combatantId: "nobody0000000000" }, [stray]);
    await press(trackerOn(combat), GenesysCombatTracker, "genesysHold", stray);
    await settle();
    expect(warnings()).toEqual([]);
    expect(combat.genesysCombatants.every((c) => c.declarationFor(1) === null)).toBe(true);
  });
});
