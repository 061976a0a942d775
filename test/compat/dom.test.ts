import { describe, expect, it } from "vitest";
import { asElement, asForm, asInput, asSelect, asTextArea } from "../../src/compat/dom.js";

/** An element made by another window: the same shape, but no instance of this window's classes. */
function foreign(tagName: string, extra: object = {}): object {
  return { nodeType: 1, tagName, closest: () => null, ...extra };
}

describe("DOM checks that hold across windows (v14 pop-outs)", () => {
  it("recognise another window's elements by what they are, not by their class", () => {
    const button = foreign("BUTTON");
    expect(button instanceof Object).toBe(true);
    expect(asElement(button)).toBe(button);
    expect(asForm(foreign("FORM"))).not.toBeNull();
    expect(asInput(foreign("input"))).not.toBeNull();
    expect(asSelect(foreign("SELECT"))).not.toBeNull();
    expect(asInput(foreign("SELECT"))).toBeNull();
    expect(asTextArea(foreign("TEXTAREA"))).not.toBeNull();
    expect(asTextArea(foreign("INPUT"))).toBeNull();
  });

  it("refuse what is not an element", () => {
    for (const value of [null, undefined, "div", 1, {}, { nodeType: 3, closest: () => null }, { nodeType: 1 }]) expect(asElement(value)).toBeNull();
  });
});
