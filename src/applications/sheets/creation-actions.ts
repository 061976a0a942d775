/**
 * §1.3.3 the Finish and Reopen buttons of a Protagonista's creation block. Finishing asks first (a player cannot undo
 * it) and is refused to a player over the allowance; reopening is the Narrator's. The data model's _preUpdate refuses
 * the same writes from anywhere else (data/actor/creation.ts).
 */
import { CharacterModel } from "../../data/actor/character.js";
import { GenesysActor } from "../../documents/actor.js";
import { requestFinishCreation } from "../../authority/owner-requests.js";
import { guarded } from "../../ui/guarded.js";
import { sheetEnv } from "./actor-sheet.js";
import { finishVerdict } from "./context/creation.js";

type SheetThis = { document: unknown; isEditable: boolean };

function character(sheet: SheetThis): { actor: GenesysActor; system: CharacterModel } | null {
  const actor: GenesysActor | null = sheet.document instanceof GenesysActor ? sheet.document : null;
  const system = actor?.genesys;
  return actor && system instanceof CharacterModel ? { actor, system } : null;
}

export async function onFinishCreation(this: SheetThis, _event: PointerEvent, _target: HTMLElement): Promise<void> {
  const found = character(this);
  if (!found || !found.system.creation.active || !this.isEditable) return;
  const { actor, system } = found;
  await guarded(undefined, async () => {
    const verdict = finishVerdict(system.creationBalance(), sheetEnv({ isEditable: this.isEditable, limited: actor.limited }));
    if (verdict.kind === "refuse") {
      ui.notifications.warn(verdict.message);
      return;
    }
    const answer = await foundry.applications.api.DialogV2.wait({
      window: { title: game.i18n.format("GENESYS.Creation.ConfirmTitle", { name: actor.name }) },
      content: `<p>${foundry.utils.escapeHTML(verdict.message)}</p>`,
      buttons: [
        { action: "finish", label: "GENESYS.Creation.Finish", icon: "fa-solid fa-lock" },
        { action: "keep", label: "GENESYS.Creation.Keep", default: true },
      ],
    });
    if (answer !== "finish" || !system.creation.active) return;
    await requestFinishCreation(actor);
  });
}

export async function onReopenCreation(this: SheetThis, _event: PointerEvent, _target: HTMLElement): Promise<void> {
  const found = character(this);
  if (!found || found.system.creation.active) return;
  if (!game.user.isGM) {
    ui.notifications.warn("GENESYS.Creation.Refused.Reopen", { localize: true });
    return;
  }
  const { actor } = found;
  await guarded(undefined, () => actor.update({ system: { creation: { active: true } } }).then(() => undefined));
}
