/** Narrator-only settings windows are stand-ins at load; opening one fetches the real window and renders it. */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { lazyMenu, type MenuWindow } from "../../src/applications/lazy-menu.js";
import { SealKeyConfig } from "../../src/applications/seal-key-config.js";
import { SelfTestDialog } from "../../src/selftest/self-test-dialog.js";
import { expectConsole } from "../console-guard.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";

beforeAll(async () => {
  await bootSystem();
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
});

/** Opens a registered menu as the settings window does: its type made with no argument, then rendered. */
async function openMenu(key: string): Promise<void> {
  const menu = foundryDouble().settings.menus.get(`genesys-gdr.${key}`);
  const Type = menu?.["type"] as MenuWindow | undefined; // registerMenu's type, a class made with no argument
  if (!Type) throw new Error(`no menu ${key}`);
  await new Type().render({ force: true });
}

describe("lazily loaded settings windows", () => {
  it.each([
    ["selfTest", SelfTestDialog, "GENESYS.SelfTest.Label"],
    ["sealKey", SealKeyConfig, "GENESYS.Seal.Config.Label"],
  ] as const)("the %s menu is the Narrators' only and opens its window", async (key, Window, label) => {
    const menu = foundryDouble().settings.menus.get(`genesys-gdr.${key}`);
    expect(menu).toMatchObject({ restricted: true, label });
    expect(menu?.["type"]).not.toBe(Window);
    const render = vi.spyOn(Window.prototype, "render");
    try {
      await openMenu(key);
      expect(render).toHaveBeenCalledTimes(1);
      expect(render.mock.instances[0]).toBeInstanceOf(Window);
      expect(render.mock.calls[0]?.[0]).toMatchObject({ force: true });
    } finally {
      render.mockRestore();
    }
  });

  it("a window whose chunk cannot be fetched gives a notice, not an unhandled rejection", async () => {
    const Stand = lazyMenu(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    await expect(new Stand().render({ force: true })).resolves.toBeInstanceOf(Stand);
    expect(foundryDouble().notifications.at(-1)).toMatchObject({ level: "error", message: "GENESYS.Settings.MenuLoadFailed" });
    expectConsole("error", /settings window could not be loaded/);
  });
});
