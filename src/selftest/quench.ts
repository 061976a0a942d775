/**
 * The in-Foundry self-test's batch, loaded only once Quench is ready (register.ts). Run from the active Narrator's client, the batch plays the system's main flows in the
 * real world (flows.ts), in scratch documents it removes at the end even when a test fails (scratch.ts).
 *
 * Quench's context is typed here with only what the batch uses; no dependency on Quench's own types.
 */
import { foundryWorld } from "./foundry-world.js";
import {
  applyToTokensAndUndo,
  passTimeIn,
  attackDefendDamageUndo,
  createEveryActor,
  createEveryItem,
  createShooter,
  linkedCharacter,
  narratorToolCards,
  encounterOddsCard,
  itemEffectsChangeNumbers,
  effectApprovalBinding,
  effectsInAttackRoll,
  strikeAndRestoreClaim,
  playCombatRound,
  renderEverySheet,
  rollEveryMode,
  requestAndReveal,
  rollThroughApi,
  contestWithWolf,
  sealAndReveal,
  statusesFollowDamage,
  timePassesAndUndo,
  stunAndUndo,
  narratorControls,
  movementAllowanceOfToken,
  movementTerrainCheck,
  grappleAndRelease,
  fallAndUndo,
  creationFinishAndReopen,
  studyByTimeAndUndo,
  starvationDeathAndUndo,
  losingControlTimedEffect,
  drawAndReloadInCombat,
  attackAnObject,
  narrowWinAdvantage,
  crippledLegAndUndo,
  unlinkedWolf,
  type Assert,
} from "./flows.js";
import { describeFailures, Scratch, type SelfTestWorld } from "./scratch.js";
import type { GenesysActor } from "../documents/actor.js";
import type { GenesysItem } from "../documents/item.js";

export { SELF_TEST_BATCH, SELF_TEST_NAME } from "./batch-name.js";
import { SELF_TEST_NAME } from "./batch-name.js";
/** Mocha's default of 2 s is far too short for documents written through a real server. */
export const SELF_TEST_TIMEOUT_MS = 60_000;

/** Mocha's suite context, as a describe callback receives it. */
export interface QuenchSuite {
  timeout(ms: number): unknown;
}

export type QuenchCallback = () => Promise<void> | void;

/** The members of Quench's batch context (Mocha's BDD functions and chai's assert) that the batch uses. */
export interface QuenchContext {
  describe: (title: string, fn: (this: QuenchSuite) => void) => unknown;
  it: (title: string, fn: QuenchCallback) => unknown;
  before: (fn: QuenchCallback) => unknown;
  after: (fn: QuenchCallback) => unknown;
  assert: Assert;
}

/** The batch's suites on a run (register.ts hands Quench's context over once this module has loaded). */
export function runFlows(context: QuenchContext, world: () => SelfTestWorld = foundryWorld): void {
  flowsBatch(context, world);
}

/** The batch's suites and tests, registered with Quench's Mocha when the user starts a run. */
export function flowsBatch(context: QuenchContext, world: () => SelfTestWorld): void {
  const { describe, it, before, after, assert } = context;

  describe(SELF_TEST_NAME, function () {
    this.timeout(SELF_TEST_TIMEOUT_MS);
    let scratch: Scratch | null = null;
    const books = (): Scratch => {
      if (!scratch) throw new Error("the scratch books are not open: see the before-all hook's failure");
      return scratch;
    };
    let everyone: Promise<{ actors: GenesysActor[]; items: GenesysItem[] }> | null = null;
    // Made once, by whichever test needs them first; a failure is every such test's failure.
    const cast = (): Promise<{ actors: GenesysActor[]; items: GenesysItem[] }> => {
      everyone ??= (async () => ({
        actors: Object.values(await createEveryActor(books(), assert)),
        items: Object.values(await createEveryItem(books(), assert)),
      }))();
      return everyone;
    };

    before(async () => {
      // Cards, blind checks and status syncs are the active Narrator's client's: anywhere else they would happen elsewhere.
      if (game.users.activeGM?.isSelf !== true) throw new Error("run this batch as the active Narrator (the first connected GM)");
      const made = world();
      passTimeIn(made);
      scratch = new Scratch(made, game.user.id);
      await scratch.scene();
    });

    after(async () => {
      if (!scratch) return;
      const report = await scratch.cleanup();
      if (report.failures.length > 0) throw new Error(`the self-test could not remove everything it made: ${describeFailures(report.failures)}`);
    });

    it("creates an actor of every type and an item of every type", async () => {
      const { actors, items } = await cast();
      assert.strictEqual(actors.length + items.length, 8, "three actor types and five item types");
    });

    it("renders every actor and item sheet", async () => {
      const { actors, items } = await cast();
      await renderEverySheet(books(), [...actors, ...items], assert);
    });

    it("rolls a check in each roll mode (public, private, blind, self)", async () => {
      const { actors } = await cast();
      const character = actors.find((a) => a.type === "character");
      if (!character) throw new Error("no character to roll with");
      await rollEveryMode(character, books(), assert);
    });

    it("rolls a skill check through game.genesys.rollCheck, the skill named by its key", async () => {
      await rollThroughApi(books(), assert);
    });

    it("plays a contest through game.genesys.contest against an unlinked wolf, and refuses one on a characteristic it lacks", async () => {
      await contestWithWolf(books(), assert);
    });

    it("asks for a check with a hidden difficulty, rolls the row from the card and reveals it", async () => {
      await requestAndReveal(books(), assert);
    });

    it("posts the Narrator's reaction, recognition and losing-control cards, changing no actor", async () => {
      await narratorToolCards(books(), assert);
    });

    it("simulates a shooter against an unlinked wolf in slices and whispers the odds card to the Narrators", async () => {
      await encounterOddsCard(books(), assert);
    });

    it("an item's Active Effect raises Forza and Resistenza follows; disabling it takes them back", async () => {
      await itemEffectsChangeNumbers(books(), assert);
    });

    it("an effect counts once approved, bound to its changes; the Narrator's own at once", async () => {
      await effectApprovalBinding(books(), assert);
    });

    it("an item's check effect is a part of the attack roll, named for its source", async () => {
      await effectsInAttackRoll(books(), assert);
    });

    it("a claim on the card struck by the Narrator turns the hit into a miss; restored, a hit again", async () => {
      await strikeAndRestoreClaim(books(), assert);
    });

    it("seals a blind check, opens it on the Narrator's client and reveals it", async () => {
      const { actors } = await cast();
      const character = actors.find((a) => a.type === "character");
      if (!character) throw new Error("no character to roll with");
      await sealAndReveal(character, books(), assert);
    });

    it("attack → defence → damage → apply → undo against a linked character", async () => {
      const { shooter, weaponId } = await createShooter(books());
      const { target } = await linkedCharacter(books(), assert);
      await attackDefendDamageUndo(shooter, weaponId, target, assert);
    });

    it("attack → defence → damage → apply → undo against an unlinked compendium wolf", async () => {
      const { shooter, weaponId } = await createShooter(books());
      const { target } = await unlinkedWolf(books(), assert);
      await attackDefendDamageUndo(shooter, weaponId, target, assert);
    });

    it("applies a row to two selected unlinked wolves, each with its own armour, and undoes each", async () => {
      const { shooter, weaponId } = await createShooter(books());
      const { target } = await linkedCharacter(books(), assert);
      const { card, row } = await attackDefendDamageUndo(shooter, weaponId, target, assert);
      await applyToTokensAndUndo(card, row.id, books(), assert);
    });

    it("plays a combat round with declarations and a held action, in the rules' order", async () => {
      await playCombatRound(books(), assert);
    });

    it("sets and clears the condition statuses as damage comes and goes", async () => {
      await statusesFollowDamage(books(), assert);
    });

    it("lets an hour pass for an unlinked wolf, reports it to the Narrator and undoes it", async () => {
      await timePassesAndUndo(books(), assert);
    });

    it("makes an unlinked wolf fall 4.5 m, reports the trauma on a card and undoes it", async () => {
      await fallAndUndo(books(), assert);
    });

    it("starts a new Protagonista in creation mode, and lets the Narrator finish and reopen it", async () => {
      await creationFinishAndReopen(books(), assert);
    });

    it("with the stun rule, a failed stun check lays the wolf's token prone and Undo of the hit lifts it", async () => {
      await stunAndUndo(books(), assert);
    });

    it("grapples an unlinked wolf from a linked token: both show the status, neither moves, the release clears both", async () => {
      await grappleAndRelease(books(), assert);
    });

    it("shows an unlinked wolf's Movimento allowance: its Speed, a quarter when its token lies prone", async () => {
      await movementAllowanceOfToken(books(), assert);
    });

    it("asks a terrain check for an unlinked wolf's Movimento: failed by 5 or more, a mishap this round, whole the next", async () => {
      await movementTerrainCheck(books(), assert);
    });

    it("shows the Narrator's GeneSys group in the scene controls, every tool a button, opened and left again", async () => {
      await narratorControls(assert);
    });

    it("advances a Protagonista's study by 16 days of world time, one point on the card, and undoes it", async () => {
      await studyByTimeAndUndo(books(), assert);
    });

    it("lets a starving Protagonista's deadline run out, confirms the death on the card and undoes it", async () => {
      await starvationDeathAndUndo(books(), assert);
    });

    it("applies a losing-control behaviour as a timed effect, counted by checks and ended by the world clock", async () => {
      await losingControlTimedEffect(books(), assert);
    });

    it("draws an unlinked gunman's pistol with one Preparazione and reloads it with three (P 3)", async () => {
      await drawAndReloadInCombat(books(), assert);
    });

    it("shoots at an object with no token targeted: the Narrator's static difficulty resolves it, no damage", async () => {
      await attackAnObject(books(), assert);
    });

    it("a narrow win: the Narrator's word on the wolf's advantage gives or takes back the Pistola's point", async () => {
      await narrowWinAdvantage(books(), assert);
    });

    it("cripples an unlinked Comparsa's leg with an aimed hit (Speed 1, the token's status) and undoes it", async () => {
      await crippledLegAndUndo(books(), assert);
    });
  });
}
