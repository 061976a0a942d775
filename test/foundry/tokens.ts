/**
 * Core's TokenDocument as far as our token class uses it: getBarAttribute reads the {value, max} at the bar's attribute
 * path of the actor's system data, and marks the bar editable in the Token HUD only when that value is a stored field
 * (foundryvtt/foundryvtt#8715: a bar the schema does not define gets a disabled HUD input; #8907; pf2e#10957 shows a
 * derived bar left read-only). The constructor takes the actor and the bar paths (assumption: a convenience of this
 * double; the real class is built from token data). A scene's tokens (scenes.ts) are of a subclass, so that
 * `instanceof foundry.documents.TokenDocument` holds for them as it does for core's embedded tokens (whose class,
 * CONFIG.Token.documentClass, extends it: src/canvas/token-document.ts; MetaMorphic-Digital/draw-steel
 * token-ruler.mjs tests a token with it).
 */
interface BarActor { system: unknown; toObject(): Record<string, unknown> }

function at(root: unknown, path: string): unknown {
  let node = root;
  for (const key of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[key];
  return node;
}

export class BaseTokenDocument {
  readonly #actor: BarActor | null;
  constructor(actor: BarActor | null = null, readonly bars: Record<string, string> = {}) {
    this.#actor = actor;
  }

  /** A getter, so that a scene's token (scenes.ts) can answer with its own linked or synthetic actor. */
  get actor(): BarActor | null { return this.#actor; }

  getBarAttribute(barName: string): { type: "bar"; attribute: string; value: number; max: number; editable: boolean } | null {
    const attribute = this.bars[barName];
    if (!attribute || !this.actor) return null;
    const data = at(this.actor.system, attribute) as { value?: unknown; max?: unknown } | undefined;
    if (typeof data?.value !== "number" || typeof data.max !== "number") return null;
    const stored = at(this.actor.toObject()["system"], `${attribute}.value`);
    return { type: "bar", attribute, value: data.value, max: data.max, editable: typeof stored === "number" };
  }
}

/** Puts the class where a system's module finds it at import (foundry.documents.TokenDocument) and in CONFIG.Token. */
export function installTokens(): void {
  const g = globalThis as unknown as { foundry: Record<string, Record<string, unknown> | undefined>; CONFIG: Record<string, unknown> };
  g.foundry["documents"] = { ...g.foundry["documents"], TokenDocument: BaseTokenDocument };
  g.CONFIG["Token"] = { documentClass: BaseTokenDocument };
}
