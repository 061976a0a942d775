import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { network, onClient, resetNetwork } from "../foundry/clients.js";
import { createActor, personOf } from "./helpers.js";

/**
 * Some of core's v13 statuses, in place before the system's init: draw-steel's init filters core's list by these ids
 * (MetaMorphic-Digital/draw-steel draw-steel.mjs removes "prone", "poison"… and keeps "dead", "blind", "invisible").
 */
const CORE_STATUSES = [
  { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
  { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
  { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
  { id: "invisible", name: "EFFECT.StatusInvisible", img: "icons/svg/invisible.svg" },
];

beforeAll(async () => {
  CONFIG.statusEffects.push(...CORE_STATUSES.map((s) => ({ ...s })));
  await bootSystem();
});

afterEach(() => {
  resetNetwork();
});

const human = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };
const conditionStatuses = (s: Set<string>) => [...s].filter((x) => ["weak", "exhausted", "collapsed", "dead"].includes(x)).sort();
const GENESYS_IDS = ["weak", "exhausted", "collapsed", "dead", "prone", "surprised", "grappled", "immobilised", "poisoned", "feverish"];

/** The effects the double keeps on an actor (test/foundry/documents.ts). */
type EffectView = { id: string; statuses: Set<string>; overlay: boolean };
// The double's Actor holds its effects as a plain array; the Foundry types describe an EmbeddedCollection.
const effectsOf = (actor: object): EffectView[] => (actor as { effects: EffectView[] }).effects;

/** Lets every status toggle in flight land: each takes a server round trip (one macrotask at zero latency). */
async function settle() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("condition statuses follow Ferite and Fatica (R 28)", () => {
  it("go up through weak, exhausted, collapsed, dead and back down to none", async () => {
    const a = await createActor({ name: "Jack", type: "character", system: { characteristics: human } });
    const steps: [number, number, string[]][] = [
      [14, 0, []], [15, 0, ["weak"]], [20, 2, ["exhausted"]], [20, 6, ["collapsed"]], [29, 0, ["dead"]], [12, 10, ["exhausted"]], [10, 10, ["weak"]], [0, 0, []],
    ];
    for (const [wounds, fatigue, expected] of steps) {
      await a.update({ system: { wounds: { value: wounds }, fatigue: { value: fatigue } } });
      await settle();
      expect(conditionStatuses(a.statuses), `${wounds}/${fatigue}`).toEqual(expected);
    }
  });

  it("collapsed and dead show as overlays", async () => {
    const a = await createActor({ name: "Morente", type: "character", system: { characteristics: human } });
    await a.update({ system: { wounds: { value: 29 } } });
    await settle();
    expect(effectsOf(a).find((e) => e.statuses.has("dead"))?.overlay).toBe(true);
  });

  it("a player's client never changes the condition itself: its write of Ferite is refused, the Narrator's sets the status", async () => {
    const double = foundryDouble();
    const a = await createActor({ name: "Di tutti", type: "character", system: { characteristics: human }, ownership: { default: 3 } });
    const player = double.users.find((u) => !u.isGM);
    if (!player) throw new Error("users missing");
    double.setUser(player);
    try {
      await expect(a.update({ system: { wounds: { value: 15 } } })).rejects.toThrow("system.wounds.value may only be modified by a GM");
      await settle();
      expect(personOf(a).condition.key).toBe("normal");
      expect(conditionStatuses(a.statuses)).toEqual([]);
    } finally {
      double.setUser(double.users.activeGM ?? player);
    }
    await a.update({ system: { wounds: { value: 15 } } });
    await settle();
    expect(conditionStatuses(a.statuses)).toEqual(["weak"]);
  });

  it("CONFIG.statusEffects carries the GeneSys statuses once each, with localised names", () => {
    const ours = CONFIG.statusEffects.filter((s) => GENESYS_IDS.includes(s.id));
    expect(ours.map((s) => s.id).sort()).toEqual([...GENESYS_IDS].sort());
    for (const s of ours) expect(s.name).toMatch(/^GENESYS\.Status\./);
  });
});

describe("GeneSys statuses join core's list", () => {
  it("core's statuses survive init; where core uses one of our ids, ours takes its place", () => {
    const ids = CONFIG.statusEffects.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(["blind", "invisible", ...GENESYS_IDS]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(CONFIG.statusEffects.find((s) => s.id === "dead")?.name).toBe("GENESYS.Status.dead");
    expect(CONFIG.statusEffects.find((s) => s.id === "prone")?.name).toBe("GENESYS.Status.prone");
    expect(CONFIG.statusEffects.find((s) => s.id === "blind")?.name).toBe("EFFECT.StatusBlind");
  });

  it("each GeneSys status has a fixed 16-character _id, the same in every session", () => {
    const fixed = Object.fromEntries(CONFIG.statusEffects.filter((s) => GENESYS_IDS.includes(s.id)).map((s) => [s.id, s._id]));
    // Written out: these ids are stored on actors' effects, so changing one would orphan those effects.
    expect(fixed).toEqual({
      weak: "genesysweak00000",
      exhausted: "genesysexhausted",
      collapsed: "genesyscollapsed",
      dead: "genesysdead00000",
      prone: "genesysprone0000",
      surprised: "genesyssurprised",
      grappled: "genesysgrappled0",
      immobilised: "genesysimmobilis",
      poisoned: "genesyspoisoned0",
      feverish: "genesysfeverish0",
    });
    for (const id of Object.values(fixed)) expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
  });

  it("the effect a sync creates carries its status's fixed id", async () => {
    const a = await createActor({ name: "Fisso", type: "character", system: { characteristics: human } });
    await a.update({ system: { wounds: { value: 15 } } });
    await settle();
    expect(effectsOf(a).map((e) => e.id)).toEqual(["genesysweak00000"]);
  });
});

describe("status syncs of one actor never interleave", () => {
  const gm = () => {
    const user = foundryDouble().users.activeGM;
    if (!user) throw new Error("no GM");
    return user;
  };

  it("two quick updates that both want 'weak' leave exactly one 'weak' effect", async () => {
    const a = await createActor({ name: "Due volte", type: "character", system: { characteristics: human } });
    network.latency = 5;
    await onClient(gm(), async () => {
      await Promise.all([a.update({ system: { wounds: { value: 15 } } }), a.update({ system: { wounds: { value: 16 } } })]);
      await wait(100);
    });
    expect(effectsOf(a).filter((e) => e.statuses.has("weak"))).toHaveLength(1);
    expect(conditionStatuses(a.statuses)).toEqual(["weak"]);
  });

  it("a sync asked for while one runs re-reads the actor and does only what is still needed", async () => {
    const a = await createActor({ name: "Peggiora", type: "character", system: { characteristics: human } });
    network.latency = 5;
    await onClient(gm(), async () => {
      // Weak lands first; Exhausted lands while the first sync is still creating "weak".
      await Promise.all([a.update({ system: { wounds: { value: 15 } } }), a.update({ system: { wounds: { value: 20 }, fatigue: { value: 2 } } })]);
      await wait(100);
    });
    expect(personOf(a).condition.key).toBe("exhausted");
    expect(conditionStatuses(a.statuses)).toEqual(["exhausted"]);
    const ids = effectsOf(a).map((e) => e.id);
    expect(ids).toEqual(["genesysexhausted"]);
  });

  it("several syncs asked for at once all settle, with one effect per status", async () => {
    const a = await createActor({ name: "Tre volte", type: "character", system: { characteristics: human } });
    await a.update({ system: { wounds: { value: 15 }, poison: { doses: 10 } } });
    network.latency = 5;
    await onClient(gm(), async () => {
      await Promise.all([a.syncConditionStatuses(), a.syncConditionStatuses(), a.syncConditionStatuses()]);
      await wait(50);
    });
    const counts = new Map<string, number>();
    for (const e of effectsOf(a)) for (const s of e.statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ weak: 1, poisoned: 1 });
  });
});

describe("poison shows on the token", () => {
  it("'poisoned' comes on when the doses exceed a third of Resistenza and goes off as they wear away (§3.1.2)", async () => {
    const a = await createActor({ name: "Morso", type: "character", system: { characteristics: human } });
    await a.update({ system: { poison: { doses: 9 } } });
    await settle();
    expect(a.statuses.has("poisoned")).toBe(false);
    await a.update({ system: { poison: { doses: 10 } } });
    await settle();
    expect(a.statuses.has("poisoned")).toBe(true);
    await a.update({ system: { poison: { doses: 0 } } });
    await settle();
    expect(a.statuses.has("poisoned")).toBe(false);
  });
});
