/**
 * §3.2.6 an explosion, set off by the Narrator: one damage roll, and every token on the scene within reach takes it
 * less 4 per metre from the blast point (A-23: metres counted as the blast-distance setting says), armour counted,
 * with no defence roll. The point is the template the Narrator placed, or the one targeted token (the direct target,
 * at 0 m; the others measured from its centre).
 *
 * Dodging (§3.2.6): the defence is against the projectile, not the blast. A direct target that dodged is no longer the
 * direct target; a thrown or lobbed device lands 1D3 m from it (thrower within 15 m) or 1D6 m (farther). The book gives
 * no direction, so the tool rolls the distance, posts it, and applies nothing: the Narrator places a template there
 * (where the device would go, past the target or short of it) and sets the blast off on that template, when the
 * target's own distance to it is measured like everyone else's.
 *
 * Hidden tokens (TokenDocument#hidden, seen by Narrators only) caught in an open blast are hurt like anyone, but the
 * card every player receives must not name them: their rows go on a second card whispered to the Narrators, which
 * says so, and the open card keeps the visible victims. A blast set off on a hidden token names no target openly.
 */
import { distanceFromPoint } from "../canvas/blast-distance.js";
import { placedTemplatePoint, type PlacedPoint } from "../compat/placed-template.js";
import type { GenesysActor } from "../documents/actor.js";
import { blastDamage, blastMetres, explosionLandingDie, explosionLandingDistance, EXPLOSION_LANDING_NEAR_METRES } from "../rules/damage.js";
import { formatHazardDamage, hazardCallsForStun, hazardDamageTotal, hazardDamageType, hazardRollFormula, parseHazardDamage } from "../rules/advanced/hazard-damage.js";
import { metres as formatMetres } from "../format/movement-allowance.js";
import { RulesError, oneOf, real } from "../rules/errors.js";
import { DAMAGE_TYPES } from "../rules/types.js";
import { DAMAGE_TYPE_LETTER } from "../rules/weapons.js";
import { rulesOptions } from "../settings/rules-settings.js";
import { postHazardCard, type HazardCardState, type HazardRow } from "./hazard-card.js";
import { appliedRow, genesysActor, rollDice, type Victim } from "./hazard-rows.js";
import { narratorOnly, toolWarn } from "../tools/tool-card.js";

export interface ExplosionRequest {
  /** "template" (default): the template the Narrator placed; "target": the one targeted token is the direct target. */
  at?: string;
  /** The blast's damage: "8D6", "4D6+2", or a number already rolled. */
  formula: string;
  /** "wounding" (default), "trauma" or "shock". */
  type?: string;
  /** §3.2.6 the direct target dodged the projectile: the landing distance is rolled and nothing is applied yet. */
  dodged?: boolean;
  /** Metres from the thrower to the direct target (decides 1D3 or 1D6 when it dodged). */
  throwerDistance?: number;
  hidden?: boolean;
}

/** "4,5 m" as the Narrator's language writes it. */
const metres = (n: number): string => `${formatMetres(n, game.i18n.lang)} m`;

/** The one targeted token, as a document on a scene, with its actor; null (with a warning) otherwise. */
function directTarget(): { token: TokenDocument; actor: GenesysActor; name: string } | null {
  const targets = [...game.user.targets];
  const [first] = targets;
  if (!first || targets.length !== 1) {
    toolWarn("GENESYS.Hazard.Warn.OneTarget");
    return null;
  }
  const doc: unknown = first.document;
  const token = doc instanceof foundry.documents.TokenDocument ? doc : null;
  const actor = genesysActor(token?.actor);
  if (!token || !actor || !token.parent) {
    toolWarn("GENESYS.Tools.Warn.NoActor", { name: first.name });
    return null;
  }
  return { token, actor, name: token.name || actor.name };
}

interface Blast {
  point: PlacedPoint;
  /** The direct target's token (0 m), when the blast is on a token. */
  direct: TokenDocument | null;
  where: string;
}

function blastPoint(at: "template" | "target"): Blast | null {
  if (at === "template") {
    const point = placedTemplatePoint();
    if (!point) toolWarn("GENESYS.Hazard.Warn.NoTemplate");
    return point ? { point, direct: null, where: game.i18n.localize("GENESYS.Hazard.Explosion.AtTemplate") } : null;
  }
  const target = directTarget();
  const scene = target?.token.parent;
  if (!target || !scene) return null;
  return { point: { scene, ...target.token.getCenterPoint() }, direct: target.token, where: game.i18n.format("GENESYS.Hazard.Explosion.OnTarget", { name: target.name }) };
}

/** §3.2.6 the dodged device's landing: the die from the thrower's distance, rolled here; the card says what to do. */
async function landing(request: ExplosionRequest, hidden: boolean): Promise<ChatMessage.Stored | null> {
  const i18n = game.i18n;
  let throwerDistance: number;
  try {
    throwerDistance = real("throwerDistance", request.throwerDistance, 0);
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    toolWarn("GENESYS.Tools.Warn.BadInput", { reason: error.message });
    return null;
  }
  const target = directTarget();
  if (!target) return null;
  // A hidden target's dodge is the Narrators' to know.
  const secret = hidden || target.token.hidden;
  const rolls: Roll[] = [];
  const d6 = (await rollDice("1d6", rolls)).values[0] ?? 1;
  const die = explosionLandingDie(throwerDistance);
  const distance = explosionLandingDistance(throwerDistance, d6);
  return postHazardCard({
    kind: "landing",
    title: i18n.format("GENESYS.Hazard.Landing.Title", { name: target.name }),
    subtitle: null,
    dice: { values: [d6], sum: distance, label: die === "D3" ? "1D3" : "1D6" },
    lines: [
      { label: i18n.localize("GENESYS.Hazard.Landing.Thrower"), value: metres(throwerDistance) },
      { label: i18n.localize("GENESYS.Hazard.Landing.Die"), value: i18n.format(die === "D3" ? "GENESYS.Hazard.Landing.Near" : "GENESYS.Hazard.Landing.Far", { metres: String(EXPLOSION_LANDING_NEAR_METRES) }) },
      { label: i18n.localize("GENESYS.Hazard.Landing.Distance"), value: metres(distance) },
    ],
    notes: [i18n.format("GENESYS.Hazard.Landing.Place", { name: target.name, metres: metres(distance) })],
    rows: [],
  }, { hidden: secret, rolls });
}

/** §3.2.6 the blast on everyone within reach; the card, or null (with a warning) when nothing was changed. */
export async function setOffExplosion(request: ExplosionRequest): Promise<ChatMessage.Stored | null> {
  if (!narratorOnly()) return null;
  const i18n = game.i18n;
  const raw: unknown = request; // a macro's argument: any value
  let at: "template" | "target";
  let spec: ReturnType<typeof parseHazardDamage>;
  let type: ReturnType<typeof hazardDamageType>;
  try {
    if (typeof raw !== "object" || raw === null) throw new RulesError("request", raw, "an object with a formula");
    at = oneOf("at", request.at ?? "template", ["template", "target"] as const);
    if (request.dodged !== undefined && typeof request.dodged !== "boolean") throw new RulesError("dodged", request.dodged, "a boolean");
    if (request.dodged === true && at !== "target") throw new RulesError("at", at, '"target" when the direct target dodged');
    spec = parseHazardDamage(request.formula);
    type = hazardDamageType("explosion", oneOf("type", request.type ?? "wounding", DAMAGE_TYPES));
  } catch (error) {
    if (!(error instanceof RulesError)) throw error;
    toolWarn("GENESYS.Tools.Warn.BadInput", { reason: error.message });
    return null;
  }
  const hidden = request.hidden === true;
  if (request.dodged === true) return landing(request, hidden);
  const blast = blastPoint(at);
  if (!blast) return null;
  const options = rulesOptions();

  // Who is in reach, each actor once at its nearest token, before any die is rolled.
  const nearest = new Map<string, { victim: Victim; distance: number }>();
  for (const token of blast.point.scene.tokens) {
    const actor = genesysActor(token.actor);
    if (!actor) continue;
    const distance = blast.direct && token.uuid === blast.direct.uuid ? 0 : distanceFromPoint(blast.point.scene, blast.point, token);
    if (distance === null) continue;
    const known = nearest.get(actor.uuid);
    if (!known || distance < known.distance) nearest.set(actor.uuid, { victim: { actor, token, name: token.name || actor.name }, distance });
  }

  const rolls: Roll[] = [];
  const formula = hazardRollFormula(spec);
  const values = formula ? (await rollDice(formula, rolls)).values : [];
  const rolled = hazardDamageTotal(spec, values);
  const stun = options.stunRule && hazardCallsForStun("explosion");
  const rows: HazardRow[] = [];
  const hiddenRows: HazardRow[] = [];
  const written: Promise<void>[] = [];
  const inReach = [...nearest.values()].filter((v) => blastDamage(rolled, v.distance, options) > 0).sort((a, b) => a.distance - b.distance);
  for (const { victim, distance } of inReach) {
    const counted = blastMetres(distance, options);
    const reduced = blastDamage(rolled, distance, options);
    const lines = [
      { label: i18n.localize("GENESYS.Hazard.Explosion.Distance"), value: counted === distance ? metres(distance) : `${metres(distance)} → ${metres(counted)}` },
      { label: i18n.localize("GENESYS.Hazard.Explosion.Reduction"), value: `−${String(rolled - reduced)} → ${String(reduced)}` },
    ];
    const applied = appliedRow(victim, { amount: rolled, type, explosive: true, blastDistance: distance }, { dice: [], lines, stun });
    if (!applied) continue;
    (!hidden && victim.token?.hidden === true ? hiddenRows : rows).push(applied.row);
    written.push(applied.written);
  }
  const card: Pick<HazardCardState, "kind" | "title" | "dice" | "lines"> = {
    kind: "explosion",
    title: i18n.format("GENESYS.Hazard.Explosion.Title", { formula: `${formatHazardDamage(spec)} / ${DAMAGE_TYPE_LETTER[type]}` }),
    dice: values.length > 0 ? { values, sum: rolled, label: formatHazardDamage(spec) } : null,
    lines: [
      { label: i18n.localize("GENESYS.Hazard.Damage"), value: String(rolled) },
      { label: i18n.localize("GENESYS.Hazard.Explosion.Counting"), value: i18n.localize(`GENESYS.Settings.blastDistance.Choices.${options.blastDistance}`) },
    ],
  };
  const note = i18n.localize("GENESYS.Hazard.Explosion.Note");
  const openWhere = !hidden && blast.direct?.hidden === true ? i18n.localize("GENESYS.Hazard.Explosion.AtHiddenPoint") : blast.where;
  // The cards and the victims' writes in one round. The same blast's dice, already thrown with the open card: the
  // hidden victims' card carries no Roll to throw them again.
  const [posted, secret] = await Promise.all([
    postHazardCard({ ...card, subtitle: openWhere, notes: [note], rows }, { hidden, rolls }),
    hiddenRows.length > 0 ? postHazardCard({ ...card, subtitle: blast.where, notes: [i18n.localize("GENESYS.Hazard.Explosion.HiddenNote"), note], rows: hiddenRows }, { hidden: true, rolls: [] }) : null,
    ...written,
  ]);
  return posted ?? secret;
}
