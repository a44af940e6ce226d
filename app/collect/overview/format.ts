import type { BadgeTone } from "~/components/ui";
import { staffStatusLabel } from "~/questionnaires/status";

/** MM/DD/YYYY of an ISO date or timestamp; '—' for none. */
export function formatDay(iso: string | null): string {
  if (!iso) return "—";
  const [y, m, d] = iso.slice(0, 10).split("-");
  return `${m}/${d}/${y}`;
}

export function statusBadge(
  row: { locked: boolean; completed: boolean; isDraft: boolean; inProgress: boolean; openedAt: string | null; dueDate: string | null },
  today: string,
): { label: string; tone: BadgeTone } {
  if (row.locked) return { label: "Locked", tone: "neutral" };
  const label = staffStatusLabel(row);
  if (row.completed) return { label, tone: "success" };
  if (row.isDraft) return { label, tone: "warning" };
  if (row.dueDate && row.dueDate < today) return { label: `${label} · Overdue`, tone: "danger" };
  return { label, tone: "info" };
}
