/**
 * One click when you want it: every roll button's plain click opens its dialog, the quick key (Shift by default) rolls
 * at once with this client's last answer for that actor and roll (or the defaults), the blind key (Ctrl / Cmd) makes
 * the roll blind through the sealed path. Both are keybindings; rebinding one changes which click does what. The
 * clicks go through the real sheet classes' action handlers and the card's click options.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GenesysActorSheet } from "../../src/applications/sheets/actor-sheet.js";
import { AnimalSheet } from "../../src/applications/sheets/animal-sheet.js";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import { addShortcutTooltips, cardClickOptions, CARD_ROLL_BUTTONS, defaultCheckAnswer, SHEET_ROLL_BUTTONS } from "../../src/check/quick-roll.js";
import { attackChooser } from "../../src/attack/quick-attack.js";
import { onCardAction } from "../../src/attack/attack-flow.js";
import { sealedCardOf } from "../../src/chat/sealed-card.js";
import { recallChoice } from "../../src/input/last-choices.js";
import { areKeysPressed, KEYBINDING_NAMESPACE, ROLL_KEYBINDINGS, rollModifiers, shortcutHint } from "../../src/input/roll-modifiers.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { difficultyValue } from "../../src/rules/check.js";
import { users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { diceDouble, type ChatMessage } from "../foundry/dice.js";
import type { ClientKeybindings } from "../foundry/keybindings.js";
import { ElementDouble } from "../foundry/sheets.js";
import { pressRoll, rollOf, sealedRollOf } from "./helpers.js";
import { answerFor, attackCard, DODGE_WITH_DEXTERITY, itemId, npc, rowOf, skill, stateOf, targetActors, useCardWorld, weapon } from "../attack/helpers.js";
import { createActor } from "../documents/helpers.js";
import { wolf } from "../applications/sheet-fixtures.js";

useCardWorld();

const ROOT = path.resolve(import.meta.dirname, "../..");
const keybindings = (): ClientKeybindings => game.keybindings as unknown as ClientKeybindings; // the double's own class
const KNIFE = weapon("Coltello", "armi_da_mischia", { key: "melee", range: { kind: "reach", value: 0 }, damage: { dice: 1, faces: 6, strength: false, flat: 0, type: "wounding" } });
/** A weapon that attacks twice (§3.2.3), in reach. */
const CLAWS = weapon("Artigli", "armi_da_mischia", { key: "melee", multiAttack: 2, range: { kind: "reach", value: 0 } });

type Click = Partial<Pick<MouseEvent, "shiftKey" | "ctrlKey" | "metaKey" | "altKey">>;
function click(keys: Click = {}): PointerEvent {
  // Only the modifier flags are read from a click.
  return { shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...keys } as PointerEvent;
}

type Handler = (this: unknown, event: PointerEvent, target: HTMLElement) => Promise<void>;
/** A sheet class's own action handler, called as ApplicationV2 calls it (this = the sheet). */
function action(cls: { DEFAULT_OPTIONS: { actions?: Record<string, unknown> } }, name: string): Handler {
  const entry = cls.DEFAULT_OPTIONS.actions?.[name];
  const fn: unknown = typeof entry === "function" ? entry : (entry as { handler?: unknown } | undefined)?.handler;
  if (typeof fn !== "function") throw new Error(`no action ${name}`);
  return fn as Handler; // ApplicationV2 actions are (event, target) handlers bound to the sheet
}
const asElement = (el: ElementDouble): HTMLElement => el as unknown as HTMLElement; // the handlers read dataset and closest only

async function clickCheck(actor: GenesysActor, target: ElementDouble, keys: Click = {}): Promise<void> {
  await action(GenesysActorSheet, "rollCheck").call(new PersonSheet({ document: actor }), click(keys), asElement(target));
}
const skillButton = (actor: GenesysActor, name: string): ElementDouble => {
  const id = actor.items.find((i) => i.name === name)?.id ?? "";
  return new ElementDouble({ itemId: id, skillId: id }, [new ElementDouble({ action: "rollCheck" })]).children[0] ?? new ElementDouble();
};
const characteristicButton = (key: string): ElementDouble => new ElementDouble({ action: "rollCheck", characteristic: key });

const dialogs = (): number => diceDouble().dialogs.length;
const messages = (): ChatMessage[] => diceDouble().messages;
const dice = (...d: number[]): void => {
  diceDouble().queue.push(...d);
};

async function hero(ownership?: object): Promise<GenesysActor> {
  return createActor({
    name: "Alven",
    type: "character",
    system: { characteristics: { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 } },
    items: [skill("Armi da mischia", 10), skill("Corsa", 12), KNIFE, CLAWS],
    ...(ownership ? { ownership } : {}),
  });
}

beforeEach(() => {
  diceDouble().dialogAnswers.length = 0;
  for (const id of Object.values(ROLL_KEYBINDINGS)) keybindings().reset(KEYBINDING_NAMESPACE, id);
});
afterEach(() => {
  targetActors();
});

describe("the two keybindings", () => {
  it("are registered at init, rebindable by players, Shift and Ctrl/Cmd by default, named in both languages", () => {
    const quick = keybindings().actions.get(`${KEYBINDING_NAMESPACE}.${ROLL_KEYBINDINGS.quick}`);
    const blind = keybindings().actions.get(`${KEYBINDING_NAMESPACE}.${ROLL_KEYBINDINGS.blind}`);
    expect(quick).toMatchObject({ restricted: false, editable: [{ key: "ShiftLeft" }, { key: "ShiftRight" }] });
    expect(blind).toMatchObject({ restricted: false, editable: [{ key: "ControlLeft" }, { key: "ControlRight" }, { key: "MetaLeft" }, { key: "MetaRight" }] });
    for (const lang of ["it", "en"]) {
      const tree = JSON.parse(fs.readFileSync(path.join(ROOT, "lang", `${lang}.json`), "utf8")) as { GENESYS: { Keybinding: Record<string, { Name?: string; Hint?: string }> } };
      for (const config of [quick, blind]) {
        for (const key of [config?.name, config?.hint]) {
          const [, , group = "", field = ""] = (key ?? "").split(".");
          expect(tree.GENESYS.Keybinding[group]?.[field as "Name" | "Hint"], `${lang} ${key ?? ""}`).toEqual(expect.any(String));
        }
      }
    }
  });

  it("a click's modifier flags are read against the bindings: Shift quick, Ctrl or Cmd blind, both together both", () => {
    expect(rollModifiers(click())).toEqual({ quick: false, blind: false });
    expect(rollModifiers(click({ shiftKey: true }))).toEqual({ quick: true, blind: false });
    expect(rollModifiers(click({ ctrlKey: true }))).toEqual({ quick: false, blind: true });
    expect(rollModifiers(click({ metaKey: true }))).toEqual({ quick: false, blind: true });
    expect(rollModifiers(click({ shiftKey: true, ctrlKey: true }))).toEqual({ quick: true, blind: true });
    expect(rollModifiers(null)).toEqual({ quick: false, blind: false });
  });

  it("rebinding changes which modifier triggers it; a key with modifiers needs the key held down too", async () => {
    await keybindings().set(KEYBINDING_NAMESPACE, ROLL_KEYBINDINGS.quick, [{ key: "AltLeft" }]);
    expect(areKeysPressed(click({ shiftKey: true }), "quick")).toBe(false);
    expect(areKeysPressed(click({ altKey: true }), "quick")).toBe(true);
    await keybindings().set(KEYBINDING_NAMESPACE, ROLL_KEYBINDINGS.quick, [{ key: "KeyQ", modifiers: ["Shift"] }]);
    expect(areKeysPressed(click({ shiftKey: true }), "quick")).toBe(false);
    game.keyboard.downKeys.add("KeyQ");
    try {
      expect(areKeysPressed(click({ shiftKey: true }), "quick")).toBe(true);
    } finally {
      game.keyboard.downKeys.delete("KeyQ");
    }
  });

  it("the tooltips name the keys as bound now, once however often the sheet renders", async () => {
    const format = (key: string, data: Record<string, string> = {}): string => `${key.split(".").at(-1) ?? ""}(${data["keys"] ?? ""})`;
    expect(shortcutHint({ format })).toBe("Quick(Shift) · Blind(Ctrl / Cmd)");
    expect(shortcutHint({ format }, false)).toBe("Quick(Shift)");
    const buttons = [{ dataset: { tooltip: "Tira" } as Record<string, string> }, { dataset: {} as Record<string, string> }];
    const selectors: string[] = [];
    const root = { querySelectorAll: (s: string) => (selectors.push(s), buttons) } as unknown as ParentNode; // a root offering its buttons
    addShortcutTooltips(root, SHEET_ROLL_BUTTONS);
    addShortcutTooltips(root, SHEET_ROLL_BUTTONS);
    const hint = shortcutHint(game.i18n);
    expect(buttons[0]?.dataset["tooltip"]).toBe(`Tira — ${hint}`);
    expect(buttons[1]?.dataset["tooltip"]).toBe(hint);
    await keybindings().set(KEYBINDING_NAMESPACE, ROLL_KEYBINDINGS.quick, [{ key: "AltLeft" }, { key: "AltRight" }]);
    addShortcutTooltips(root, CARD_ROLL_BUTTONS, false);
    expect(buttons[0]?.dataset["tooltip"]).toBe(`Tira — ${game.i18n.format("GENESYS.Keybinding.Tip.Quick", { keys: "Alt" })}`);
    expect(selectors).toEqual([SHEET_ROLL_BUTTONS, SHEET_ROLL_BUTTONS, CARD_ROLL_BUTTONS]);
  });
});

describe("a sheet's check buttons (skill, characteristic, a weapon's skill icon)", () => {
  it("a plain click opens the dialog; Shift-click then rolls without it, with that answer", async () => {
    const actor = await hero();
    const before = dialogs();
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "difficult", modifiers: "2" }));
    dice(5, 5);
    await clickCheck(actor, skillButton(actor, "Corsa"));
    expect(dialogs()).toBe(before + 1);
    expect(rollOf(messages().at(-1)).options).toMatchObject({ difficulty: difficultyValue("difficult"), modifiers: 2, label: "Corsa" });

    dice(5, 5);
    await clickCheck(actor, skillButton(actor, "Corsa"), { shiftKey: true });
    expect(dialogs()).toBe(before + 1);
    expect(rollOf(messages().at(-1)).options).toMatchObject({ difficulty: difficultyValue("difficult"), modifiers: 2, label: "Corsa", blind: false });
  });

  it("remembers per actor and per roll: another skill, a characteristic or another actor roll with the defaults", async () => {
    const actor = await hero();
    const other = await hero();
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "difficult", modifiers: "3" }));
    dice(5, 5);
    await clickCheck(actor, skillButton(actor, "Corsa"));
    expect(recallChoice(actor.uuid, `skill:${skillButton(actor, "Corsa").closest("[data-skill-id]")?.dataset["skillId"] ?? ""}`)).toMatchObject({ modifiers: 3 });
    const before = dialogs();
    const defaults = defaultCheckAnswer();
    for (const [who, button, label] of [
      [actor, skillButton(actor, "Armi da mischia"), "Armi da mischia"],
      [actor, characteristicButton("strength"), "GENESYS.Characteristic.strength"],
      [other, skillButton(other, "Corsa"), "Corsa"],
    ] as const) {
      dice(5, 5);
      await clickCheck(who, button, { shiftKey: true });
      expect(rollOf(messages().at(-1)).options, label).toMatchObject({ difficulty: defaults.difficulty, modifiers: 0, label });
    }
    expect(dialogs()).toBe(before);
    expect(defaults.difficulty).toBe(difficultyValue("medium"));
  });

  it("rebinding the quick key: Shift-click opens the dialog again, Alt-click rolls at once", async () => {
    const actor = await hero();
    await keybindings().set(KEYBINDING_NAMESPACE, ROLL_KEYBINDINGS.quick, [{ key: "AltLeft" }, { key: "AltRight" }]);
    const before = dialogs();
    diceDouble().dialogAnswers.push(pressRoll({}));
    dice(5, 5);
    await clickCheck(actor, characteristicButton("perception"), { shiftKey: true });
    expect(dialogs()).toBe(before + 1);
    dice(5, 5);
    await clickCheck(actor, characteristicButton("perception"), { altKey: true });
    expect(dialogs()).toBe(before + 1);
  });

  it("a player's Ctrl-click opens the dialog on blind; the card is the Narrator's, sealed, no number on the player's side", async () => {
    const { gm, player } = users();
    const actor = await hero({ default: 0, [player.id]: 3 });
    const before = dialogs();
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "blind" }));
    dice(6, 6);
    const notes = game.messages.size;
    await onClient(player, () => clickCheck(actor, skillButton(actor, "Corsa"), { ctrlKey: true }));
    expect(dialogs()).toBe(before + 1);
    expect(diceDouble().dialogs.at(-1)?.content).toMatch(/value="blind" selected/);
    const message = messages().at(-1);
    expect(game.messages.size).toBe(notes + 1);
    expect(message).toMatchObject({ authorId: gm.id, rolls: [] });
    expect(sealedRollOf(message).options).toMatchObject({ blind: true, label: "Corsa" });
    expect(diceDouble().evaluations.filter((e) => e.userId === player.id)).toEqual([]);
  });

  it("Shift+Ctrl (and Cmd): blind at once with the last difficulty, sealed the same way", async () => {
    const { gm, player } = users();
    const actor = await hero({ default: 0, [player.id]: 3 });
    // A penalty: a player's blind check takes no bonus of his own (the Narrator's client refuses it).
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "veryDifficult", modifiers: "-1" }));
    dice(5, 5);
    await onClient(player, () => clickCheck(actor, skillButton(actor, "Corsa")));
    expect(rollOf(messages().at(-1)).options).toMatchObject({ difficulty: difficultyValue("veryDifficult"), blind: false });
    const before = dialogs();
    for (const keys of [{ shiftKey: true, ctrlKey: true }, { shiftKey: true, metaKey: true }]) {
      dice(5, 5);
      await onClient(player, () => clickCheck(actor, skillButton(actor, "Corsa"), keys));
      expect(messages().at(-1)).toMatchObject({ authorId: gm.id, rolls: [] });
      expect(sealedRollOf(messages().at(-1)).options).toMatchObject({ blind: true, difficulty: difficultyValue("veryDifficult"), modifiers: -1 });
    }
    expect(dialogs()).toBe(before);
  });

  it("a blind check is not remembered as blind: the next Shift-click rolls openly", async () => {
    const { player } = users();
    const actor = await hero({ default: 0, [player.id]: 3 });
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "blind" }));
    dice(6, 6);
    await onClient(player, () => clickCheck(actor, skillButton(actor, "Corsa"), { ctrlKey: true }));
    expect(sealedRollOf(messages().at(-1)).options).toMatchObject({ blind: true });
    dice(5, 5);
    await onClient(player, () => clickCheck(actor, skillButton(actor, "Corsa"), { shiftKey: true }));
    expect(rollOf(messages().at(-1)).options).toMatchObject({ blind: false, label: "Corsa" });
  });
});

describe("a sheet's Attack button", () => {
  async function clickAttack(actor: GenesysActor, weaponName: string | null, keys: Click = {}): Promise<void> {
    if (weaponName === null) {
      await action(AnimalSheet, "attack").call(new AnimalSheet({ document: actor }), click(keys), asElement(new ElementDouble()));
      return;
    }
    const row = new ElementDouble({ itemId: itemId(actor, weaponName) }, [new ElementDouble({ action: "attack" })]);
    await action(PersonSheet, "attack").call(new PersonSheet({ document: actor }), click(keys), asElement(row.children[0] ?? row));
  }
  const cards = (): number => game.messages.contents.filter((m) => m.getFlag("genesys-gdr", "attack") !== undefined || sealedCardOf(m) !== null).length;

  it("a plain click opens the dialog; Shift-click attacks the targets without it, with the remembered modifier", async () => {
    const actor = await hero();
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const before = dialogs();
    await clickAttack(actor, "Coltello");
    expect(dialogs()).toBe(before + 1); // the dialog opened (and was dismissed: nothing posted)

    const knife = itemId(actor, "Coltello");
    // The dialog's answer, through the chooser a plain click uses (it keeps the answer).
    diceDouble().dialogAnswers.push(answerFor(actor, knife, { modifier: 2 }));
    dice(5, 5);
    const first = await attackCard(actor, knife, { choose: attackChooser(knife, { quick: false, blind: false }) });
    expect(rowOf(first, "r0").attack.total).toBe(10 + 10 + 2);
    expect(dialogs()).toBe(before + 2);

    dice(4, 4);
    const count = cards();
    await clickAttack(actor, "Coltello", { shiftKey: true });
    expect(dialogs()).toBe(before + 2);
    expect(cards()).toBe(count + 1);
    const card = game.messages.contents.at(-1);
    expect(rowOf(card, "r0").attack.total).toBe(8 + 10 + 2);
    expect(rowOf(card, "r0").target.name).toBe("Scagnozzo");
  });

  it("with no remembered answer Shift-click uses the defaults; more targets than rolls opens the dialog with a warning", async () => {
    const actor = await hero();
    const [a, b, c] = [await npc("Primo"), await npc("Secondo"), await npc("Terzo")];
    targetActors(a, b);
    dice(5, 5, 3, 3);
    const count = cards();
    const before = dialogs();
    await clickAttack(actor, "Artigli", { shiftKey: true });
    expect(dialogs()).toBe(before);
    expect(cards()).toBe(count + 1);
    const card = game.messages.contents.at(-1);
    expect([rowOf(card, "r0").target.name, rowOf(card, "r1").target.name]).toEqual(["Primo", "Secondo"]);

    targetActors(a, b, c);
    const warnings = (globalThis as unknown as { foundryDouble: { notifications: { level: string; message: string }[] } }).foundryDouble.notifications;
    const from = warnings.length;
    await clickAttack(actor, "Artigli", { shiftKey: true });
    expect(dialogs()).toBe(before + 1); // dismissed: nothing posted
    expect(cards()).toBe(count + 1);
    expect(warnings.slice(from).map((n) => n.message)).toEqual([expect.stringContaining("GENESYS.QuickRoll.Warn.Dialog")]);
    expect(warnings.at(-1)?.message).toContain("GENESYS.QuickRoll.Warn.TooManyTargets");
  });

  it("an animal's Attack button: Shift-click rolls its natural weapons at once", async () => {
    const animal = await wolf();
    targetActors(await npc("Scagnozzo"));
    const before = dialogs();
    const count = cards();
    dice(5, 5);
    await clickAttack(animal, null, { shiftKey: true });
    expect(dialogs()).toBe(before);
    expect(cards()).toBe(count + 1);
  });

  it("a player's Ctrl-click attack goes out blind: the card is sealed and no die is rolled on the player's client", async () => {
    const { player } = users();
    const actor = await hero({ default: 0, [player.id]: 3 });
    const thug = await npc("Scagnozzo");
    await onClient(player, async () => {
      targetActors(thug);
      dice(5, 5);
      const evaluations = diceDouble().evaluations.length;
      await clickAttack(actor, "Coltello", { shiftKey: true, ctrlKey: true });
      expect(diceDouble().evaluations.slice(evaluations).filter((e) => e.userId === player.id)).toEqual([]);
    });
    const card = game.messages.contents.at(-1);
    expect(card && sealedCardOf(card)).not.toBeNull();
    targetActors();
  });

  it("a blind attack is not remembered as blind: the next Shift-click attacks openly", async () => {
    const actor = await hero();
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const knife = itemId(actor, "Coltello");
    diceDouble().dialogAnswers.push({ ...answerFor(actor, knife), blind: true, modifier: 3 });
    dice(5, 5);
    await clickAttack(actor, "Coltello", { ctrlKey: true });
    expect(sealedCardOf(game.messages.contents.at(-1)!)).not.toBeNull();
    dice(5, 5);
    await clickAttack(actor, "Coltello", { shiftKey: true });
    const card = game.messages.contents.at(-1)!;
    expect(sealedCardOf(card)).toBeNull();
    const state = stateOf(card);
    expect(state.rows[state.order[0] ?? ""]?.parts).toContainEqual(expect.objectContaining({ key: "situational", value: 3 }));
    targetActors();
  });
});

describe("a sheet's Attack button, blind from the dialog", () => {
  it("a player's Ctrl-click opens the dialog with 'blind' ticked, and the attack it answers goes out sealed", async () => {
    const { player } = users();
    const actor = await hero({ default: 0, [player.id]: 3 });
    const thug = await npc("Scagnozzo");
    const before = dialogs();
    const evaluations = diceDouble().evaluations.length;
    await onClient(player, async () => {
      targetActors(thug);
      const knife = itemId(actor, "Coltello");
      diceDouble().dialogAnswers.push({ ...answerFor(actor, knife), blind: true });
      const row = new ElementDouble({ itemId: knife }, [new ElementDouble({ action: "attack" })]);
      await action(PersonSheet, "attack").call(new PersonSheet({ document: actor }), click({ ctrlKey: true }), asElement(row.children[0] ?? row));
      targetActors();
    });
    expect(dialogs()).toBe(before + 1);
    expect(diceDouble().dialogs.at(-1)?.content).toMatch(/name="blind" checked/);
    const card = game.messages.contents.at(-1);
    expect(card && sealedCardOf(card)).not.toBeNull();
    expect(diceDouble().evaluations.slice(evaluations).filter((e) => e.userId === player.id)).toEqual([]);
  });
});

describe("the attack card's Defend button", () => {
  it("a plain click opens the defence dialog; Shift-click then defends at once with that answer", async () => {
    const actor = await hero();
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const knife = itemId(actor, "Coltello");
    dice(5, 5);
    const first = await attackCard(actor, knife, { answer: answerFor(actor, knife) });
    const before = dialogs();
    diceDouble().dialogAnswers.push({ ...DODGE_WITH_DEXTERITY, modifier: 2 });
    dice(3, 3);
    expect(await onCardAction(first!, "defend", "r0", cardClickOptions(click()))).toBe(true);
    expect(dialogs()).toBe(before + 1);
    expect(rowOf(first, "r0").defence).toMatchObject({ kind: "roll", grade: 7, parts: [{ key: "situational", value: 2 }], roll: { total: 6 + 7 + 2 } });

    dice(5, 5);
    const second = await attackCard(actor, knife, { answer: answerFor(actor, knife) });
    dice(4, 4);
    expect(await onCardAction(second!, "defend", "r0", cardClickOptions(click({ shiftKey: true })))).toBe(true);
    expect(dialogs()).toBe(before + 1);
    expect(rowOf(second, "r0").defence).toMatchObject({ kind: "roll", grade: 7, parts: [{ key: "situational", value: 2 }], roll: { total: 8 + 7 + 2 } });
  });
});
