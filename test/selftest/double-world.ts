/**
 * The self-test's SelfTestWorld on the project's Foundry double, standing in for src/selftest/foundry-world.ts.
 *
 * Real where the double is: world actors through the configured document class, scenes with linked and unlinked token
 * actors (test/foundry/scenes.ts), combats, chat messages in game.messages. Stood in for where it has nothing:
 * - folders are ids this world hands out and forgets again;
 * - world items are built with the configured Item class and kept here (the double has no game.items);
 * - the compendium import reads the pack's JSON source from packs/ (what the build compiles into the LevelDB pack);
 * - a sheet is not rendered (the double has no ApplicationV2 runtime): the probe reports the registered sheet class's
 *   merged DEFAULT_OPTIONS classes and its PARTS, so the batch checks that each type has a GeneSys sheet with parts;
 * - deleting is removing from the double's collections.
 * Every creation and removal is recorded, so tests can check that the batch left nothing behind.
 */
import fs from "node:fs";
import path from "node:path";
import { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import { GenesysItem } from "../../src/documents/item.js";
import type { ActorData, Created, ItemData, ScratchFolder, ScratchScene, ScratchToken, SelfTestWorld, SheetProbe } from "../../src/selftest/scratch.js";
import type { ChatMessage as ChatMessageDouble } from "../foundry/chat.js";
import { createScene, placeToken, type Scene } from "../foundry/scenes.js";
import type { SheetsDouble } from "../foundry/sheets.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

type Factory<T> = { create(data: object): Promise<T> };

/** The members of the double's Collection (a Map listing its documents) that this world and the tests use. */
interface Listing<T> {
  readonly contents: T[];
  readonly size: number;
  get(id: string): T | undefined;
  delete(id: string): boolean;
  clear(): void;
}

interface DoubleGame {
  actors: Listing<GenesysActor>;
  scenes: Listing<Scene>;
  combats: Listing<GenesysCombat>;
  messages: Listing<ChatMessageDouble>;
}

/** The double's collections under their real types (test/foundry/globals.ts installs them as globals). */
export function doubleGame(): DoubleGame {
  return (globalThis as unknown as { game: DoubleGame }).game;
}

function sheets(): SheetsDouble {
  // test/foundry/sheets.ts keeps its registrations on globalThis.sheetsDouble.
  return (globalThis as unknown as { sheetsDouble: SheetsDouble }).sheetsDouble;
}

/** A pack document's JSON source by its _id, from packs/<name>/. */
function packSource(packId: string, documentId: string): Record<string, unknown> {
  const [system, name = ""] = packId.split(".");
  if (system !== "genesys-gdr") throw new Error(`not this system's compendium: ${packId}`);
  const dir = path.join(ROOT, "packs", name);
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    // Every pack source file is one document's JSON object.
    const source = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>;
    if (source["_id"] === documentId) return source;
  }
  throw new Error(`no document ${documentId} in ${packId}`);
}

type SheetClass = { DEFAULT_OPTIONS?: { classes?: string[] }; PARTS?: Record<string, unknown> };

/** Foundry merges DEFAULT_OPTIONS down the class chain; classes accumulate. */
function mergedClasses(sheetClass: unknown): string[] {
  const classes: string[] = [];
  for (let c: unknown = sheetClass; typeof c === "function"; c = Object.getPrototypeOf(c)) {
    // Each class in the chain is a sheet class (or Function.prototype's end of it), read for its own statics only.
    if (Object.hasOwn(c, "DEFAULT_OPTIONS")) classes.unshift(...((c as SheetClass).DEFAULT_OPTIONS?.classes ?? []));
  }
  return classes;
}

export interface DoubleWorld extends SelfTestWorld {
  folders: Map<string, ScratchFolder>;
  items: Map<string, GenesysItem>;
  /** Names of the documents whose sheet was "rendered". */
  rendered: string[];
  /** Everything created, in order, and everything removed. */
  log: { created: string[]; removed: string[] };
}

let folderCount = 0;

export function doubleWorld(overrides: Partial<SelfTestWorld> = {}): DoubleWorld {
  const folders = new Map<string, ScratchFolder>();
  const items = new Map<string, GenesysItem>();
  const rendered: string[] = [];
  const log = { created: [] as string[], removed: [] as string[] };
  const made = <T>(label: string, value: T, remove: () => void): Created<T> => {
    log.created.push(label);
    return {
      value,
      remove: async () => {
        await Promise.resolve();
        remove();
        log.removed.push(label);
      },
    };
  };

  const world: DoubleWorld = {
    folders,
    items,
    rendered,
    log,

    async createFolder(type, name) {
      await Promise.resolve();
      const folder = { id: `folder${String(++folderCount).padStart(10, "0")}`, name };
      folders.set(folder.id, folder);
      return made(`Folder ${type} ${name}`, folder, () => folders.delete(folder.id));
    },

    async createActor(data: ActorData, folder) {
      // CONFIG.Actor.documentClass is GenesysActor over the double's Actor; its create() takes plain data.
      const actor = await (CONFIG.Actor.documentClass as unknown as Factory<GenesysActor>).create({ ...data, folder });
      return made(`Actor ${actor.name}`, actor, () => doubleGame().actors.delete(actor.id ?? ""));
    },

    async createItem(data: ItemData, folder) {
      await Promise.resolve();
      // CONFIG.Item.documentClass is GenesysItem over the double's Item, constructed from plain data.
      const ItemClass = CONFIG.Item.documentClass as unknown as new (data: object) => GenesysItem;
      const item = new ItemClass({ ...data, folder });
      items.set(item.id ?? "", item);
      return made(`Item ${item.name}`, item, () => items.delete(item.id ?? ""));
    },

    async importActor(packId, documentId, data) {
      const { _id: _unused, _key: _key, ...source } = packSource(packId, documentId);
      // The animals pack holds Actor sources: name, type, system, items, as Foundry imports them.
      return world.createActor({ ...(source as unknown as ActorData), name: data.name }, data.folder);
    },

    async createScene(name) {
      await Promise.resolve();
      const scene = createScene(name);
      const value: ScratchScene = { id: scene.id, uuid: scene.uuid, name };
      return made(`Scene ${name}`, value, () => doubleGame().scenes.delete(scene.id));
    },

    async placeToken(target, actor, { actorLink }) {
      await Promise.resolve();
      const scene = doubleGame().scenes.get(target.id);
      if (!scene) throw new Error(`scene ${target.name} is gone`);
      const token = placeToken(scene, actor, { actorLink });
      const value: ScratchToken = {
        id: token.id,
        uuid: token.uuid,
        actor: () => {
          const current: unknown = scene.tokens.get(token.id)?.actor;
          return current instanceof GenesysActor ? current : null;
        },
      };
      return made(`Token of ${actor.name}`, value, () => scene.tokens.delete(token.id));
    },

    async createCombat(target) {
      // CONFIG.Combat.documentClass is GenesysCombat over the double's Combat; its create() takes plain data.
      const combat = await (CONFIG.Combat.documentClass as unknown as Factory<GenesysCombat>).create({ scene: target.id });
      return made("Combat", combat, () => doubleGame().combats.delete(combat.id ?? ""));
    },

    async renderSheet(document): Promise<SheetProbe> {
      await Promise.resolve();
      const collection = document instanceof GenesysItem ? "Items" : "Actors";
      const registration = sheets().registrations.find((r) => r.collection === collection && r.options.types?.includes(document.type) === true);
      if (!registration) throw new Error(`no ${collection} sheet registered for ${document.type}`);
      rendered.push(document.name);
      // The registered class is one of the system's sheet classes, read for its static PARTS.
      const parts = Object.keys((registration.sheetClass as SheetClass).PARTS ?? {});
      return { rendered: true, classes: mergedClasses(registration.sheetClass), parts };
    },

    messages() {
      return doubleGame().messages.contents.map((m) => ({ id: m.id, authorId: m.authorId }));
    },

    async deleteMessages(ids) {
      await Promise.resolve();
      for (const id of ids) doubleGame().messages.delete(id);
    },

    // The double's round trips at latency 0 are macrotasks (test/foundry/clients.ts), so one is all the time a write
    // needs to land: the batch waits on no real time here.
    pause() {
      return new Promise<void>((resolve) => setImmediate(resolve));
    },

    ...overrides,
  };
  return world;
}
