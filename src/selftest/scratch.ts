/**
 * Scratch bookkeeping for the in-Foundry self-test. The batch runs in someone's real world, so everything it makes is
 * named with SCRATCH_PREFIX, goes into its own folders and scene, and is recorded here the moment it exists; cleanup
 * takes it all away again, newest first, each removal on its own so that one failure never leaves the rest behind.
 *
 * The Foundry calls themselves sit behind SelfTestWorld (foundry-world.ts on a real server), so the same batch also
 * runs against the project's test double, which has no folders, compendiums, sheets to render or deletions.
 */
import type { GenesysActor } from "../documents/actor.js";
import type { GenesysCombat } from "../documents/combat.js";
import type { GenesysItem } from "../documents/item.js";

export const SCRATCH_PREFIX = "GeneSys self-test";

/** A document just made, and how to take it away again. */
export interface Created<T> {
  value: T;
  remove(): Promise<unknown>;
}

export interface ScratchFolder {
  id: string;
  name: string;
}

export interface ScratchScene {
  id: string;
  uuid: string;
  name: string;
}

export interface ScratchToken {
  id: string;
  uuid: string;
  /** The token's actor as it is now: the world actor when linked, the token's own synthetic actor when not. */
  actor(): GenesysActor | null;
}

/** What a rendered sheet showed, read before it was closed again. */
export interface SheetProbe {
  rendered: boolean;
  /** CSS classes of the application's root element. */
  classes: string[];
  /** Ids of the template parts that were rendered. */
  parts: string[];
}

export interface PostedMessage {
  id: string;
  authorId: string | null;
}

export type ActorType = "character" | "npc" | "animal";
export type ItemType = "skill" | "trait" | "weapon" | "armor" | "gear";

export interface ActorData {
  name: string;
  type: ActorType;
  system?: object;
  items?: object[];
}

export interface ItemData {
  name: string;
  type: ItemType;
  system?: object;
}

/** The Foundry operations the batch needs beyond the documents' own methods. */
export interface SelfTestWorld {
  createFolder(type: "Actor" | "Item", name: string): Promise<Created<ScratchFolder>>;
  createActor(data: ActorData, folderId: string): Promise<Created<GenesysActor>>;
  createItem(data: ItemData, folderId: string): Promise<Created<GenesysItem>>;
  /** Imports a compendium document into the world, under another name and in a folder. */
  importActor(packId: string, documentId: string, data: { name: string; folder: string }): Promise<Created<GenesysActor>>;
  createScene(name: string): Promise<Created<ScratchScene>>;
  placeToken(scene: ScratchScene, actor: GenesysActor, options: { actorLink: boolean; x: number; y: number }): Promise<Created<ScratchToken>>;
  createCombat(scene: ScratchScene): Promise<Created<GenesysCombat>>;
  /** Renders the document's sheet, reads it and closes it; throws when rendering fails. */
  renderSheet(document: GenesysActor | GenesysItem): Promise<SheetProbe>;
  /** The world's chat messages as they are now. */
  messages(): PostedMessage[];
  deleteMessages(ids: string[]): Promise<void>;
  /** Lets `ms` of the world's time pass while its writes land: real time in Foundry, the double's own in the tests. */
  pause(ms: number): Promise<void>;
}

export interface CleanupFailure {
  label: string;
  error: unknown;
}

export interface CleanupReport {
  removed: string[];
  failures: CleanupFailure[];
}

/** "Scene.x: message" for a report that has to fit in one line of Quench's output. */
export function describeFailures(failures: readonly CleanupFailure[]): string {
  return failures.map((f) => `${f.label}: ${f.error instanceof Error ? f.error.message : String(f.error)}`).join("; ");
}

/** The name a scratch document gets, recognisable in the sidebar as this test's. */
export function scratchName(label: string): string {
  return `${SCRATCH_PREFIX} ${label}`;
}

/** Everything one run of the batch created, and its cleanup. */
export class Scratch {
  readonly #world: SelfTestWorld;
  readonly #userId: string;
  readonly #removals: { label: string; remove: () => Promise<unknown> }[] = [];
  readonly #messagesBefore: Set<string>;
  readonly #adopted = new Set<string>();
  readonly #folders = new Map<"Actor" | "Item", Promise<ScratchFolder>>();
  #scene: Promise<ScratchScene> | null = null;
  #tokens = 0;

  /** Starts the books: messages already in the world are never this run's. */
  constructor(world: SelfTestWorld, userId: string) {
    this.#world = world;
    this.#userId = userId;
    this.#messagesBefore = new Set(world.messages().map((m) => m.id));
  }

  get world(): SelfTestWorld {
    return this.#world;
  }

  /** How many documents are waiting to be removed. */
  get pending(): number {
    return this.#removals.length;
  }

  async #keep<T>(label: string, creation: Promise<Created<T>>): Promise<T> {
    const created = await creation;
    this.#removals.push({ label, remove: () => created.remove() });
    return created.value;
  }

  /** The run's folder for actors or items, made on first use. */
  folder(type: "Actor" | "Item"): Promise<ScratchFolder> {
    let folder = this.#folders.get(type);
    if (!folder) {
      const name = scratchName(type === "Actor" ? "actors" : "items");
      folder = this.#keep(`Folder ${name}`, this.#world.createFolder(type, name));
      // A failed creation must not be cached: the next caller tries again and reports its own failure.
      folder.catch(() => this.#folders.delete(type));
      this.#folders.set(type, folder);
    }
    return folder;
  }

  /** The run's scene, made on first use. */
  scene(): Promise<ScratchScene> {
    if (!this.#scene) {
      const name = scratchName("scene");
      const scene = this.#keep(`Scene ${name}`, this.#world.createScene(name));
      scene.catch(() => {
        this.#scene = null;
      });
      this.#scene = scene;
    }
    return this.#scene;
  }

  async actor(label: string, data: Omit<ActorData, "name">): Promise<GenesysActor> {
    const folder = await this.folder("Actor");
    const name = scratchName(label);
    return this.#keep(`Actor ${name}`, this.#world.createActor({ ...data, name }, folder.id));
  }

  async item(label: string, data: Omit<ItemData, "name">): Promise<GenesysItem> {
    const folder = await this.folder("Item");
    const name = scratchName(label);
    return this.#keep(`Item ${name}`, this.#world.createItem({ ...data, name }, folder.id));
  }

  async importActor(packId: string, documentId: string, label: string): Promise<GenesysActor> {
    const folder = await this.folder("Actor");
    const name = scratchName(label);
    return this.#keep(`Actor ${name} (${packId})`, this.#world.importActor(packId, documentId, { name, folder: folder.id }));
  }

  /** A token of `actor` on the run's scene, each one a grid step further right so none overlaps another. */
  async token(actor: GenesysActor, actorLink: boolean): Promise<ScratchToken> {
    const scene = await this.scene();
    const place = this.#tokens++;
    return this.#keep(`Token of ${actor.name}`, this.#world.placeToken(scene, actor, { actorLink, x: 100 * (place + 1), y: 100 }));
  }

  async combat(): Promise<GenesysCombat> {
    const scene = await this.scene();
    return this.#keep("Combat", this.#world.createCombat(scene));
  }

  /** A message this run posted that the world may not list under this user (another author or not in game.messages). */
  adoptMessage(id: string | null | undefined): void {
    if (id) this.#adopted.add(id);
  }

  /**
   * Removes everything this run made: first the chat messages it posted (new since the start and written by this user,
   * or adopted), then the documents, newest first. Never throws; the report lists what could not be removed.
   */
  async cleanup(): Promise<CleanupReport> {
    const removed: string[] = [];
    const failures: CleanupFailure[] = [];
    const posted = this.#world.messages()
      .filter((m) => !this.#messagesBefore.has(m.id) && (m.authorId === this.#userId || this.#adopted.has(m.id)))
      .map((m) => m.id);
    if (posted.length > 0) {
      try {
        await this.#world.deleteMessages(posted);
        removed.push(`${String(posted.length)} chat messages`);
      } catch (error) {
        failures.push({ label: `${String(posted.length)} chat messages`, error });
      }
    }
    for (let next = this.#removals.pop(); next; next = this.#removals.pop()) {
      try {
        await next.remove();
        removed.push(next.label);
      } catch (error) {
        failures.push({ label: next.label, error });
      }
    }
    this.#folders.clear();
    this.#scene = null;
    return { removed, failures };
  }
}
