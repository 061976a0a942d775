/**
 * The Narrator's group in the left scene controls: one button per Narrator tool, each opening that tool's dialog for
 * the selected tokens. Only a Narrator sees the group (players could not use the tools anyway: each refuses them).
 *
 * Other parts add their tool by adding an entry to NARRATOR_CONTROL_TOOLS (before the controls are first drawn,
 * i.e. at init): `{ name, title: "GENESYS.…", icon: "fa-solid fa-…", run: () => openMyDialog() }`. The group is
 * rebuilt from the list each time core prepares the controls.
 */
import { addControlGroup, controlGroup } from "../compat/scene-controls.js";
import { GenesysActor } from "../documents/actor.js";
import { explosion, genericDamageForSelected, losingControlForSelected, reactionForSelected, recognitionForSelected } from "../tools/narrator-tools.js";
import { encounterOdds } from "../encounter/open-encounter-odds.js";
import { guarded } from "../ui/guarded.js";
import { lazily } from "../load/lazily.js";

/** A request loads with the first one asked. */
const askForCheck = lazily(() => import("../request/request-flow.js"), "askForCheck");

/** A contest loads with the first one started. */
const contest = lazily(() => import("../contest/contest-flow.js"), "contest");

/** A grapple loads with the first one started. */
const grappleSelected = lazily(() => import("../grapple/grapple-entry.js"), "grappleSelected");

const openTimeDialog = lazily(() => import("../time/time-dialog.js"), "openTimeDialog");

/** One button of the group. */
export interface NarratorControlTool {
  /** Unique within the group. */
  name: string;
  /** A lang key; core localizes it. */
  title: string;
  /** Font Awesome classes. */
  icon: string;
  /** What a click does; it warns by itself on bad input (no token selected…). */
  run: () => Promise<unknown>;
}

export const NARRATOR_CONTROL_GROUP = "genesys";

/** §1.7.5 a contest of the one selected token against the one targeted token (the dialog asks the rest). */
async function contestForSelected(): Promise<unknown> {
  const actors = [...new Set((canvas.tokens?.controlled ?? []).map((t) => t.actor as unknown))];
  const ours = actors.filter((a): a is GenesysActor => a instanceof GenesysActor);
  const [actor] = ours;
  // A token whose actor was deleted counts as a second token: which one was meant is not clear.
  if (!actor || actors.length !== 1) {
    ui.notifications.warn(game.i18n.localize("GENESYS.Controls.Warn.OneContestant"));
    return null;
  }
  return contest(actor);
}

/** The buttons, in their order in the group. */
export const NARRATOR_CONTROL_TOOLS: NarratorControlTool[] = [
  { name: "time", title: "GENESYS.Controls.Time", icon: "fa-solid fa-hourglass-half", run: () => openTimeDialog() },
  { name: "request", title: "GENESYS.Controls.Request", icon: "fa-solid fa-dice-d10", run: () => askForCheck({}) },
  { name: "contest", title: "GENESYS.Controls.Contest", icon: "fa-solid fa-people-arrows", run: contestForSelected },
  { name: "reaction", title: "GENESYS.Controls.Reaction", icon: "fa-solid fa-face-meh", run: () => reactionForSelected() },
  { name: "recognition", title: "GENESYS.Controls.Recognition", icon: "fa-solid fa-star", run: () => recognitionForSelected() },
  { name: "losingControl", title: "GENESYS.Controls.LosingControl", icon: "fa-solid fa-face-angry", run: () => losingControlForSelected() },
  { name: "encounterOdds", title: "GENESYS.Controls.EncounterOdds", icon: "fa-solid fa-scale-unbalanced", run: () => encounterOdds({ from: "selection" }) },
  { name: "grapple", title: "GENESYS.Controls.Grapple", icon: "fa-solid fa-hand-fist", run: () => grappleSelected() },
  { name: "genericDamage", title: "GENESYS.Controls.GenericDamage", icon: "fa-solid fa-person-falling-burst", run: () => genericDamageForSelected() },
  { name: "explosion", title: "GENESYS.Controls.Explosion", icon: "fa-solid fa-bomb", run: () => explosion() },
];

/** The group as core's controls record takes it, for the current user and generation. */
export function narratorControlGroup(): ReturnType<typeof controlGroup> {
  const buttons = NARRATOR_CONTROL_TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    icon: tool.icon,
    visible: true,
    // A button resolves on click; a slow dialog or a refusal must not leave an unhandled rejection.
    onChange: (): void => void guarded(null, async () => {
      await tool.run();
      return null;
    }),
  }));
  return controlGroup({ name: NARRATOR_CONTROL_GROUP, title: "GENESYS.Controls.Group", icon: "fa-solid fa-book-open-reader", order: 100, visible: game.user.isGM, pointerTitle: "GENESYS.Controls.Pointer" }, buttons);
}

/** Adds the group whenever core prepares the scene controls. Call at init. */
export function registerSceneControls(): void {
  // The 13.345 types do not name this hook; its one argument is the controls record (foundryvtt.com/api hookEvents).
  const hooks = Hooks as unknown as { on(name: string, fn: (controls: unknown) => void): number };
  hooks.on("getSceneControlButtons", (controls) => {
    if (!game.user.isGM) return;
    addControlGroup(controls, narratorControlGroup());
  });
}
