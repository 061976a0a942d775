import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GenesysActor } from "../../src/documents/actor.js";
import { migrateWorld } from "../../src/migration.js";
import { CURRENT_DATA_VERSION } from "../../src/data-version.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { network, onClient } from "../foundry/clients.js";
import { User } from "../foundry/documents.js";
import { createScene, placeToken, type TokenDocument } from "../foundry/scenes.js";
import { createActor, personOf } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const double = foundryDouble();
const dataVersion = (): unknown => double.settings.get("genesys-gdr", "dataVersion");

beforeEach(async () => {
  game.actors.clear();
  game.scenes.clear();
  await double.settings.set("genesys-gdr", "dataVersion", 0);
  double.notifications.length = 0;
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function tokenActor(token: TokenDocument): GenesysActor {
  const actor: unknown = token.actor;
  const ours: GenesysActor | null = actor instanceof GenesysActor ? actor : null;
  if (!ours) throw new Error(`token ${token.id} has no GenesysActor`);
  return ours;
}

/** A world saved before data version 2: a character with bare `ferite`, and a bandit whose unlinked token stored `ferite` in its delta. */
async function oldWorld() {
  const veteran = await createActor({ name: "Veterano", type: "character", system: { ferite: 3 }, items: [{ name: "Corsa", type: "skill" }] });
  const bandit = await createActor({ name: "Brigante", type: "npc" });
  const scene = createScene("Bosco");
  const token = placeToken(scene, bandit, { delta: { system: { ferite: 2 } } });
  placeToken(scene, veteran, { actorLink: true });
  return { veteran, bandit, token };
}

/** An effect of a world saved before version 4, prone or not, with the flag that version wrote. */
function oldEffect(name: string, stunHits: unknown[], prone: boolean): ActiveEffect.CreateData {
  // The stunHits flag is an older version's, no longer among the declared flags.
  return { name, statuses: prone ? ["prone"] : [], flags: { "genesys-gdr": { stunHits } } } as unknown as ActiveEffect.CreateData;
}

describe("world migration", () => {
  it("saves world actors and unlinked token actors in the new shape (token actors into their delta), then records the version", async () => {
    const { veteran, bandit, token } = await oldWorld();
    const banditBefore = bandit.toObject();
    expect(personOf(tokenActor(token)).wounds.value).toBe(2);
    expect(token.delta).toEqual({ system: { ferite: 2 } });
    const sent = vi.spyOn(veteran, "update");

    expect(await migrateWorld()).toBe(3);

    // The linked token is the world actor: saved once, with its items left alone.
    expect(sent).toHaveBeenCalledTimes(1);
    const system = (sent.mock.calls[0]?.[0] as { system?: Record<string, unknown> } | undefined)?.system; // what reached the server
    expect(system).toMatchObject({ wounds: { value: 3 } });
    expect(system && "ferite" in system).toBe(false);
    expect(veteran.items.size).toBe(1);
    // The delta gains only the counter it stored under the old name (the old key is dropped on every load).
    expect(token.delta).toEqual({ system: { ferite: 2, wounds: { value: 2 } } });
    expect(personOf(tokenActor(token)).wounds.value).toBe(2);
    expect(bandit.toObject()).toEqual(banditBefore);
    expect(personOf(bandit).wounds.value).toBe(0);
    expect(dataVersion()).toBe(CURRENT_DATA_VERSION);
    expect(double.notifications.map((n) => n.level)).toEqual(["info"]);
  });

  it("an unlinked token's delta gains only its own counters: it keeps following its base actor", async () => {
    const { bandit, token } = await oldWorld();
    await migrateWorld();
    // Nothing of the base actor's copied into the delta, which is what an edit of the base would be hidden behind.
    expect(Object.keys(token.delta["system"] as Record<string, unknown>).sort()).toEqual(["ferite", "wounds"]);
    expect(personOf(tokenActor(token)).wounds.value).toBe(2);
    expect(personOf(bandit).wounds.value).toBe(0);
  });

  it("version 4: the hits a prone effect's old stunHits flag held move to system.knockedDown, for every actor type", async () => {
    await double.settings.set("genesys-gdr", "dataVersion", 3);
    const stunned = await createActor({ name: "Stordito", type: "character" });
    await stunned.createEmbeddedDocuments("ActiveEffect", [oldEffect("A terra", ["hitA", 7, "hitB"], true)]);
    // An npc too (every actor type has the record). The double keeps no effects in a token's delta, so token actors
    // are not tried here; they take the same path (unlinkedTokenActors).
    const wolf = await createActor({ name: "Lupo", type: "npc" });
    await wolf.createEmbeddedDocuments("ActiveEffect", [oldEffect("A terra", ["hitC"], true)]);
    const bystander = await createActor({ name: "Passante", type: "character" });
    await bystander.createEmbeddedDocuments("ActiveEffect", [oldEffect("Benedizione", ["hitD"], false)]);

    await migrateWorld();
    expect(stunned.system).toMatchObject({ knockedDown: ["hitA", "hitB"] });
    expect(wolf.system).toMatchObject({ knockedDown: ["hitC"] });
    expect((bystander.system as { knockedDown?: unknown }).knockedDown).toEqual([]); // not a prone effect
    expect(dataVersion()).toBe(CURRENT_DATA_VERSION);
  });

  it("a failed save leaves the version behind and names the actors; the next run retries them and records it", async () => {
    const { veteran, token } = await oldWorld();
    const actor = tokenActor(token);
    vi.spyOn(veteran, "update").mockRejectedValueOnce(new Error("server refused"));
    vi.spyOn(actor, "update").mockRejectedValueOnce(new Error("server refused"));

    expect(await migrateWorld()).toBe(1);
    expect(dataVersion()).toBe(0);
    expect(double.notifications).toHaveLength(1);
    expect(double.notifications[0]?.level).toBe("error");
    expect(double.notifications[0]?.message).toContain("GENESYS.Migration.Failed");
    expect(double.notifications[0]?.message).toContain("Veterano, Brigante (Bosco)");
    expect(token.delta).toEqual({ system: { ferite: 2 } });

    double.notifications.length = 0;
    expect(await migrateWorld()).toBe(3);
    expect(dataVersion()).toBe(CURRENT_DATA_VERSION);
    expect(token.delta).toMatchObject({ system: { wounds: { value: 2 } } });
    expect(double.notifications.map((n) => n.level)).toEqual(["info"]);
  });

  it("is refused to a player and to a GM who is not the active GM: nothing is saved", async () => {
    const { token } = await oldWorld();
    const player = double.users.find((u) => !u.isGM);
    const deputy = new User("gm00000000000002", "Vice", true);
    if (!player) throw new Error("no player");
    double.users.set(deputy.id, deputy);
    try {
      const trips = network.trips;
      for (const user of [player, deputy]) expect(await onClient(user, migrateWorld)).toBe(0);
      expect(network.trips).toBe(trips);
      expect(token.delta).toEqual({ system: { ferite: 2 } });
      expect(dataVersion()).toBe(0);
      expect(double.notifications).toEqual([]);
    } finally {
      double.users.delete(deputy.id);
    }
  });

  it("runs once: a second run saves nothing", async () => {
    const { token } = await oldWorld();
    expect(await migrateWorld()).toBe(3);
    const delta = structuredClone(token.delta);
    const trips = network.trips;
    expect(await migrateWorld()).toBe(0);
    expect(network.trips).toBe(trips);
    expect(token.delta).toEqual(delta);
  });
});
