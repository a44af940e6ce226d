/** Collect's columns on the shared DataTable: each column's header (in the firm's words) and cell. */
import type { ReactNode } from "react";
import type { DataTableColumn } from "~/components/data-table";
import { Badge, Button } from "~/components/ui";
import type { useVocabulary } from "~/vocabulary";
import { statusTone } from "~/custom-statuses/rules";
import type { FirmRoleColumn } from "~/firm-roles/rules";
import { roleColumns } from "~/firm-roles/role-columns";
import { progressSummary } from "~/questionnaires/progress";
import { scheduledReminderDate } from "~/reminders/rules";
import { formatDay, statusBadge } from "./format";
import * as s from "./collect.css";
import type { CollectRow } from "./list.server";
import { COLLECT_COLUMNS, type CollectColumnKey } from "./table";

type Translate = ReturnType<typeof useVocabulary>;

/** Opens the preview dialog of a questionnaire, at a question when given. */
type Open = (id: string, questionId?: string) => void;

/** The row's own actions besides Open (set custom status), when the firm has statuses. */
type SetStatus = ((row: CollectRow) => void) | null;

function cell(key: Exclude<CollectColumnKey, "select">, row: CollectRow, tr: Translate, today: string, open: Open, setStatus: SetStatus): ReactNode {
  switch (key) {
    case "notes":
      return (
        <>
          {row.notes ? (
            <Badge tone="neutral" title="Staff notes">
              {row.notes}
            </Badge>
          ) : null}
          {row.clientNotes && row.latestClientNote ? (
            <button
              type="button"
              className={s.noteButton}
              onClick={() => open(row.id, row.latestClientNote!.questionId)}
              aria-label={`${clientNotesLabel(row.clientNotes)} from ${row.client}. Latest, ${row.latestClientNote.author}: ${row.latestClientNote.body}`}
            >
              <Badge tone="warning">{clientNotesLabel(row.clientNotes)}</Badge>
              <span className={s.notePreview}>
                {row.latestClientNote.author}: {row.latestClientNote.body}
              </span>
            </button>
          ) : null}
        </>
      );
    case "firm_custom_status_id":
      return row.customStatus ? <Badge tone={statusTone(row.customStatusColor)}>{row.customStatus}</Badge> : "";
    case "firm_role":
      return row.firmRoles.join(", ");
    case "documents":
      // has_split_documents_to_review: the firm split a document of it and nobody marked or undid the split yet.
      return row.hasSplitDocumentsToReview ? (
        <>
          {row.documents} <Badge tone="info">Split to review</Badge>
        </>
      ) : (
        row.documents
      );
    case "status": {
      const b = row.deletedAt ? { label: "Deleted", tone: "danger" as const } : statusBadge(row, today);
      return (
        <>
          <Badge tone={b.tone}>{b.label}</Badge>
          <div className={s.muted} data-testid="collect-progress">
            {progressSummary(row.progress)}
          </div>
        </>
      );
    }
    case "client":
      return (
        <>
          <button type="button" className={s.linkButton} onClick={() => open(row.id)}>
            {row.client}
          </button>
          {row.owner ? <div className={s.muted}>{row.owner}</div> : null}
        </>
      );
    case "last_activity":
      return (
        <>
          {row.lastActivity ?? "—"}
          {row.lastActivityAt ? <div className={s.muted}>{formatDay(row.lastActivityAt)}</div> : null}
        </>
      );
    case "due_date":
      return formatDay(row.dueDate);
    case "year":
      return row.taxYear;
    case "external_user_id":
      return row.externalUserId ?? "";
    case "external_entity_id":
      return row.externalEntityId ?? "";
    case "assigned":
      return row.assigned ?? "";
    case "entity_type":
      return tr(row.entityType);
    case "submitted_at":
      return row.submittedAt ? formatDay(row.submittedAt) : "";
    case "first_doc_uploaded_at":
      return row.firstDocUploadedAt ? formatDay(row.firstDocUploadedAt) : "";
    case "name":
      return (
        <>
          {tr(row.name)}
          {row.isOpenItem ? <div className={s.muted}>Additional items</div> : null}
        </>
      );
    case "actions":
      return (
        <div className={s.rowActions}>
          <Button size="sm" variant="secondary" onClick={() => open(row.id)} aria-label={`Open ${row.client}: ${tr(row.name)}`}>
            Open
          </Button>
          {setStatus && !row.deletedAt ? (
            <Button size="sm" variant="ghost" onClick={() => setStatus(row)} aria-label={`Set status of ${row.client}: ${tr(row.name)}`}>
              Status
            </Button>
          ) : null}
        </div>
      );
    case "next_reminder_date":
      return row.remindersDisabled ? <span className={s.muted}>Off</span> : formatDay(scheduledReminderDate(row));
    case "firm_group":
      return row.firmGroup ?? "";
  }
}

function clientNotesLabel(count: number): string {
  return count === 1 ? "1 client note" : `${count} client notes`;
}

/** Every column but the row's checkbox (the DataTable's selection column), with one column per firm role before the actions. */
export function collectColumns(
  tr: Translate,
  today: string,
  open: Open,
  roles: readonly FirmRoleColumn[] = [],
  setStatus: SetStatus = null,
): DataTableColumn<CollectRow>[] {
  const columns: DataTableColumn<CollectRow>[] = COLLECT_COLUMNS.filter((c) => c.key !== "select").map((c) => ({
    key: c.key,
    label: c.label,
    header: c.key === "name" ? tr("Questionnaire") : tr(c.label),
    sortable: c.sortable,
    pin: c.key === "actions" ? ("end" as const) : undefined,
    render: (row: CollectRow) => cell(c.key as Exclude<CollectColumnKey, "select">, row, tr, today, open, setStatus),
  }));
  return [...columns.slice(0, -1), ...roleColumns<CollectRow>(roles), ...columns.slice(-1)];
}

/** The name of a row's checkbox: 'Select {owner}: {questionnaire}, {client}'. */
export function collectRowLabel(tr: Translate) {
  return (row: CollectRow) => (row.owner ? `${row.owner}: ${tr(row.name)}, ${row.client}` : `${row.client}: ${tr(row.name)}`);
}
