/**
 * The Narrators' key for blind rolls (authority/seal-key.ts), from the system's settings: a Narrator copies it to take
 * their blind cards to another browser, or pastes one there. Players never reach it (the menu is restricted) and would
 * find no key in their browser anyway.
 */
import { heldKeys, keepKeys, parseRingText, ringText, rotateKey } from "../authority/seal-key.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { asInput, asTextArea } from "../compat/dom.js";

export type PastedKey = "kept" | "same" | "invalid" | "failed" | "notNarrator";

/** What pasting this text (one or more keys, one per line) does in this browser: the keys added, or why not. */
export function pasteKeys(text: string): PastedKey {
  if (!game.user.isGM) return "notNarrator";
  const keys = parseRingText(text);
  if (!keys) return "invalid";
  const known = new Set(heldKeys().map((k) => k.id));
  if (keys.every((k) => known.has(k.id))) return "same";
  return keepKeys(keys) ? "kept" : "failed";
}

/** A new key for the blind rolls to come (the earlier ones still open with theirs); false when it could not be kept. */
export function startNewKey(): boolean {
  return rotateKey() !== null;
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
    const ring = heldKeys();
    return Promise.resolve({
      hint: i18n.localize("GENESYS.Seal.Config.Hint"),
      currentLabel: i18n.localize("GENESYS.Seal.Config.Current"),
      current: ring.length > 0 ? ringText(ring) : "",
      rotateLabel: i18n.localize("GENESYS.Seal.Config.Rotate"),
      noneText: i18n.localize("GENESYS.Seal.Config.None"),
      pasteLabel: i18n.localize("GENESYS.Seal.Config.Paste"),
      pasteHint: i18n.localize("GENESYS.Seal.Config.PasteHint"),
      submitLabel: i18n.localize("GENESYS.Seal.Config.Submit"),
    });
  }

  static async #onSubmit(this: SealKeyConfig, _event: Event, form: HTMLFormElement): Promise<void> {
    const input = form.elements.namedItem("key");
    const rotate = form.elements.namedItem("rotate");
    // By tag name, not instanceof: a form in a popped-out window has that window's element classes (compat/dom.ts).
    const text = (asTextArea(input) ?? asInput(input))?.value ?? "";
    const i18n = game.i18n;
    if (text.trim()) {
      const result = pasteKeys(text);
      const ok = result === "kept" || result === "same";
      ui.notifications[ok ? "info" : "warn"](i18n.localize(`GENESYS.Seal.Config.Result.${result}`));
    }
    if (asInput(rotate)?.checked === true) {
      const made = startNewKey();
      ui.notifications[made ? "info" : "warn"](i18n.localize(made ? "GENESYS.Seal.Config.Rotated" : "GENESYS.Seal.Config.Result.failed"));
    }
    await Promise.resolve();
  }
}
