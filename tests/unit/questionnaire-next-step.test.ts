import { describe, expect, it } from "vitest";
import { NEXT_STEPS, staffNextStep } from "~/questionnaires/next-step";

const TODAY = "2026-11-21";
const open = { locked: false, completed: false, openedAt: null, inProgress: false, isDraft: false, dueDate: null };

describe("staffNextStep", () => {
  it("waits for the client while a sent questionnaire is not due", () => {
    expect(staffNextStep(open, TODAY)).toEqual({ status: "Sent", statusTone: "info", next: NEXT_STEPS.wait, firmTurn: false });
    expect(staffNextStep({ ...open, openedAt: "2026-11-01T10:00:00Z" }, TODAY)).toMatchObject({ status: "Opened", next: "Waiting for client" });
    expect(staffNextStep({ ...open, openedAt: "2026-11-01T10:00:00Z", inProgress: true, dueDate: TODAY }, TODAY)).toMatchObject({
      status: "In Progress",
      next: "Waiting for client",
    });
  });

  it("asks for a reminder once the due date has passed", () => {
    expect(staffNextStep({ ...open, dueDate: "2026-11-20" }, TODAY)).toEqual({ status: "Sent", statusTone: "danger", next: "Send reminder", firmTurn: true });
    expect(staffNextStep({ ...open, inProgress: true, dueDate: "2026-11-20T00:00:00.000Z" }, TODAY)).toMatchObject({ next: "Send reminder" });
  });

  it("reviews a completed questionnaire, even past its due date", () => {
    expect(staffNextStep({ ...open, completed: true, dueDate: "2026-01-01" }, TODAY)).toEqual({
      status: "Completed",
      statusTone: "success",
      next: "Review submitted answers",
      firmTurn: true,
    });
  });

  it("sends a draft, and has nothing to do once locked", () => {
    expect(staffNextStep({ ...open, isDraft: true, dueDate: "2026-01-01" }, TODAY)).toMatchObject({ status: "Draft", next: "Send to client", firmTurn: true });
    expect(staffNextStep({ ...open, locked: true, completed: true }, TODAY)).toMatchObject({ status: "Locked", next: NEXT_STEPS.locked, firmTurn: false });
  });
});
