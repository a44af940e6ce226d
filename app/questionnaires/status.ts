/**
 * Questionnaire status rules shared by the client dashboard and the staff tables.
 * Spec: "Client status computed: locked, else completed, else opened, else ready_to_start."
 */
export type ClientQuestionnaireStatus = "locked" | "completed" | "opened" | "ready_to_start";

export interface QuestionnaireFlags {
  locked: boolean;
  completed: boolean;
  openedAt: Date | string | null;
  inProgress?: boolean;
  isDraft?: boolean;
}

export function clientStatus(q: QuestionnaireFlags): ClientQuestionnaireStatus {
  if (q.locked) return "locked";
  if (q.completed) return "completed";
  if (q.openedAt) return "opened";
  return "ready_to_start";
}

/** The staff-side label: Completed; Draft; Opened; In Progress; otherwise Sent (locked shown apart). */
export function staffStatusLabel(q: QuestionnaireFlags): string {
  if (q.completed) return "Completed";
  if (q.isDraft) return "Draft";
  if (q.inProgress) return "In Progress";
  if (q.openedAt) return "Opened";
  return "Sent";
}

const DAY_MS = 86_400_000;

/** Whole calendar days from `today` to `due` (both read as dates, ignoring the time of day). */
export function calendarDaysUntil(due: Date | string, today: Date): number {
  const d = typeof due === "string" ? new Date(due) : due;
  const dueDay = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const todayDay = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((dueDay - todayDay) / DAY_MS);
}

/**
 * The card badge: Locked, Completed, Due Today!, Due in N days, Overdue N days ago, In Progress, Opened.
 * Locked and Completed win over the due date; a due date wins over In Progress / Opened.
 */
export function dueBadge(
  q: QuestionnaireFlags & { dueDate: Date | string | null },
  today: Date,
): { label: string; tone: "neutral" | "info" | "success" | "warning" | "danger" } | null {
  if (q.locked) return { label: "Locked", tone: "neutral" };
  if (q.completed) return { label: "Completed", tone: "success" };
  if (q.dueDate) {
    const days = calendarDaysUntil(q.dueDate, today);
    if (days === 0) return { label: "Due Today!", tone: "warning" };
    if (days < 0) return { label: `Overdue ${-days} ${-days === 1 ? "day" : "days"} ago`, tone: "danger" };
    if (days <= 14) return { label: `Due in ${days} ${days === 1 ? "day" : "days"}`, tone: "info" };
  }
  if (q.inProgress) return { label: "In Progress", tone: "info" };
  if (q.openedAt) return { label: "Opened", tone: "info" };
  return null;
}
