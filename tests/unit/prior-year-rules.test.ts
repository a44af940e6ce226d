import { describe, expect, it } from "vitest";
import { lineItemRemovable, PRIOR_YEAR_MESSAGES, priorYearActionSchema } from "~/staff/prior-year/rules";

const issue = (input: unknown) => {
  const r = priorYearActionSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
};

describe("prior-year item rules", () => {
  it("needs a name and a year between 2000 and 2100", () => {
    expect(priorYearActionSchema.parse({ intent: "add", name: " W-2 ", year: "2025" })).toEqual({ intent: "add", name: "W-2", year: 2025, source: null });
    expect(issue({ intent: "add", name: "", year: "2025" })).toBe(PRIOR_YEAR_MESSAGES.nameRequired);
    expect(issue({ intent: "add", name: "W-2" })).toBe(PRIOR_YEAR_MESSAGES.yearInvalid);
    expect(issue({ intent: "add", name: "W-2", year: "1999" })).toBe(PRIOR_YEAR_MESSAGES.yearInvalid);
    expect(issue({ intent: "add", name: "W-2", year: "2025.5" })).toBe(PRIOR_YEAR_MESSAGES.yearInvalid);
  });
  it("reads the don't-roll-over checkbox", () => {
    expect(priorYearActionSchema.parse({ intent: "update", id: "p1", name: "A", year: "2024", doNotRollover: "on" })).toMatchObject({ doNotRollover: true });
    expect(priorYearActionSchema.parse({ intent: "update", id: "p1", name: "A", year: "2024" })).toMatchObject({ doNotRollover: false });
  });
  it("needs a category and a value for line items", () => {
    expect(issue({ intent: "line-add", priorYearItemId: "p1", category: " ", value: "x" })).toBe(PRIOR_YEAR_MESSAGES.categoryRequired);
    expect(issue({ intent: "line-update", id: "l1", category: "Account", value: "" })).toBe(PRIOR_YEAR_MESSAGES.valueRequired);
    expect(issue({ intent: "line-delete", id: "" })).toBe(PRIOR_YEAR_MESSAGES.notFound);
    expect(issue({ intent: "rename-everything" })).not.toBeNull();
  });
  it("removes a line item only when removable is not false", () => {
    expect(lineItemRemovable({ removable: true })).toBe(true);
    expect(lineItemRemovable({ removable: null })).toBe(true);
    expect(lineItemRemovable({ removable: false })).toBe(false);
  });
});
