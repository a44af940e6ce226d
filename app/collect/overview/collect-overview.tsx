/**
 * Collect (staff `/` and `/overview`): the questionnaire table with search, filters, column choice,
 * server-side pages and sort (state in the URL and the `table_overview` cookie), row selection with
 * bulk actions, the queue banner, and the advisor preview dialog opened from a row.
 */
import { useFetcher, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import * as t from "~/components/data-table/data-table.css";
import { TablePager } from "~/components/data-table/data-table";
import { SendRemindersDialog } from "~/reminders/send-reminders-dialog";
import { SEARCH_DEBOUNCE_MS, stateToSearch, toggleSort, withFilter, withSearch, type PageInfo, type TableState } from "~/components/data-table/state";
import { Badge, Button, Checkbox, ConfirmDialog, Dialog, EmptyState, PageHeader, Select, TextField, useToast, type SelectOption } from "~/components/ui";
import { useVocabulary } from "~/vocabulary";
import { COLLECT_MESSAGES } from "../preview/rules";
import { PreviewDialog } from "../preview/preview-dialog";
import { SendQuestionnaireButton } from "../send/send-dialog";
import { DueDateDialog } from "./due-date-dialog";
import { formatDay, statusBadge } from "./format";
import * as s from "./collect.css";
import type { CollectRow } from "./list.server";
import { QueueBanner } from "./queue-banner";
import { COLLECT_COLUMNS, COLLECT_TABLE, DELETED_FILTERS, STATUS_FILTERS, type CollectColumnKey } from "./table";

export interface CollectData {
  state: TableState;
  rows: CollectRow[];
  page: PageInfo;
  capped: boolean;
  today: string;
  isAdvisor: boolean;
  options: { advisors: SelectOption[]; groups: SelectOption[]; customStatuses: SelectOption[]; entityTypes: SelectOption[]; years: SelectOption[] };
}

type ActionResult = { ok: true; message: string; count: number } | { ok: false; error: string };

/** After a send the list reloads 3 s later (§9). */
const SEND_RELOAD_MS = 3000;

export function CollectOverview({ data, headerActions }: { data: CollectData; headerActions?: React.ReactNode }) {
  const tr = useVocabulary();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const toast = useToast();
  const { state, rows, page, options, today, isAdvisor } = data;
  const current: TableState = { ...state, page: page.page };
  const go = (next: TableState, replace = false) => navigate(stateToSearch(next, COLLECT_TABLE), { replace, preventScrollReset: true });

  // Search, debounced (300 ms).
  const [search, setSearch] = useState(state.q);
  const latest = useRef(current);
  latest.current = current;
  useEffect(() => setSearch(state.q), [state.q]);
  useEffect(() => {
    if (search.trim() === latest.current.q) return;
    const timer = setTimeout(() => go(withSearch(latest.current, search), true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  // Selection (kept while paging; cleared when the filters change).
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const filterKey = JSON.stringify([state.filters, state.q]);
  useEffect(() => setSelected(new Set()), [filterKey]);
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggleAll = () =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const r of rows) {
        if (allOnPage) next.delete(r.id);
        else next.add(r.id);
      }
      return next;
    });
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // Bulk actions.
  const bulk = useFetcher<ActionResult>();
  const [bulkDialog, setBulkDialog] = useState<null | "lock" | "due" | "reminders" | "drafts">(null);
  const submitBulk = (body: Record<string, unknown>) =>
    bulk.submit({ ...body, questionnaireIds: [...selected] } as never, { method: "post", action: "/api/staff/questionnaires", encType: "application/json" });
  useEffect(() => {
    if (bulk.state !== "idle" || !bulk.data) return;
    if (bulk.data.ok) {
      toast.success(bulk.data.message);
      setSelected(new Set());
      setBulkDialog(null);
    } else toast.error(bulk.data.error || COLLECT_MESSAGES.failed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bulk.state, bulk.data]);

  const [openId, setOpenId] = useState<string | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sendReminders, setSendReminders] = useState(false);
  const revalidator = useRevalidator();
  const deletedView = state.filters.deleted?.[0] === "only";

  const visible = COLLECT_COLUMNS.filter((c) => !state.hidden.includes(c.key));
  const choosable = COLLECT_COLUMNS.filter((c) => COLLECT_TABLE.columns.includes(c.key));
  const toggleColumn = (key: string, show: boolean) => go({ ...current, hidden: show ? current.hidden.filter((h) => h !== key) : [...current.hidden, key] });
  const filter = (name: string, label: string, allLabel: string, opts: readonly SelectOption[]) => (
    <Select
      key={name}
      className={t.filter}
      label={label}
      value={state.filters[name]?.[0] ?? ""}
      onChange={(e) => go(withFilter(current, name, [e.currentTarget.value]))}
      options={[{ value: "", label: allLabel }, ...opts]}
    />
  );

  const cell = (key: CollectColumnKey, row: CollectRow) => {
    switch (key) {
      case "select":
        return (
          <input
            type="checkbox"
            className={s.rowCheck}
            checked={selected.has(row.id)}
            onChange={() => toggle(row.id)}
            aria-label={row.owner ? `Select ${row.owner}: ${tr(row.name)}, ${row.client}` : `Select ${row.client}: ${tr(row.name)}`}
          />
        );
      case "notes":
        return row.notes ? <Badge tone="neutral">{row.notes}</Badge> : "";
      case "firm_custom_status_id":
        return row.customStatus ? <Badge tone="brand">{row.customStatus}</Badge> : "";
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
        return <Badge tone={b.tone}>{b.label}</Badge>;
      }
      case "client":
        return (
          <>
            <button type="button" className={s.linkButton} onClick={() => setOpenId(row.id)}>
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
          <Button size="sm" variant="secondary" onClick={() => setOpenId(row.id)} aria-label={`Open ${row.client}: ${tr(row.name)}`}>
            Open
          </Button>
        );
      case "next_reminder_date":
        return row.remindersDisabled ? <span className={s.muted}>Off</span> : formatDay(row.nextReminderDate);
      case "firm_group":
        return row.firmGroup ?? "";
    }
  };

  const busy = bulk.state !== "idle";
  return (
    <>
      <PageHeader
        title="Collect"
        description={`Track every ${tr("questionnaire")} your clients are working on.`}
        actions={headerActions ?? (isAdvisor ? <SendQuestionnaireButton onSent={() => setTimeout(() => revalidator.revalidate(), SEND_RELOAD_MS)} /> : null)}
      />
      <QueueBanner />
      <section className={t.root} aria-label={tr("Questionnaires")} aria-busy={navigation.state === "loading" || undefined}>
        <div className={t.toolbar}>
          <TextField
            className={t.search}
            label={`Search ${tr("questionnaires")}`}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            autoComplete="off"
          />
          <span className={s.filtersToggle}>
            <Button size="sm" variant="secondary" aria-expanded={filtersOpen} aria-controls="collect-filters" onClick={() => setFiltersOpen((o) => !o)}>
              {`Filters${Object.keys(state.filters).length ? ` (${Object.keys(state.filters).length})` : ""}`}
            </Button>
          </span>
          <div id="collect-filters" className={s.filters} data-open={filtersOpen}>
            {filter("status", "Status", "Any status", STATUS_FILTERS)}
            {filter("year", "Year", "Any year", options.years)}
            {filter("advisor", "Assigned", "Anyone", [{ value: "none", label: "No advisor" }, ...options.advisors])}
            {options.customStatuses.length
              ? filter("custom_status", "Custom status", "Any custom status", [{ value: "none", label: "No custom status" }, ...options.customStatuses])
              : null}
            {options.groups.length ? filter("group", "Firm group", "Any group", [{ value: "none", label: "No group" }, ...options.groups]) : null}
            {filter(
              "entity_type",
              tr("Entity type"),
              "Any type",
              options.entityTypes.map((o) => ({ ...o, label: tr(o.label) })),
            )}
            {filter("deleted", "Show", "Active", DELETED_FILTERS)}
          </div>
          <details className={t.columns}>
            <summary className={t.columnsSummary}>Columns</summary>
            <div className={t.columnsMenu} role="group" aria-label="Visible columns">
              {choosable.map((c) => (
                <Checkbox key={c.key} label={c.label} checked={!state.hidden.includes(c.key)} onChange={(e) => toggleColumn(c.key, e.currentTarget.checked)} />
              ))}
            </div>
          </details>
        </div>

        {selected.size > 0 ? (
          <div className={s.bulkBar} role="toolbar" aria-label="Selected rows">
            <span className={s.bulkCount}>{selected.size} selected</span>
            {deletedView ? (
              <Button size="sm" disabled={!isAdvisor || busy} onClick={() => submitBulk({ intent: "restore" })}>
                Restore
              </Button>
            ) : (
              <>
                <Button size="sm" variant="secondary" disabled={!isAdvisor || busy} onClick={() => setBulkDialog("lock")}>
                  Lock
                </Button>
                <Button size="sm" variant="secondary" disabled={busy} onClick={() => setBulkDialog("due")}>
                  Edit due dates
                </Button>
                <Button size="sm" variant="secondary" disabled={busy} onClick={() => setBulkDialog("reminders")}>
                  Edit reminders
                </Button>
                <Button size="sm" variant="secondary" disabled={!isAdvisor || busy} onClick={() => setBulkDialog("drafts")}>
                  Send drafts
                </Button>
                <Button size="sm" variant="secondary" disabled={!isAdvisor || busy} onClick={() => setSendReminders(true)}>
                  Send reminders
                </Button>
              </>
            )}
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Clear selection
            </Button>
          </div>
        ) : null}

        {rows.length === 0 ? (
          <EmptyState
            compact
            titleAs="p"
            title={deletedView ? `No deleted ${tr("questionnaires")}.` : `No ${tr("questionnaires")} found.`}
            description={
              state.q || Object.keys(state.filters).length
                ? "Try another search or clear the filters."
                : `${tr("Questionnaires")} you send to clients show up here.`
            }
          />
        ) : (
          <div className={t.scroller}>
            <table className={t.table}>
              <thead>
                <tr>
                  {visible.map((c) => {
                    if (c.key === "select") {
                      return (
                        <th key={c.key} scope="col" className={t.th}>
                          <input type="checkbox" className={s.rowCheck} checked={allOnPage} onChange={toggleAll} aria-label="Select all rows on this page" />
                        </th>
                      );
                    }
                    const active = state.sort === c.key;
                    return (
                      <th key={c.key} scope="col" className={t.th} aria-sort={active ? (state.dir === "asc" ? "ascending" : "descending") : undefined}>
                        {c.sortable ? (
                          <button type="button" className={t.sortButton} onClick={() => go(toggleSort(current, c.key))}>
                            {c.key === "name" ? tr("Questionnaire") : tr(c.label)}
                            <span aria-hidden="true">{active ? (state.dir === "asc" ? "▲" : "▼") : "↕"}</span>
                          </button>
                        ) : (
                          tr(c.label)
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className={selected.has(row.id) ? s.selectedRow : undefined}>
                    {visible.map((c) => (
                      <td key={c.key} className={t.td}>
                        {cell(c.key, row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <TablePager
          label={tr("Questionnaires")}
          page={page}
          current={current}
          go={go}
          note={
            data.capped && !page.hasNext ? (
              <span className={s.muted}>Only the first 10,000 matches can be paged through: narrow the list with search or filters.</span>
            ) : null
          }
        />
      </section>

      <ConfirmDialog
        open={bulkDialog === "lock"}
        title={`Lock ${selected.size} ${tr(selected.size === 1 ? "questionnaire" : "questionnaires")}?`}
        message="Clients can still view a locked questionnaire but cannot change it."
        confirmLabel="Lock"
        busy={busy}
        onConfirm={() => submitBulk({ intent: "lock" })}
        onCancel={() => setBulkDialog(null)}
      />
      <ConfirmDialog
        open={bulkDialog === "drafts"}
        title={`Send the selected drafts?`}
        message="Each draft among the selected rows is sent to its client now. Rows that are not drafts are left as they are."
        confirmLabel="Send drafts"
        busy={busy}
        onConfirm={() => submitBulk({ intent: "send_drafts" })}
        onCancel={() => setBulkDialog(null)}
      />
      <DueDateDialog
        open={bulkDialog === "due"}
        today={today}
        busy={busy}
        count={selected.size}
        onCancel={() => setBulkDialog(null)}
        onSave={(dueDate, remindersDisabled) => submitBulk({ intent: "due_dates", dueDate, remindersDisabled })}
      />
      <BulkRemindersDialog
        open={bulkDialog === "reminders"}
        busy={busy}
        count={selected.size}
        onCancel={() => setBulkDialog(null)}
        onSave={(remindersDisabled) => submitBulk({ intent: "reminders", remindersDisabled })}
      />
      <SendRemindersDialog
        open={sendReminders}
        questionnaireIds={[...selected]}
        onClose={() => setSendReminders(false)}
        onDone={() => {
          setSelected(new Set());
          revalidator.revalidate();
        }}
      />
      {openId ? <PreviewDialog questionnaireId={openId} isAdvisor={isAdvisor} today={today} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

function BulkRemindersDialog({
  open,
  busy,
  count,
  onCancel,
  onSave,
}: {
  open: boolean;
  busy: boolean;
  count: number;
  onCancel: () => void;
  onSave: (off: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Edit reminders"
      description={`Automatic reminders for ${count} selected ${count === 1 ? "row" : "rows"}.`}
      size="sm"
      persistent={busy}
      footer={
        <>
          <Button variant="secondary" onClick={() => onSave(true)} disabled={busy}>
            Turn reminders off
          </Button>
          <Button onClick={() => onSave(false)} loading={busy}>
            Turn reminders on
          </Button>
        </>
      }
    />
  );
}
