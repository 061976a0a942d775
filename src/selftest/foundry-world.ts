/**
 * The self-test's SelfTestWorld on a real Foundry v13 server: folders, world actors and items, a compendium import, a
 * scene that is never activated (no canvas is needed: token actors exist at the document level), tokens, a combat,
 * sheets rendered and closed, and chat messages. Only real Foundry exercises this file; the unit tests replace it with
 * the test double's world (test/selftest/double-world.ts).
 */
import { GenesysActor } from "../documents/actor.js";
import { GenesysCombat } from "../documents/combat.js";
import { GenesysItem } from "../documents/item.js";
import type { ActorData, Created, ItemData, PostedMessage, ScratchFolder, ScratchScene, ScratchToken, SelfTestWorld, SheetProbe } from "./scratch.js";
import { asElement } from "../compat/dom.js";

function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`GeneSys self-test: ${what}`);
  return value;
}

const isGenesysActor = (value: unknown): value is GenesysActor => value instanceof GenesysActor;
const isGenesysItem = (value: unknown): value is GenesysItem => value instanceof GenesysItem;
const isGenesysCombat = (value: unknown): value is GenesysCombat => value instanceof GenesysCombat;

function genesysActor(value: unknown, what: string): GenesysActor {
  if (!isGenesysActor(value)) throw new Error(`GeneSys self-test: ${what} is not a GeneSys actor`);
  return value;
}

// fvtt-types types a collection's get() as always finding the document; a scratch document may be gone already.
function sceneById(id: string): Scene.Stored | undefined {
  const scene: Scene.Stored | undefined = game.scenes.get(id);
  return scene;
}

/** Deletes a document unless it is already gone (a test may have removed it, or its parent took it along). */
async function removeIfPresent(doc: { id: string | null; delete(): Promise<unknown> }, present: (id: string) => boolean): Promise<void> {
  if (doc.id !== null && present(doc.id)) await doc.delete();
}

/** The few members of an open sheet the probe reads; the sheet classes are ApplicationV2s with Handlebars parts. */
interface OpenSheet {
  rendered: boolean;
  element: HTMLElement | null;
  parts?: Record<string, HTMLElement | undefined>;
  render(options: { force: boolean }): Promise<unknown>;
  close(): Promise<unknown>;
}

function isOpenSheet(value: unknown): value is OpenSheet {
  if (typeof value !== "object" || value === null) return false;
  // A non-null object whose members are checked one by one below.
  const sheet = value as Partial<Record<keyof OpenSheet, unknown>>;
  return typeof sheet.render === "function" && typeof sheet.close === "function";
}

function probe(sheet: OpenSheet): SheetProbe {
  const element = sheet.element;
  const parts = Object.entries(sheet.parts ?? {}).filter(([, el]) => asElement(el) !== null).map(([id]) => id);
  return { rendered: sheet.rendered, classes: element ? [...element.classList] : [], parts };
}

export function foundryWorld(): SelfTestWorld {
  return {
    async createFolder(type, name): Promise<Created<ScratchFolder>> {
      const folder = must(await Folder.implementation.create({ name, type }), `folder ${name} was not created`);
      const id = must(folder.id, `folder ${name} has no id`);
      return { value: { id, name }, remove: () => removeIfPresent(folder, (x) => game.folders.has(x)) };
    },

    async createActor(data: ActorData, folderId): Promise<Created<GenesysActor>> {
      const created = await Actor.implementation.create({ ...data, folder: folderId });
      const actor = genesysActor(created, data.name);
      return { value: actor, remove: () => removeIfPresent(actor, (x) => game.actors.has(x)) };
    },

    async createItem(data: ItemData, folderId): Promise<Created<GenesysItem>> {
      const created: unknown = await Item.implementation.create({ ...data, folder: folderId });
      if (!isGenesysItem(created)) throw new Error(`GeneSys self-test: item ${data.name} was not created`);
      return { value: created, remove: () => removeIfPresent(created, (x) => game.items.has(x)) };
    },

    async importActor(packId, documentId, data): Promise<Created<GenesysActor>> {
      const pack = must(game.packs.get(packId), `compendium ${packId} is missing`);
      if (pack.documentName !== "Actor") throw new Error(`GeneSys self-test: compendium ${packId} holds no actors`);
      // Checked just above: an Actor compendium (documentName does not narrow the collection's type parameter).
      const actors = pack as foundry.documents.collections.CompendiumCollection<"Actor">;
      const imported: unknown = await game.actors.importFromCompendium(actors, documentId, { name: data.name, folder: data.folder });
      const actor = genesysActor(imported, `${documentId} from ${packId}`);
      return { value: actor, remove: () => removeIfPresent(actor, (x) => game.actors.has(x)) };
    },

    async createScene(name): Promise<Created<ScratchScene>> {
      // Not activated and kept out of the navigation bar: nobody is moved to it, no canvas has to draw it.
      const scene = must(await Scene.implementation.create({ name, active: false, navigation: false }), `scene ${name} was not created`);
      const id = must(scene.id, `scene ${name} has no id`);
      return { value: { id, uuid: scene.uuid, name }, remove: () => removeIfPresent(scene, (x) => game.scenes.has(x)) };
    },

    async placeToken(target, actor, { actorLink, x, y }): Promise<Created<ScratchToken>> {
      const scene = must(sceneById(target.id), `scene ${target.name} is gone`);
      const prototype = await actor.getTokenDocument({ x, y, actorLink });
      const created = await scene.createEmbeddedDocuments("Token", [prototype.toObject()]);
      const placed = must(created?.[0], `no token of ${actor.name} was created`);
      const id = must(placed.id, `the token of ${actor.name} has no id`);
      return {
        value: {
          id,
          uuid: placed.uuid,
          actor: () => {
            const current: unknown = sceneById(target.id)?.tokens.get(id)?.actor;
            return isGenesysActor(current) ? current : null;
          },
        },
        remove: () => removeIfPresent(placed, (x) => sceneById(target.id)?.tokens.has(x) ?? false),
      };
    },

    async createCombat(target): Promise<Created<GenesysCombat>> {
      const created: unknown = await Combat.implementation.create({ scene: target.id });
      if (!isGenesysCombat(created)) throw new Error("GeneSys self-test: the combat is not a GeneSys combat");
      return { value: created, remove: () => removeIfPresent(created, (x) => game.combats.has(x)) };
    },

    async renderSheet(document): Promise<SheetProbe> {
      const sheet: unknown = document.sheet;
      if (!isOpenSheet(sheet)) throw new Error(`GeneSys self-test: ${document.name} has no sheet`);
      await sheet.render({ force: true });
      try {
        return probe(sheet);
      } finally {
        await sheet.close();
      }
    },

    messages(): PostedMessage[] {
      // fvtt-types types the author as always present; a message whose user was deleted has none.
      return game.messages.contents.map((m) => ({ id: m.id, authorId: (m.author as User.Stored | null)?.id ?? null }));
    },

    async deleteMessages(ids): Promise<void> {
      const present = ids.filter((id) => game.messages.has(id));
      if (present.length > 0) await ChatMessage.implementation.deleteDocuments(present);
    },

    pause(ms): Promise<void> {
      return new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}
