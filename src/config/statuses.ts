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

/** Statuses for a condition key: the wanted one on, the other condition statuses off. */
export function conditionStatusChanges(condition: ConditionKey, current: ReadonlySet<string>): { id: string; active: boolean; overlay: boolean }[] {
  const wanted = CONDITION_STATUS[condition];
  const changes: { id: string; active: boolean; overlay: boolean }[] = [];
  for (const id of CONDITION_STATUS_IDS) {
    const active = id === wanted;
    if (current.has(id) !== active) changes.push({ id, active, overlay: GENESYS_STATUSES.find((s) => s.id === id)?.overlay === true });
  }
  return changes;
}
