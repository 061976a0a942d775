/**
 * `[[/gcheck skill=schivare difficulty=20 blind]]{Schiva la frana}` in a journal or a chat message: a button for a
 * check. A Narrator's click opens the request dialog pre-filled (request/request-flow.ts); a player's rolls that check for
 * their selected token's character, else their assigned one, through the ordinary check flow. Parameters: `skill=<key>`
 * or `characteristic=<key>`, `difficulty=<margin or ladder step>`, the flags `blind` and `hidden`. A malformed one
 * renders as a broken link that says what is wrong, as Foundry shows a link to a missing document.
 */
import { askForCheck } from "../request/request-flow.js";
import { readRequestedCheck, type RequestedCheckSpec } from "../request/request-spec.js";
import { skillByKey } from "../data/item/skill.js";
import { GenesysActor } from "../documents/actor.js";
import { DIFFICULTY_LADDER } from "../rules/check.js";
import { slugAsName } from "../format/skill-slug.js";


type I18n = { localize(key: string): string; format(key: string, data?: Record<string, string>): string };

export type GcheckParse = { ok: true; value: RequestedCheckSpec } | { ok: false; warning: string; data: Record<string, string> };

const KNOWN = new Set(["skill", "characteristic", "difficulty", "blind", "hidden"]);

/** The parameters of one `[[/gcheck …]]`: `key=value` pairs and bare flags, each checked. */
export function parseGcheck(config: string): GcheckParse {
  const raw: Record<string, unknown> = {};
  for (const part of config.trim().split(/\s+/).filter((p) => p !== "")) {
    const [key = "", ...rest] = part.split("=");
    const name = key.toLowerCase();
    if (!KNOWN.has(name)) return { ok: false, warning: "GENESYS.Gcheck.Warn.UnknownParameter", data: { name: key.slice(0, 40) } };
    if (name in raw) return { ok: false, warning: "GENESYS.Gcheck.Warn.Repeated", data: { name } };
    const value = rest.join("=");
    if (name === "blind" || name === "hidden") {
      if (rest.length > 0 && !["true", "false"].includes(value)) return { ok: false, warning: "GENESYS.Gcheck.Warn.BadFlag", data: { name } };
      raw[name] = rest.length === 0 || value === "true";
    } else if (value === "") return { ok: false, warning: "GENESYS.Gcheck.Warn.MissingValue", data: { name } };
    else raw[name] = name === "skill" ? value.toLowerCase() : value;
  }
  return readRequestedCheck(raw);
}

/** "Schivare", "Percezione", "Armi da fuoco" for a key without a skill at hand. */
function checkName(spec: RequestedCheckSpec, i18n: I18n): string {
  if (spec.characteristic) return i18n.localize(`GENESYS.Characteristic.${spec.characteristic}`);
  return slugAsName(spec.skill ?? "");
}

/** The button's words: the label given in braces, else the check and its difficulty. */
export function gcheckLabel(spec: RequestedCheckSpec, label: string | undefined, i18n: I18n): string {
  if (label !== undefined && label.trim() !== "") return label.trim();
  const name = checkName(spec, i18n);
  if (spec.difficulty === null || spec.hidden) return name;
  const step = Object.entries(DIFFICULTY_LADDER).find(([, v]) => v === spec.difficulty)?.[0];
  return `${name} (${step ? i18n.localize(`GENESYS.Difficulty.${step}`) : String(spec.difficulty)})`;
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/** The markup a match becomes: a check button, or a broken link that names the problem (and a console warning). */
export function gcheckMarkup(match: RegExpMatchArray, i18n: I18n = game.i18n, narrator: boolean = game.user.isGM): string {
  const config = match.groups?.["config"] ?? "";
  const label = match.groups?.["label"];
  const parsed = parseGcheck(config);
  if (!parsed.ok) {
    const reason = i18n.format(parsed.warning, parsed.data);
    console.warn(`GeneSys GdR | ${match[0]}: ${reason}`);
    const why = escape(reason);
    const text = escape(label?.trim() || match[0]);
    return `<a class="content-link broken genesys-gcheck" data-tooltip="${why}" title="${why}"><i class="fa-solid fa-link-slash" inert></i> ${text}</a>`;
  }
  // A hidden difficulty stays on the Narrators' buttons only (the text's source is theirs to keep from the players).
  const spec = parsed.value.hidden && !narrator ? { ...parsed.value, difficulty: null } : parsed.value;
  const glyph = spec.blind ? "fa-solid fa-eye-slash" : "fa-solid fa-dice-d10";
  const tooltip = escape(i18n.localize("GENESYS.Gcheck.Tooltip"));
  return `<a class="genesys-gcheck" data-gcheck="${escape(JSON.stringify(spec))}" data-tooltip="${tooltip}"><i class="${glyph}" inert></i> ${escape(gcheckLabel(spec, label, i18n))}</a>`;
}

/** The element Foundry puts in the text in place of the match. */
export function enrichGcheck(match: RegExpMatchArray): HTMLElement {
  const template = document.createElement("template");
  template.innerHTML = gcheckMarkup(match);
  const element = template.content.firstElementChild;
  return element instanceof HTMLElement ? element : document.createElement("span");
}

/** The character a player's click rolls for: their selected token's, else their assigned character. */
function playersActor(): GenesysActor | null {
  // A canvas that has drawn no scene has no token layer yet, and so nothing selected.
  const token = (canvas.tokens?.controlled ?? []).find((t) => t.actor instanceof GenesysActor && t.actor.isOwner);
  const actor: unknown = token?.actor ?? game.user.character;
  return actor instanceof GenesysActor ? actor : null;
}

/** A click on a check button: the request dialog for a Narrator, the check itself for a player. */
export async function onGcheckClick(data: string | undefined): Promise<boolean> {
  let raw: unknown = null;
  try {
    raw = JSON.parse(data ?? "null") as unknown;
  } catch {
    raw = null;
  }
  const read = readRequestedCheck(raw);
  if (!read.ok) {
    ui.notifications.warn(game.i18n.format(read.warning, read.data));
    return false;
  }
  const spec = read.value;
  if (game.user.isGM) return (await askForCheck(spec)) !== null;
  const actor = playersActor();
  if (!actor) {
    ui.notifications.warn(game.i18n.localize("GENESYS.Gcheck.Warn.NoCharacter"));
    return false;
  }
  // A hidden difficulty is not the player's to know: the check dialog asks it as if none were named.
  const difficulty = spec.hidden ? null : spec.difficulty;
  if (spec.characteristic) return (await actor.rollCheck({ characteristic: spec.characteristic, difficulty, blind: spec.blind })) !== null || spec.blind;
  const skill = skillByKey(actor.items, spec.skill ?? "");
  if (!skill?.id) {
    ui.notifications.warn(game.i18n.format("GENESYS.Macro.Warn.NoSkill", { name: actor.name, skill: spec.skill ?? "" }));
    return false;
  }
  return (await actor.rollCheck({ skillId: skill.id, difficulty, blind: spec.blind })) !== null || spec.blind;
}
