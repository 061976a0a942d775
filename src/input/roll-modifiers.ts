/**
 * The click modifiers of the roll buttons, as keybindings a player can rebind (Configure Controls): one rolls at once
 * with the last (or default) choices, the other rolls blind. A click does not pass through the keybinding handlers,
 * so the click event's modifier flags are read against the bindings, the way dnd5e's `areKeysPressed` does
 * (foundryvtt/dnd5e module/utils.mjs, keybindings registered in module/settings.mjs `registerSystemKeybindings`).
 */
export const KEYBINDING_NAMESPACE = "genesys-gdr";

export const ROLL_KEYBINDINGS = { quick: "quickRoll", blind: "blindRoll" } as const;
export type RollKeybinding = keyof typeof ROLL_KEYBINDINGS;

/** What a click asks for beyond the plain dialog. */
export interface RollModifiers {
  /** Roll at once with the last (or default) choices, no dialog. */
  quick: boolean;
  /** §1.7.3 roll blind. */
  blind: boolean;
}

/** The modifier flags every mouse and keyboard event carries. */
export type ModifierEvent = Pick<MouseEvent, "shiftKey" | "ctrlKey" | "metaKey" | "altKey">;

type Flag = "shiftKey" | "ctrlKey" | "metaKey" | "altKey";

/** The modifier flags of any event that has them (a click, a key press); null for one without (a synthetic Event). */
export function modifierEvent(event: Event): ModifierEvent | null {
  return "shiftKey" in event && "ctrlKey" in event && "metaKey" in event && "altKey" in event ? (event as ModifierEvent) : null; // checked just before
}

/**
 * Which event flag a modifier key's KeyboardEvent#code sets. Meta is told apart from Control, as dnd5e does since a
 * Mac's Ctrl-click is a right click: the blind default binds both, so Ctrl and Cmd each work on their own.
 */
const CODE_FLAGS: Readonly<Record<string, Flag>> = {
  ShiftLeft: "shiftKey",
  ShiftRight: "shiftKey",
  ControlLeft: "ctrlKey",
  ControlRight: "ctrlKey",
  MetaLeft: "metaKey",
  MetaRight: "metaKey",
  OsLeft: "metaKey",
  OsRight: "metaKey",
  AltLeft: "altKey",
  AltRight: "altKey",
};

/** A binding's modifiers are KeyboardManager.MODIFIER_KEYS names; core counts Cmd as Control. */
const MODIFIER_FLAGS: Readonly<Record<string, readonly Flag[]>> = { Shift: ["shiftKey"], Control: ["ctrlKey", "metaKey"], Alt: ["altKey"] };

const DEFAULT_BINDINGS: Record<RollKeybinding, { key: string }[]> = {
  quick: [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  blind: [{ key: "ControlLeft" }, { key: "ControlRight" }, { key: "MetaLeft" }, { key: "MetaRight" }],
};

/** Registers both keybindings (call at init). Players may rebind them: nothing here is restricted to the Narrator. */
export function registerRollKeybindings(): void {
  for (const id of ["quick", "blind"] as const) {
    const key = id === "quick" ? "Quick" : "Blind";
    game.keybindings.register(KEYBINDING_NAMESPACE, ROLL_KEYBINDINGS[id], {
      name: `GENESYS.Keybinding.${key}.Name`,
      hint: `GENESYS.Keybinding.${key}.Hint`,
      editable: DEFAULT_BINDINGS[id],
      restricted: false,
    });
  }
}

interface Binding {
  key: string;
  modifiers?: readonly string[] | undefined;
}

function bindings(id: RollKeybinding): readonly Binding[] {
  try {
    return game.keybindings.get(KEYBINDING_NAMESPACE, ROLL_KEYBINDINGS[id]);
  } catch {
    // Not registered (a module's test page, a world before init): no binding applies.
    return [];
  }
}

function pressed(event: ModifierEvent, flag: Flag): boolean {
  return event[flag];
}

/** Whether the event fulfils one of the action's bindings: a modifier key alone, or a key held with its modifiers. */
export function areKeysPressed(event: ModifierEvent | null | undefined, id: RollKeybinding): boolean {
  if (!event) return false;
  return bindings(id).some((b) => {
    const modifiers = b.modifiers ?? [];
    const held = modifiers.every((m) => (MODIFIER_FLAGS[m] ?? []).some((f) => pressed(event, f)));
    const flag = CODE_FLAGS[b.key];
    if (flag) return held && pressed(event, flag);
    // Another key held during the click: only the keyboard manager knows it is down.
    return held && modifiers.length > 0 && game.keyboard.downKeys.has(b.key);
  });
}

/** What a click on a roll button asks for. */
export function rollModifiers(event: ModifierEvent | null | undefined): RollModifiers {
  return { quick: areKeysPressed(event, "quick"), blind: areKeysPressed(event, "blind") };
}

/** A key's name as a keyboard shows it: "ShiftLeft" → "Shift", "MetaRight" → "Cmd", "KeyQ" → "Q". */
export function keyName(code: string): string {
  const bare = code.replace(/(Left|Right)$/, "");
  if (bare === "Control") return "Ctrl";
  if (bare === "Meta" || bare === "Os") return "Cmd";
  return bare.replace(/^Key(?=[A-Z]$)/, "").replace(/^Digit(?=\d$)/, "");
}

/** The keys bound to an action, as a player reads them ("Ctrl / Cmd"); "" when it has none. */
export function boundKeys(id: RollKeybinding): string {
  const names = bindings(id).map((b) => [...(b.modifiers ?? []).map((m) => keyName(m)), keyName(b.key)].join("+"));
  return [...new Set(names)].join(" / ");
}

/**
 * The line a roll button's tooltip adds: which keys roll at once and which roll blind, as they are bound now; "" when
 * neither is bound. `blind` false for a button that cannot roll blind (the card's Defend).
 */
export function shortcutHint(i18n: { format(key: string, data?: Record<string, string>): string }, blind = true): string {
  const quick = boundKeys("quick");
  const hidden = blind ? boundKeys("blind") : "";
  const parts = [
    ...(quick ? [i18n.format("GENESYS.Keybinding.Tip.Quick", { keys: quick })] : []),
    ...(hidden ? [i18n.format("GENESYS.Keybinding.Tip.Blind", { keys: hidden })] : []),
  ];
  return parts.join(" · ");
}
