/**
 * The tracker records what each slot executed (§2.2.1, §2.2.4), and the attack and defence dialogs open pre-filled
 * from it: the templates rendered with the real Handlebars from a declared round.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ATTACK_DIALOG_TEMPLATE, DEFENCE_DIALOG_TEMPLATE, attackDialogContext, defenceDialogContext } from "../../src/attack/attack-dialog.js";
import { type DefencePlan } from "../../src/attack/defence-answer.js";
import type { AttackRow } from "../../src/attack/attack-card.js";
import { defencePlan } from "../../src/attack/defence-plan.js";
import { defaultAnswer, prepareAttack, type AttackPlan } from "../../src/attack/attack-roll.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import { trackerOf } from "../../src/documents/tracker-state.js";
import { combatDouble } from "../foundry/combat.js";
import { foundryDouble } from "../foundry/boot.js";
import { HUMAN, PISTOL, itemId, npc, shooter, skill } from "../attack/helpers.js";
import { bootCombat, fight, person, settle } from "./helpers.js";

beforeAll(async () => {
  await bootCombat();
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
  combatDouble().uniforms.length = 0;
});

const render = (template: string, context: object): Promise<string> => foundry.applications.handlebars.renderTemplate(template, context as Record<string, unknown>);

/** The attack dialog's plan for this attacker against these actors (no tokens: theatre-of-the-mind distances). */
function planFor(attacker: GenesysActor, targets: GenesysActor[]): AttackPlan {
  const plan = prepareAttack(attacker, itemId(attacker, "Pistola"), targets.map((t) => ({ actor: t, tokenUuid: null, name: t.name, distance: 4 })), (k) => k);
  if (!plan.ok) throw new Error(`no plan: ${plan.refusal.warning}`);
  return plan.value;
}

/** A card row attacking `target`, for the defence plan. */
function rowAgainst(target: GenesysActor): AttackRow {
  return {
    id: "r0",
    target: { actorUuid: target.uuid, tokenUuid: null, name: target.name },
    distance: 4,
    beyondHalf: false,
    parts: [],
    chance: null,
    attack: { formula: "2d10 + 12", dice: [5, 5], total: 22 },
    defence: null,
    outcome: null,
    damage: null,
    applied: null,
    undone: false,
    undo: null,
  };
}

/** Ends the current slot `count` times, as the Narrator. */
async function endSlots(combat: GenesysCombat, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await combat.nextTurn();
    await settle();
  }
}

/** The <label> of one defence-dialog flag, as rendered. */
function flagHtml(html: string, name: string): string {
  const at = html.indexOf(`data-flag="${name}"`);
  if (at < 0) throw new Error(`no flag ${name}`);
  return html.slice(at, html.indexOf("</label>", at));
}

/** The <tr> of one target of the attack dialog, as rendered. */
function targetHtml(html: string, index: number): string {
  const at = html.indexOf(`data-target="${String(index)}"`);
  if (at < 0) throw new Error(`no target ${String(index)}`);
  return html.slice(at, html.indexOf("</tr>", at));
}

describe("the tracker records each executed maneuver (§2.2.1, §2.2.4)", () => {
  it("when its slot comes: a Difesa executes before a slower Attack (A-29), and the record outlasts the round's declarations", async () => {
    const quick = await person("Rapida", 9);
    const slow = await person("Lento", 7);
    const { combat, of } = await fight(quick, slow);
    await combat.startCombat();
    await settle();
    await combat.declare(of(slow), "attack");
    await combat.declare(of(quick), "defence");
    await settle();
    // Rapida 9 + 4 goes first: her Difesa has executed, Lento's Attack not yet.
    expect(combat.combatant?.name).toBe("Rapida");
    expect(of(quick).executedManeuvers).toEqual([{ round: 1, maneuver: "defence", target: null }]);
    expect(of(slow).executedManeuvers).toEqual([]);
    await combat.nextTurn();
    await settle();
    expect(of(slow).executedManeuvers).toEqual([{ round: 1, maneuver: "attack", target: null }]);
    await combat.nextTurn();
    await settle();
    // Round 2: the declarations are gone, the record of round 1 stays for what outlasts it.
    expect(combat.round).toBe(2);
    expect(of(quick).declarationFor(2)).toBeNull();
    expect(of(quick).executedManeuvers).toEqual([{ round: 1, maneuver: "defence", target: null }]);
  });

  it("a Focalizzazione keeps its target into the next round; two rounds later it is gone", async () => {
    const aimer = await person("Mira", 8);
    const mark = await person("Bersaglio", 6);
    const { combat, of } = await fight(aimer, mark);
    await combat.startCombat();
    await settle();
    await combat.declare(of(mark), "movement");
    await combat.declare(of(aimer), "focus", { target: mark.id });
    await settle();
    expect(of(aimer).executedManeuvers).toEqual([{ round: 1, maneuver: "focus", target: mark.id }]);
    for (const maneuver of ["attack", "attack"] as const) {
      await endSlots(combat, 2);
      await combat.declare(of(mark), "movement");
      await combat.declare(of(aimer), maneuver);
      await settle();
    }
    expect(combat.round).toBe(3);
    expect(of(aimer).executedManeuvers).toEqual([{ round: 2, maneuver: "attack", target: null }, { round: 3, maneuver: "attack", target: null }]);
  });

  it("a replacement in the slot is what executed; a cancel leaves nothing (§2.1.2)", async () => {
    const a = await person("Sostituisce", 9);
    const b = await person("Annulla", 7);
    const { combat, of } = await fight(a, b);
    await combat.startCombat();
    await settle();
    await combat.declare(of(b), "movement");
    await combat.declare(of(a), "attack");
    await settle();
    expect(await combat.replace(of(a), "defence")).toBe(true);
    await settle();
    expect(of(a).executedManeuvers).toEqual([{ round: 1, maneuver: "defence", target: null }]);
    await combat.nextTurn();
    await settle();
    expect(combat.combatant?.name).toBe("Annulla");
    expect(await combat.replace(of(b), "cancel")).toBe(true);
    await settle();
    expect(of(b).executedManeuvers).toEqual([]);
  });

  it("a held Difesa counts from its trigger, and still after its slot is spent", async () => {
    const guard = await person("Guardia", 9);
    const other = await person("Altro", 7);
    const { combat, of } = await fight(guard, other);
    await combat.startCombat();
    await settle();
    await combat.declare(of(other), "attack");
    await combat.declare(of(guard), "defence", { held: true });
    await settle();
    expect(combat.combatant?.name).toBe("Altro");
    expect(of(guard).executedManeuvers).toEqual([]);
    await combat.trigger(of(guard));
    await settle();
    expect(combat.combatant?.name).toBe("Guardia");
    await combat.nextTurn();
    await settle();
    // The spent hold is no longer declared; what it did this round is still on record.
    expect(of(guard).declarationFor(1)).toBeNull();
    expect(trackerOf(guard)?.executed).toEqual([{ round: 1, maneuver: "defence", target: null }]);
  });
});

describe("the attack dialog pre-filled from the tracker (templates/dialogs/attack-dialog.hbs)", () => {
  it("Focalizzazione declared on this target last turn: ticked, locked for a player, labelled; the other target not", async () => {
    const jack = await shooter([skill("Pistola", 12), PISTOL]);
    const thug = await npc("Scagnozzo", { system: { characteristics: { ...HUMAN, dexterity: 5, perception: 5 } } });
    const other = await npc("Altro", { system: { characteristics: { ...HUMAN, dexterity: 3, perception: 3 } } });
    const { combat, of } = await fight(jack, thug, other);
    await combat.startCombat();
    await settle();
    await combat.declare(of(other), "movement");
    await combat.declare(of(thug), "defence");
    await combat.declare(of(jack), "focus", { target: thug.id });
    await settle();
    await endSlots(combat, 3);
    expect(combat.round).toBe(2);

    const plan = planFor(jack, [thug, other]);
    expect(plan.tracker?.focus).toEqual({ round: 1, maneuver: "focus", target: thug.id });
    expect(defaultAnswer(plan).targets.map((t) => t.focus)).toEqual([true, false]);
    const playerHtml = await render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(plan, {}, false, game.i18n));
    const row = targetHtml(playerHtml, 0);
    expect(row).toMatch(/name="focus\.0"[^>]*checked[^>]* disabled/);
    expect(row).toContain("GENESYS.Attack.Dialog.Tracked.Focus");
    expect(row).toContain("GENESYS.Attack.Dialog.FromTracker");
    expect(targetHtml(playerHtml, 1)).toMatch(/name="focus\.1"(?![^>]*checked)[^>]* disabled/);
    // The Narrator may change it.
    const gmHtml = await render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(plan, {}, true, game.i18n));
    expect(targetHtml(gmHtml, 0)).toMatch(/name="focus\.0"[^>]*checked(?![^>]*disabled)/);
  });

  it("more targets than rolls: the one focused on last turn is the one ticked at first", async () => {
    const jack = await shooter([skill("Pistola", 12), PISTOL]);
    const a = await npc("Primo", { system: { characteristics: { ...HUMAN, dexterity: 5, perception: 5 } } });
    const b = await npc("Secondo", { system: { characteristics: { ...HUMAN, dexterity: 3, perception: 3 } } });
    const { combat, of } = await fight(jack, a, b);
    await combat.startCombat();
    await settle();
    await combat.declare(of(b), "movement");
    await combat.declare(of(a), "movement");
    await combat.declare(of(jack), "focus", { target: of(b).id ?? "" });
    await settle();
    await endSlots(combat, 3);
    const plan = planFor(jack, [a, b]);
    expect(defaultAnswer(plan).targets.map((t) => [t.chosen, t.focus])).toEqual([[false, false], [true, true]]);
    const context = attackDialogContext(plan, {}, false, game.i18n);
    expect(context.error).toBeNull();
    expect(context.targets.map((t) => t.chosen)).toEqual([false, true]);
  });

  it("the defenders' Difesa (executed this round) and surprise show in the expected defence and the odds", async () => {
    const jack = await shooter([skill("Pistola", 12), PISTOL]);
    const guard = await npc("Guardia", { system: { characteristics: { ...HUMAN, dexterity: 9, perception: 9 } } });
    const { combat, of } = await fight(jack, guard);
    await combat.startCombat();
    await settle();
    await combat.declare(of(jack), "attack");
    await combat.declare(of(guard), "defence");
    await settle();
    const plan = planFor(jack, [guard]);
    // DES 9: +5 until the start of the next round.
    expect(plan.targets[0]?.defence?.modifiers).toEqual([{ key: "defenceManeuver", value: 5, source: "tracker" }]);
    const html = await render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(plan, {}, false, game.i18n));
    expect(targetHtml(html, 0)).toContain("GENESYS.Attack.Dialog.Tracked.defenceManeuver {&quot;value&quot;:&quot;+5&quot;} (GENESYS.Attack.Dialog.FromTracker)");
    const standing = planFor(jack, [await npc("Fermo", { system: { characteristics: { ...HUMAN, dexterity: 9, perception: 9 } } })]);
    const hit = (p: AttackPlan) => attackDialogContext(p, {}, false, game.i18n).targets[0]?.chance ?? "";
    expect(hit(plan)).not.toBe(hit(standing));
  });

  it("outside a fight nothing is locked and nothing claims to come from the tracker", async () => {
    const jack = await shooter([skill("Pistola", 12), PISTOL]);
    const thug = await npc("Solitario");
    const plan = planFor(jack, [thug]);
    expect(plan.tracker).toBeNull();
    const html = await render(ATTACK_DIALOG_TEMPLATE, attackDialogContext(plan, {}, false, game.i18n));
    expect(html).not.toContain("FromTracker");
    expect(targetHtml(html, 0)).toMatch(/name="focus\.0"(?![^>]*disabled)/);
  });
});

describe("the defence dialog pre-filled from the tracker (templates/dialogs/defence-dialog.hbs)", () => {
  async function guardInRound(maneuver: "defence" | "attack"): Promise<{ guard: GenesysActor; jack: GenesysActor }> {
    const jack = await shooter([skill("Pistola", 12), PISTOL]);
    const guard = await npc("Guardia", { system: { characteristics: { ...HUMAN, dexterity: 9, perception: 9 } } });
    const { combat, of } = await fight(jack, guard);
    await combat.startCombat();
    await settle();
    await combat.declare(of(jack), "attack");
    await combat.declare(of(guard), maneuver);
    await settle();
    return { guard, jack };
  }

  it("Difesa executed this round: ticked with its +⌈DES/2⌉, locked for a player, labelled; the dive open", async () => {
    const { guard, jack } = await guardInRound("defence");
    const plan = defencePlan(guard, rowAgainst(guard), false, (k) => k, { attacker: jack, kind: "ranged" });
    expect(plan?.tracker).toEqual({ defenceManeuver: true, dive: true });
    const html = await render(DEFENCE_DIALOG_TEMPLATE, defenceDialogContext(plan as DefencePlan, game.i18n, false));
    const maneuver = flagHtml(html, "maneuver");
    expect(maneuver).toMatch(/checked disabled/);
    expect(maneuver).toContain("GENESYS.Attack.Dialog.Maneuver (+5)");
    expect(maneuver).toContain("GENESYS.Attack.Dialog.FromTracker");
    expect(flagHtml(html, "dive")).not.toMatch(/disabled|checked/);
    const gm = await render(DEFENCE_DIALOG_TEMPLATE, defenceDialogContext(plan as DefencePlan, game.i18n, true));
    expect(flagHtml(gm, "maneuver")).toMatch(/checked(?! disabled)/);
  });

  it("another maneuver declared: Difesa unticked and locked, the dive closed with the reason", async () => {
    const { guard, jack } = await guardInRound("attack");
    const plan = defencePlan(guard, rowAgainst(guard), false, (k) => k, { attacker: jack, kind: "ranged" }) as DefencePlan;
    const html = await render(DEFENCE_DIALOG_TEMPLATE, defenceDialogContext(plan, game.i18n, false));
    expect(flagHtml(html, "maneuver")).toMatch(/name="maneuver" disabled/);
    expect(flagHtml(html, "dive")).toMatch(/disabled/);
    expect(flagHtml(html, "dive")).toContain("GENESYS.Attack.Dialog.DiveNeedsDefence");
  });

  it("surprise marked on the Combat and a prone melee attacker come pre-filled, each saying where from", async () => {
    const brute = await npc("Bruto", { system: { characteristics: { ...HUMAN, dexterity: 5, perception: 5 } } });
    const victim = await npc("Vittima");
    const { combat, of } = await fight(brute, victim);
    await combat.setSurprised(of(victim), true);
    await combat.startCombat();
    await settle();
    await victim.toggleStatusEffect("surprised", { active: false }); // the token no longer shows it: the Combat does
    await brute.toggleStatusEffect("prone", { active: true });
    const plan = defencePlan(victim, rowAgainst(victim), false, (k) => k, { attacker: brute, kind: "melee" }) as DefencePlan;
    expect(plan).toMatchObject({ surprised: true, surprisedBy: "tracker", attackerProne: true, opponentProne: true });
    const html = await render(DEFENCE_DIALOG_TEMPLATE, defenceDialogContext(plan, game.i18n, false));
    expect(flagHtml(html, "surprised")).toMatch(/checked disabled/);
    expect(flagHtml(html, "surprised")).toContain("GENESYS.Attack.Dialog.FromTracker");
    expect(flagHtml(html, "opponentProne")).toMatch(/checked(?! disabled)/);
    expect(flagHtml(html, "opponentProne")).toContain("GENESYS.Attack.Dialog.FromToken");
  });

  it("outside a fight: nothing pre-filled by a tracker, Difesa and the dive the defender's word", async () => {
    const loner = await npc("Solo");
    const plan = defencePlan(loner, rowAgainst(loner), false, (k) => k, null) as DefencePlan;
    expect(plan.tracker).toBeNull();
    const html = await render(DEFENCE_DIALOG_TEMPLATE, defenceDialogContext(plan, game.i18n, false));
    for (const name of ["maneuver", "dive", "surprised"]) expect(flagHtml(html, name)).not.toMatch(/checked|disabled/);
    // The +1 against a prone opponent needs an attacker lying prone: none here, so a player has nothing to tick.
    expect(flagHtml(html, "opponentProne")).toMatch(/disabled/);
    expect(html).not.toContain("FromTracker");
  });
});
