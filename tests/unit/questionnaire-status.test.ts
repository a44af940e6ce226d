import { describe, expect, it } from "vitest";
import { calendarDaysUntil, clientStatus, dueBadge, staffStatusLabel } from "~/questionnaires/status";

const base = { locked: false, completed: false, openedAt: null, inProgress: false, isDraft: false };
const today = new Date(2026, 10, 21, 15, 30);

describe("questionnaire status", () => {
  it("computes the client status in the spec's order", () => {
    expect(clientStatus({ ...base, locked: true, completed: true, openedAt: new Date() })).toBe("locked");
    expect(clientStatus({ ...base, completed: true, openedAt: new Date() })).toBe("completed");
    expect(clientStatus({ ...base, openedAt: new Date() })).toBe("opened");
    expect(clientStatus(base)).toBe("ready_to_start");
  });
  it("labels questionnaires for staff", () => {
    expect(staffStatusLabel({ ...base, completed: true })).toBe("Completed");
    expect(staffStatusLabel({ ...base, isDraft: true })).toBe("Draft");
    expect(staffStatusLabel({ ...base, inProgress: true, openedAt: new Date() })).toBe("In Progress");
    expect(staffStatusLabel({ ...base, openedAt: new Date() })).toBe("Opened");
    expect(staffStatusLabel(base)).toBe("Sent");
  });
  it("counts calendar days", () => {
    expect(calendarDaysUntil("2026-11-21", today)).toBe(0);
    expect(calendarDaysUntil("2026-11-28", today)).toBe(7);
    expect(calendarDaysUntil("2026-11-19", today)).toBe(-2);
  });
  it("shows due badges", () => {
    expect(dueBadge({ ...base, dueDate: "2026-11-21" }, today)?.label).toBe("Due Today!");
    expect(dueBadge({ ...base, dueDate: "2026-11-24" }, today)?.label).toBe("Due in 3 days");
    expect(dueBadge({ ...base, dueDate: "2026-11-22" }, today)?.label).toBe("Due in 1 day");
    expect(dueBadge({ ...base, dueDate: "2026-11-11" }, today)?.label).toBe("Overdue 10 days ago");
    expect(dueBadge({ ...base, locked: true, dueDate: "2026-11-11" }, today)?.label).toBe("Locked");
    expect(dueBadge({ ...base, completed: true, dueDate: "2026-11-11" }, today)?.label).toBe("Completed");
    expect(dueBadge({ ...base, inProgress: true, openedAt: today, dueDate: null }, today)?.label).toBe("In Progress");
    expect(dueBadge({ ...base, openedAt: today, dueDate: "2027-03-01" }, today)?.label).toBe("Opened");
    expect(dueBadge({ ...base, dueDate: null }, today)).toBeNull();
  });
});
