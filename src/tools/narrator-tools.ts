/** The Narrator's tools as the scene controls, macros and sheets call them: loaded on first use (load/lazily.ts). */
import { lazily } from "../load/lazily.js";

const selected = () => import("./selected-tools.js");
const hazards = () => import("../hazards/hazard-tools.js");

export const reactionForSelected = lazily(selected, "reactionForSelected");
export const recognitionForSelected = lazily(selected, "recognitionForSelected");
export const losingControlForSelected = lazily(selected, "losingControlForSelected");
export const reactionForActor = lazily(selected, "reactionForActor");
export const genericDamageForSelected = lazily(hazards, "genericDamageForSelected");
export const explosion = lazily(hazards, "explosion");

export const narratorTools = { reactionForSelected, recognitionForSelected, losingControlForSelected };
export const hazardTools = { genericDamageForSelected, explosion };
