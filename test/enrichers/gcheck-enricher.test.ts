/**
 * `[[/gcheck …]]`: its parameters, the button it renders (a broken link for bad ones, never an error), and a click:
 * the Narrator's opens the request dialog pre-filled, a player's rolls the check for their character.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gcheckMarkup, onGcheckClick, parseGcheck } from "../../src/enrichers/gcheck.js";
import { GCHECK_PATTERN, onGcheckButtonClick } from "../../src/enrichers/gcheck-hooks.js";
import { bootSystem, foundryDouble, users } from "../foundry/boot.js";
import { onClient, resetNetwork } from "../foundry/clients.js";
import { diceDouble, type DialogConfig } from "../foundry/dice.js";
import { resetIntentMemory } from "../../src/authority/intent-channel.js";
import { dice, jack, lastMessage, pressRoll, rollOf } from "../check/helpers.js";
import { expectConsole } from "../console-guard.js";

const i18n = { localize: (k: string) => k, format: (k: string, d: Record<string, string> = {}) => `${k} ${JSON.stringify(d)}` };

function matchOf(text: string): RegExpMatchArray {
  const match = [...text.matchAll(new RegExp(GCHECK_PATTERN.source, GCHECK_PATTERN.flags))][0];
  if (!match) throw new Error(`no match in ${text}`);
  return match;
}

beforeAll(async () => {
  await bootSystem();
});

beforeEach(() => {
  resetNetwork();
  resetIntentMemory();
  diceDouble().dialogAnswers.length = 0;
  diceDouble().queue.length = 0;
});

describe("[[/gcheck …]] parameters", () => {
  it("reads a skill, a characteristic, a margin or a ladder step, and the flags", () => {
    expect(parseGcheck("skill=schivare difficulty=20")).toEqual({ ok: true, value: { skill: "schivare", characteristic: null, difficulty: 20, hidden: false, blind: false } });
    expect(parseGcheck("characteristic=perception difficulty=complex blind hidden")).toEqual({ ok: true, value: { skill: null, characteristic: "perception", difficulty: 20, hidden: true, blind: true } });
    expect(parseGcheck("skill=Armi_da_fuoco")).toMatchObject({ ok: true, value: { skill: "armi_da_fuoco", difficulty: null } });
    // Nothing to hide without a difficulty.
    expect(parseGcheck("skill=osservare hidden")).toMatchObject({ ok: true, value: { hidden: false } });
  });

  it("refuses what it cannot read, with a reason", () => {
    expect(parseGcheck("")).toMatchObject({ ok: false, warning: "GENESYS.Check.Warn.NoTarget" });
    expect(parseGcheck("skill=corsa characteristic=strength")).toMatchObject({ ok: false, warning: "GENESYS.Check.Warn.NoTarget" });
    expect(parseGcheck("characteristic=luck")).toMatchObject({ ok: false, warning: "GENESYS.Check.Warn.UnknownCharacteristic" });
    expect(parseGcheck("skill=corsa difficulty=hardish")).toMatchObject({ ok: false, warning: "GENESYS.Check.Warn.BadDifficulty" });
    expect(parseGcheck("skill=corsa dc=20")).toMatchObject({ ok: false, warning: "GENESYS.Gcheck.Warn.UnknownParameter", data: { name: "dc" } });
    expect(parseGcheck("skill=corsa skill=salto")).toMatchObject({ ok: false, warning: "GENESYS.Gcheck.Warn.Repeated" });
    expect(parseGcheck("skill=")).toMatchObject({ ok: false, warning: "GENESYS.Gcheck.Warn.MissingValue" });
    expect(parseGcheck("skill=corsa blind=maybe")).toMatchObject({ ok: false, warning: "GENESYS.Gcheck.Warn.BadFlag" });
  });
});

describe("the rendered button", () => {
  it("a button carrying the check, labelled with the check and its difficulty, or the label in braces", () => {
    const html = gcheckMarkup(matchOf("Salta: [[/gcheck skill=schivare difficulty=20]] subito"), i18n);
    expect(html).toMatch(/^<a class="genesys-gcheck" data-gcheck="[^"]+"/);
    expect(html).toContain("fa-dice-d10");
    expect(html).toContain("Schivare (GENESYS.Difficulty.complex)");
    const data = /data-gcheck="([^"]+)"/.exec(html)?.[1]?.replace(/&quot;/g, '"') ?? "";
    expect(JSON.parse(data)).toEqual({ skill: "schivare", characteristic: null, difficulty: 20, hidden: false, blind: false });
    const labelled = gcheckMarkup(matchOf("[[/gcheck characteristic=perception difficulty=15 blind hidden]]{Notare <l'imboscata>}"), i18n);
    expect(labelled).toContain("Notare &lt;l&#39;imboscata&gt;");
    expect(labelled).toContain("fa-eye-slash");
    // A hidden difficulty is not on a player's button; the Narrator's keeps it for the request dialog.
    const hidden = matchOf("[[/gcheck skill=corsa difficulty=25 hidden]]");
    expect(gcheckMarkup(hidden, i18n, false)).not.toMatch(/25|difficult\b/);
    expect(gcheckMarkup(hidden, i18n, true)).toContain("&quot;difficulty&quot;:25");
  });

  it("bad parameters: a broken link that says why, a console warning, no error", () => {
    const html = gcheckMarkup(matchOf("[[/gcheck skill=corsa difficulty=tough]]"), i18n);
    expect(html).toMatch(/^<a class="content-link broken genesys-gcheck"/);
    expect(html).toContain("fa-link-slash");
    expect(html).toContain("GENESYS.Check.Warn.BadDifficulty");
    expect(html).toContain("[[/gcheck skill=corsa difficulty=tough]]");
    expect(html).not.toContain("data-gcheck");
    expectConsole("warn", /gcheck skill=corsa difficulty=tough.*BadDifficulty/);
  });

  it("is registered with the text editor at init", () => {
    const enrichers = (CONFIG as unknown as { TextEditor: { enrichers: { pattern: RegExp }[] } }).TextEditor.enrichers;
    expect(enrichers.some((e) => e.pattern === GCHECK_PATTERN)).toBe(true);
  });

  it("wires each rendered button on its own element (a popped-out window too); a click the page's listener also hears is answered once", () => {
    // The CONFIG entry as Foundry's API documents it (id, onRender); the double keeps the list as given.
    const enrichers = (CONFIG as unknown as { TextEditor: { enrichers: { id?: string; pattern: RegExp; onRender?: (el: unknown) => void }[] } }).TextEditor.enrichers;
    const entry = enrichers.find((e) => e.pattern === GCHECK_PATTERN);
    expect(entry?.id).toBe("genesysGcheck");
    const listeners: ((event: Event) => void)[] = [];
    entry?.onRender?.({ addEventListener: (type: string, fn: (event: Event) => void) => { if (type === "click") listeners.push(fn); } });
    expect(listeners).toHaveLength(1);
    // A broken button (bad parameters) does nothing but take the click; it loads no check.
    const link = { nodeType: 1, closest: () => link, classList: { contains: (c: string) => c === "broken" }, dataset: {} };
    let prevented = 0;
    const click = (): Event => ({ target: link, preventDefault: () => { prevented++; } }) as unknown as Event; // the members the handler reads
    const first = click();
    listeners[0]?.(first);
    onGcheckButtonClick(first);
    expect(prevented).toBe(1);
    onGcheckButtonClick(click());
    expect(prevented).toBe(2);
  });
});

describe("a click on the button", () => {
  const data = (spec: object): string => JSON.stringify({ skill: null, characteristic: null, difficulty: null, hidden: false, blind: false, ...spec });

  it("a player's rolls the check for their assigned character, the difficulty pre-filled", async () => {
    const { player } = users();
    const actor = await jack({ ownership: { default: 0, [player.id]: 3 } });
    const seat = player as unknown as { character: unknown };
    seat.character = actor;
    try {
      diceDouble().dialogAnswers.push((config: DialogConfig) => {
        expect(config.content).toMatch(/value="complex" selected/);
        return pressRoll({ difficulty: "complex" })(config);
      });
      dice(9, 8);
      expect(await onClient(player, () => onGcheckClick(data({ skill: "corsa", difficulty: 20 })))).toBe(true);
      expect(rollOf(lastMessage()).options).toMatchObject({ difficulty: 20, label: "Corsa", actorUuid: actor.uuid });
    } finally {
      seat.character = null;
    }
  });

  it("a player without a character is told so; a skill they lack too", async () => {
    const { player } = users();
    const from = foundryDouble().notifications.length;
    expect(await onClient(player, () => onGcheckClick(data({ skill: "corsa" })))).toBe(false);
    expect(foundryDouble().notifications.at(-1)?.message).toContain("GENESYS.Gcheck.Warn.NoCharacter");
    const actor = await jack({ ownership: { default: 0, [player.id]: 3 } });
    const seat = player as unknown as { character: unknown };
    seat.character = actor;
    try {
      expect(await onClient(player, () => onGcheckClick(data({ skill: "volare" })))).toBe(false);
      expect(foundryDouble().notifications.at(-1)?.message).toContain("GENESYS.Macro.Warn.NoSkill");
      expect(await onClient(player, () => onGcheckClick("{not json"))).toBe(false);
      expect(foundryDouble().notifications.slice(from).every((n) => n.level === "warn")).toBe(true);
    } finally {
      seat.character = null;
    }
  });

  it("the Narrator's opens the request dialog pre-filled", async () => {
    diceDouble().dialogAnswers.push((config: DialogConfig) => {
      expect(config.content).toContain('value="skill:schivare" selected');
      expect(config.content).toContain('value="difficult" selected');
      expect(config.content).toMatch(/name="blind" checked/);
      return null;
    });
    const dialogs = diceDouble().dialogs.length;
    expect(await onGcheckClick(data({ skill: "schivare", difficulty: 25, blind: true }))).toBe(false);
    expect(diceDouble().dialogs.length).toBe(dialogs + 1);
  });
});
