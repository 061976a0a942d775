/**
 * Regression (review s17b, issue 11): §2.3.7 a grapple is contested with unarmed combat. The GM's client accepts a
 * player's choice only among his actor's unarmed skills (Destrezza when he has none) and refuses another with a
 * warning; only the Narrator may pick any skill (grapple-intents.ts rollFor, unarmed-skill.ts mayGrappleWith). The
 * dialog offers a player only what would be accepted.
 */
import { describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { contestState } from "../../src/contest/contest-plan.js";
import { onContestAction } from "../../src/contest/contest-flow.js";
import { grappleDialogContext } from "../../src/grapple/grapple-dialog.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { GRAPPLE_INTENTS } from "../../src/grapple/grapple-intent-kinds.js";
import { readGrapples } from "../../src/documents/grapple-state.js";
import { createActor } from "../documents/helpers.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { sharedScene, placeToken } from "../foundry/scenes.js";
import type { User } from "../foundry/documents.js";
import { HUMAN, dice, playerId, skill, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const gm = (): User => foundryDouble().users.find((u) => u.isGM)!;
const player = (): User => foundryDouble().users.find((u) => u.id === playerId())!;
const i18n = { localize: (k: string) => k, format: (k: string) => k };

async function world() {
  const scene = sharedScene("Vicolo");
  const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Combattimento disarmato", 12), skill("Lotta", 9), skill("Pistola", 16)], ownership: { default: 0, [playerId()]: 3 } });
  const base = await createActor({ name: "Bruto", type: "npc", system: { characteristics: HUMAN }, items: [skill("Lotta", 10)] });
  const jackToken = placeToken(scene, jack, { actorLink: true });
  const bruteToken = placeToken(scene, base, { x: 100 });
  expect(bruteToken.actor).toBeInstanceOf(GenesysActor);
  const id = (name: string): string => jack.items.find((i) => i.name === name)!.id!;
  return { scene, jack, jackToken, bruteToken, id };
}

const start = (w: Awaited<ReturnType<typeof world>>, skillId: string | null) => ({ attackerTokenUuid: w.jackToken.uuid, defenderTokenUuid: w.bruteToken.uuid, skillId });
const label = (): string | undefined => contestState(game.messages.contents.at(-1) as never)?.a.label;

describe("§2.3.7 the skill a grapple is contested with", () => {
  it("a player's Pistola is refused at the start and in a contest; his other unarmed skill is taken; nothing posted on refusal", async () => {
    const w = await world();
    const before = game.messages.contents.length;
    expect(await onClient(player(), () => sendIntent(GRAPPLE_INTENTS.start, start(w, w.id("Pistola"))))).toMatchObject({ ok: false, warning: "GENESYS.Grapple.Warn.NotUnarmed" });
    expect(game.messages.contents.length).toBe(before);

    expect(await onClient(player(), () => sendIntent(GRAPPLE_INTENTS.start, start(w, w.id("Lotta"))))).toMatchObject({ ok: true });
    expect(label()).toBe("Lotta");
    const card = game.messages.contents.at(-1)!;
    dice(8, 8);
    await onClient(player(), () => onContestAction(card as never, "roll", "a"));
    dice(1, 1);
    await onClient(gm(), () => onContestAction(card as never, "roll", "b"));
    const hold = readGrapples(w.scene)[0]!;
    const count = game.messages.contents.length;
    expect(await onClient(player(), () => sendIntent(GRAPPLE_INTENTS.contest, { sceneId: w.scene.id, grappleId: hold.id, side: "attacker", skillId: w.id("Pistola") }))).toMatchObject({ ok: false, warning: "GENESYS.Grapple.Warn.NotUnarmed" });
    expect(game.messages.contents.length).toBe(count);
    expect(readGrapples(w.scene)[0]?.pending.attacker).toBeNull();
  });

  it("on a scene the player cannot view, the player's start is refused and nothing is posted; the Narrator's goes", async () => {
    const w = await world();
    w.scene.ownership = { default: 0 };
    const before = game.messages.contents.length;
    expect(await onClient(player(), () => sendIntent(GRAPPLE_INTENTS.start, start(w, w.id("Lotta"))))).toMatchObject({ ok: false, warning: "GENESYS.Grapple.Warn.UnseenScene" });
    expect(game.messages.contents.length).toBe(before);
    expect(await onClient(gm(), () => sendIntent(GRAPPLE_INTENTS.start, start(w, w.id("Lotta"))))).toMatchObject({ ok: true });
  });

  it("without a choice a player rolls his best unarmed skill; the Narrator may pick any skill", async () => {
    const w = await world();
    expect(await onClient(player(), () => sendIntent(GRAPPLE_INTENTS.start, start(w, null)))).toMatchObject({ ok: true });
    expect(label()).toBe("Combattimento disarmato");
    const w2 = await world();
    expect(await onClient(gm(), () => sendIntent(GRAPPLE_INTENTS.start, start(w2, w2.id("Pistola"))))).toMatchObject({ ok: true });
    expect(label()).toBe("Pistola");
  });

  it("the dialog offers a player his unarmed skills only (Destrezza without one), the Narrator every skill and Destrezza", async () => {
    const w = await world();
    const values = (narrator: boolean, actor: GenesysActor = w.jack): string[] => grappleDialogContext(actor, "", i18n, narrator).options.map((o) => o.value);
    expect(values(false)).toEqual([w.id("Combattimento disarmato"), w.id("Lotta")]);
    expect(values(true)).toEqual([w.id("Combattimento disarmato"), w.id("Lotta"), w.id("Pistola"), "dexterity"]);
    const gunman = await createActor({ name: "Sparo", type: "character", system: { characteristics: HUMAN }, items: [skill("Pistola", 16)] });
    expect(values(false, gunman)).toEqual(["dexterity"]);
    expect(grappleDialogContext(gunman, "", i18n, false).options[0]?.selected).toBe(true);
  });
});
