/**
 * A settings menu whose window is a chunk of its own, fetched when a Narrator first opens it: the self-test's dialog
 * and the blind-roll key's window are Narrator-only, and no player's browser should load them. Foundry makes the
 * menu's `type` with no argument and renders it (V13-API §9 registerMenu: `type: new () => ApplicationV2`); the stand-in
 * renders nothing itself, it opens the real window instead. Assumption: core calls `render` on the instance it makes,
 * as it must to show any menu; no peer was found that loads a menu lazily.
 */
const { ApplicationV2 } = foundry.applications.api;

/** The real window's class, as a chunk's module exports it. */
export type MenuWindow = new () => { render(options: { force: boolean }): Promise<unknown> };

/** The stand-in class for `registerMenu`'s `type`; `load` imports the window's chunk and returns its class. */
export function lazyMenu(load: () => Promise<MenuWindow>): new () => foundry.applications.api.ApplicationV2 {
  return class LazyMenu extends ApplicationV2 {
    override async render(): Promise<this> {
      try {
        const Window = await load();
        await new Window().render({ force: true });
      } catch (error) {
        // A chunk that cannot be fetched (a stale cache after an update, a dropped connection) says so, once.
        console.error("GeneSys GdR | a settings window could not be loaded", error);
        ui.notifications.error(game.i18n.localize("GENESYS.Settings.MenuLoadFailed"));
      }
      return this;
    }
  };
}
