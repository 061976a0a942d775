/**
 * GenesysActiveEffect: core applies every change key except GeneSys's own (effects/effect-keys.ts), which the data
 * model applies itself, in the book's order (characteristics before derivation, derived values after), and with the
 * source of each number kept. Core's application hook differs by generation: v13 calls the instance's `apply(actor,
 * change)`, v14 the static `applyChange(target, change, options)` (its types: League-of-Foundry-Developers/
 * foundry-vtt-types#3685; overridden so by other v14 systems, e.g. the DSA5 and Star Wars FFG ports seen in the
 * search index). Both are guarded here; whichever the running Foundry calls skips our keys. What a player may create,
 * change or delete is effects/effect-authority.ts's to say.
 */
import { touchesProtected } from "../data/protected-fields.js";
import { isGenesysKey } from "./effect-keys.js";
import { itemTransfers } from "./actor-effects.js";
import { effectCreateRefusal, effectDeleteRefusal, effectUpdateRefusal, marksAsNarrator, NARRATOR_MARK, type EffectRefusal } from "./effect-authority.js";

type ApplyChange = (this: unknown, target: unknown, change: unknown, options?: unknown) => unknown;

function keyOf(change: unknown): string | null {
  if (typeof change !== "object" || change === null) return null;
  const key = (change as { key?: unknown }).key; // any object may be handed in; only its key is read
  return typeof key === "string" ? key : null;
}

/** Warns of a refusal; true when there was one. */
function refused(refusal: EffectRefusal | null): boolean {
  if (refusal === null) return false;
  ui.notifications.warn(game.i18n.localize(refusal));
  return true;
}

/**
 * Whether core may apply this change to an actor of this type: never a GeneSys key (the data model applies those),
 * nor any other key on a protected value (data/protected-fields.ts): an effect would otherwise put a number the
 * book gives to the Narrator (Ferite, a clock, free editing) into the prepared data that every client, the
 * Narrator's included, computes from.
 */
export function coreMayApply(key: string | null, actorType: unknown): boolean {
  if (key === null) return true;
  if (isGenesysKey(key)) return false;
  const k = key.trim();
  return !(k.startsWith("system.") && typeof actorType === "string" && touchesProtected("Actor", actorType, k.slice("system.".length)));
}

export class GenesysActiveEffect<SubType extends ActiveEffect.SubType = ActiveEffect.SubType> extends ActiveEffect<SubType> {
  /** v13: one change applied to the actor; a GeneSys key changes nothing here (the data model applies it). */
  override apply(actor: Actor.Implementation, change: ActiveEffect.ChangeData): ReturnType<ActiveEffect["apply"]> {
    if (!coreMayApply(keyOf(change), actor.type)) return {};
    return super.apply(actor, change);
  }

  /** v14: the same guard on the static entry point; the 13.345 types do not declare it, so the parent's is looked up. */
  static applyChange(target: unknown, change: unknown, options?: unknown): unknown {
    const type = typeof target === "object" && target !== null ? (target as { type?: unknown }).type : undefined;
    if (!coreMayApply(keyOf(change), type)) return {};
    // v14's ActiveEffect defines the static; the v13 types do not know it, hence the structural read.
    const parent = Object.getPrototypeOf(GenesysActiveEffect) as { applyChange?: ApplyChange };
    return parent.applyChange?.call(this, target, change, options);
  }

  /** A player's effect on the Narrator's keys refused; a Narrator's own effect marked as his. */
  protected override async _preCreate(...args: Parameters<ActiveEffect<SubType>["_preCreate"]>): ReturnType<ActiveEffect<SubType>["_preCreate"]> {
    const [data, , user] = args;
    if (refused(effectCreateRefusal(data, user.isGM))) return false;
    if (marksAsNarrator(data, user.isGM)) this.updateSource({ flags: { "genesys-gdr": { [NARRATOR_MARK]: true } } });
    return super._preCreate(...args);
  }

  protected override async _preUpdate(...args: Parameters<ActiveEffect<SubType>["_preUpdate"]>): ReturnType<ActiveEffect<SubType>["_preUpdate"]> {
    const [changes, , user] = args;
    if (refused(effectUpdateRefusal(this, changes, user.isGM))) return false;
    return super._preUpdate(...args);
  }

  protected override async _preDelete(...args: Parameters<ActiveEffect<SubType>["_preDelete"]>): ReturnType<ActiveEffect<SubType>["_preDelete"]> {
    const [, user] = args;
    if (refused(effectDeleteRefusal(this, user.isGM))) return false;
    return super._preDelete(...args);
  }

  /** An item's effect is suppressed while the item is not in use (armour not worn), as actor-effects.ts reads it. */
  override get isSuppressed(): boolean {
    const parent: unknown = this.parent;
    if (parent instanceof Item && !itemTransfers(parent.system)) return true;
    return super.isSuppressed;
  }
}
