/**
 * A Roll of dice that were already rolled elsewhere (the tie-break's d10s come from the rules' DiceRoller; a revealed
 * card's dice are kept in its sealed state), so that a message can carry them as a real Roll: Dice So Nice throws them,
 * and Foundry rebuilds them after a reload. Built from Foundry's stored shape of an evaluated roll, as Roll#toJSON
 * writes it: class, options, dice, formula, terms, total, evaluated; a Die term is class, options, evaluated, number,
 * faces, modifiers and results of { result, active }, then OperatorTerm (operator) and NumericTerm (number) (a PF2e
 * test fixture captured from Foundry 14.363 with roll.toJSON(): `"formula":"1d20 + 12","terms":[{"class":"Die",
 * "options":{},"evaluated":true,"number":1,"faces":20,"modifiers":[],"results":[{"result":1,"active":true}]},
 * {"class":"OperatorTerm","options":{},"evaluated":true,"operator":"+"},{"class":"NumericTerm","options":{},
 * "evaluated":true,"number":12}]`; V13-API §4 fromData).
 */

type TermData =
  | { class: "Die"; options: Record<string, never>; evaluated: true; number: number; faces: number; modifiers: never[]; results: { result: number; active: true }[] }
  | { class: "OperatorTerm"; options: Record<string, never>; evaluated: true; operator: "+" | "-" }
  | { class: "NumericTerm"; options: Record<string, never>; evaluated: true; number: number };

/**
 * The Roll of a sum of dice and whole numbers ("2d10 + 12", "4d6 − 2", "7 - 1d6"; the card's "−" reads as "-") whose
 * dice showed `dice`, in order; null when the formula is of another shape or the dice do not fit it.
 */
export function knownRoll(formula: string, dice: readonly number[]): Roll.Any | null {
  const tokens = formula.replace(/−/g, "-").replace(/\s+/g, "").match(/[+-]|\d+d\d+|\d+/g);
  if (!tokens || tokens.join("") !== formula.replace(/−/g, "-").replace(/\s+/g, "")) return null;
  const terms: TermData[] = [];
  let next = 0;
  let sign = 1;
  let total = 0;
  let expectOperand = true;
  for (const token of tokens) {
    if (token === "+" || token === "-") {
      if (expectOperand) return null;
      terms.push({ class: "OperatorTerm", options: {}, evaluated: true, operator: token });
      sign = token === "-" ? -1 : 1;
      expectOperand = true;
      continue;
    }
    if (!expectOperand) return null;
    expectOperand = false;
    const [count, faces] = token.split("d").map(Number);
    if (faces === undefined) {
      terms.push({ class: "NumericTerm", options: {}, evaluated: true, number: count ?? 0 });
      total += sign * (count ?? 0);
      continue;
    }
    const results = dice.slice(next, next + (count ?? 0));
    next += count ?? 0;
    if (results.length !== count || !results.every((r) => Number.isInteger(r) && r >= 1 && r <= faces)) return null;
    terms.push({ class: "Die", options: {}, evaluated: true, number: results.length, faces, modifiers: [], results: results.map((result) => ({ result, active: true })) });
    total += sign * results.reduce((s, r) => s + r, 0);
  }
  if (expectOperand || next !== dice.length) return null;
  const text = tokens.map((t) => (t === "+" || t === "-" ? ` ${t} ` : t)).join("");
  const data = { class: "Roll", options: {}, dice: [], formula: text, terms, total, evaluated: true };
  // Foundry's stored shape (above); the 13.345 types describe it only loosely.
  const roll = foundry.dice.Roll.fromData(data as unknown as Roll.Data);
  // fromData builds the class registered as "Roll", which the lint rule cannot match to AnyRoll.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  return roll instanceof foundry.dice.Roll ? roll : null;
}

/** "Nd<faces>" with these results, evaluated; its total is their sum. */
export function knownDiceRoll(faces: number, results: readonly number[]): Roll.Any | null {
  return knownRoll(`${String(results.length)}d${String(faces)}`, results);
}
