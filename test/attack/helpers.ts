/** Attackers, targets and weapons for the attack-card tests, built through the Foundry double and the real data models. */
import type { GenesysActor } from "../../src/documents/actor.js";
import type { DefenceAnswer } from "../../src/attack/defence-answer.js";
import { defaultAnswer, prepareAttack, type AttackAnswer } from "../../src/attack/attack-roll.js";
import { attack, cardState, type CardMessage } from "../../src/attack/attack-flow.js";
import type { AttackCardState, AttackRow } from "../../src/attack/attack-card.js";
import { createActor } from "../documents/helpers.js";
import { diceDouble } from "../foundry/dice.js";
import { TokenDouble, target } from "../foundry/chat.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { beforeAll, beforeEach } from "vitest";
import { resetIntentMemory } from "../../src/authority/intent-channel.js";
import { registerChatCards } from "../../src/attack/card-hooks.js";
import { resetRulesOptionsCache } from "../../src/settings/rules-settings.js";
import { resetNetwork } from "../foundry/clients.js";

export const HUMAN = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };

/** A skill on Percezione 7: grade = 7 + bought. */
export function skill(name: string, grade: number): object {
  return { name, type: "skill", system: { characteristic: "perception", bought: grade - HUMAN.perception, earned: 0 } };
}

type ModeOverrides = { magazine?: number | null; multiAttack?: number; range?: { kind: string; value: number }; damage?: object; key?: string; minStrength?: number };

export function weapon(name: string, skillSlug: string, mode: ModeOverrides, system: { ready?: boolean; rounds?: number | null; explosive?: boolean } = {}): object {
  return {
    name,
    type: "weapon",
    system: {
      skill: skillSlug,
      modes: [{
        key: mode.key ?? "oneHanded",
        skill: "",
        damage: mode.damage ?? { dice: 4, faces: 6, strength: false, flat: 0, type: "wounding" },
        minStrength: mode.minStrength ?? 0,
        magazine: mode.magazine ?? null,
        preparation: 0,
        range: mode.range ?? { kind: "metres", value: 600 },
        multiAttack: mode.multiAttack ?? 1,
      }],
      mode: 0,
      ready: system.ready ?? true,
      rounds: system.rounds ?? null,
      explosive: system.explosive ?? false,
    },
  };
}

/** §2.4.2 the pistol: 4D6 / F, C 12, Gt 600 m, rolled with the Pistola skill. */
export const PISTOL = weapon("Pistola", "pistola", { magazine: 12, range: { kind: "metres", value: 600 } }, { rounds: 12 });

/** The same pistol firing twice per attack (multiAttack 2): one roll per target, for attacks on two targets. */
export const TWO_SHOT_PISTOL = weapon("Pistola", "pistola", { magazine: 12, multiAttack: 2 }, { rounds: 12 });
export const VEST = { name: "Corpetto antiproiettile", type: "armor", system: { defence: 15, minStrength: 6, coverage: "torso", worn: true } };

export async function shooter(items: object[] = [skill("Pistola", 12), PISTOL], ownership?: object): Promise<GenesysActor> {
  return createActor({ name: "Jack Quade", type: "character", system: { characteristics: HUMAN }, items, ...(ownership ? { ownership } : {}) });
}

export async function npc(name: string, extra: { items?: object[]; system?: object; ownership?: object } = {}): Promise<GenesysActor> {
  return createActor({ name, type: "npc", system: { characteristics: HUMAN, ...extra.system }, items: extra.items ?? [], ...(extra.ownership ? { ownership: extra.ownership } : {}) });
}

/** Targets these actors' tokens, as the current user. */
export function targetActors(...actors: GenesysActor[]): TokenDouble[] {
  const tokens = actors.map((a) => new TokenDouble(a));
  target(...tokens);
  return tokens;
}

/** The next dice results (d10s, d6s… in the order they are rolled). */
export function dice(...results: number[]): void {
  diceDouble().queue.push(...results);
}

/** The attack dialog's answer with these changes (distances per target in order). */
export function answerFor(attacker: GenesysActor, itemId: string | null, over: Partial<AttackAnswer> & { distances?: (number | null)[] } = {}): AttackAnswer {
  const tokens = [...(game.user.targets as unknown as Set<TokenDouble>)];
  const refs = tokens.map((t) => ({ actor: t.actor as GenesysActor | null, tokenUuid: t.document.uuid, name: t.name, distance: null }));
  const plan = prepareAttack(attacker, itemId, refs, (k) => k);
  if (!plan.ok) throw new Error(`no plan: ${plan.refusal.warning}`);
  const base = defaultAnswer(plan.value);
  const { distances, ...rest } = over;
  return {
    ...base,
    targets: base.targets.map((t, i) => ({ ...t, distance: distances?.[i] ?? t.distance })),
    ...rest,
  };
}

export const DODGE_WITH_DEXTERITY: DefenceAnswer = {
  choice: "dexterity",
  grade: null,
  maneuver: false,
  dive: false,
  cover: "none",
  advantages: [],
  surprised: false,
  opponentProne: false,
  modifier: 0,
};

export function stateOf(message: unknown): AttackCardState {
  const state = cardState(message as Parameters<typeof cardState>[0]); // the double's message stands in for Foundry's
  if (!state) throw new Error("the message holds no attack card");
  return state;
}

export function rowOf(message: unknown, id: string): AttackRow {
  const row = stateOf(message).rows[id];
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

/** The weapon of that name (skills may share it: the Pistola skill and the Pistola). */
export function itemId(actor: GenesysActor, name: string): string {
  const item = actor.items.find((i) => i.name === name && i.type === "weapon");
  if (!item) throw new Error(`no item ${name}`);
  return item.id ?? "";
}

export { asPlayer } from "../foundry/boot.js";

export function playerId(): string {
  return foundryDouble().users.find((u) => !u.isGM)?.id ?? "";
}

export function lastWarning(): string {
  return foundryDouble().notifications.filter((n) => n.level === "warn").at(-1)?.message ?? "";
}

/** Attacks through the real flow and answers the card it posted (the newest attack card), or null when none was. */
export async function attackCard(...args: Parameters<typeof attack>): Promise<CardMessage | null> {
  const before = new Set(game.messages.contents.map((m) => m.id));
  if (!(await attack(...args))) return null;
  const created = game.messages.contents.filter((m) => !before.has(m.id) && cardState(m) !== null);
  return created.at(-1) ?? null;
}

/**
 * The card tests' world: the system booted with its chat cards, and before each test the rules' defaults (no grazing
 * hits), a quiet network, no remembered intents and no queued dice.
 */
export function useCardWorld(): void {
  beforeAll(async () => {
    await bootSystem();
    registerChatCards();
  });
  beforeEach(async () => {
    await game.settings.set("genesys-gdr", "grazingHits", false);
    resetRulesOptionsCache();
    resetNetwork();
    resetIntentMemory();
    diceDouble().queue.length = 0;
  });
}
