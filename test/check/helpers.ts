import type { GenesysActor } from "../../src/documents/actor.js";
import { GenesysCheckRoll } from "../../src/check/genesys-roll.js";
import { SkillModel } from "../../src/data/item/skill.js";
import { createActor } from "../documents/helpers.js";
import type { CheckFormValues } from "../../src/check/check-form.js";
import { diceDouble, type ChatMessage, type DialogConfig } from "../foundry/dice.js";
import { openBox } from "../../src/authority/seal.js";
import { readSealedCard, sealContext } from "../../src/chat/sealed-card.js";

export const HUMAN = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };

/** A skill on Destrezza 7: grade = 7 + bought. */
export function skill(name: string, grade: number, increment = 0): object {
  return { name, type: "skill", system: { characteristic: "dexterity", bought: grade - HUMAN.dexterity, earned: 0, increment } };
}

export async function jack(extra: { items?: object[]; system?: object; ownership?: object } = {}): Promise<GenesysActor> {
  return createActor({
    name: "Jack Quade",
    type: "character",
    system: { characteristics: HUMAN, ...extra.system },
    items: extra.items ?? [skill("Corsa", 12), skill("Arrampicata", 10)],
    ...(extra.ownership ? { ownership: extra.ownership } : {}),
  });
}

export function skillId(actor: GenesysActor, name: string): string {
  const item = actor.items.find((i) => i.name === name);
  if (!item?.id) throw new Error(`no skill ${name}`);
  return item.id;
}

export function skillData(actor: GenesysActor, name: string): SkillModel {
  const item = actor.items.get(skillId(actor, name));
  if (!(item?.system instanceof SkillModel)) throw new Error(`${name} is not a skill`);
  return item.system;
}

/** The next d10 results. */
export function dice(...results: number[]): void {
  diceDouble().queue.push(...results);
}

/** The roll as the chat message stores it (rebuilt from its JSON through CONFIG.Dice.rolls). */
export function rollOf(message: unknown): GenesysCheckRoll {
  const roll = (message as ChatMessage).rolls[0];
  if (!(roll instanceof GenesysCheckRoll)) throw new Error("the message holds no GenesysCheckRoll");
  return roll;
}

export function lastMessage(): ChatMessage | undefined {
  return diceDouble().messages.at(-1);
}

/** A stand-in for the check dialog's <form>: named controls with a value (and a checked state for the checkbox). */
export function fakeForm(values: Partial<CheckFormValues>): HTMLFormElement {
  const controls: Record<string, { value: string; checked?: boolean }> = {
    difficulty: { value: values.difficulty ?? "medium" },
    custom: { value: values.custom ?? "" },
    modifiers: { value: values.modifiers ?? "0" },
    rollAnyway: { value: "on", checked: values.rollAnyway ?? false },
  };
  // Only elements.namedItem is read, as on a real form.
  return { elements: { namedItem: (name: string) => controls[name] ?? null } } as unknown as HTMLFormElement;
}

/** Answers the check dialog by pressing its "roll" button on a form holding these values. */
export function pressRoll(values: Partial<CheckFormValues>) {
  return (config: DialogConfig): unknown => {
    const button = config.buttons.find((b) => b.action === "roll");
    return button?.callback?.(new Event("click"), { form: fakeForm(values) }, {});
  };
}

/**
 * The roll sealed in a blind check's message, opened with the Narrators' key on the seat's (the GM's) client; throws
 * when the message carries open rolls, as a sealed card never does.
 */
export function sealedRollOf(message: unknown): GenesysCheckRoll {
  const m = message as ChatMessage & { getFlag(scope: string, key: string): unknown };
  if (m.rolls.length > 0) throw new Error("a sealed card carries no open rolls");
  const card = readSealedCard(m.getFlag("genesys-gdr", "sealed"));
  if (card?.kind !== "check") throw new Error("the message holds no sealed check");
  const opened = openBox(card.box, sealContext(m as unknown as { id: string }, card));
  if (!opened.ok) throw new Error(`the sealed check cannot be opened here: ${opened.reason}`);
  const roll = GenesysCheckRoll.fromData(opened.value as Parameters<typeof GenesysCheckRoll.fromData>[0]);
  if (!(roll instanceof GenesysCheckRoll)) throw new Error("the sealed value is no GenesysCheckRoll");
  return roll;
}

/** What of a message anyone who downloads it can read: everything but the sealed box's ciphertext. */
export function readableByAnyone(message: unknown): string {
  const m = message as ChatMessage & { flags?: Record<string, Record<string, unknown>> };
  const flags = structuredClone(m.flags ?? {});
  const sealed = flags["genesys-gdr"]?.["sealed"] as { box?: Record<string, unknown> } | undefined;
  if (sealed?.box) sealed.box = { v: sealed.box["v"], kid: sealed.box["kid"] };
  return JSON.stringify({ content: m.content, rolls: m.rolls.map((r) => r.toJSON()), flags, whisper: m.whisper, blind: m.blind, speaker: m.speaker });
}
