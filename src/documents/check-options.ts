/**
 * What GenesysActor#rollCheck accepts and answers, and what a check records on its skill: the documents' side of the
 * check flow's contract (check/check-flow.ts implements it, registered at init), so documents need nothing above them.
 */
import type { MessageMode } from "../compat/message-mode.js";
import type { CharacteristicKey } from "../rules/types.js";
import type { IncrementReason } from "../rules/increment.js";

/** What the caller asked for; JavaScript callers (macros) may pass anything, so every field is checked. */
export interface CheckRequestOptions {
  characteristic?: CharacteristicKey;
  skillId?: string;
  /** Difficulty margin; null = not declared (the Narrator judges the total). */
  difficulty?: number | null;
  /** Situational modifier, the condition penalty excluded (it is added automatically). */
  modifiers?: number;
  /** §1.7.3 blind roll: the result stays hidden from the players. */
  blind?: boolean;
}

/** Which opponent and which of its characteristics a check is influenced by. */
export interface InfluenceRequest {
  actorUuid: string;
  characteristic: CharacteristicKey;
}

export interface RollCheckOptions extends CheckRequestOptions {
  /** Ask difficulty and modifier in a dialog first (default true). */
  prompt?: boolean;
  /** Roll even when success is certain; the dialog asks this itself. Default false. */
  rollIfAutomatic?: boolean;
  /** §1.7.4 an influence roll: the opponent's characteristic moves the difficulty. */
  influence?: InfluenceRequest | null;
  /** Who sees the card, instead of the mode chosen in the chat controls (a hidden hazard's checks go "gm"). */
  messageMode?: MessageMode;
}

/** The posted card: a roll message (from Roll#toMessage) or a stored one (ChatMessage.create, for an automatic success). */
export type CheckMessage = ChatMessage.Implementation | ChatMessage.Stored;

/** What happened to the increment point a skill check earned (§1.8.2). */
export interface IncrementRecord {
  reason: IncrementReason;
  /**
   * stored: one more point saved; gradeGained: the sixth point became a grade (§1.8.1);
   * notOwner: earned, but the roller may not change the skill; blind: earned on a blind check, recorded only on the
   * Narrator's card and kept back until the Narrator reveals the result (§1.7.3);
   * failed: earned, but the skill could not be updated; withheld: earned on a blind check, and the Narrator chose not
   * to award it; pending: earned on a player's open check, until the Narrator's client looks at it; claimed: so earned,
   * on a difficulty and a modifier that are the player's word, until a Narrator awards it or lets it go
   * (check/open-check-award.ts).
   */
  status: "stored" | "gradeGained" | "notOwner" | "blind" | "failed" | "withheld" | "pending" | "claimed";
  /** Points after the award (stored, gradeGained) or as they were (notOwner, blind). */
  points: number;
  /** The skill's new grade when it rose, otherwise null. */
  grade: number | null;
}
