/** How numbers read on sheets, dialogs and chat cards. */

/** "+3", "−2" (a real minus sign), "0": modifiers as players read them. */
export function signed(n: number): string {
  if (n > 0) return `+${String(n)}`;
  if (n < 0) return `−${String(-n)}`;
  return "0";
}

/** "72 %" for 0.72. */
export function percent(p: number): string {
  return `${String(Math.round(p * 100))} %`;
}
