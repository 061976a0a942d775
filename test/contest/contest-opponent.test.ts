/**
 * Regression: in a contest a player starts, what the opponent rolls (§1.7.5) decides the A-14 advantage and the
 * increment points (§1.8.2), so for an opponent the player does not own the Narrator's client holds the start to the
 * dialog's default (same skill by key, else its characteristic) and refuses any other choice; the Narrator's own start
 * keeps any choice, and the Narrator sets a side's modifier on the card (contest.modifiers) until that side rolls.
 */
import { describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { contestDialogContext } from "../../src/contest/contest-dialog.js";
import { contestState, onContestModifier, startContest } from "../../src/contest/contest-flow.js";
import { CONTEST_INTENTS } from "../../src/contest/contest-plan.js";
import { defaultOpponentChoice } from "../../src/contest/contest-opponent.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { createActor } from "../documents/helpers.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import type { User } from "../foundry/documents.js";
import { HUMAN, dice, lastWarning, playerId, skill, useCardWorld } from "../attack/helpers.js";
import { onContestAction } from "../../src/contest/contest-flow.js";

useCardWorld();

const player = (): User => foundryDouble().users.find((u) => u.id === playerId())!;
const gm = (): User => foundryDouble().users.find((u) => u.isGM)!;
const skillId = (actor: GenesysActor, name: string): string => actor.items.find((i) => i.name === name)?.id ?? "";
const lastCard = () => contestState(game.messages.contents.at(-1) as never); // the double's message stands in for Foundry's

/** Jack (the player's, Atletica 12) and the Narrator's guard, strong (FOR 14) but graceless (FAS 1), without Atletica. */
async function jackAndGuard(guardOwnership: Record<string, number> = { default: 0 }) {
  const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Atletica", 12)], ownership: { default: 0, [playerId()]: 3 } });
  const guard = await createActor({ name: "Guardia", type: "npc", system: { characteristics: { ...HUMAN, strength: 14, charm: 1 } }, ownership: guardOwnership });
  return { jack, guard, atletica: { skillId: skillId(jack, "Atletica"), characteristic: null, modifiers: 0 } };
}

describe("the opponent's side of a player's contest", () => {
  it("a player may not pick the Narrator's guard's weakest characteristic for the guard to roll", async () => {
    const { jack, guard, atletica } = await jackAndGuard();
    const before = game.messages.size;
    const result = await onClient(player(), () => sendIntent(CONTEST_INTENTS.start, {
      a: { actorUuid: jack.uuid, ...atletica },
      b: { actorUuid: guard.uuid, skillId: null, characteristic: "charm", modifiers: 0 },
      advantaged: "auto",
    }));
    expect(result).toMatchObject({ ok: false, warning: "GENESYS.Contest.Warn.OpponentGmOnly" });
    expect(game.messages.size).toBe(before);
  });

  it("the default the dialog offers goes through: the guard rolls Atletica's characteristic", async () => {
    const { jack, guard, atletica } = await jackAndGuard();
    const b = { ...defaultOpponentChoice(jack, atletica, guard), modifiers: 0 };
    expect(b).toEqual({ skillId: null, characteristic: "perception", modifiers: 0 });
    expect(await onClient(player(), () => startContest(jack, guard, { a: atletica, b }))).not.toBeNull();
    expect(lastCard()?.b).toMatchObject({ kind: "characteristic", characteristic: "perception" });
  });

  it("a player who owns both actors, and the Narrator, keep their choice", async () => {
    const mine = await jackAndGuard({ default: 0, [playerId()]: 3 });
    const charm = { skillId: null, characteristic: "charm" as const, modifiers: 0 };
    expect(await onClient(player(), () => startContest(mine.jack, mine.guard, { a: mine.atletica, b: charm }))).not.toBeNull();
    expect(lastCard()?.b.characteristic).toBe("charm");
    const theirs = await jackAndGuard();
    expect(await onClient(gm(), () => startContest(theirs.jack, theirs.guard, { a: theirs.atletica, b: { ...charm, modifiers: 2 } }))).not.toBeNull();
    expect(lastCard()?.b).toMatchObject({ characteristic: "charm", modifiers: 2 });
  });

  it("the dialog locks the opponent's choice for a player who does not own it", async () => {
    const { jack, guard, atletica } = await jackAndGuard();
    expect(contestDialogContext(jack, guard, atletica, false, game.i18n, false).sides.map((s) => s.locked)).toEqual([false, true]);
    expect(contestDialogContext(jack, guard, atletica, true).sides.map((s) => s.locked)).toEqual([false, false]);
  });
});

describe("the Narrator's modifiers on a player's contest card", () => {
  it("set per side until that side rolls; a player is refused", async () => {
    const { jack, guard, atletica } = await jackAndGuard();
    await onClient(player(), () => startContest(jack, guard, { a: atletica, b: { ...defaultOpponentChoice(jack, atletica, guard), modifiers: 0 } }));
    const card = game.messages.contents.at(-1);
    expect(await onClient(gm(), () => onContestModifier(card as never, "b", "\u22123"))).toBe(true);
    expect(lastCard()?.b.modifiers).toBe(-3);
    expect(await onClient(player(), () => onContestModifier(card as never, "a", "4"))).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Contest.Warn.NarratorOnly");
    expect(lastCard()?.a.modifiers).toBe(0);
    dice(5, 5);
    await onClient(gm(), () => onContestAction(card as never, "roll", "b"));
    expect(lastCard()?.rounds[0]?.b).toMatchObject({ modifiers: -3, total: 10 + HUMAN.perception - 3 });
    expect(await onClient(gm(), () => onContestModifier(card as never, "b", "1"))).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Contest.Warn.AlreadyRolled");
    expect(await onClient(gm(), () => onContestModifier(card as never, "a", "two"))).toBe(false);
    expect(lastCard()?.b.modifiers).toBe(-3);
  });
});
