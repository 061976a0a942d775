/**
 * §2.2.5 the token's ruler against the Movimento allowance: green within, red beyond, the allowance on each label,
 * on core's TokenRuler as the double models it (test/foundry/token-ruler.ts). In combat or not; never throwing.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  RULER_COLOURS,
  WAYPOINT_LABEL_TEMPLATE,
  genesysTokenRulerClass,
  registerTokenRuler,
  rulerAllowance,
  rulerBand,
  rulerLabel,
} from "../../src/canvas/token-ruler.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { allowanceText, metres } from "../../src/format/movement-allowance.js";
import { movementAllowance } from "../../src/rules/movement.js";
import { bootSystem } from "../foundry/boot.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { TokenRulerDouble, USER_COLOUR, installTokenRuler, path, removeTokenRuler, type RulerTokenPlaceable, type RulerWaypoint } from "../foundry/token-ruler.js";
import { createActor } from "../documents/helpers.js";

/** The subclass's hooks, which core calls as it draws (protected in the types). */
interface RulerUnderTest {
  _getSegmentStyle(waypoint: RulerWaypoint): { color: number; width: number; alpha: number };
  _getGridHighlightStyle(waypoint: RulerWaypoint, offset: { i: number; j: number; k: number }): { color: number; alpha: number };
  _getWaypointLabelContext(waypoint: RulerWaypoint, state: Record<string, unknown>): Record<string, unknown> | undefined;
}
type RulerClass = new (token: RulerTokenPlaceable) => RulerUnderTest;

// The double stands for core's class, whose type our factory takes (test/foundry/token-ruler.ts says what it models).
const Ruler = genesysTokenRulerClass(TokenRulerDouble as unknown as Parameters<typeof genesysTokenRulerClass>[0]) as unknown as RulerClass & { WAYPOINT_LABEL_TEMPLATE: string };

beforeAll(async () => {
  await bootSystem();
});

afterEach(() => {
  removeTokenRuler();
});

/** An unlinked token of a new character dropped on a new scene, and the ruler core would give it. */
async function tokenRuler(name = "Esploratrice"): Promise<{ actor: GenesysActor; base: GenesysActor; ruler: RulerUnderTest; speed: number }> {
  const base = await createActor({ name, type: "character", system: { characteristics: { dexterity: 8, experience: 7, charm: 7, strength: 7, perception: 7 } } });
  const token = placeToken(createScene("Sentiero"), base);
  const found: unknown = token.actor;
  const actor: GenesysActor | null = found instanceof GenesysActor ? found : null;
  if (!actor) throw new Error("no token actor");
  const speed = actor.genesys?.derived.speed ?? Number.NaN;
  return { actor, base, ruler: new Ruler({ actor, document: token }), speed };
}

const last = (waypoints: RulerWaypoint[]): RulerWaypoint => {
  const w = waypoints.at(-1);
  if (!w) throw new Error("empty path");
  return w;
};

const render = (context: object): Promise<string> => foundry.applications.handlebars.renderTemplate(WAYPOINT_LABEL_TEMPLATE, context as Record<string, unknown>);

describe("the pure helpers", () => {
  it("§2.2.5 within up to the allowance, beyond past it; an unreachable (infinite) cost is beyond", () => {
    const five = movementAllowance({ speed: 5 });
    expect(rulerBand(5, five)).toBe("within");
    expect(rulerBand(5.5, five)).toBe("beyond");
    expect(rulerBand(Number.POSITIVE_INFINITY, five)).toBe("beyond");
    expect(rulerBand(Number.NaN, five)).toBe("beyond");
    expect(rulerBand(0.3, movementAllowance({ speed: 5, grappled: true }))).toBe("beyond");
  });

  it("the label says the allowance in the language's numbers", () => {
    const crawl = movementAllowance({ speed: 5, prone: true });
    expect(metres(1.25, "it")).toBe("1,25");
    expect(metres(1.25, "en")).toBe("1.25");
    expect(metres(0.625, "it")).toBe("0,63");
    expect(rulerLabel(1, crawl, game.i18n)).toEqual({ text: 'GENESYS.Movement.Allowance.prone {"metres":"1.25"}', hint: 'GENESYS.Movement.Hint.prone {"metres":"1.25"}', band: "within" });
    expect(allowanceText(movementAllowance({ speed: 5, prone: true, checkMargin: -2 }), { localize: (k: string) => game.i18n.localize(k), format: (k: string, d?: Record<string, string>) => game.i18n.format(k, d), lang: "it" }).text).toBe('GENESYS.Movement.Allowance.halfProne {"metres":"0,63","failedBy":"2"}');
    expect(allowanceText(movementAllowance({ speed: 6, checkMargin: -7 }), game.i18n)).toMatchObject({ text: 'GENESYS.Movement.Allowance.mishap {"metres":"0","failedBy":"7"}', blocked: true });
    expect(allowanceText(movementAllowance({ speed: 0 }), game.i18n).blocked).toBe(false);
  });

  it("no allowance without a token, an actor, or a GeneSys actor; a throwing actor is no allowance either", () => {
    expect(rulerAllowance(null)).toBeNull();
    expect(rulerAllowance({ actor: null })).toBeNull();
    // Another class's actor (a module's), shaped like ours.
    expect(rulerAllowance({ actor: { genesys: { derived: { speed: 5 } }, statuses: new Set<string>() } })).toBeNull();
    // One of ours whose data access throws, as a half-built one might.
    const broken: unknown = Object.create(GenesysActor.prototype, { genesys: { get: () => { throw new Error("not prepared"); } } });
    expect(rulerAllowance({ actor: broken })).toBeNull();
  });
});

describe("registration", () => {
  it("without core's TokenRuler nothing is registered; with it, ours extends it and renders its own label", () => {
    const config = CONFIG.Token as unknown as { rulerClass?: unknown }; // read as unknown: the 13.345 types declare an instance here
    Reflect.deleteProperty(config, "rulerClass");
    registerTokenRuler();
    expect(config.rulerClass).toBeUndefined();
    installTokenRuler();
    registerTokenRuler();
    const registered = config.rulerClass as { prototype: unknown; WAYPOINT_LABEL_TEMPLATE: string }; // a class, as core reads it
    expect(registered.prototype).toBeInstanceOf(TokenRulerDouble);
    expect(registered.WAYPOINT_LABEL_TEMPLATE).toBe(WAYPOINT_LABEL_TEMPLATE);
    expect(Ruler.WAYPOINT_LABEL_TEMPLATE).toBe(WAYPOINT_LABEL_TEMPLATE);
  });
});

describe("§2.2.5 the ruler of an unlinked token, in no combat", () => {
  it("colours the path and its cells green up to Speed, red past it", async () => {
    const { ruler, speed } = await tokenRuler();
    expect(speed).toBeGreaterThan(1);
    const [, within, beyond] = path(speed, 1);
    if (!within || !beyond) throw new Error("short path");
    expect(ruler._getSegmentStyle(within)).toEqual({ width: 4, color: RULER_COLOURS.within, alpha: 1 });
    expect(ruler._getSegmentStyle(beyond).color).toBe(RULER_COLOURS.beyond);
    expect(ruler._getGridHighlightStyle(within, { i: 0, j: 0, k: 0 })).toEqual({ color: RULER_COLOURS.within, alpha: 0.5 });
    expect(ruler._getGridHighlightStyle(beyond, { i: 0, j: 1, k: 0 }).color).toBe(RULER_COLOURS.beyond);
  });

  it("prone on the token (not in the world): a quarter of Speed, fractional; grappled: every step is beyond", async () => {
    const { actor, base, ruler, speed } = await tokenRuler("Strisciante");
    await actor.toggleStatusEffect("prone", { active: true });
    expect(base.statuses.has("prone")).toBe(false);
    const [, crawl, further] = path(speed / 4, 0.25);
    if (!crawl || !further) throw new Error("short path");
    expect(ruler._getSegmentStyle(crawl).color).toBe(RULER_COLOURS.within);
    expect(ruler._getSegmentStyle(further).color).toBe(RULER_COLOURS.beyond);

    await actor.toggleStatusEffect("prone", { active: false });
    await actor.toggleStatusEffect("grappled", { active: true });
    const [, step] = path(0.5);
    if (!step) throw new Error("short path");
    expect(ruler._getSegmentStyle(step).color).toBe(RULER_COLOURS.beyond);
    const context = ruler._getWaypointLabelContext(step, {});
    expect(context?.["genesysAllowance"]).toEqual({ text: 'GENESYS.Movement.Allowance.grappled {"metres":"0"}', hint: 'GENESYS.Movement.Hint.grappled {"metres":"0"}', band: "beyond" });
  });

  it("labels each waypoint with the allowance, and renders core's measure beside it (v13 and v14 context shapes)", async () => {
    const { ruler, speed } = await tokenRuler("Guida");
    const waypoints = path(2, speed);
    const [start, first] = waypoints;
    if (!start || !first) throw new Error("short path");
    // The start has no label; core's answer passes through.
    expect(ruler._getWaypointLabelContext(start, {})).toBeUndefined();
    const v13 = ruler._getWaypointLabelContext(first, {});
    expect(v13).toMatchObject({ genesysActionLabel: "TOKEN.MOVEMENT.ACTIONS.walk.label", genesysAllowance: { band: "within" } });
    const html = await render(v13 ?? {});
    expect(html).toContain('<span class="total-measurement">2 m</span>');
    expect(html).toContain(`<span class="genesys-ruler-allowance within" data-tooltip="GENESYS.Movement.Hint.flat {&quot;metres&quot;:&quot;${String(speed)}&quot;}">`);
    expect(html).toContain('<i class="icon fa-solid fa-person-walking" inert></i>');

    const end = ruler._getWaypointLabelContext(last(waypoints), {});
    expect(end?.["genesysAllowance"]).toMatchObject({ band: "beyond" });
    expect(end?.["cssClass"]).toBe("last");
    // v14 keeps the units in `distance` (crucible's label reads distance.units) and may give no cost.
    const v14 = { ...end, units: undefined, cost: undefined, distance: { total: "9", units: "m" }, action: { label: "TOKEN.MOVEMENT.ACTIONS.walk.label" } };
    const html14 = await render(v14);
    expect(html14).toContain('<span class="total-measurement">9 m</span>');
    expect(html14).toContain('<label class="action-label">TOKEN.MOVEMENT.ACTIONS.walk.label</label>');
    expect(html14).toContain('genesys-ruler-allowance beyond');
  });
});

describe("the ruler never throws and otherwise stays core's", () => {
  it("a token without an actor, or with an actor that throws, keeps core's colours and label", () => {
    const empty = new Ruler({ actor: null, document: null });
    const [, step] = path(3);
    if (!step) throw new Error("short path");
    expect(empty._getSegmentStyle(step).color).toBe(USER_COLOUR);
    expect(empty._getGridHighlightStyle(step, { i: 0, j: 0, k: 0 }).color).toBe(USER_COLOUR);
    expect(empty._getWaypointLabelContext(step, {})?.["genesysAllowance"]).toBeNull();

    const broken: unknown = Object.create(GenesysActor.prototype, { genesys: { get: () => { throw new Error("not prepared"); } } }); // an actor whose data access throws
    const ruler = new Ruler({ actor: broken, document: null });
    expect(() => ruler._getSegmentStyle(step)).not.toThrow();
    expect(ruler._getSegmentStyle(step).color).toBe(USER_COLOUR);
    expect(ruler._getWaypointLabelContext(step, {})).toMatchObject({ cost: { total: "3" } });
  });

  it("a waypoint whose measurement is missing leaves core's style", async () => {
    const { ruler } = await tokenRuler("Ombra");
    const odd = { previous: null, next: null, actionConfig: { label: "", icon: null } } as unknown as RulerWaypoint; // a malformed waypoint, no measurement
    expect(ruler._getSegmentStyle(odd).color).toBe(USER_COLOUR);
    expect(ruler._getGridHighlightStyle(odd, { i: 0, j: 0, k: 0 }).color).toBe(USER_COLOUR);
  });
});
