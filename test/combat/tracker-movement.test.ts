/**
 * §2.2.5 the tracker row of a combatant who declared Movimento says how far it goes: Speed, a quarter when prone,
 * nothing while grappled or immobilised, read from the actor its token stands for (the synthetic one when unlinked).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { TRACKER_TEMPLATE, trackerView } from "../../src/combat/combat-view.js";
import { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import type { GenesysCombatant } from "../../src/documents/combatant.js";
import { metres } from "../../src/format/movement-allowance.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { asPlayer, bootCombat, fight, person, settle } from "./helpers.js";

beforeAll(async () => {
  await bootCombat();
});

const render = (view: object): Promise<string> => foundry.applications.handlebars.renderTemplate(TRACKER_TEMPLATE, view as Record<string, unknown>);

function rowOf(combat: GenesysCombat, combatant: GenesysCombatant) {
  const row = trackerView(combat, game.user, game.i18n).rows.find((r) => r.id === combatant.id);
  if (!row) throw new Error("no row");
  return row;
}

const speedOf = (actor: GenesysActor): number => actor.genesys?.derived.speed ?? Number.NaN;

describe("§2.2.5 the Movimento allowance on the tracker row", () => {
  it("Speed on flat ground, a quarter when prone, nothing while grappled or immobilised; other maneuvers show none", async () => {
    const runner = await person("Corridore", 8, true);
    const other = await person("Bandito", 6);
    const { combat, of } = await fight(runner, other);
    await combat.startCombat();
    await settle();
    await combat.declare(of(runner), "movement");
    await combat.declare(of(other), "attack");
    await settle();

    const speed = speedOf(runner);
    expect(speed).toBeGreaterThan(0);
    const flat = rowOf(combat, of(runner)).movement;
    expect(flat).toEqual({ text: `GENESYS.Movement.Allowance.flat {"metres":"${String(speed)}"}`, hint: `GENESYS.Movement.Hint.flat {"metres":"${String(speed)}"}`, blocked: false });
    expect(rowOf(combat, of(other)).movement).toBeNull();

    const html = await render(trackerView(combat, game.user, game.i18n));
    expect(html).toContain(`<span class="genesys-movement-allowance" data-tooltip="GENESYS.Movement.Hint.flat {&quot;metres&quot;:&quot;${String(speed)}&quot;}"><i class="fa-solid fa-ruler" inert></i> GENESYS.Movement.Allowance.flat {&quot;metres&quot;:&quot;${String(speed)}&quot;}</span>`);
    // One allowance, on the runner's row only.
    expect(html.match(/genesys-movement-allowance/g)).toHaveLength(1);

    await runner.toggleStatusEffect("prone", { active: true });
    expect(rowOf(combat, of(runner)).movement?.text).toBe(`GENESYS.Movement.Allowance.prone {"metres":"${metres(speed / 4, "en")}"}`);

    await runner.toggleStatusEffect("grappled", { active: true });
    expect(rowOf(combat, of(runner)).movement).toMatchObject({ text: 'GENESYS.Movement.Allowance.grappled {"metres":"0"}', blocked: true });
    expect(await render(trackerView(combat, game.user, game.i18n))).toContain('class="genesys-movement-allowance blocked"');

    await runner.toggleStatusEffect("immobilised", { active: true });
    expect(rowOf(combat, of(runner)).movement?.text).toBe('GENESYS.Movement.Allowance.immobilised {"metres":"0"}');

    await runner.toggleStatusEffect("grappled", { active: false });
    await runner.toggleStatusEffect("immobilised", { active: false });
    await runner.toggleStatusEffect("prone", { active: false });
    expect(rowOf(combat, of(runner)).movement?.text).toBe(`GENESYS.Movement.Allowance.flat {"metres":"${String(speed)}"}`);
  });

  it("an NPC's Movimento stays hidden from players while declarations are secret, and shows once execution begins", async () => {
    const hero = await person("Eroina", 9, true);
    const npc = await person("Sgherro", 7);
    const { combat, of } = await fight(hero, npc);
    await combat.startCombat();
    await settle();
    await combat.declare(of(npc), "movement");
    await settle();
    const hidden = await asPlayer(() => Promise.resolve(trackerView(combat, game.user, game.i18n).rows.find((r) => r.id === of(npc).id)));
    expect(hidden?.concealed).toBe(true);
    expect(hidden?.movement).toBeNull();
    expect(rowOf(combat, of(npc)).movement).not.toBeNull();

    await asPlayer(() => combat.declare(of(hero), "defence"));
    await settle();
    expect(combat.phase).toBe("execution");
    const shown = await asPlayer(() => Promise.resolve(trackerView(combat, game.user, game.i18n).rows.find((r) => r.id === of(npc).id)));
    expect(shown?.movement?.text).toBe(`GENESYS.Movement.Allowance.flat {"metres":"${String(speedOf(npc))}"}`);
  });

  it("an unlinked token's combatant measures its own synthetic actor: prone on the token, standing in the world", async () => {
    const base = await person("Lupo mannaro", 7);
    const scene = createScene("Radura");
    const token = placeToken(scene, base);
    const found: unknown = token.actor;
    const actor: GenesysActor | null = found instanceof GenesysActor ? found : null;
    if (!actor) throw new Error("no token actor");
    const watcher = await person("Vedetta", 6, true);
    const { combat, of } = await fight(watcher);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: base.id, sceneId: scene.id, tokenId: token.id }]);
    await settle();
    const wolf = combat.genesysCombatants.find((c) => c.actor === actor);
    if (!wolf) throw new Error("the token's combatant is missing");
    await combat.startCombat();
    await settle();
    await combat.declare(wolf, "movement");
    await combat.declare(of(watcher), "focus");
    await settle();

    await actor.toggleStatusEffect("prone", { active: true });
    expect(base.statuses.has("prone")).toBe(false);
    const speed = speedOf(actor);
    expect(rowOf(combat, wolf).movement?.text).toBe(`GENESYS.Movement.Allowance.prone {"metres":"${metres(speed / 4, "en")}"}`);
  });
});
