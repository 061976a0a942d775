import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { applyMessageMode, currentMessageMode, modeOption, normalizeMessageMode, rollModeOption } from "../../src/compat/message-mode.js";
import { jack, lastMessage, skillId } from "../check/helpers.js";
import { users } from "../foundry/boot.js";
import { bootSystem } from "../foundry/boot.js";

// The double's game carries release.generation (test/foundry/globals.ts); the 13.345 types call it read-only.
const release = (): { generation: number } => (game as unknown as { release: { generation: number } }).release;
// The double's settings: v14's core.messageMode is registered here the way v14 registers it (an assumption of its default).
const settings = (): { register(ns: string, key: string, data: object): void; set(ns: string, key: string, v: unknown): Promise<unknown> } =>
  game.settings;

beforeAll(async () => {
  await bootSystem();
  settings().register("core", "messageMode", { default: "public" });
});

afterEach(async () => {
  release().generation = 13;
  await settings().set("core", "rollMode", "publicroll");
  await settings().set("core", "messageMode", "public");
});

describe("the user's message mode across Foundry generations", () => {
  it("v13 reads core.rollMode and its values", async () => {
    for (const [v13, ours] of [["publicroll", "public"], ["gmroll", "gm"], ["blindroll", "blind"], ["selfroll", "self"]] as const) {
      await settings().set("core", "rollMode", v13);
      await settings().set("core", "messageMode", "public");
      expect(currentMessageMode()).toBe(ours);
      expect(rollModeOption(ours)).toBe(v13);
    }
  });

  it("v14 reads core.messageMode (the old key would make a blind choice public); in-character counts as public", async () => {
    release().generation = 14;
    await settings().set("core", "rollMode", "publicroll");
    for (const mode of ["public", "gm", "blind", "self"] as const) {
      await settings().set("core", "messageMode", mode);
      expect(currentMessageMode()).toBe(mode);
      expect(rollModeOption(mode)).toBe(mode);
    }
    await settings().set("core", "messageMode", "ic");
    expect(currentMessageMode()).toBe("public");
  });

  it("unknown values are public, whatever the spelling", () => {
    expect(normalizeMessageMode("roll")).toBe("public");
    expect(normalizeMessageMode(null)).toBe("public");
    expect(normalizeMessageMode("blindroll")).toBe("blind");
    expect(normalizeMessageMode("gm")).toBe("gm");
  });

  it("whisper and blind fields: applyRollMode on v13, applyMode on v14 when it exists", () => {
    const cls = ChatMessage as unknown as { applyMode?: (d: object, m: string) => void; applyRollMode: (d: object, m: string) => void };
    const v13 = vi.spyOn(cls, "applyRollMode");
    const data: Record<string, unknown> = {};
    applyMessageMode(data, "blind");
    expect(v13).toHaveBeenCalledWith(data, "blindroll");
    expect(data["blind"]).toBe(true);
    release().generation = 14;
    cls.applyMode = vi.fn();
    try {
      applyMessageMode({}, "gm");
      expect(cls.applyMode).toHaveBeenCalledWith({}, "gm");
      expect(v13).toHaveBeenCalledTimes(1);
    } finally {
      delete cls.applyMode;
      v13.mockRestore();
    }
  });
});

describe("the mode option of Roll#toMessage and ChatMessage.create across generations", () => {
  it("v13 names it rollMode with v13's values; v14 names it messageMode (rollMode is deprecated there)", () => {
    expect(modeOption("gm")).toEqual({ rollMode: "gmroll" });
    expect(modeOption("public")).toEqual({ rollMode: "publicroll" });
    release().generation = 14;
    expect(modeOption("gm")).toEqual({ messageMode: "gm" });
    expect(modeOption("blind")).toEqual({ messageMode: "blind" });
  });

  it.each([13, 14])("a private check on generation %i reaches the Narrators, whichever name the option has", async (generation) => {
    release().generation = generation;
    const actor = await jack();
    await actor.rollCheck({ skillId: skillId(actor, "Corsa"), difficulty: 20, prompt: false, messageMode: "gm" });
    const message = lastMessage() as unknown as { whisper: string[]; rollMode: string | undefined };
    expect(message.whisper).toContain(users().gm.id);
    expect(message.rollMode).toBe("gmroll");
  });
});

