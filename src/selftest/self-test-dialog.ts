/**
 * "Run the GeneSys self-test", a Narrator's menu in the system's settings (issue 22: a self-test that needs no module):
 * the dialog says what the run does, starts it, shows which flow is playing and then each flow's result, and copies the
 * report for a bug report. The batch and its runner load with the first run: no player ever fetches them.
 */
import { SYSTEM_ID } from "../settings/rules-settings.js";
import type { SelfTestRun } from "./run-self-test.js";
import { SELF_TEST_NAME } from "./batch-name.js";
import type { SelfTestWorld } from "./scratch.js";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

const SUITE_PREFIX = `${SELF_TEST_NAME} › `;

const ICONS = { passed: "fa-circle-check", failed: "fa-circle-xmark", skipped: "fa-circle-minus" } as const;

export class SelfTestDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "genesys-self-test",
    window: { title: "GENESYS.SelfTest.Title", icon: "fa-solid fa-vial-circle-check" },
    position: { width: 520 },
    actions: { run: SelfTestDialog.#onRun, copy: SelfTestDialog.#onCopy },
  };

  static override PARTS = { body: { template: `systems/${SYSTEM_ID}/templates/settings/self-test.hbs`, scrollable: [".genesys-self-test__results"] } };

  #progress: { title: string; done: number; total: number } | null = null;
  #result: SelfTestRun | null = null;
  #running = false;

  protected override _prepareContext(): Promise<Record<string, unknown>> {
    const i18n = game.i18n;
    const result = this.#result;
    const progress = this.#progress;
    return Promise.resolve({
      hint: i18n.localize("GENESYS.SelfTest.Hint"),
      running: this.#running,
      progress: this.#running && progress
        ? i18n.format("GENESYS.SelfTest.Progress", { done: String(progress.done + 1), total: String(progress.total), title: progress.title })
        : null,
      summary: result?.summary ?? null,
      rows: (result?.tests ?? []).map((t) => ({
        // Every flow sits in the one suite: its name is the window's already.
        title: t.title.replace(SUITE_PREFIX, ""),
        cssClass: t.state,
        icon: ICONS[t.state],
        state: i18n.localize(`GENESYS.SelfTest.State.${t.state}`),
        error: t.error,
      })),
      hooks: (result?.hooks ?? []).map((h) => `${h.hook}: ${h.message}`),
      runLabel: i18n.localize(result ? "GENESYS.SelfTest.RunAgain" : "GENESYS.SelfTest.Run"),
      copyLabel: i18n.localize("GENESYS.SelfTest.Copy"),
      canCopy: result !== null && !this.#running,
    });
  }

  /** Plays the batch once (a second press while it runs does nothing); `world` is for tests. */
  async run(world?: () => SelfTestWorld): Promise<SelfTestRun | null> {
    if (this.#running) return null;
    this.#running = true;
    this.#progress = null;
    await this.render();
    try {
      const { runSelfTest } = await import("./run-self-test.js");
      const onTest = (title: string, done: number, total: number): void => {
        this.#progress = { title, done, total };
        void this.render();
      };
      const result = await runSelfTest({ onTest, ...(world ? { world } : {}) });
      if (result) this.#result = result;
      return result;
    } finally {
      this.#running = false;
      await this.render();
    }
  }

  /** The last report's text, for the clipboard; null before a run. */
  get reportText(): string | null {
    return this.#result?.text ?? null;
  }

  static async #onRun(this: SelfTestDialog): Promise<void> {
    await this.run();
  }

  static async #onCopy(this: SelfTestDialog): Promise<void> {
    const text = this.reportText;
    if (text === null) return;
    await game.clipboard.copyPlainText(text);
    ui.notifications.info(game.i18n.localize("GENESYS.SelfTest.Copied"));
  }
}
