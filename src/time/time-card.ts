/**
 * The Narrator's "time passes" card: what one advance of the world clock did to each actor, as the flag records it
 * (enough for Undo to take back exactly that), and its localized context for templates/chat/time-card.hbs.
 */
import { formatCount, type CountLocalizer } from "../format/plural.js";
import type { TimeAnswers, TimeEvent, TimeState } from "./time-plan.js";
import { PASTIMES } from "./pastimes.js";
import { isStudyChange, type StudyChange } from "../study/study-time.js";

export const TIME_CARD_TEMPLATE = "systems/genesys-gdr/templates/chat/time-card.hbs";

export interface TimeCardRow {
  actorUuid: string;
  name: string;
  before: TimeState;
  after: TimeState;
  events: TimeEvent[];
  /** §1.8.3 what the advance did to the actor's study, when he had one running. */
  study?: StudyChange;
  /** §3.1.1 the death the Narrator confirmed once this advance ran a starvation deadline out (time-death.ts). */
  death?: TimeDeath;
}

/** A confirmed death by hunger or thirst: the ledger record of its Ferite, so that its Undo takes back those alone. */
export interface TimeDeath {
  of: DeadlineKind;
  recordId: string;
  wounds: number;
}

export type DeadlineKind = "hunger" | "thirst";

export interface TimeCardState {
  fromSeconds: number;
  toSeconds: number;
  /** What the Narrator said the actors did; null for an advance of the clock from elsewhere. */
  answers: TimeAnswers | null;
  rows: TimeCardRow[];
  undone: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;
const isHours = (v: unknown): v is number | null => v === null || isCount(v);

function isState(v: unknown): v is TimeState {
  if (!isObject(v) || !isCount(v["wounds"]) || !isCount(v["fatigue"]) || !isCount(v["doses"])) return false;
  const fever = v["fever"];
  if (!isObject(fever) || !isHours(fever["startsInHours"]) || !isHours(fever["hoursLeft"])) return false;
  const carry = v["carry"];
  if (carry !== undefined && !(isObject(carry) && ["rest", "activity", "sleep", "food", "water"].every((k) => isCount(carry[k])))) return false;
  const d = v["deprivation"];
  if (d === null) return true;
  if (!isObject(d) || !isCount(d["unassigned"]) || !isCount(d["hoursAwake"]) || !isCount(d["hoursWithoutFood"]) || !isCount(d["hoursWithoutWater"])) return false;
  const points = d["points"];
  const deadline = d["deadline"];
  return isObject(points) && isCount(points["sleep"]) && isCount(points["hunger"]) && isCount(points["thirst"])
    && isObject(deadline) && isHours(deadline["hunger"]) && isHours(deadline["thirst"]);
}

function isDeath(v: unknown): v is TimeDeath {
  return isObject(v) && (v["of"] === "hunger" || v["of"] === "thirst") && typeof v["recordId"] === "string" && isCount(v["wounds"]);
}

function isRow(v: unknown): v is TimeCardRow {
  return isObject(v) && typeof v["actorUuid"] === "string" && typeof v["name"] === "string" && isState(v["before"]) && isState(v["after"])
    && Array.isArray(v["events"]) && v["events"].every((e) => isObject(e) && typeof e["kind"] === "string")
    && (v["study"] === undefined || isStudyChange(v["study"])) && (v["death"] === undefined || isDeath(v["death"]));
}

/** The card's state, or null for anything of another shape. */
export function readTimeCard(raw: unknown): TimeCardState | null {
  if (!isObject(raw) || !isCount(raw["fromSeconds"]) || !isCount(raw["toSeconds"]) || typeof raw["undone"] !== "boolean") return null;
  const answers = raw["answers"];
  if (answers !== null && !(isObject(answers) && PASTIMES.some((p) => p === answers["pastime"]) && typeof answers["ate"] === "boolean" && typeof answers["drank"] === "boolean")) return null;
  const rows = raw["rows"];
  if (!Array.isArray(rows) || !rows.every(isRow)) return null;
  // Each part checked above.
  return raw as unknown as TimeCardState;
}

/** "8 ore", "2 giorni e 3 ore", "10 minuti": how long the advance was. */
export function durationText(i18n: CountLocalizer, seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  const parts = [
    days > 0 ? formatCount(i18n, "GENESYS.Time.Count.Days", days) : null,
    hours > 0 ? formatCount(i18n, "GENESYS.Time.Count.Hours", hours) : null,
    mins > 0 ? formatCount(i18n, "GENESYS.Time.Count.Minutes", mins) : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return formatCount(i18n, "GENESYS.Time.Count.Seconds", Math.max(0, Math.round(seconds)));
  return parts.join(" ");
}

const hoursShown = (h: number): number => Math.round(h * 10) / 10;

/** One event as a line of the card. */
export function eventText(i18n: CountLocalizer, event: TimeEvent): string {
  const fatigue = (n: number): string => formatCount(i18n, "GENESYS.Count.Fatigue", n);
  switch (event.kind) {
    case "activity":
      return i18n.format("GENESYS.Time.Event.activity", { fatigue: fatigue(event.fatigue), level: i18n.localize(`GENESYS.Time.Pastime.${event.level}`) });
    case "deprived":
      return i18n.format("GENESYS.Time.Event.deprived", { fatigue: fatigue(event.fatigue), of: i18n.localize(`GENESYS.Time.Of.${event.of}`) });
    case "relieved":
      return i18n.format("GENESYS.Time.Event.relieved", { fatigue: fatigue(event.fatigue), of: i18n.localize(`GENESYS.Time.Of.${event.of}`) });
    case "rest": {
      const amounts = [event.fatigue > 0 ? `−${fatigue(event.fatigue)}` : null, event.wounds > 0 ? `−${formatCount(i18n, "GENESYS.Count.Wounds", event.wounds)}` : null];
      return i18n.format("GENESYS.Time.Event.rest", { amounts: amounts.filter((a) => a !== null).join(", ") });
    }
    case "poison":
      return i18n.format("GENESYS.Time.Event.poison", { before: String(event.before), after: String(event.after) });
    case "feverDue":
      return i18n.format("GENESYS.Time.Event.feverDue", { hours: formatCount(i18n, "GENESYS.Time.Count.Hours", hoursShown(event.inHours)) });
    case "feverStarts":
      return i18n.localize("GENESYS.Time.Event.feverStarts");
    case "feverEnds":
      return i18n.localize("GENESYS.Time.Event.feverEnds");
    case "starving":
      return i18n.format("GENESYS.Time.Event.starving", { of: i18n.localize(`GENESYS.Time.Of.${event.of}`), hours: formatCount(i18n, "GENESYS.Time.Count.Hours", event.hours) });
    case "saved":
      return i18n.format("GENESYS.Time.Event.saved", { of: i18n.localize(`GENESYS.Time.Of.${event.of}`) });
    case "deadline":
      return i18n.format("GENESYS.Time.Event.deadline", { of: i18n.localize(`GENESYS.Time.Of.${event.of}`) });
    case "study": {
      const points = formatCount(i18n, "GENESYS.Study.Count.Points", event.points);
      return event.grade === null
        ? i18n.format("GENESYS.Time.Event.study", { points, skill: event.skill })
        : i18n.format("GENESYS.Time.Event.studyGrade", { points, skill: event.skill, grade: String(event.grade) });
    }
    case "studyStopped":
      return i18n.format(`GENESYS.Time.Event.studyStopped.${event.reason}`, { skill: event.skill });
  }
}

/** The starvation deadline this row's advance ran out, which the Narrator may confirm as a death; null for none. */
export function deadlineOf(row: TimeCardRow): DeadlineKind | null {
  const event = row.events.find((e): e is Extract<TimeEvent, { kind: "deadline" }> => e.kind === "deadline");
  return event ? event.of : null;
}

export type TimeCardRowContext = {
  name: string;
  actorUuid: string;
  events: string[];
  /** The button confirming the death a deadline calls for, while nobody confirmed it. */
  confirmDeath: string | null;
  /** The confirmed death, with the button that takes it back. */
  death: { text: string; undoLabel: string } | null;
};

export type TimeCardContext = {
  title: string;
  pastime: string | null;
  rows: TimeCardRowContext[];
  /** The actors whose clocks alone ran (no event): one line naming them, or null. */
  clocksOnly: string | null;
  undone: boolean;
  /** Undo is offered whenever the advance wrote something, clocks alone included. */
  canUndo: boolean;
  undoLabel: string;
  undoneText: string;
  /** Shown when the advance wrote nothing at all: only the world clock moved. */
  nothing: string | null;
};

function rowContext(state: TimeCardState, row: TimeCardRow, i18n: CountLocalizer): TimeCardRowContext {
  const deadline = deadlineOf(row);
  const death = row.death;
  const of = (kind: DeadlineKind): string => i18n.localize(`GENESYS.Time.Of.${kind}`);
  return {
    name: row.name,
    actorUuid: row.actorUuid,
    events: row.events.map((e) => eventText(i18n, e)),
    confirmDeath: !state.undone && deadline !== null && !death ? i18n.format("GENESYS.Time.Death.Confirm", { of: of(deadline) }) : null,
    death: death
      ? { text: i18n.format("GENESYS.Time.Death.Confirmed", { of: of(death.of), wounds: formatCount(i18n, "GENESYS.Count.Wounds", death.wounds) }), undoLabel: i18n.localize("GENESYS.Time.Death.Undo") }
      : null,
  };
}

/** What the template shows: every text localized here. */
export function timeCardContext(state: TimeCardState, i18n: CountLocalizer): TimeCardContext {
  const answers = state.answers;
  const pastime = answers
    ? [
        i18n.localize(`GENESYS.Time.Pastime.${answers.pastime}`),
        i18n.localize(answers.ate ? "GENESYS.Time.Ate" : "GENESYS.Time.NotAte"),
        i18n.localize(answers.drank ? "GENESYS.Time.Drank" : "GENESYS.Time.NotDrank"),
      ].join(" · ")
    : null;
  const quiet = state.rows.filter((r) => r.events.length === 0).map((r) => r.name);
  return {
    title: i18n.format("GENESYS.Time.CardTitle", { duration: durationText(i18n, state.toSeconds - state.fromSeconds) }),
    pastime,
    rows: state.rows.filter((r) => r.events.length > 0).map((r) => rowContext(state, r, i18n)),
    // Actors whose waking, hunger and thirst clocks alone moved are written too: named in one line, and undone with the rest.
    clocksOnly: quiet.length > 0 ? i18n.format("GENESYS.Time.ClocksOnly", { names: quiet.join(", ") }) : null,
    undone: state.undone,
    canUndo: !state.undone && state.rows.length > 0,
    undoLabel: i18n.localize("GENESYS.Time.Undo"),
    undoneText: i18n.localize("GENESYS.Time.Undone"),
    nothing: state.rows.length === 0 ? i18n.localize("GENESYS.Time.WorldClockOnly") : null,
  };
}

export async function renderTimeCard(state: TimeCardState): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(TIME_CARD_TEMPLATE, timeCardContext(state, game.i18n));
}
