/**
 * §1.8.2 the increment points of an attack row, on the active Narrator's client: worked out from the row as it
 * stands (its totals less what a Narrator struck) and from the actors as they are now, stored on the skills, written on
 * the card. A row whose outcome changes (a claim struck or restored) earns again: a point it no longer earns is taken
 * back from the skill, exactly once. A blind card keeps its points on the card until the Reveal hands them out.
 */
import { SkillModel } from "../data/item/skill.js";
import type { IncrementRecord } from "../documents/check-options.js";
import { scores } from "../check/check-request.js";
import { actorFrom } from "../documents/actor-from.js";
import type { GenesysActor } from "../documents/actor.js";
import { planIncrement, planIncrements, takeBackIncrement } from "../documents/skill-increment.js";
import { attackIncrements, type AttackOpposition, type ContrastSide, type IncrementAward, type IncrementReason } from "../rules/increment.js";
import { attackSide, exchangeSides, type AttackCardState, type AttackRow, type RowIncrements } from "./attack-card.js";

/** A row with its points settled, and the skill writes that go with the card's. */
export interface SettledPoints {
  row: AttackRow;
  writes: (() => Promise<unknown>)[];
}

interface Skilled {
  actor: GenesysActor;
  skillId: string;
  experience: number;
}

/** The skill of that slug on the actor, with its Esperienza; null for an animal, a missing skill or a missing actor. */
async function skilled(actorUuid: string | null, slug: string | null | undefined): Promise<Skilled | null> {
  if (!slug) return null;
  const actor = await actorFrom(actorUuid);
  const sys = actor?.genesys;
  if (!actor || !sys) return null;
  const item = actor.items.find((i) => i.system instanceof SkillModel && i.system.slug === slug);
  return item?.id ? { actor, skillId: item.id, experience: scores(sys).experience ?? 0 } : null;
}

/** The exchange as §1.8.2 reads it: each roll's dice, grade and every modifier that stands, with its Esperienza. */
function exchange(state: AttackCardState, row: AttackRow, attacker: Skilled | null, defender: Skilled | null): { attack: ContrastSide; against: AttackOpposition } | null {
  const defence = row.defence;
  if (defence === null || row.outcome === null) return null;
  if (defence.kind === "static") {
    return { attack: { ...attackSide(state, row), experience: attacker?.experience ?? 0 }, against: { difficulty: defence.difficulty } };
  }
  const sides = exchangeSides(state, row);
  if (!sides) return null;
  return { attack: { ...sides.attack, experience: attacker?.experience ?? 0 }, against: { defence: { ...sides.defence, experience: defender?.experience ?? 0 } } };
}

const given = (record: IncrementRecord | null): boolean => record?.status === "stored" || record?.status === "gradeGained";

/** One side's point after the row settled again: kept, given, held (blind) or taken back. */
function settleSide(before: IncrementRecord | null, award: IncrementAward, who: Skilled | null, blind: boolean, writes: SettledPoints["writes"]): IncrementRecord | null {
  const reason = award.earned ? award.reason : null;
  if (reason !== null && who !== null && before !== null) return before;
  if (reason === null || who === null) {
    if (given(before) && who) writes.push(() => takeBackIncrement(who.actor, who.skillId));
    return null;
  }
  if (blind) {
    const item = who.actor.items.get(who.skillId);
    const points = item?.system instanceof SkillModel ? item.system.increment : 0;
    return { reason, status: "blind", points, grade: null };
  }
  const planned = planIncrement(who.actor, who.skillId, reason);
  writes.push(planned.write);
  return planned.record;
}

/** §1.8.2 the row's points once its outcome is known (or known again); a row still waiting for its defence earns none. */
export async function settlePoints(state: AttackCardState, before: AttackRow, after: AttackRow): Promise<SettledPoints> {
  if (after.outcome === null) return { row: after, writes: [] };
  const attacker = await skilled(state.attacker.actorUuid, state.skill);
  const defender = after.defence?.kind === "roll" ? await skilled(after.target.actorUuid, after.defence.skill) : null;
  const sides = exchange(state, after, attacker, defender);
  if (!sides) return { row: after, writes: [] };
  const awards = attackIncrements(sides.attack, sides.against, after.advantaged);
  const writes: SettledPoints["writes"] = [];
  const previous = before.increments ?? { attack: null, defence: null };
  const increments: RowIncrements = {
    attack: settleSide(previous.attack, awards.attack, attacker, state.blind, writes),
    defence: settleSide(previous.defence, awards.defence, defender, state.blind, writes),
  };
  return { row: { ...after, increments }, writes };
}

/**
 * At the Reveal of a blind card, the points it held are handed out: each held record becomes what the skill makes of it
 * now. A burst may hold several points for one skill: they are counted one after the other, and each skill is written
 * once (planIncrements). A second Reveal finds no sealed card, so nothing is handed out twice.
 */
export async function revealPoints(state: AttackCardState): Promise<{ state: AttackCardState; writes: (() => Promise<unknown>)[] }> {
  type Side = keyof RowIncrements;
  const held = new Map<string, { who: Skilled | null; places: { rowId: string; side: Side; reason: IncrementReason }[] }>();
  for (const id of state.order) {
    const row = state.rows[id];
    if (!row?.increments) continue;
    const owners: Record<Side, [string | null, string | null | undefined]> = {
      attack: [state.attacker.actorUuid, state.skill],
      defence: [row.target.actorUuid, row.defence?.kind === "roll" ? row.defence.skill : null],
    };
    for (const side of ["attack", "defence"] as const) {
      const record = row.increments[side];
      if (record?.status !== "blind") continue;
      const [uuid, slug] = owners[side];
      const key = `${uuid}|${slug ?? ""}`;
      const group = held.get(key) ?? { who: await skilled(uuid, slug), places: [] };
      group.places.push({ rowId: id, side, reason: record.reason });
      held.set(key, group);
    }
  }
  const rows: AttackCardState["rows"] = { ...state.rows };
  const writes: (() => Promise<unknown>)[] = [];
  for (const { who, places } of held.values()) {
    const planned = who ? planIncrements(who.actor, who.skillId, places.map((p) => p.reason)) : null;
    if (planned) writes.push(planned.write);
    places.forEach((place, i) => {
      const row = rows[place.rowId];
      const failed: IncrementRecord = { reason: place.reason, status: "failed", points: 0, grade: null };
      if (row?.increments) rows[place.rowId] = { ...row, increments: { ...row.increments, [place.side]: planned?.records[i] ?? failed } };
    });
  }
  return { state: { ...state, rows }, writes };
}
