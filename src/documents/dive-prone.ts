/**
 * §2.2.1 a dive ends with the diver on the ground: once a defence that counted the dive is on the card, the
 * defender's token shows "prone" (§3.2.2), which the next attack and defence dialogs read (tracker and tokens).
 * Run on the active GM's client, which records the defence: the defender may be an unlinked token's actor, and only
 * the GM may write every actor. The fall is recorded beside a stun's (`system.knockedDown`, as "dive"), so the diver
 * gets up as anyone on the ground does: with a Movimento (knocked-down-guard.ts), and no Undo of a hit lifts him.
 */
import { serialiseStatusSync } from "../config/statuses.js";
import type { ModifierPart } from "../rules/attack.js";
import type { GenesysActor } from "./actor.js";
import { holders, knockedDownBy, withFall } from "./stun-prone.js";

/** The status a dive leaves (config/statuses.ts). */
const PRONE = "prone";
/** What holds a diver down, beside the hits of stun-prone.ts. */
const DIVE = "dive";

/** §2.2.1 the defence counted the dive (its +2 is among the parts the rules gave it). */
export function defenceDived(parts: readonly ModifierPart[]): boolean {
  return parts.some((p) => p.key === "dive");
}

/**
 * Lays the defender prone after a recorded defence that dived; nothing when it did not dive, the record failed, or the
 * token already lies prone (a second defence in the same turn changes nothing). Answers `result` unchanged, so the
 * defend handler can return through it; a failure to set the status is logged, the defence stays recorded.
 */
export async function proneAfterDive<R extends { ok: boolean }>(defender: GenesysActor, parts: readonly ModifierPart[], result: R): Promise<R> {
  if (!result.ok || !defenceDived(parts)) return result;
  try {
    // Two dives of one defender recorded close together (two cards) must not both create the effect: one at a time,
    // each reading the statuses when it runs. A key of its own, so it never merges with the condition sync's runs.
    await serialiseStatusSync(`dive-prone:${defender.uuid}`, async () => {
      if (defender.statuses.has(PRONE)) return;
      const held = knockedDownBy(defender);
      await Promise.all([defender.toggleStatusEffect(PRONE, { active: true }), defender.update({ "system.knockedDown": withFall(defender, held, DIVE) } as Actor.UpdateData)]); // a gmOnlyField of every actor type
    });
  } catch (error) {
    console.error("GeneSys | laying the diver prone failed", error);
  }
  return result;
}

/**
 * The dive a Narrator struck from a defence (attack/card-claims.ts): it no longer holds the defender down, and he stands
 * unless something else does (a stun, his own lying). Restored, proneAfterDive lays him down again.
 */
export async function liftDive(defender: GenesysActor): Promise<void> {
  const held = knockedDownBy(defender);
  if (!held.includes(DIVE)) return;
  const rest = held.filter((h) => h !== DIVE);
  const stillHeld = holders(rest).length > 0;
  try {
    await serialiseStatusSync(`dive-prone:${defender.uuid}`, async () => {
      await Promise.all([
        defender.update({ "system.knockedDown": stillHeld ? rest : [] } as Actor.UpdateData), // a gmOnlyField of every actor type
        stillHeld || !defender.statuses.has(PRONE) ? null : defender.toggleStatusEffect(PRONE, { active: false }),
      ]);
    });
  } catch (error) {
    console.error("GeneSys | lifting a struck dive failed", error);
  }
}
