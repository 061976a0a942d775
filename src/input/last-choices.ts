/**
 * The last answer each roll dialog was given, per actor and per roll (a skill, a characteristic, a weapon, the
 * defence), so that a quick roll (input/roll-modifiers.ts) can repeat it. It is this client's convenience and nobody
 * else's: kept in a client setting (the browser's storage), never in a document; the Narrator's client decides every
 * roll anyway. Entries are read back as unknown and checked by whoever uses them.
 */
export const LAST_CHOICES_SETTING = "lastRollChoices";
const NAMESPACE = "genesys-gdr";
/** Old entries go first once there are more: a player rarely has more rolls than this in use. */
export const MAX_REMEMBERED = 200;

type Entry = { at: number; answer: unknown };
type Store = Record<string, Entry>;

/** Registers the client setting (call at init). */
export function registerLastChoices(): void {
  game.settings.register(NAMESPACE, LAST_CHOICES_SETTING, { scope: "client", config: false, type: Object, default: {} });
}

/** What is rolled: "skill:<id>", "characteristic:<key>", "attack:<item id or natural>", "defence". */
export type RollKey = `skill:${string}` | `characteristic:${string}` | `attack:${string}` | "defence";

function isEntry(v: unknown): v is Entry {
  return typeof v === "object" && v !== null && "answer" in v && "at" in v && typeof v.at === "number";
}

const entryKey = (actorUuid: string, roll: RollKey): string => `${actorUuid}#${roll}`;

function store(): Store {
  try {
    const value: unknown = game.settings.get(NAMESPACE, LAST_CHOICES_SETTING);
    if (typeof value !== "object" || value === null) return {};
    // Whatever the browser kept: only entries of the right shape are read.
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((e): e is [string, Entry] => isEntry(e[1])));
  } catch {
    return {};
  }
}

/** The answer last given for this actor and roll, or null; its shape is the caller's to check. */
export function recallChoice(actorUuid: string, roll: RollKey): unknown {
  return store()[entryKey(actorUuid, roll)]?.answer ?? null;
}

/** Keeps `answer` (plain JSON) as the last one for this actor and roll. Never throws: losing it only costs a dialog. */
export async function rememberChoice(actorUuid: string, roll: RollKey, answer: unknown): Promise<void> {
  const all: Store = { ...store(), [entryKey(actorUuid, roll)]: { at: Date.now(), answer: JSON.parse(JSON.stringify(answer)) as unknown } };
  // The newest first (the one just kept among them), as many as fit.
  const next = Object.fromEntries(Object.entries(all).sort((a, b) => b[1].at - a[1].at).slice(0, MAX_REMEMBERED));
  try {
    await game.settings.set(NAMESPACE, LAST_CHOICES_SETTING, next);
  } catch (error) {
    console.warn("GeneSys | the last roll choices could not be kept", error);
  }
}
