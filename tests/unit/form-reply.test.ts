import { describe, expect, it } from "vitest";
import { conformName, replyOptions } from "~/form-reply";

describe("conformName", () => {
  it("turns dotted list indexes into conform's brackets", () => {
    expect(conformName("sections.2.questions.0.text")).toBe("sections[2].questions[0].text");
    expect(conformName("items.10")).toBe("items[10]");
    expect(conformName("dueDate")).toBe("dueDate");
    expect(conformName("a.b")).toBe("a.b");
  });
});

describe("replyOptions", () => {
  it("puts field errors on their fields and keeps the form's message out of the way", () => {
    expect(replyOptions({ error: "Please enter a name", errors: { "rolloverItems.0.name": "Please enter a name" } }, "Failed")).toEqual({
      formErrors: [],
      fieldErrors: { "rolloverItems[0].name": ["Please enter a name"] },
    });
  });

  it("answers the error as the form's message when no field has one", () => {
    expect(replyOptions({ error: "Questionnaire not found" }, "Failed")).toEqual({ formErrors: ["Questionnaire not found"], fieldErrors: {} });
  });

  it("uses `form` from the field errors, and the fallback for a body without a message", () => {
    expect(replyOptions({ error: "x", errors: { form: "Whole form", name: "Name" } }, "Failed")).toEqual({
      formErrors: ["Whole form"],
      fieldErrors: { name: ["Name"] },
    });
    expect(replyOptions({}, "Failed")).toEqual({ formErrors: ["Failed"], fieldErrors: {} });
  });
});
