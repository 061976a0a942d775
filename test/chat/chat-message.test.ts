/**
 * Issue 22: a card is drawn into its message before the chat log shows it. The system's ChatMessage class awaits the
 * cards' decorations in renderHTML (as foundryvtt/crucible and shadowdark draw theirs), where a render hook's
 * asynchronous work ended after the log had shown the stored placeholder and scrolled to its height.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { DECORATION_WAIT_MS, decorateMessage, registerCardDecorator } from "../../src/chat/card-decorators.js";
import { GenesysChatMessage } from "../../src/chat/chat-message.js";
import { ChatMessage as ChatMessageDouble, type MessageElement } from "../foundry/chat.js";
import { foundryDouble } from "../foundry/boot.js";
import { expectConsole } from "../console-guard.js";
import { answerFor, attackCard, dice, itemId, npc, shooter, targetActors, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const rendered = (message: unknown): Promise<MessageElement> =>
  (message as ChatMessageDouble).renderHTML(); // the double's renderHTML answers its stand-in element

afterEach(() => {
  vi.useRealTimers();
});

describe("GenesysChatMessage#renderHTML", () => {
  it("is the configured class, so every message of the log is one", async () => {
    expect(CONFIG.ChatMessage.documentClass).toBe(GenesysChatMessage);
    expect(await ChatMessage.create({ content: "ciao" })).toBeInstanceOf(GenesysChatMessage);
  });

  it("answers an attack card's element with the card already drawn, for whoever renders it", async () => {
    const jack = await shooter();
    targetActors(await npc("Lupo"));
    dice(9, 9);
    const card = await attackCard(jack, itemId(jack, "Pistola"), { answer: answerFor(jack, itemId(jack, "Pistola"), { distances: [10] }) });
    if (!card) throw new Error("no attack card");
    const html = await rendered(card);
    // No waiting beyond the render itself: what the log inserts is the card with its buttons and their listener.
    expect(html.content.innerHTML).toContain("data-attack-action");
    expect(html.content.listeners.get("click")).toHaveLength(1);
  });

  it("leaves a message that is no card as its content", async () => {
    const plain = await ChatMessage.create({ content: "<p>solo testo</p>" });
    const html = await rendered(plain);
    expect(html.content.innerHTML).toBe("<p>solo testo</p>");
    expect(html.content.listeners.size).toBe(0);
  });
});

describe("decorateMessage", () => {
  // Created through the double's class: the flags of a scope of its own are not in the system's FlagConfig.
  const marked = (mark: string): Promise<ChatMessageDouble> => ChatMessageDouble.create({ content: "x", flags: { "genesys-test": { mark } } });
  const markOf = (message: { flags: unknown }): unknown => (message.flags as Record<string, Record<string, unknown> | undefined>)["genesys-test"]?.["mark"];

  it("a decoration that throws becomes a notification; the element comes back and the next decoration still runs", async () => {
    const after = vi.fn();
    registerCardDecorator((message) => { if (markOf(message) === "throws") throw new Error("template gone"); });
    registerCardDecorator((message) => { if (markOf(message) === "throws") after(); });
    const message = await marked("throws");
    const html = await rendered(message);
    expectConsole("error", /template gone/);
    expect(html.content.innerHTML).toBe("x");
    expect(after).toHaveBeenCalledTimes(1);
    expect(foundryDouble().notifications.at(-1)?.level).toBe("error");
    expect(foundryDouble().notifications.at(-1)?.message).toContain("template gone");
  });

  it("a decoration still pending after the wait lets the message be shown, and finishes in place", async () => {
    let finish: () => void = () => undefined;
    registerCardDecorator((message, html) => {
      if (markOf(message) !== "slow") return undefined;
      return new Promise<void>((resolve) => {
        finish = () => {
          const content = html.querySelector(".message-content");
          if (content) content.innerHTML = "drawn late";
          resolve();
        };
      });
    });
    const message = await marked("slow");
    const html = (await import("../foundry/chat.js")).messageElement("x");
    vi.useFakeTimers();
    let shown = false;
    const decorated = decorateMessage(message as never, html as unknown as HTMLElement).then(() => { shown = true; });
    await vi.advanceTimersByTimeAsync(DECORATION_WAIT_MS - 1);
    expect(shown).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await decorated;
    expect(shown).toBe(true);
    expect(html.content.innerHTML).toBe("x");
    finish();
    await Promise.resolve();
    expect(html.content.innerHTML).toBe("drawn late");
  });

  it("registering the same decoration twice runs it once", async () => {
    const seen = vi.fn();
    const decoration = (message: { flags: unknown }): void => { if (markOf(message) === "twice") seen(); };
    registerCardDecorator(decoration);
    registerCardDecorator(decoration);
    await rendered(await marked("twice"));
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
