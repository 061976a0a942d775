/**
 * Who sees a roll: the one place that reads the user's mode, because the setting and its values differ by generation.
 * - v13: `core.rollMode`, values publicroll / gmroll / blindroll / selfroll (CONST.DICE_ROLL_MODES).
 * - v14: `core.messageMode`, values public / gm / blind / self, plus the in-character "ic" mode, which is public for a
 *   roll (foundryvtt/dnd5e module/dice/basic-roll.mjs getMessageMode, commit 2340e6009 for dnd5e#6958:
 *   `game.settings.get("core", game.release.generation < 14 ? "rollMode" : "messageMode")`, "ic" treated as public).
 * On v14 the old key is gone, so reading it would make every private and blind choice public.
 * The generation is read at call time, as dnd5e does.
 */
export type MessageMode = "public" | "gm" | "blind" | "self";

const FROM_V13: Record<string, MessageMode> = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self", roll: "public" };
const TO_V13 = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" } as const;
/** Our modes (the v14 spelling). */
export const MESSAGE_MODES: readonly MessageMode[] = ["public", "gm", "blind", "self"];
const V14: readonly string[] = MESSAGE_MODES;

/** Whether a caller's value is one of our modes as spelled here (a macro may pass anything). */
export function isMessageMode(value: unknown): value is MessageMode {
  return typeof value === "string" && V14.includes(value);
}

/** A mode in either generation's spelling, as ours; anything unknown is public. */
export function normalizeMessageMode(value: unknown): MessageMode {
  if (typeof value !== "string") return "public";
  return FROM_V13[value] ?? (V14.includes(value) ? (value as MessageMode) : "public");
}

/** The mode this user chose in the chat controls. */
export function currentMessageMode(): MessageMode {
  if (game.release.generation >= 14) {
    // v14's key (see above); the 13.345 types do not declare it.
    const get = game.settings.get.bind(game.settings) as unknown as (ns: string, key: string) => unknown;
    return normalizeMessageMode(get("core", "messageMode"));
  }
  return normalizeMessageMode(game.settings.get("core", "rollMode"));
}

/** The value Roll#toMessage and ChatMessage.create take as `rollMode` on v13 (the v14 spelling on v14). */
export function rollModeOption(mode: MessageMode): Exclude<ChatMessage.PassableRollMode, "roll"> {
  // On v14 the option carries the v14 value (dnd5e passes getMessageMode() there); the v13 types know only theirs.
  return (game.release.generation >= 14 ? mode : TO_V13[mode]) as Exclude<ChatMessage.PassableRollMode, "roll">;
}

/** The v13 option as the 13.345 types know it. */
type ModeOption = { rollMode: Exclude<ChatMessage.PassableRollMode, "roll"> };

/**
 * The option that names a message's mode for Roll#toMessage and ChatMessage.create: v13's `rollMode`, v14's
 * `messageMode` (v14: `Roll#toMessage(messageData, { messageMode, create })`, `rollMode` deprecated there; peers on v14
 * pass `{ messageMode }`). Spread it into the options: `{ ...modeOption(mode), create: false }`.
 */
export function modeOption(mode: MessageMode): ModeOption {
  // v14's option name, which the 13.345 types do not declare.
  if (game.release.generation >= 14) return { messageMode: mode } as unknown as ModeOption;
  return { rollMode: TO_V13[mode] };
}

/** Sets the whisper and blind fields of message data for a mode (ChatMessage.applyRollMode on v13, applyMode on v14). */
export function applyMessageMode(data: ChatMessage.CreateData, mode: MessageMode): void {
  const cls = ChatMessage as unknown as { applyMode?: (data: object, mode: string) => unknown };
  // v14 renamed the static (the types of 13.345 do not have it); v13 has only applyRollMode.
  if (game.release.generation >= 14 && typeof cls.applyMode === "function") cls.applyMode(data, mode);
  else ChatMessage.applyRollMode(data, rollModeOption(mode));
}
