/**
 * A server-paginated staff table: the loader reads the state (URL, then the table's cookie) and
 * sends one page; this component changes the URL (sort, page, size, search, filters, columns).
 * TanStack Table (headless, manual pagination and sorting: the rows are already the server's page)
 * owns the column model, visibility and row selection; the markup is ours.
 */
import { useNavigate, useNavigation } from "@remix-run/react";
import {
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Button, EmptyState, Select, TextField, Checkbox, type SelectOption } from "../ui";
import { cx } from "../ui/cx";
import * as s from "./data-table.css";
import {
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  parsePageSize,
  stateToSearch,
  withFilter,
  withPage,
  withPageSize,
  withSearch,
  type PageInfo,
  type TableConfig,
  type TableState,
} from "./state";

export interface DataTableColumn<R> {
  key: string;
  /** The name in the Columns menu (and the header, unless `header` is given). */
  label: string;
  /** The column's header when it differs from `label` (e.g. in the firm's words). */
  header?: string;
  sortable?: boolean;
  /**
   * "end": the row's actions, kept at the table's right edge while the other columns scroll
   * (from tablet width up). The first column (with the row's checkbox) is always kept at the left.
   */
  pin?: "end";
  /** Keeps the cell on one line (phone numbers, dates with spaces); other cells wrap between words. */
  nowrap?: boolean;
  render: (row: R) => ReactNode;
}

export interface DataTableFilter {
  name: string;
  label: string;
  options: SelectOption[];
  /** The first option's label (no filter). */
  allLabel: string;
}

/** Row selection for bulk actions: ids of the selected rows (kept across pages by the caller). */
export interface DataTableSelection {
  selected: RowSelectionState;
  onChange: (next: RowSelectionState) => void;
}

const features = tableFeatures({ columnVisibilityFeature, rowSelectionFeature, rowSortingFeature, rowPaginationFeature });
type Features = typeof features;

const SELECT_COLUMN = "__select";

const apply = <T,>(updater: Updater<T>, old: T): T => (typeof updater === "function" ? (updater as (o: T) => T)(old) : updater);

export interface DataTableProps<R> {
  label: string;
  config: TableConfig;
  state: TableState;
  page: PageInfo;
  rows: R[];
  rowKey: (row: R) => string;
  columns: DataTableColumn<R>[];
  filters?: DataTableFilter[];
  searchLabel: string;
  emptyTitle: string;
  /** Adds a checkbox column (and "select all on this page") when given. */
  selection?: DataTableSelection;
  /** How a row is named for screen readers in its selection checkbox. */
  rowLabel?: (row: R) => string;
  /** Buttons next to the filters (bulk actions, create). */
  actions?: ReactNode;
  /** Filter controls of the table's own, instead of one select per `filters` entry. */
  filterControls?: ReactNode;
  /** Shown between the toolbar and the rows (e.g. the bulk actions of the selected rows). */
  aboveRows?: ReactNode;
  /** The empty state's description (default: a hint to clear the search and filters, when there are any). */
  emptyDescription?: string;
  /**
   * The next step when the table has nothing at all (no search, no filters): e.g. "Add your first
   * client". When a search or filters hide every row, the empty state offers "Clear filters" instead.
   */
  emptyAction?: ReactNode;
  /** Shown beside the page range. */
  pagerNote?: ReactNode;
  /** The "select all" checkbox's name (default 'Select all on this page'). */
  selectAllLabel?: string;
  /** The empty state's button when a search or filters hide every row (default 'Clear filters'). */
  clearFiltersLabel?: string;
}

export function DataTable<R extends RowData>({
  label,
  config,
  state,
  page,
  rows,
  rowKey,
  columns,
  filters = [],
  searchLabel,
  emptyTitle,
  selection,
  rowLabel,
  actions,
  filterControls,
  aboveRows,
  emptyDescription,
  emptyAction,
  pagerNote,
  selectAllLabel = "Select all on this page",
  clearFiltersLabel = "Clear filters",
}: DataTableProps<R>) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const go = (next: TableState, replace = false) => navigate(stateToSearch(next, config), { replace, preventScrollReset: true });
  const current: TableState = { ...state, page: page.page };

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

  const filtered = Boolean(state.q || Object.keys(state.filters).length);
  const choosable = columns.filter((c) => config.columns.includes(c.key));
  const toggleColumn = (key: string, show: boolean) => go({ ...current, hidden: show ? current.hidden.filter((h) => h !== key) : [...current.hidden, key] });

  const columnDefs = useMemo<ColumnDef<Features, R>[]>(() => {
    const defs: ColumnDef<Features, R>[] = columns.map((c) => ({
      id: c.key,
      header: c.header ?? c.label,
      // Sorting is the server's; an accessor only makes the column sortable in the model.
      accessorFn: () => null,
      enableSorting: Boolean(c.sortable),
      sortDescFirst: c.key === "created",
      cell: (ctx) => c.render(ctx.row.original),
    }));
    return selection ? [{ id: SELECT_COLUMN, header: "Select", enableSorting: false, cell: () => null }, ...defs] : defs;
  }, [columns, Boolean(selection)]); // eslint-disable-line react-hooks/exhaustive-deps

  const sorting: SortingState = [{ id: state.sort, desc: state.dir === "desc" }];
  const columnVisibility = Object.fromEntries(state.hidden.map((h) => [h, false]));
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row) => rowKey(row),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    rowCount: page.total,
    enableRowSelection: Boolean(selection),
    state: { sorting, columnVisibility, rowSelection: selection?.selected ?? {}, pagination: { pageIndex: page.page - 1, pageSize: state.size } },
    onSortingChange: (updater) => {
      const next = apply(updater, sorting)[0];
      if (next) go({ ...withPage(current, 1), sort: next.id, dir: next.desc ? "desc" : "asc" });
    },
    onRowSelectionChange: (updater) => selection?.onChange(apply(updater, selection.selected)),
  });
  const visibleColumns = table.getVisibleLeafColumns();
  // The first data column stays at the left (after the checkbox), a column pinned "end" at the right.
  const firstData = visibleColumns.find((c) => c.id !== SELECT_COLUMN)?.id;
  const pinnedEnd = new Set(columns.filter((c) => c.pin === "end").map((c) => c.key));
  const nowrap = new Set(columns.filter((c) => c.nowrap).map((c) => c.key));
  const pinClass = (id: string) =>
    cx(id === firstData ? (selection ? s.pinStartAfterSelect : s.pinStart) : pinnedEnd.has(id) ? s.pinEnd : undefined, nowrap.has(id) && s.nowrap);
  const allOnPage = table.getIsAllPageRowsSelected();
  const someOnPage = table.getIsSomePageRowsSelected();

  return (
    <section className={s.root} aria-label={label} aria-busy={navigation.state === "loading" || undefined}>
      <div className={s.toolbar}>
        <div className={s.filterGroup}>
          <TextField
            className={s.search}
            label={searchLabel}
            type="search"
            name="q"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            autoComplete="off"
          />
          {filterControls ??
            filters.map((f) => (
              <Select
                key={f.name}
                className={s.filter}
                label={f.label}
                value={state.filters[f.name]?.[0] ?? ""}
                onChange={(e) => go(withFilter(current, f.name, [e.currentTarget.value]))}
                options={[{ value: "", label: f.allLabel }, ...f.options]}
              />
            ))}
        </div>
        <div className={s.actions}>
          {actions}
          <details className={s.columns}>
            <summary className={s.columnsSummary}>Columns</summary>
            <div className={s.columnsMenu} role="group" aria-label="Visible columns">
              {choosable.map((c) => (
                <Checkbox key={c.key} label={c.label} checked={!state.hidden.includes(c.key)} onChange={(e) => toggleColumn(c.key, e.currentTarget.checked)} />
              ))}
            </div>
          </details>
        </div>
      </div>

      {aboveRows}

      {rows.length === 0 ? (
        <EmptyState
          compact
          title={emptyTitle}
          titleAs="p"
          description={emptyDescription ?? (filtered ? "Try another search or clear the filters." : undefined)}
          action={
            filtered ? (
              <Button variant="secondary" size="sm" onClick={() => go({ ...current, q: "", filters: {}, page: 1 })}>
                {clearFiltersLabel}
              </Button>
            ) : (
              emptyAction
            )
          }
        />
      ) : (
        <div className={s.scroller} data-table-scroller="">
          <table className={s.table}>
            <thead>
              <tr>
                {visibleColumns.map((column) => {
                  if (column.id === SELECT_COLUMN) {
                    return (
                      <th key={column.id} scope="col" className={s.selectCell} data-select="">
                        <input
                          type="checkbox"
                          className={s.selectBox}
                          aria-label={selectAllLabel}
                          checked={allOnPage}
                          ref={(el) => {
                            if (el) el.indeterminate = !allOnPage && someOnPage;
                          }}
                          onChange={table.getToggleAllPageRowsSelectedHandler()}
                        />
                      </th>
                    );
                  }
                  const sorted = column.getIsSorted();
                  const title = String(column.columnDef.header ?? column.id);
                  return (
                    <th
                      key={column.id}
                      scope="col"
                      className={cx(s.th, pinClass(column.id))}
                      aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                    >
                      {column.getCanSort() ? (
                        <button type="button" className={s.sortButton} onClick={column.getToggleSortingHandler()}>
                          {title}
                          <span aria-hidden="true">{sorted ? (sorted === "asc" ? "▲" : "▼") : "↕"}</span>
                        </button>
                      ) : (
                        title
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} data-selected={row.getIsSelected() || undefined} className={s.row}>
                  {row.getVisibleCells().map((cell) =>
                    cell.column.id === SELECT_COLUMN ? (
                      <td key={cell.id} className={s.selectCell} data-select="">
                        <input
                          type="checkbox"
                          className={s.selectBox}
                          aria-label={`Select ${rowLabel ? rowLabel(row.original) : row.id}`}
                          checked={row.getIsSelected()}
                          onChange={row.getToggleSelectedHandler()}
                        />
                      </td>
                    ) : (
                      <td key={cell.id} className={cx(s.td, pinClass(cell.column.id))}>
                        <table.FlexRender cell={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <TablePager label={label} page={page} current={current} go={go} note={pagerNote} />
    </section>
  );
}

/**
 * A table's footer: the range label ('1-10 of N'), rows per page and first/previous/next/last.
 * `note` shows beside the range (e.g. why paging stops).
 */
export function TablePager({
  label,
  page,
  current,
  go,
  note,
}: {
  label: string;
  page: PageInfo;
  current: TableState;
  go: (next: TableState) => void;
  note?: ReactNode;
}) {
  return (
    <nav className={s.footer} aria-label={`${label} pages`}>
      <span className={s.range} role="status">
        {page.label}
      </span>
      {note}
      <div className={s.pager}>
        <Select
          className={s.sizeSelect}
          label="Rows per page"
          hideLabel
          value={String(current.size)}
          onChange={(e) => go(withPageSize(current, parsePageSize(e.currentTarget.value)))}
          options={PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} / page` }))}
        />
        <Button variant="secondary" size="sm" disabled={!page.hasPrevious} onClick={() => go(withPage(current, 1))} aria-label="First page">
          «
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!page.hasPrevious}
          onClick={() => go(withPage(current, page.page - 1, page.previousCursor ? { before: page.previousCursor } : undefined))}
          aria-label="Previous page"
        >
          ‹
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!page.hasNext}
          onClick={() => go(withPage(current, page.page + 1, page.nextCursor ? { after: page.nextCursor } : undefined))}
          aria-label="Next page"
        >
          ›
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!page.hasNext}
          onClick={() => go(withPage(current, page.lastPage, page.lastCursor ? { before: page.lastCursor } : undefined))}
          aria-label="Last page"
        >
          »
        </Button>
      </div>
    </nav>
  );
}
