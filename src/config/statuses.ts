/** GeneSys statuses for tokens (§1.5.2 conditions, §3.2.2 prone, §3.2.1 surprise, §2.3.7 grapple, §3.1.2 poison). */
import { SerialQueue } from "../authority/serial-queue.js";
import type { StatusEffectConfig } from "../compat/status-effects.js";
import type { ConditionKey } from "../rules/types.js";

export type StatusDefinition = { id: string; name: string; img: string; overlay?: boolean };

export const GENESYS_STATUSES: readonly StatusDefinition[] = [
  { id: "weak", name: "GENESYS.Status.weak", img: "icons/svg/downgrade.svg" },
  { id: "exhausted", name: "GENESYS.Status.exhausted", img: "icons/svg/degen.svg" },
  { id: "collapsed", name: "GENESYS.Status.collapsed", img: "icons/svg/unconscious.svg", overlay: true },
  { id: "dead", name: "GENESYS.Status.dead", img: "icons/svg/skull.svg", overlay: true },
  { id: "prone", name: "GENESYS.Status.prone", img: "icons/svg/falling.svg" },
  { id: "surprised", name: "GENESYS.Status.surprised", img: "icons/svg/hazard.svg" },
  { id: "grappled", name: "GENESYS.Status.grappled", img: "icons/svg/net.svg" },
  { id: "immobilised", name: "GENESYS.Status.immobilised", img: "icons/svg/padlock.svg" },
  { id: "poisoned", name: "GENESYS.Status.poisoned", img: "icons/svg/poison.svg" },
  { id: "feverish", name: "GENESYS.Status.feverish", img: "icons/svg/fire.svg" },
  { id: "crippledArm", name: "GENESYS.Status.crippledArm", img: "icons/svg/paralysis.svg" },
  { id: "crippledLeg", name: "GENESYS.Status.crippledLeg", img: "icons/svg/bones.svg" },
];

/** The status that shows a condition; normal shows none. Exactly one of these is on at a time. */
export const CONDITION_STATUS: Readonly<Record<ConditionKey, string | null>> = {
  normal: null,
  weak: "weak",
  exhausted: "exhausted",
  collapsed: "collapsed",
  dead: "dead",
};

/**
 * The fixed ActiveEffect id of a GeneSys status: "genesys" + the status id, padded with zeros or cut to the 16
 * characters of a document id. Foundry creates a status's effect with the config's static `_id`
 * (foundryvtt/foundryvtt#10431), so a second effect of one status on one actor would clash with the first instead of
 * piling up, and the id is the same in every session and on every client. dnd5e builds its ids the same way (foundryvtt/dnd5e dnd5e.mjs _configureStatusEffects,
 * staticID("dnd5e" + id) with module/utils.mjs staticID), draw-steel with id.padEnd(16, "0") (draw-steel.mjs).
 * Renaming a status id would orphan the effects already on actors: the ids are part of the world's data.
 */
export function statusEffectId(statusId: string): string {
  return `genesys${statusId}`.padEnd(16, "0").slice(0, 16);
}

/**
 * A status put back on an actor whose owner took it off: the effect switched off is switched on again, one whose
 * statuses were edited gets this one back (a toggle would find the status's fixed id taken, or the switched-off effect
 * counting as there, and do nothing); only with none left is one made anew.
 */
export async function statusBackOn(actor: Actor.Implementation, statusId: string): Promise<void> {
  const effects: ActiveEffect.Implementation[] = [...actor.effects];
  const kept = effects.find((e) => e.statuses.has(statusId)) ?? effects.find((e) => e.id === statusEffectId(statusId));
  if (kept) await kept.update({ disabled: false, statuses: [...new Set([...kept.statuses, statusId])] });
  else await actor.toggleStatusEffect(statusId, { active: true });
}

/** The GeneSys statuses as CONFIG.statusEffects entries, each with its fixed `_id`. */
export function genesysStatusEffects(): StatusEffectConfig[] {
  return GENESYS_STATUSES.map(({ id, name, img }) => ({ id, _id: statusEffectId(id), name, img }));
}

export const CONDITION_STATUS_IDS = Object.values(CONDITION_STATUS).filter((s): s is string => s !== null);

export type StatusChange = { id: string; active: boolean; overlay: boolean };

/**
 * The statuses the data decides: exactly one condition status (none when Normal), "poisoned" while the doses
 * exceed a third of Resistenza (§3.1.2) and, when told, "feverish" while a mild poisoning's fever runs (§3.3.3) and
 * "crippledArm"/"crippledLeg" while a person has one crippled (§3.2.5).
 * Returns only what differs from `current`.
 */
export function derivedStatusChanges(state: { condition: ConditionKey; poisoned: boolean; feverish?: boolean; crippled?: { arm: boolean; leg: boolean } }, current: ReadonlySet<string>): StatusChange[] {
  const crippled = state.crippled;
  const wanted = new Set([CONDITION_STATUS[state.condition], state.poisoned ? "poisoned" : null, state.feverish === true ? "feverish" : null, crippled?.arm === true ? "crippledArm" : null, crippled?.leg === true ? "crippledLeg" : null]);
  const changes: StatusChange[] = [];
  for (const id of [...CONDITION_STATUS_IDS, "poisoned", ...(state.feverish === undefined ? [] : ["feverish"]), ...(crippled === undefined ? [] : ["crippledArm", "crippledLeg"])]) {
    const active = wanted.has(id);
    if (current.has(id) !== active) changes.push({ id, active, overlay: GENESYS_STATUSES.find((s) => s.id === id)?.overlay === true });
  }
  return changes;
}

const syncs = new Map<string, { queue: SerialQueue; waiting: Promise<void> | null }>();

/**
 * Runs a status sync after any sync under the same key (one actor on one client) still under way, so two syncs never
 * interleave their reads and toggles. Requests that arrive while one sync runs share a single follow-up run, which
 * reads the data afresh when it starts and so does only what is still needed.
 */
export function serialiseStatusSync(key: string, sync: () => Promise<void>): Promise<void> {
  let entry = syncs.get(key);
  if (!entry) {
    entry = { queue: new SerialQueue(), waiting: null };
    syncs.set(key, entry);
  }
  if (entry.waiting) return entry.waiting;
  const own = entry;
  const run = own.queue.run(async () => {
    // From here on a new request needs a new run: this one may already have read the data.
    own.waiting = null;
    await sync();
  });
  own.waiting = run;
  // Forget the key once nothing more is queued for it; the caller still receives the run's own outcome.
  const forget = (): void => {
    if (own.waiting === null && syncs.get(key) === own) syncs.delete(key);
  };
  run.then(forget, forget);
  return run;
}
