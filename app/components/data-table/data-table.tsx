/**
 * A small server-paginated table: the loader reads the state (URL, then the table's cookie) and
 * sends one page; this component changes the URL (sort, page, size, search, filters, columns).
 */
import { useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button, EmptyState, Select, TextField, Checkbox, type SelectOption } from "../ui";
import * as s from "./data-table.css";
import {
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  parsePageSize,
  stateToSearch,
  toggleSort,
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
  label: string;
  sortable?: boolean;
  render: (row: R) => ReactNode;
}

export interface DataTableFilter {
  name: string;
  label: string;
  options: SelectOption[];
  /** The first option's label (no filter). */
  allLabel: string;
}

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
}

export function DataTable<R>({ label, config, state, page, rows, rowKey, columns, filters = [], searchLabel, emptyTitle }: DataTableProps<R>) {
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

  const visible = columns.filter((c) => !state.hidden.includes(c.key));
  const choosable = columns.filter((c) => config.columns.includes(c.key));
  const toggleColumn = (key: string, show: boolean) =>
    go({ ...current, hidden: show ? current.hidden.filter((h) => h !== key) : [...current.hidden, key] });

  return (
    <section className={s.root} aria-label={label} aria-busy={navigation.state === "loading" || undefined}>
      <div className={s.toolbar}>
        <TextField
          className={s.search}
          label={searchLabel}
          type="search"
          name="q"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          autoComplete="off"
        />
        {filters.map((f) => (
          <Select
            key={f.name}
            className={s.filter}
            label={f.label}
            value={state.filters[f.name]?.[0] ?? ""}
            onChange={(e) => go(withFilter(current, f.name, [e.currentTarget.value]))}
            options={[{ value: "", label: f.allLabel }, ...f.options]}
          />
        ))}
        <details className={s.columns}>
          <summary className={s.columnsSummary}>Columns</summary>
          <div className={s.columnsMenu} role="group" aria-label="Visible columns">
            {choosable.map((c) => (
              <Checkbox key={c.key} label={c.label} checked={!state.hidden.includes(c.key)} onChange={(e) => toggleColumn(c.key, e.currentTarget.checked)} />
            ))}
          </div>
        </details>
      </div>

      {rows.length === 0 ? (
        <EmptyState compact title={emptyTitle} titleAs="p" description={state.q || Object.keys(state.filters).length ? "Try another search or clear the filters." : undefined} />
      ) : (
        <div className={s.scroller}>
          <table className={s.table}>
            <thead>
              <tr>
                {visible.map((c) => {
                  const active = state.sort === c.key;
                  return (
                    <th key={c.key} scope="col" className={s.th} aria-sort={active ? (state.dir === "asc" ? "ascending" : "descending") : undefined}>
                      {c.sortable ? (
                        <button type="button" className={s.sortButton} onClick={() => go(toggleSort(current, c.key))}>
                          {c.label}
                          <span aria-hidden="true">{active ? (state.dir === "asc" ? "▲" : "▼") : "↕"}</span>
                        </button>
                      ) : (
                        c.label
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {visible.map((c) => (
                    <td key={c.key} className={s.td}>
                      {c.render(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <nav className={s.footer} aria-label={`${label} pages`}>
        <span className={s.range} role="status">
          {page.label}
        </span>
        <div className={s.pager}>
          <Select
            className={s.sizeSelect}
            label="Rows per page"
            hideLabel
            value={String(state.size)}
            onChange={(e) => go(withPageSize(current, parsePageSize(e.currentTarget.value)))}
            options={PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} / page` }))}
          />
          <Button variant="secondary" size="sm" disabled={!page.hasPrevious} onClick={() => go(withPage(current, 1))} aria-label="First page">
            «
          </Button>
          <Button variant="secondary" size="sm" disabled={!page.hasPrevious} onClick={() => go(withPage(current, page.page - 1))} aria-label="Previous page">
            ‹
          </Button>
          <Button variant="secondary" size="sm" disabled={!page.hasNext} onClick={() => go(withPage(current, page.page + 1))} aria-label="Next page">
            ›
          </Button>
          <Button variant="secondary" size="sm" disabled={!page.hasNext} onClick={() => go(withPage(current, page.lastPage))} aria-label="Last page">
            »
          </Button>
        </div>
      </nav>
    </section>
  );
}
