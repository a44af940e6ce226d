import { describe, expect, it } from "vitest";
import { progressPercent } from "~/home/client-home.server";

describe("questionnaire progress", () => {
  it("shows 5% when in progress with no completed sections", () => {
    expect(progressPercent([{ completed: false }, { completed: false }], true)).toBe(5);
    expect(progressPercent([{ completed: false }], false)).toBe(0);
  });
  it("shows the share of completed sections", () => {
    expect(progressPercent([{ completed: true }, { completed: false }, { completed: false }, { completed: true }], true)).toBe(50);
    expect(progressPercent([{ completed: true }], false)).toBe(100);
  });
});
