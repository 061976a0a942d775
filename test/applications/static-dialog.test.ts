/** The static-target dialog (§2.3.5, A-16): the custom difficulty field shows only when "custom" is chosen. */
import { beforeAll, describe, expect, it } from "vitest";
import { bindStaticCustom, parseStaticForm, staticDialogContext } from "../../src/attack/attack-dialog.js";
import { bootSystem } from "../foundry/boot.js";

beforeAll(async () => {
  await bootSystem();
});

/** A stand-in for the dialog's form: the row select and the custom group, as bindStaticCustom reads them. */
function fakeDialog(initial: string) {
  const listeners: (() => void)[] = [];
  const select = { value: initial, addEventListener: (_: string, fn: () => void) => void listeners.push(fn) };
  const custom = { hidden: false, toggleAttribute(_: string, force: boolean) { this.hidden = force; } };
  const form = { querySelector: (selector: string) => (selector.startsWith("select") ? select : selector === "[data-custom]" ? custom : null) };
  const root = { querySelector: (selector: string) => (selector === "form" ? form : null) } as unknown as HTMLElement;
  return { root, select, custom, change: (value: string) => { select.value = value; for (const fn of listeners) fn(); } };
}

describe("static-target dialog", () => {
  it("renders the custom field hidden, with the book's ladder preselected on Medium", async () => {
    const html = await foundry.applications.handlebars.renderTemplate("systems/genesys-gdr/templates/dialogs/static-target.hbs", staticDialogContext("Scagnozzo", game.i18n));
    expect(html).toMatch(/<div class="form-group" data-custom hidden>/);
    expect(html).toMatch(/<option value="medium" selected>/);
  });

  it("shows the custom field when custom is chosen and hides it again otherwise; only then is its number read", () => {
    const dialog = fakeDialog("medium");
    bindStaticCustom(dialog.root);
    expect(dialog.custom.hidden).toBe(true);
    dialog.change("custom");
    expect(dialog.custom.hidden).toBe(false);
    dialog.change("easy");
    expect(dialog.custom.hidden).toBe(true);
    expect(parseStaticForm({ row: "custom", custom: "17" })).toBe(17);
    expect(parseStaticForm({ row: "medium", custom: "17" })).toBe(15);
  });
});
