/**
 * The Narrators' key for blind rolls (authority/seal-key.ts), from the system's settings: a Narrator copies it to take
 * their blind cards to another browser, or pastes one there. Players never reach it (the menu is restricted) and would
 * find no key in their browser anyway.
 */
import { heldKey, keepKey, keyText, parseKeyText } from "../authority/seal-key.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";

export type PastedKey = "kept" | "same" | "invalid" | "failed" | "notNarrator";

/** What pasting this text does in this browser: the key kept, or why not. */
export function pasteKey(text: string): PastedKey {
  if (!game.user.isGM) return "notNarrator";
  const key = parseKeyText(text);
  if (!key) return "invalid";
  if (heldKey()?.id === key.id) return "same";
  return keepKey(key) ? "kept" : "failed";
}

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export class SealKeyConfig extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "genesys-seal-key",
    tag: "form",
    window: { title: "GENESYS.Seal.Config.Title", icon: "fa-solid fa-key" },
    position: { width: 480 },
    form: { handler: SealKeyConfig.#onSubmit, closeOnSubmit: true, submitOnChange: false },
  };

  static override PARTS = { form: { template: `systems/${SYSTEM_ID}/templates/settings/seal-key.hbs` } };

  protected override _prepareContext(): Promise<Record<string, unknown>> {
    const i18n = game.i18n;
    const key = heldKey();
    return Promise.resolve({
      hint: i18n.localize("GENESYS.Seal.Config.Hint"),
      currentLabel: i18n.localize("GENESYS.Seal.Config.Current"),
      current: key ? keyText(key) : "",
      noneText: i18n.localize("GENESYS.Seal.Config.None"),
      pasteLabel: i18n.localize("GENESYS.Seal.Config.Paste"),
      pasteHint: i18n.localize("GENESYS.Seal.Config.PasteHint"),
      submitLabel: i18n.localize("GENESYS.Seal.Config.Submit"),
    });
  }

  static async #onSubmit(this: SealKeyConfig, _event: Event, form: HTMLFormElement): Promise<void> {
    const input = form.elements.namedItem("key");
    const text = input instanceof HTMLInputElement ? input.value : "";
    if (!text.trim()) return;
    const result = pasteKey(text);
    const notify = result === "kept" || result === "same" ? ui.notifications.info.bind(ui.notifications) : ui.notifications.warn.bind(ui.notifications);
    notify(game.i18n.localize(`GENESYS.Seal.Config.Result.${result}`));
    await Promise.resolve();
  }
}

/** The settings menu entry, for Narrators only. Call at init. */
export function registerSealKeyMenu(): void {
  game.settings.registerMenu(SYSTEM_ID, "sealKey", {
    name: "GENESYS.Seal.Config.Title",
    label: "GENESYS.Seal.Config.Label",
    hint: "GENESYS.Seal.Config.MenuHint",
    icon: "fa-solid fa-key",
    type: SealKeyConfig,
    restricted: true,
  });
}
