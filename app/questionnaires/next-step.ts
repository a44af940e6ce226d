/**
 * What the firm does next with a questionnaire, as staff see it on an entity's or a user's page:
 * its status (staffStatusLabel, with Locked shown apart) and the next step. Pure, unit-tested.
 *
 *   Locked                      → 'Nothing to do: locked'
 *   Completed                   → 'Review submitted answers'
 *   Draft                       → 'Send to client'
 *   Sent / Opened / In Progress → 'Send reminder' when past its due date, else 'Waiting for client'
 */
import { staffStatusLabel, type QuestionnaireFlags } from "./status";

export type NextStepTone = "neutral" | "info" | "success" | "warning" | "danger";

export interface StaffNextStep {
  /** The status badge: Locked, Completed, Draft, In Progress, Opened or Sent. */
  status: string;
  statusTone: NextStepTone;
  /** What the firm does next. */
  next: string;
  /** Whether the next step is the firm's (true) or the client's (false). */
  firmTurn: boolean;
}

export const NEXT_STEPS = {
  locked: "Nothing to do: locked",
  review: "Review submitted answers",
  send: "Send to client",
  remind: "Send reminder",
  wait: "Waiting for client",
} as const;

/** `today` and `dueDate` as YYYY-MM-DD (the firm's date); a due date before today is overdue. */
export function staffNextStep(q: QuestionnaireFlags & { dueDate: string | null }, today: string): StaffNextStep {
  if (q.locked) return { status: "Locked", statusTone: "neutral", next: NEXT_STEPS.locked, firmTurn: false };
  const status = staffStatusLabel(q);
  if (q.completed) return { status, statusTone: "success", next: NEXT_STEPS.review, firmTurn: true };
  if (q.isDraft) return { status, statusTone: "neutral", next: NEXT_STEPS.send, firmTurn: true };
  const overdue = q.dueDate !== null && q.dueDate.slice(0, 10) < today;
  if (overdue) return { status, statusTone: "danger", next: NEXT_STEPS.remind, firmTurn: true };
  return { status, statusTone: "info", next: NEXT_STEPS.wait, firmTurn: false };
}
