/**
 * The Narrator's hazards on the canvas (macros, game.genesys, the console): generic damage (§3.1.2) for the selected
 * tokens and an explosion (§3.2.6) at a template or on the targeted token. Without a request each asks its dialog;
 * with one (a macro's) it acts at once. A player is refused on his own client before anything is rolled.
 */
import { promptExplosion } from "./explosion-dialog.js";
import { promptHazard, type HazardAnswer } from "./hazard-dialog.js";
import { setOffExplosion, type ExplosionRequest } from "./explosion.js";
import { applyGenericDamage, type GenericDamageRequest } from "./generic-damage.js";
import { victimsOf } from "./hazard-rows.js";
import { narratorOnly } from "../tools/tool-card.js";

export type { ExplosionRequest, GenericDamageRequest };

/** Only the fields of the chosen kind: the others are the form's defaults, not the Narrator's answer. */
function requestOf(answer: HazardAnswer): GenericDamageRequest {
  const hidden = answer.hidden;
  if (answer.kind === "fall") return { kind: "fall", height: answer.height, cause: answer.cause, check: answer.check, hidden };
  if (answer.kind === "flames") return { kind: "flames", protection: answer.protection, hidden };
  return { kind: answer.kind, formula: answer.formula, type: answer.type, armour: answer.armour, hidden };
}

/** §3.1.2 a fall, the flames or a damage for every selected token; true once its card is posted. */
export async function genericDamageForSelected(request?: GenericDamageRequest): Promise<boolean> {
  if (!narratorOnly()) return false;
  // A canvas that has drawn no scene has no token layer yet, and so nothing selected.
  const victims = victimsOf(canvas.tokens?.controlled ?? []);
  if (!victims || victims.length === 0) return false;
  let asked = request;
  if (!asked) {
    const answer = await promptHazard(victims.map((v) => v.name));
    if (!answer) return false;
    asked = requestOf(answer);
  }
  return (await applyGenericDamage(victims, asked)) !== null;
}

/** §3.2.6 an explosion at the placed template or on the one targeted token; true once its card is posted. */
export async function explosion(request?: ExplosionRequest): Promise<boolean> {
  if (!narratorOnly()) return false;
  let asked = request;
  if (!asked) {
    const answer = await promptExplosion(game.user.targets.size === 1);
    if (!answer) return false;
    const { dodged, throwerDistance, ...rest } = answer;
    asked = dodged ? { ...rest, dodged, throwerDistance } : rest;
  }
  return (await setOffExplosion(asked)) !== null;
}

export const hazardTools = { genericDamageForSelected, explosion };
