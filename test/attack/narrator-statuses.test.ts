/**
 * Issue 19, statuses a Narrator placed stay until a Narrator takes them off: surprised and immobilised, which the
 * rules read from the token (documents/narrator-statuses.ts). Taken off by their owner, even past every client hook
 * or by switching the effect off, they come back on the Narrator's client; one the owner put on himself is his own.
 */
import { describe, expect, it } from "vitest";
import { narratorStatusWritesSettled, narratorStatusesOf, sweepNarratorStatuses } from "../../src/documents/narrator-statuses.js";
import { settle } from "../combat/helpers.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { rawStatusOff } from "../foundry/documents.js";
import { npc, playerId, useCardWorld } from "./helpers.js";

useCardWorld();

const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(users().player, fn);
const settled = async (): Promise<void> => {
  await settle();
  await narratorStatusWritesSettled();
};
const hero = () => npc("Eroe", { ownership: { default: 0, [playerId()]: 3 } });

describe("a status the Narrator placed on a player's hero", () => {
  it("is recorded; taken off by the owner past every hook, it comes back", async () => {
    const h = await hero();
    await h.toggleStatusEffect("surprised", { active: true });
    await settled();
    expect(narratorStatusesOf(h)).toEqual(["surprised"]);
    await asP(() => rawStatusOff(h, "surprised"));
    expect(h.statuses.has("surprised")).toBe(false);
    await settled();
    expect(h.statuses.has("surprised")).toBe(true);
  });

  it("the owner's ordinary click is refused up front with the reason (the courtesy); a Narrator's goes through", async () => {
    const h = await hero();
    await h.toggleStatusEffect("surprised", { active: true });
    await settled();
    foundryDouble().notifications.length = 0;
    await asP(() => h.toggleStatusEffect("surprised", { active: false }));
    expect(h.statuses.has("surprised")).toBe(true);
    expect(foundryDouble().notifications.map((n) => n.message)).toContain("GENESYS.Warn.NarratorStatus");
    await h.toggleStatusEffect("surprised", { active: false });
    await settled();
    expect(h.statuses.has("surprised")).toBe(false);
  });

  it("switched off from the owner's client: switched on again", async () => {
    const h = await hero();
    await h.toggleStatusEffect("immobilised", { active: true });
    await settled();
    const effect = [...h.effects].find((e) => e.statuses.has("immobilised")) as unknown as { update(c: object): Promise<unknown> }; // the double's status effect
    await asP(() => effect.update({ disabled: true }));
    await settled();
    expect(h.statuses.has("immobilised")).toBe(true);
  });

  it("taken off by a Narrator: the record goes, and it stays off", async () => {
    const h = await hero();
    await h.toggleStatusEffect("surprised", { active: true });
    await settled();
    await h.toggleStatusEffect("surprised", { active: false });
    await settled();
    expect(narratorStatusesOf(h)).toEqual([]);
    expect(h.statuses.has("surprised")).toBe(false);
  });

  it("one the owner put on himself is his own to take off", async () => {
    const h = await hero();
    await asP(() => h.toggleStatusEffect("surprised", { active: true }));
    await settled();
    expect(narratorStatusesOf(h)).toEqual([]);
    await asP(() => h.toggleStatusEffect("surprised", { active: false }));
    await settled();
    expect(h.statuses.has("surprised")).toBe(false);
  });

  it("taken off while no Narrator was connected: back when one connects", async () => {
    const h = await hero();
    await h.toggleStatusEffect("surprised", { active: true });
    await settled();
    const { gm } = users();
    gm.active = false;
    try {
      await asP(() => rawStatusOff(h, "surprised"));
    } finally {
      gm.active = true;
    }
    sweepNarratorStatuses();
    await settled();
    expect(h.statuses.has("surprised")).toBe(true);
  });

  it("its record is the Narrator's: the owner's write of it is refused by the server", async () => {
    const h = await hero();
    await h.toggleStatusEffect("surprised", { active: true });
    await settled();
    await expect(asP(() => h.update({ "system.narratorStatuses": [] } as Actor.UpdateData))).rejects.toThrow();
    expect(narratorStatusesOf(h)).toEqual(["surprised"]);
  });
});
