/** The grapple card at a glance (issue 21): what a hold means is said on hover of its state, not on every card. */
import { beforeAll, describe, expect, it } from "vitest";
import { GRAPPLE_CARD_TEMPLATE, grappleCardContext } from "../../src/grapple/grapple-card.js";
import { bootSystem } from "../foundry/boot.js";

beforeAll(async () => {
  await bootSystem();
});

// Keys come back with their data, so a test sees which text went where.
const i18n = { localize: (key: string) => key, format: (key: string, data: Record<string, string> = {}) => `${key} ${JSON.stringify(data)}` };
const names = { attacker: "Jack", defender: "Scagnozzo" };
const owners = { attacker: "Actor.jack", defender: "Actor.thug" };

describe("the grapple card", () => {
  it("says on the state line, as a tooltip, that nobody moves while the hold lasts; no note repeats it", async () => {
    const context = grappleCardContext("started", names, { state: { status: "held", attackerStreak: 0 } }, owners, i18n);
    expect(context.lines[0]).toMatchObject({ label: "GENESYS.Grapple.Card.Status", tooltip: "GENESYS.Grapple.Card.NoMovement" });
    expect(context.notes).toEqual([]);
    const html = await foundry.applications.handlebars.renderTemplate(GRAPPLE_CARD_TEMPLATE, { ...context });
    expect(html).toContain('data-tooltip="GENESYS.Grapple.Card.NoMovement"');
    expect(html).not.toContain("genesys-check__note");
  });

  it("once immobilised, the tooltip adds that the held one still defends without Difesa or dive", () => {
    const context = grappleCardContext("immobilised", names, { state: { status: "immobilised", attackerStreak: 2 } }, owners, i18n);
    expect(context.lines[0]?.tooltip).toContain("GENESYS.Grapple.Card.NoMovement");
    expect(context.lines[0]?.tooltip).toContain("GENESYS.Grapple.Card.ImmobilisedDefence");
    expect(context.notes).toEqual([]);
  });

  it("a detail of the event stays on the card; an ended hold has no state line and no tooltip", () => {
    const context = grappleCardContext("escaped", names, null, owners, i18n, "Scagnozzo rolled 23");
    expect(context.notes).toEqual(["Scagnozzo rolled 23"]);
    expect(context.lines).toEqual([]);
    expect(context.buttons).toEqual([]);
  });
});
