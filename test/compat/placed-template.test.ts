/**
 * The blast point of each v14 region shape (src/compat/placed-template.ts), from the shapes' data as Foundry's own v14
 * system builds them (foundryvtt/crucible module/dice/action-use-dialog.mjs) and v13's PolygonShapeData.
 */
import { describe, expect, it } from "vitest";
import { shapeCentre } from "../../src/compat/placed-template.js";

const near = (p: { x: number; y: number } | null): { x: number; y: number } | null => (p ? { x: Math.round(p.x * 1e6) / 1e6, y: Math.round(p.y * 1e6) / 1e6 } : null);

describe("the blast point of a v14 region shape", () => {
  it("circle, ellipse and ring: their centre; cone and line: their origin", () => {
    for (const type of ["circle", "ellipse", "ring", "cone", "line"]) expect(shapeCentre({ type, x: 120, y: 80, radius: 50 }, 100), type).toEqual({ x: 120, y: 80 });
  });

  it("rectangle: without an anchor its x, y is the top-left corner (as v13's were)", () => {
    expect(shapeCentre({ type: "rectangle", x: 100, y: 200, width: 300, height: 100 }, 100)).toEqual({ x: 250, y: 250 });
  });

  it("rectangle: anchored at its middle, x, y is the centre whatever the rotation", () => {
    expect(near(shapeCentre({ type: "rectangle", x: 100, y: 200, width: 300, height: 100, anchorX: 0.5, anchorY: 0.5, rotation: 37 }, 100))).toEqual({ x: 100, y: 200 });
  });

  it("rectangle: turned 90° about its top-left anchor, the centre turns with it", () => {
    expect(near(shapeCentre({ type: "rectangle", x: 0, y: 0, width: 200, height: 100, anchorX: 0, anchorY: 0, rotation: 90 }, 100))).toEqual({ x: -50, y: 100 });
  });

  it("emanation: the centre of the token it surrounds, the token's size in grid spaces", () => {
    expect(shapeCentre({ type: "emanation", radius: 500, base: { type: "token", x: 300, y: 400, width: 2, height: 1 } }, 100)).toEqual({ x: 400, y: 450 });
    expect(shapeCentre({ type: "emanation", x: 10, y: 20, radius: 500 }, 100)).toEqual({ x: 10, y: 20 });
  });

  it("polygon: its area's centroid; a degenerate one, its vertices' mean", () => {
    expect(near(shapeCentre({ type: "polygon", points: [0, 0, 300, 0, 300, 300, 0, 300] }, 100))).toEqual({ x: 150, y: 150 });
    // A right triangle's centroid is a third of the way along each leg.
    expect(near(shapeCentre({ type: "polygon", points: [0, 0, 300, 0, 0, 300] }, 100))).toEqual({ x: 100, y: 100 });
    expect(near(shapeCentre({ type: "polygon", points: [0, 0, 100, 0, 200, 0] }, 100))).toEqual({ x: 100, y: 0 });
  });

  it("a hole, an unknown type or bad numbers: no point", () => {
    expect(shapeCentre({ type: "circle", x: 1, y: 2, radius: 3, hole: true }, 100)).toBeNull();
    expect(shapeCentre({ type: "token", x: 1, y: 2 }, 100)).toBeNull();
    expect(shapeCentre({ type: "circle", x: "1", y: 2 }, 100)).toBeNull();
    expect(shapeCentre({ type: "polygon", points: [0, "a"] }, 100)).toBeNull();
    expect(shapeCentre(null, 100)).toBeNull();
  });
});
