/**
 * Collect (staff `/` and `/overview`): the questionnaire table with search, filters, column choice,
 * server-side pages and sort (state in the URL and the `table_overview` cookie), row selection with
 * bulk actions, the queue banner, and the advisor preview dialog opened from a row. The table is
 * the shared DataTable; this file composes it.
 */
import { useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { DataTable, TableFilters, type DataTableFilter, type RowSelectionState } from "~/components/data-table";
import type { PageInfo, TableState } from "~/components/data-table/state";
import { PageHeader, type SelectOption } from "~/components/ui";
import { SetStatusDialog } from "~/custom-statuses/set-status-dialog";
import type { CustomStatusChoice } from "~/custom-statuses/rules";
import { withRoleColumns, type FirmRoleColumn } from "~/firm-roles/rules";
import { useVocabulary } from "~/vocabulary";
import { PreviewDialog } from "../preview/preview-dialog";
import { SendQuestionnaireButton } from "../send/send-dialog";
import { BulkActions } from "./collect-bulk";
import { collectColumns, collectRowLabel } from "./collect-columns";
import * as s from "./collect.css";
import type { CollectRow } from "./list.server";
import { QueueBanner } from "./queue-banner";
import { SetupChecklist } from "~/setup/setup-checklist";
import type { SetupChecklistData } from "~/setup/checklist";
import { COLLECT_TABLE, DELETED_FILTERS, STATUS_FILTERS } from "./table";

export interface CollectData {
  state: TableState;
  rows: CollectRow[];
  page: PageInfo;
  capped: boolean;
  today: string;
  isAdvisor: boolean;
  /** The firm setup checklist, for partners until done or dismissed. */
  setup?: SetupChecklistData | null;
  options: { advisors: SelectOption[]; groups: SelectOption[]; customStatuses: SelectOption[]; entityTypes: SelectOption[]; years: SelectOption[] };
  /** The firm's roles (one column each), only with use_firm_roles. */
  roles: FirmRoleColumn[];
  /** The firm's custom statuses, to set on rows. */
  statuses: CustomStatusChoice[];
}

/** After a send the list reloads 3 s later (§9). */
const SEND_RELOAD_MS = 3000;

export function CollectOverview({ data, headerActions }: { data: CollectData; headerActions?: React.ReactNode }) {
  const tr = useVocabulary();
  const revalidator = useRevalidator();
  const { state, rows, page, options, today, isAdvisor } = data;
  const current: TableState = { ...state, page: page.page };
  const [open, setOpen] = useState<{ id: string; questionId?: string } | null>(null);
  const openId = open?.id ?? null;
  const deletedView = state.filters.deleted?.[0] === "only";

  // Selection (kept while paging; cleared when the filters change).
  const [selected, setSelected] = useState<RowSelectionState>({});
  const filterKey = JSON.stringify([state.filters, state.q]);
  useEffect(() => setSelected({}), [filterKey]);
  const selectedIds = useMemo(() => new Set(Object.keys(selected).filter((id) => selected[id])), [selected]);

  const [statusOf, setStatusOf] = useState<CollectRow | null>(null);
  const hasStatuses = data.statuses.length > 0;
  const columns = useMemo(
    () => collectColumns(tr, today, (id, questionId) => setOpen({ id, questionId }), data.roles, hasStatuses ? setStatusOf : null),
    [tr, today, data.roles, hasStatuses],
  );
  const config = useMemo(() => withRoleColumns(COLLECT_TABLE, data.roles), [data.roles]);
  const hasFilters = Boolean(state.q || Object.keys(state.filters).length);

  return (
    <>
      <PageHeader
        title="Collect"
        description={`Track every ${tr("questionnaire")} your clients are working on.`}
        actions={headerActions ?? (isAdvisor ? <SendQuestionnaireButton onSent={() => setTimeout(() => revalidator.revalidate(), SEND_RELOAD_MS)} /> : null)}
      />
      {data.setup ? <SetupChecklist steps={data.setup.steps} onSent={() => setTimeout(() => revalidator.revalidate(), SEND_RELOAD_MS)} /> : null}
      <QueueBanner />
      <DataTable
        label={tr("Questionnaires")}
        config={config}
        state={state}
        page={page}
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        searchLabel={`Search ${tr("questionnaires")}`}
        filterControls={<TableFilters id="collect-filters" current={current} config={COLLECT_TABLE} filters={collectFilters(options, tr)} />}
        selection={{ selected, onChange: setSelected }}
        rowLabel={collectRowLabel(tr)}
        selectAllLabel="Select all rows on this page"
        aboveRows={
          <BulkActions
            selected={selectedIds}
            clear={() => setSelected({})}
            deletedView={deletedView}
            isAdvisor={isAdvisor}
            today={today}
            statuses={data.statuses}
          />
        }
        emptyTitle={deletedView ? `No deleted ${tr("questionnaires")}.` : `No ${tr("questionnaires")} found.`}
        emptyDescription={hasFilters ? "Try another search or clear the filters." : `${tr("Questionnaires")} you send to clients show up here.`}
        emptyAction={
          isAdvisor && !headerActions ? (
            <SendQuestionnaireButton
              label={`Send your first ${tr("questionnaire")}`}
              size="sm"
              onSent={() => setTimeout(() => revalidator.revalidate(), SEND_RELOAD_MS)}
            />
          ) : null
        }
        pagerNote={
          data.capped && !page.hasNext ? (
            <span className={s.muted}>Only the first 10,000 matches can be paged through: narrow the list with search or filters.</span>
          ) : null
        }
      />
      {openId ? (
        <PreviewDialog
          questionnaireId={openId}
          isAdvisor={isAdvisor}
          today={today}
          focusQuestionId={open?.questionId ?? null}
          statuses={data.statuses}
          onClose={() => setOpen(null)}
        />
      ) : null}
      <SetStatusDialog
        open={statusOf !== null}
        questionnaireIds={statusOf ? [statusOf.id] : []}
        statuses={data.statuses}
        currentStatusId={data.statuses.find((st) => st.name === statusOf?.customStatus)?.id ?? null}
        onClose={() => setStatusOf(null)}
      />
    </>
  );
}

/** Collect's filters, in the toolbar's order (custom status and firm group only when the firm has some). */
function collectFilters(options: CollectData["options"], tr: (word: string) => string): DataTableFilter[] {
  const filters: (DataTableFilter | null)[] = [
    { name: "status", label: "Status", allLabel: "Any status", options: [...STATUS_FILTERS] },
    { name: "year", label: "Year", allLabel: "Any year", options: options.years },
    { name: "advisor", label: "Assigned", allLabel: "Anyone", options: [{ value: "none", label: tr("No advisor") }, ...options.advisors] },
    options.customStatuses.length
      ? {
          name: "custom_status",
          label: "Custom status",
          allLabel: "Any custom status",
          options: [{ value: "none", label: "No custom status" }, ...options.customStatuses],
        }
      : null,
    options.groups.length
      ? { name: "group", label: "Firm group", allLabel: "Any group", options: [{ value: "none", label: "No group" }, ...options.groups] }
      : null,
    { name: "entity_type", label: tr("Entity type"), allLabel: "Any type", options: options.entityTypes.map((o) => ({ ...o, label: tr(o.label) })) },
    { name: "deleted", label: "Show", allLabel: "Active", options: [...DELETED_FILTERS] },
  ];
  return filters.filter((f): f is DataTableFilter => f !== null);
}
