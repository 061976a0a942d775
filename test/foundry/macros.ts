/**
 * Test double of the world's macros and the hotbar, as far as hotbar macros use them. Each member names its evidence
 * or says "assumption":
 * - `Macro.implementation.create(data)` stores a macro in `game.macros` (the world collection) and resolves with it;
 *   the author is the creating user and `isAuthor` is `author is this client's user` (foundryvtt/dnd5e
 *   module/documents/macro.mjs reuses `game.macros.find(m => m.name === … && m.command === … && m.isAuthor)`;
 *   draw-steel src/module/helpers/macros.mjs creates `{ name, type: "script", img, command }`).
 * - A script macro's command runs as the body of an async function (v13 Macro#execute for type "script"; the
 *   arguments core passes, speaker, actor, token, character, scope, are not modelled: our commands read none).
 * - The hotbar itself is the user's (documents.ts User#hotbar, User#assignHotbarMacro).
 * - Whether a player may create script macros (core's "Use Script Macros" permission) is not modelled: creation
 *   always succeeds unless a test makes it fail (`refuseCreation`).
 */
import { Collection, randomID } from "./documents.js";

interface GameLike { user: { id: string }; macros: Collection<Macro> }
const game = (): GameLike => (globalThis as unknown as { game: GameLike }).game;

type AsyncFn = () => Promise<unknown>;
const AsyncFunction = (Object.getPrototypeOf(async function () { /* any async function */ }) as { constructor: new (body: string) => AsyncFn }).constructor;

export class Macro {
  static documentName = "Macro";
  static get implementation(): typeof Macro { return Macro; }
  /** Set by a test to make the next creations fail as the server would refuse them. */
  static refuseCreation = false;
  readonly id = randomID();
  readonly name: string;
  readonly type: string;
  readonly img: string | null;
  readonly command: string;
  readonly authorId: string;

  constructor(data: Record<string, unknown>) {
    this.name = String(data["name"]);
    this.type = String(data["type"]);
    this.img = typeof data["img"] === "string" ? data["img"] : null;
    this.command = typeof data["command"] === "string" ? data["command"] : "";
    this.authorId = game().user.id;
  }

  get uuid(): string { return `Macro.${this.id}`; }
  get isAuthor(): boolean { return game().user.id === this.authorId; }

  static async create(data: Record<string, unknown>): Promise<Macro> {
    await Promise.resolve();
    if (Macro.refuseCreation) throw new Error("You do not have permission to create script macros");
    const macro = new Macro(data);
    game().macros.set(macro.id, macro);
    return macro;
  }

  /** Runs a script macro's command (see above). */
  async execute(): Promise<unknown> {
    if (this.type !== "script") throw new Error("only script macros in this double");
    return new AsyncFunction(this.command)();
  }
}

/** Adds game.macros and Macro to an installed double. */
export function installMacros(): void {
  const g = globalThis as unknown as Record<string, unknown>;
  (g["game"] as GameLike).macros = new Collection<Macro>();
  g["Macro"] = Macro;
}
