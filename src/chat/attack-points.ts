/**
 * §1.8.2 the increment points of an attack row, on the active Narrator's client: worked out from the row as it
 * stands (its totals less what a Narrator struck) and from the actors as they are now, stored on the skills, written on
 * the card. A row whose outcome changes (a claim struck or restored) earns again: a point it no longer earns is taken
 * back from the skill, exactly once. A blind card keeps its points on the card until the Reveal hands them out.
 */
import { SkillModel } from "../data/item/skill.js";
import type { IncrementRecord } from "../dice/genesys-roll.js";
import { scores } from "../dice/check-request.js";
import { actorFrom } from "../documents/actor-from.js";
import type { GenesysActor } from "../documents/actor.js";
import { planIncrement, takeBackIncrement } from "../documents/skill-increment.js";
import { addIncrementPoint, attackIncrements, type AttackOpposition, type ContrastSide, type IncrementAward } from "../rules/increment.js";
import { attackTotal, defenceTotal, type AttackCardState, type AttackRow, type RowIncrements } from "./attack-card.js";

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
async function skilled(actorUuid: string, slug: string | null | undefined): Promise<Skilled | null> {
  if (!slug) return null;
  const actor = await actorFrom(actorUuid);
  const sys = actor?.genesys;
  if (!actor || !sys) return null;
  const item = actor.items.find((i) => i.system instanceof SkillModel && i.system.slug === slug);
  return item?.id ? { actor, skillId: item.id, experience: scores(sys).experience ?? 0 } : null;
}

/** The exchange as §1.8.2 reads it: each roll's dice, grade and every modifier that stands. */
function exchange(state: AttackCardState, row: AttackRow, attacker: Skilled | null, defender: Skilled | null): { attack: ContrastSide; against: AttackOpposition } | null {
  const defence = row.defence;
  if (defence === null || row.outcome === null) return null;
  const side = (dice: readonly number[], grade: number, total: number, experience: number): ContrastSide => {
    const sum = dice.reduce((s, d) => s + d, 0);
    return { dice: sum, grade, modifiers: total - sum - grade, experience };
  };
  const attack = side(row.attack.dice, state.grade.value, attackTotal(row), attacker?.experience ?? 0);
  if (defence.kind === "static") return { attack, against: { difficulty: defence.difficulty } };
  return { attack, against: { defence: side(defence.roll.dice, defence.grade, defenceTotal(row) ?? defence.roll.total, defender?.experience ?? 0) } };
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
  const awards = attackIncrements(sides.attack, sides.against);
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
 * now. A burst may hold several points for one skill: they are counted one after the other from the skill as it is, and
 * each skill is written once, with the sum (a second Reveal finds no sealed card, so nothing is handed out twice).
 */
export async function revealPoints(state: AttackCardState): Promise<{ state: AttackCardState; writes: (() => Promise<unknown>)[] }> {
  const tally = new Map<string, { who: Skilled; points: number; earned: number; grade: number | null }>();
  const give = async (record: IncrementRecord | null, uuid: string, slug: string | null | undefined): Promise<IncrementRecord | null> => {
    if (record?.status !== "blind") return record;
    const who = await skilled(uuid, slug);
    const skill = who?.actor.items.get(who.skillId)?.system;
    if (!who || !(skill instanceof SkillModel)) return { ...record, status: "failed" };
    const key = `${who.actor.uuid}|${who.skillId}`;
    const now = tally.get(key) ?? { who, points: skill.increment, earned: skill.earned, grade: skill.grade };
    const next = addIncrementPoint(now.points);
    const grade = next.gradeGained && now.grade !== null ? now.grade + 1 : now.grade;
    tally.set(key, { who, points: next.points, earned: now.earned + (next.gradeGained ? 1 : 0), grade });
    return { reason: record.reason, status: next.gradeGained ? "gradeGained" : "stored", points: next.points, grade: next.gradeGained ? grade : null };
  };
  const rows: AttackCardState["rows"] = { ...state.rows };
  for (const id of state.order) {
    const row = rows[id];
    const held = row?.increments;
    if (!row || !held) continue;
    const attack = await give(held.attack, state.attacker.actorUuid, state.skill);
    const defence = await give(held.defence, row.target.actorUuid, row.defence?.kind === "roll" ? row.defence.skill : null);
    rows[id] = { ...row, increments: { attack, defence } };
  }
  const writes = [...tally.values()].map(({ who, points, earned }) => () => who.actor.items.get(who.skillId)?.update({ system: { increment: points, earned } }) ?? Promise.resolve());
  return { state: { ...state, rows }, writes };
}
