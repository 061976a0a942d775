/**
 * The duration part of an ActiveEffect's creation data, by generation. v13: `duration: { seconds, startTime }` (the
 * EffectDurationData schema, as a5e and the older typings list it), which labels the effect with its time left and
 * makes it temporary, so the token shows its icon. v14 redesigned durations (`value`/`units`, expiry events: foundryvtt/
 * crucible#607, foundryvtt/foundryvtt#14220) and would end the effect itself; its creation shape is not verified here,
 * so on v14 the effect gets none and the system's own sweep (time/timed-effects.ts) ends it all the same.
 */
export function effectDurationData(seconds: number, startTime: number): Record<string, unknown> {
  if (game.release.generation >= 14) return {};
  return { duration: { seconds: Math.max(0, Math.round(seconds)), startTime } };
}
