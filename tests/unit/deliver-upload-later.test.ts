/**
 * Upload later (staff spec §5 'Upload later (tax return row)'): the date must be in the future, in
 * the current year and before the questionnaire's due date, each with its own message; the default
 * is 7 days ahead; the warning when the item has documents.
 */
import { describe, expect, it } from "vitest";
import { MESSAGES, answerLaterError, defaultAnswerLaterDate } from "~/questionnaires/rules";

const today = "2026-05-10";
const upload = (date: string, due: string | null = null) => answerLaterError(date, today, due, "upload");

describe("upload later date", () => {
  it("must be in the future", () => {
    expect(upload("2026-05-10")).toBe("Upload later date must be in the future");
    expect(upload("2026-05-01")).toBe("Upload later date must be in the future");
    expect(upload("")).toBe("Upload later date must be in the future");
    expect(upload("2026-02-30")).toBe("Upload later date must be in the future");
  });
  it("must be in the current year", () => {
    expect(upload("2027-01-02")).toBe("Upload later date must be in the current year");
  });
  it("must be before the due date (shown MM/DD/YYYY)", () => {
    expect(upload("2026-06-01", "2026-06-01")).toBe("Upload later date must be before the due date: 06/01/2026");
    expect(upload("2026-06-02", "2026-06-01")).toBe("Upload later date must be before the due date: 06/01/2026");
    expect(upload("2026-05-31", "2026-06-01")).toBeNull();
  });
  it("defaults to 7 days ahead, which is valid when the due date allows it", () => {
    expect(defaultAnswerLaterDate(today)).toBe("2026-05-17");
    expect(upload(defaultAnswerLaterDate(today), "2026-06-01")).toBeNull();
    expect(upload(defaultAnswerLaterDate("2026-12-28"))).toBe("Upload later date must be in the current year");
  });
  it("warns that Save removes the item's documents", () => {
    expect(MESSAGES.uploadLaterWarning).toBe("On Save, all documents uploaded on this item will be removed.");
  });
  it("keeps the Answer Later wording for other questions", () => {
    expect(answerLaterError("2026-05-01", today, null)).toBe("Answer later date must be in the future");
  });
});
