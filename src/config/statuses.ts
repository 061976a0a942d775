/** GeneSys statuses for tokens (§1.5.2 conditions, §3.2.2 prone, §3.2.1 surprise, §2.3.7 grapple, §3.1.2 poison). */
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
];

/** The status that shows a condition; normal shows none. Exactly one of these is on at a time. */
export const CONDITION_STATUS: Readonly<Record<ConditionKey, string | null>> = {
  normal: null,
  weak: "weak",
  exhausted: "exhausted",
  collapsed: "collapsed",
  dead: "dead",
};

export const CONDITION_STATUS_IDS = Object.values(CONDITION_STATUS).filter((s): s is string => s !== null);

export type StatusChange = { id: string; active: boolean; overlay: boolean };

/**
 * The statuses the data decides: exactly one condition status (none when Normal), and "poisoned" while the doses
 * exceed a third of Resistenza (§3.1.2). Returns only what differs from `current`.
 */
export function derivedStatusChanges(state: { condition: ConditionKey; poisoned: boolean }, current: ReadonlySet<string>): StatusChange[] {
  const wanted = new Set([CONDITION_STATUS[state.condition], state.poisoned ? "poisoned" : null]);
  const changes: StatusChange[] = [];
  for (const id of [...CONDITION_STATUS_IDS, "poisoned"]) {
    const active = wanted.has(id);
    if (current.has(id) !== active) changes.push({ id, active, overlay: GENESYS_STATUSES.find((s) => s.id === id)?.overlay === true });
  }
  return changes;
}
