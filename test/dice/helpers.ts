import type { GenesysActor } from "../../src/documents/actor.js";
import { GenesysCheckRoll } from "../../src/dice/genesys-roll.js";
import { SkillModel } from "../../src/data/item/skill.js";
import { createActor } from "../documents/helpers.js";
import { diceDouble, type ChatMessage } from "../foundry/dice.js";

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
