/**
 * The self-test without any module (issue 22): the Narrator starts it from the system's settings (self-test-dialog.ts),
 * it runs the same batch as Quench would (quench.ts) with the system's own runner (runner.ts), in scratch documents it
 * removes afterwards, and whispers the report to the Narrator as a card whose text can go into a bug report.
 */
import { foundryWorld } from "./foundry-world.js";
import { runFlows } from "./quench.js";
import { failureMessage, reportText, selfTestRunner, stateCounts, type OnTest, type RunReport, type TestState } from "./runner.js";
import type { SelfTestWorld } from "./scratch.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";

export const SELF_TEST_CARD_TEMPLATE = `systems/${SYSTEM_ID}/templates/chat/self-test-card.hbs`;

export interface SelfTestRun {
  report: RunReport;
  /** The report as plain text: what a bug report should carry. */
  text: string;
  counts: Record<TestState, number>;
  /** The counts in the user's language ("33 riusciti…"), for the card and the dialog. */
  summary: string;
  /** Each test's end, its failure read as a message. */
  tests: { title: string; state: TestState; error: string | null }[];
  /** The failures of the suite's own hooks (setting up, cleaning up). */
  hooks: { hook: string; suite: string; message: string }[];
}

export interface RunOptions {
  onTest?: OnTest;
  /** The Foundry operations the batch uses (tests pass the double's). */
  world?: () => SelfTestWorld;
}

let running = false;

/** What the report names first: this system's and Foundry's versions, and who ran it when. */
function header(): string[] {
  const release = game.release;
  return [
    `GeneSys GdR ${game.system.version} — Foundry ${release.version} (generation ${String(release.generation)})`,
    `${new Date().toISOString()}, ${game.user.name}`,
  ];
}

/**
 * The text as a chat card shows it literally: Foundry runs its enrichers over chat content, so a failure message with
 * `[[…]]` (a deepEqual of arrays) would become an inline roll and `@Word[…]` a link. A zero-width space breaks both;
 * the dialog's Copy gives the clean text.
 */
function literal(text: string): string {
  return text.replace(/\[\[/g, "[\u200b[").replace(/@(?=\w)/g, "@\u200b");
}

/** The report, read once for the card and the dialog: counts, each test's message, the hooks' failures. */
function summarize(report: RunReport, text: string): SelfTestRun {
  const counts = stateCounts(report);
  return {
    report,
    text,
    counts,
    summary: game.i18n.format("GENESYS.SelfTest.Summary", { passed: String(counts.passed), failed: String(counts.failed), skipped: String(counts.skipped) }),
    tests: report.tests.map((t) => ({ title: t.title, state: t.state, error: t.state === "failed" ? failureMessage(t.error) : null })),
    hooks: report.hooks.map((h) => ({ hook: h.hook, suite: h.suite, message: failureMessage(h.error) })),
  };
}

async function postReport(run: SelfTestRun): Promise<void> {
  const i18n = game.i18n;
  const failures = [
    ...run.tests.filter((t) => t.error !== null).map((t) => ({ title: t.title, message: literal(t.error ?? "") })),
    ...run.hooks.map((h) => ({ title: `${h.hook}: ${h.suite}`, message: literal(h.message) })),
  ];
  const content = await foundry.applications.handlebars.renderTemplate(SELF_TEST_CARD_TEMPLATE, {
    title: i18n.localize("GENESYS.SelfTest.Card.Title"),
    ok: failures.length === 0 && run.counts.skipped === 0,
    summary: run.summary,
    failures,
    reportLabel: i18n.localize("GENESYS.SelfTest.Card.Report"),
    text: literal(run.text),
  });
  await ChatMessage.implementation.create({ content, whisper: [game.user.id], speaker: { alias: i18n.localize("GENESYS.SelfTest.Card.Speaker") } });
}

/**
 * Runs the batch on this client, which must be the active Narrator's (cards, blind checks and statuses are its work);
 * null when it is not, or when a run is already under way. The report card is posted after the batch has removed
 * what it made, so it stays.
 */
export async function runSelfTest(options: RunOptions = {}): Promise<SelfTestRun | null> {
  if (game.users.activeGM?.isSelf !== true) {
    ui.notifications.warn(game.i18n.localize("GENESYS.SelfTest.Warn.ActiveNarrator"));
    return null;
  }
  if (running) {
    ui.notifications.warn(game.i18n.localize("GENESYS.SelfTest.Warn.Running"));
    return null;
  }
  running = true;
  try {
    const runner = selfTestRunner();
    runFlows(runner.context, options.world ?? foundryWorld);
    const report = await runner.run(options.onTest);
    const run = summarize(report, reportText(report, header()));
    // The run is over and its report stands whatever becomes of the card.
    try {
      await postReport(run);
    } catch (error) {
      console.error("GeneSys GdR | the self-test's report card could not be posted", error);
      ui.notifications.warn(game.i18n.localize("GENESYS.SelfTest.Warn.NoCard"));
    }
    return run;
  } finally {
    running = false;
  }
}
