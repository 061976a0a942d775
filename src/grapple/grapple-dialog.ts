/**
 * §2.3.7 the roller picks what they grapple with: their unarmed-combat skills first (the best one chosen); the Narrator
 * also every other skill and Destrezza, a player Destrezza only when he has no unarmed skill. The GM's client checks
 * the choice again (grapple-intents.ts rollFor, contestPlan).
 */
import { AnimalModel } from "../data/actor/animal.js";
import { SkillModel } from "../data/item/skill.js";
import type { GenesysActor } from "../documents/actor.js";
import { defaultGrappleRoll, unarmedSkills } from "./unarmed-skill.js";
import { openToolDialog, isRecord, formText, type ToolI18n } from "../tools/tool-dialog.js";

export const GRAPPLE_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/grapple-dialog.hbs";
const DEXTERITY = "dexterity";

export interface GrappleDialogContext {
  intro: string;
  label: string;
  options: { value: string; label: string; selected: boolean }[];
}

/** The dialog's choices for an actor, the default one selected; `narrator` offers every skill, not only unarmed ones. */
export function grappleDialogContext(actor: GenesysActor, intro: string, i18n: ToolI18n, narrator: boolean): GrappleDialogContext {
  const preferred = defaultGrappleRoll(actor.items);
  const unarmed = unarmedSkills(actor.items);
  const others = !narrator ? [] : actor.items.contents
    .flatMap((i) => (i.system instanceof SkillModel && i.id && !unarmed.some((u) => u.id === i.id) ? [{ id: i.id, name: i.name, grade: i.system.grade }] : []))
    .sort((a, b) => a.name.localeCompare(b.name));
  const show = (s: { id: string; name: string; grade: number | null }) => ({ value: s.id, label: `${s.name} ${s.grade === null ? "—" : String(s.grade)}`, selected: s.id === preferred.skillId });
  const sys = actor.genesys;
  const dex = sys === null ? "" : String(sys instanceof AnimalModel ? sys.characteristics.dexterity : sys.effective.dexterity);
  return {
    intro,
    label: i18n.localize("GENESYS.Grapple.Dialog.Skill"),
    options: [
      ...unarmed.map(show),
      ...others.map(show),
      ...(narrator || unarmed.length === 0 ? [{ value: DEXTERITY, label: `${i18n.localize("GENESYS.Characteristic.dexterity")} ${dex}`.trim(), selected: preferred.skillId === null }] : []),
    ],
  };
}

/** The skill id to roll, null for Destrezza; undefined when the dialog was closed. */
export async function promptGrappleSkill(actor: GenesysActor, intro: string): Promise<string | null | undefined> {
  const answer = await openToolDialog<{ choice: string }>({
    title: game.i18n.localize("GENESYS.Grapple.Dialog.Title"),
    icon: "fa-solid fa-hand-fist",
    template: GRAPPLE_DIALOG_TEMPLATE,
    context: grappleDialogContext(actor, intro, game.i18n, game.user.isGM),
    button: game.i18n.localize("GENESYS.Grapple.Dialog.Go"),
    parse: (values) => ({ choice: formText(values, "choice") }),
    isAnswer: (v): v is { choice: string } => isRecord(v) && typeof v["choice"] === "string",
  });
  if (!answer) return undefined;
  return answer.choice === DEXTERITY || answer.choice === "" ? null : answer.choice;
}
