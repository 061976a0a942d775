/**
 * game.genesys: the public API for macros, modules and the console. Its contract (types and hooks) is
 * api-contract.ts; each function resolves its actor and goes through the same flow as the sheets: the check flow,
 * the attack flow and GenesysActor#applyDamage, with their checks and the Narrator's authority.
 */
import * as rules from "./rules/index.js";
import type { GenesysActorRef, GenesysApi, GenesysAttackRequest, GenesysCheckRequest, GenesysCounterChange, GenesysDamageRequest, GenesysRequestCheck, GenesysTimeRequest } from "./api-contract.js";
import { PASTIMES } from "./time/pastimes.js";
import { guarded } from "./ui/guarded.js";
import { actorFrom } from "./documents/actor-from.js";
import { lazily } from "./load/lazily.js";
import { readMovementLink } from "./documents/movement-check.js";
import { readAmbushLink } from "./documents/ambush-check.js";
import { grappleBlocksMovement } from "./documents/grapple-movement.js";
import { skillByKey } from "./data/item/skill.js";
import { WeaponModel } from "./data/item/weapon.js";
import { show } from "./check/check-request.js";
import type { TargetRef } from "./attack/attack-roll.js";
import { GenesysActor } from "./documents/actor.js";
import { macroActor } from "./macros/macro-actor.js";
import { selectedActors } from "./macros/selected-actors.js";
import { hazardTools, narratorTools } from "./tools/narrator-tools.js";
import { encounterOdds } from "./encounter/open-encounter-odds.js";
import { CURRENT_DATA_VERSION } from "./data-version.js";
import { RulesError } from "./rules/errors.js";
import { rulesOptions } from "./settings/rules-settings.js";

/** Time passing is the Narrator's: it loads with his side. */
const requestTimePasses = lazily(() => import("./time/time-intents.js"), "requestTimePasses");
/** The migration is the active Narrator's: it loads with his side. */
const migrateWorld = lazily(() => import("./migration.js"), "migrateWorld");
/** A contest, a grapple and the Narrator's macros load with their first call. */
const contestApi = () => import("./contest/contest-api.js");
const grappleApi = () => import("./grapple/grapple-api.js");
const macros = () => import("./macros/narrator-macros.js");
/** A check request loads with the first one asked. */
const askForCheck = lazily(() => import("./request/request-flow.js"), "askForCheck");
/** The attack flow loads with the first attack. */
const attackFlow = lazily(() => import("./attack/attack-flow.js"), "attack");

type RulesModule = typeof rules;

declare module "./api-contract.js" {
  // The public declarations leave the engine's functions untyped; the system's own code sees their signatures.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the members
  interface GenesysRulesEngine extends RulesModule {}
}

function warn(key: string, data: Record<string, string> = {}): null {
  ui.notifications.warn(game.i18n.format(key, data));
  return null;
}

/** The actor `ref` names (a GeneSys actor, or its uuid), or null with a warning: a macro's actor may have been deleted. */
async function actorOf(ref: unknown): Promise<GenesysActor | null> {
  if (ref instanceof GenesysActor) return ref;
  const actor = typeof ref === "string" ? await actorFrom(ref) : null;
  return actor ?? warn("GENESYS.Api.Warn.NoActor", { ref: show(ref) });
}

// A macro may leave the request out: the check flow then says that nothing was named to roll.
async function rollCheck(ref: GenesysActorRef, request: GenesysCheckRequest = {}): Promise<ChatMessage.Implementation | null> {
  const actor = await actorOf(ref);
  if (!actor) return null;
  const { skill, ...rest } = request;
  if (skill === undefined) return actor.rollCheck(rest);
  // Skills by their language-free key (or their folded name), as weapons and the macros compendium name them.
  const item = skillByKey(actor.items, skill);
  if (!item?.id) return warn("GENESYS.Macro.Warn.NoSkill", { name: actor.name, skill: show(skill) });
  return actor.rollCheck({ ...rest, skillId: item.id });
}

/** Targets named by token or actor uuid, as the attack flow takes them; null (with a warning) when one is gone. */
async function targetsOf(uuids: readonly unknown[]): Promise<TargetRef[] | null> {
  const targets: TargetRef[] = [];
  for (const uuid of uuids) {
    let doc: unknown = null;
    try {
      // Any uuid string: fromUuid answers null (or throws) for what it cannot find.
      doc = typeof uuid === "string" ? await foundry.utils.fromUuid(uuid as `Actor.${string}`) : null;
    } catch {
      doc = null;
    }
    if (doc instanceof GenesysActor) targets.push({ actor: doc, tokenUuid: doc.token?.uuid ?? null, name: doc.name, distance: null });
    else if (doc instanceof foundry.documents.TokenDocument) {
      const actor: unknown = doc.actor;
      targets.push({ actor: actor instanceof GenesysActor ? actor : null, tokenUuid: doc.uuid, name: doc.name, distance: null });
    } else return warn("GENESYS.Api.Warn.NoTarget", { ref: show(uuid) });
  }
  return targets;
}

async function attack(ref: GenesysActorRef, weapon: string | null, request: GenesysAttackRequest = {}): Promise<boolean> {
  const actor = await actorOf(ref);
  if (!actor) return false;
  let itemId: string | null = null;
  if (weapon !== null) {
    const item = actor.items.get(weapon) ?? actor.items.find((i) => i.system instanceof WeaponModel && i.name === weapon);
    if (!item?.id || !(item.system instanceof WeaponModel)) {
      warn("GENESYS.Api.Warn.NoWeapon", { name: actor.name, weapon: show(weapon) });
      return false;
    }
    itemId = item.id;
  }
  const targets = request.targets === undefined ? undefined : await targetsOf(request.targets);
  if (targets === null) return false;
  return attackFlow(actor, itemId, targets ? { targets } : {});
}

async function applyDamage(ref: GenesysActorRef, damage: GenesysDamageRequest): Promise<GenesysCounterChange | null> {
  const actor = await actorOf(ref);
  if (!actor) return null;
  return guarded(null, async () => {
    try {
      return await actor.applyDamage(damage);
    } catch (error) {
      // The rules check every input (a negative amount, an unknown type): a macro's mistake, told as such.
      if (error instanceof RulesError) return warn("GENESYS.Api.Warn.BadDamage", { reason: error.message });
      throw error;
    }
  });
}

// The card is a GM-authored message; askForCheck warns and answers null on a player's client.
async function requestCheck(request: GenesysRequestCheck = {}): Promise<ChatMessage.Implementation | null> {
  // A macro's argument: an object whose actors, when given, are a list (a string would be read letter by letter).
  const given: unknown = request;
  if (typeof given !== "object" || given === null || Array.isArray(given)) return warn("GENESYS.Api.Warn.BadRequest");
  const { actors, prompt, movement, ambush, ...check } = request;
  const list: unknown = actors;
  if (list !== undefined && !Array.isArray(list)) return warn("GENESYS.Api.Warn.BadRequest");
  // §2.2.5 a macro's link is read field by field; postRequest then checks it against the world.
  const link = readMovementLink(movement);
  const fight = readAmbushLink(ambush);
  if (link === undefined || fight === undefined) return warn("GENESYS.Api.Warn.BadRequest");
  return guarded(null, () => askForCheck(check, { ...(actors === undefined ? {} : { recipients: actors }), prompt: prompt !== false, ...(link ? { movement: link } : {}), ...(fight ? { ambush: fight } : {}) }));
}

/** §3.1.1 a stretch of time from a macro: every actor resolved first, so a deleted one changes nothing at all. */
async function timePasses(request: GenesysTimeRequest): Promise<boolean> {
  if (!game.user.isGM) {
    warn("GENESYS.Time.Warn.NarratorsOnly");
    return false;
  }
  const given: unknown = request; // a macro may pass anything, null included
  if (typeof given !== "object" || given === null) return Boolean(warn("GENESYS.Time.Warn.BadRequest"));
  const r: Partial<Record<keyof GenesysTimeRequest, unknown>> = given; // a macro's object, each field checked
  const part = (v: unknown): number => (v === undefined ? 0 : typeof v === "number" ? v : NaN);
  const seconds = part(r.minutes) * 60 + part(r.hours) * 3600 + part(r.days) * 86_400;
  const pastime = r.pastime === undefined ? "none" : PASTIMES.find((p) => p === r.pastime);
  if (!pastime) return Boolean(warn("GENESYS.Time.Warn.BadRequest"));
  let actorUuids: string[] | null = null;
  if (r.actors !== undefined) {
    if (!Array.isArray(r.actors)) return Boolean(warn("GENESYS.Time.Warn.BadRequest"));
    actorUuids = [];
    for (const ref of r.actors as unknown[]) { // an array, checked above
      const actor = await actorOf(ref);
      if (!actor) return false;
      actorUuids.push(actor.uuid);
    }
  }
  return requestTimePasses({ seconds, answers: { pastime, ate: r.ate === true, drank: r.drank === true }, actorUuids });
}

export function createApi(): GenesysApi {
  return {
    rollCheck,
    attack,
    contest: lazily(contestApi, "contestFromApi"),
    grapple: {
      start: async (...args) => (await grappleApi()).grappleApi.start(...args),
      contest: async (...args) => (await grappleApi()).grappleApi.contest(...args),
      release: async (...args) => (await grappleApi()).grappleApi.release(...args),
      grapple: async (...args) => (await grappleApi()).grappleApi.grapple(...args),
      // What a macro passes is only typed; grappleBlocksMovement reads fields it checks.
      blocksMovement: (actorOrToken) => typeof actorOrToken === "object" && actorOrToken !== null && grappleBlocksMovement(actorOrToken as Parameters<typeof grappleBlocksMovement>[0]),
    },
    applyDamage,
    timePasses,
    requestCheck,
    macroActor,
    rules,
    rulesOptions,
    migrateWorld,
    dataVersion: CURRENT_DATA_VERSION,
    // What the "macros" compendium's macros call (blind checks, attack, reveal), usable from any macro.
    macros: {
      selectedActors,
      blindCheckForSelected: lazily(macros, "blindCheckForSelected"),
      attackWithSelected: lazily(macros, "attackWithSelected"),
      revealAllBlind: lazily(macros, "revealAllBlind"),
      timePasses: lazily(macros, "timePasses"),
      encounterOddsForSelected: lazily(macros, "encounterOddsForSelected"),
      grappleForSelected: lazily(macros, "grappleForSelected"),
      ...narratorTools,
      ...hazardTools,
    },
    // Issue 13: the dialog, or with prompt: false the results at once (Narrators only; guarded: a macro's call never throws).
    encounterOdds: (request) => guarded(null, () => encounterOdds(request)),
  };
}
