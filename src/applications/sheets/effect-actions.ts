/**
 * The Effects list's buttons, shared by the person and item sheets: enable/disable (owners; the sheet is editable only
 * for them), create, edit and delete through core's ActiveEffect config sheet, and the Narrator's Approve. A row names its effect by id and the item
 * carrying it ("" for the actor's own).
 */
import { effectChangesData } from "../../compat/effect-changes.js";
import { lazily } from "../../load/lazily.js";

/** Approving is the Narrator's: it loads with his side. */
const approveEffect = lazily(() => import("../../authority/effect-approvals.js"), "approveEffect");

type Effect = ActiveEffect.Implementation;

/** The effect a row's button names, on the actor or on one of its items; null when it is gone. */
export function effectOf(root: Actor.Implementation | Item.Implementation, target: HTMLElement): Effect | null {
  const row = target.closest<HTMLElement>("[data-effect-id]");
  const id = row?.dataset["effectId"] ?? "";
  const parentId = row?.dataset["parentId"] ?? "";
  const holder = parentId !== "" && root instanceof Actor ? root.items.get(parentId) : root;
  if (!holder) return null;
  return [...holder.effects].find((e) => e.id === id) ?? null;
}

export async function toggleEffect(root: Actor.Implementation | Item.Implementation, target: HTMLElement): Promise<void> {
  const effect = effectOf(root, target);
  if (effect) await effect.update({ disabled: !effect.disabled });
}

export async function editEffect(root: Actor.Implementation | Item.Implementation, target: HTMLElement): Promise<void> {
  await effectOf(root, target)?.sheet?.render(true);
}

export async function deleteEffect(root: Actor.Implementation | Item.Implementation, target: HTMLElement): Promise<void> {
  const effect = effectOf(root, target);
  if (!effect) return;
  const answer = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.localize("GENESYS.Sheet.Delete.Title") },
    content: `<p>${foundry.utils.escapeHTML(game.i18n.format("GENESYS.Sheet.Delete.Confirm", { name: effect.name }))}</p>`,
    buttons: [
      { action: "delete", label: "GENESYS.Sheet.Delete.Yes", icon: "fa-solid fa-trash" },
      { action: "keep", label: "GENESYS.Sheet.Delete.No", default: true },
    ],
  });
  if (answer === "delete") await effect.delete();
}

/** A new, empty effect on the actor or item, opened in core's config sheet; an item's transfers to its owner. */
export async function createEffect(holder: Actor.Implementation | Item.Implementation): Promise<void> {
  const data = { name: game.i18n.localize("GENESYS.Effects.New"), img: "icons/svg/aura.svg", transfer: holder instanceof Item, ...effectChangesData([]) };
  // The data is the creation shape of either generation (compat/effect-changes.ts); the 13.345 types know only v13's.
  const source = [data as ActiveEffect.CreateData];
  const created = holder instanceof Actor ? await holder.createEmbeddedDocuments("ActiveEffect", source) : await holder.createEmbeddedDocuments("ActiveEffect", source);
  await created?.[0]?.sheet?.render(true);
}

/** A sheet with a document whose effects the list shows: an actor's or an item's. */
type EffectSheet = { document: Actor.Implementation | Item.Implementation };

/** The four buttons as sheet actions (`this` is the sheet, as AppV2 calls them). */
export const EFFECT_ACTIONS = {
  createEffect(this: EffectSheet): Promise<void> {
    return createEffect(this.document);
  },
  toggleEffect(this: EffectSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    return toggleEffect(this.document, target);
  },
  editEffect(this: EffectSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    return editEffect(this.document, target);
  },
  deleteEffect(this: EffectSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    return deleteEffect(this.document, target);
  },
  /** The Narrator approves a player's effect as it is now (a GM writes the holder's approvals himself). */
  async approveEffect(this: EffectSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const effect = effectOf(this.document, target);
    if (effect && (await approveEffect(effect))) ui.notifications.info(game.i18n.format("GENESYS.Effects.Approved", { name: effect.name }));
  },
};
