/**
 * Server-paginated table state, pure: page, page size, sort, search, filters and hidden columns,
 * read from the URL first and from the table's cookie otherwise (spec §9: sizes 10/20/50, default
 * sort created_at descending, back to page 1 when the sort or the size changes).
 */
export const PAGE_SIZES = [10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
export const TABLE_COOKIE_MAX_AGE = 31_536_000;
export const SEARCH_DEBOUNCE_MS = 300;

export type SortDir = "asc" | "desc";

export interface TableConfig {
  /** Sortable column keys; the first entry of `defaultSort` must be one of them. */
  sortKeys: readonly string[];
  defaultSort: { key: string; dir: SortDir };
  /** Filter names (single or repeated URL params). */
  filters: readonly string[];
  /** Column keys the user may hide. */
  columns: readonly string[];
  /** Columns hidden until the user shows them (so the table fits a 1280 px screen); default none. */
  defaultHidden?: readonly string[];
}

export interface TableState {
  page: number;
  size: PageSize;
  sort: string;
  dir: SortDir;
  q: string;
  filters: Record<string, string[]>;
  hidden: string[];
  /** Keyset cursors (keyset.ts): the page starts after, or ends before, a row of the page next to it. */
  after?: string;
  before?: string;
}

/** What the cookie keeps: everything but the page. */
export type StoredTableState = Omit<TableState, "page" | "after" | "before">;

const MAX_SEARCH = 200;

export function parsePageSize(value: unknown): PageSize {
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) ? (n as PageSize) : DEFAULT_PAGE_SIZE;
}

function parsePage(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

function cleanList(values: unknown, allowed?: readonly string[]): string[] {
  const list = Array.isArray(values) ? values : values == null ? [] : [values];
  const out: string[] = [];
  for (const v of list) {
    if (typeof v !== "string") continue;
    const s = v.trim().slice(0, 100);
    if (!s || (allowed && !allowed.includes(s)) || out.includes(s)) continue;
    out.push(s);
    if (out.length >= 20) break;
  }
  return out;
}

export function defaultState(config: TableConfig): TableState {
  return {
    page: 1,
    size: DEFAULT_PAGE_SIZE,
    sort: config.defaultSort.key,
    dir: config.defaultSort.dir,
    q: "",
    filters: {},
    hidden: [...(config.defaultHidden ?? [])],
  };
}

/** The cookie's value (JSON), validated; anything wrong falls back to the defaults field by field. */
export function parseStoredState(raw: unknown, config: TableConfig): StoredTableState {
  const d = defaultState(config);
  const v = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const sort = typeof v.sort === "string" && config.sortKeys.includes(v.sort) ? v.sort : d.sort;
  const dir: SortDir = v.dir === "asc" || v.dir === "desc" ? v.dir : sort === d.sort ? d.dir : "asc";
  const filters: Record<string, string[]> = {};
  const rawFilters = v.filters && typeof v.filters === "object" ? (v.filters as Record<string, unknown>) : {};
  for (const name of config.filters) {
    const values = cleanList(rawFilters[name]);
    if (values.length) filters[name] = values;
  }
  return {
    size: parsePageSize(v.size),
    sort,
    dir,
    q: typeof v.q === "string" ? v.q.trim().slice(0, MAX_SEARCH) : "",
    filters,
    // No choice kept yet: the table's default; an empty list is a choice (every column shown).
    hidden: Array.isArray(v.hidden) ? cleanList(v.hidden, config.columns) : d.hidden,
  };
}

/** URL keys that carry table state; when none is present the cookie's state applies. */
export function hasStateParams(params: URLSearchParams, config: TableConfig): boolean {
  return ["page", "size", "sort", "dir", "q", "hide", "cols", ...config.filters].some((k) => params.has(k));
}

/** The table state of a request: the URL when it says anything, else the cookie, else defaults. */
export function readTableState(params: URLSearchParams, stored: unknown, config: TableConfig): TableState {
  if (!hasStateParams(params, config)) return { page: 1, ...parseStoredState(stored, config) };
  const filters: Record<string, string[]> = {};
  for (const name of config.filters) filters[name] = params.getAll(name);
  const base = parseStoredState(
    {
      size: params.get("size"),
      sort: params.get("sort"),
      dir: params.get("dir"),
      q: params.get("q") ?? "",
      filters,
      hidden: params.has("cols") ? params.getAll("hide") : (parseStoredState(stored, config).hidden as unknown),
    },
    config,
  );
  return { page: parsePage(params.get("page")), ...base, ...cursorOf(params) };
}

const CURSOR = /^[A-Za-z0-9_-]{1,2000}$/;

/** The page's keyset cursor from the URL (opaque here; the server checks it belongs to the sort). */
function cursorOf(params: URLSearchParams): Pick<TableState, "after" | "before"> {
  const after = params.get("after");
  if (after && CURSOR.test(after)) return { after };
  const before = params.get("before");
  if (before && CURSOR.test(before)) return { before };
  return {};
}

export function storedState(state: TableState): StoredTableState {
  const { page: _page, after: _after, before: _before, ...rest } = state;
  return rest;
}

/** The state without a keyset cursor (any change but moving to the next or previous page). */
function fresh(state: TableState): TableState {
  const { after: _after, before: _before, ...rest } = state;
  return rest;
}

/** The URL search string of a state (defaults left out, so URLs stay short). */
export function stateToSearch(state: TableState, config: TableConfig): string {
  const p = new URLSearchParams();
  if (state.page > 1) p.set("page", String(state.page));
  if (state.after) p.set("after", state.after);
  else if (state.before) p.set("before", state.before);
  if (state.size !== DEFAULT_PAGE_SIZE) p.set("size", String(state.size));
  if (state.sort !== config.defaultSort.key || state.dir !== config.defaultSort.dir) {
    p.set("sort", state.sort);
    p.set("dir", state.dir);
  }
  if (state.q) p.set("q", state.q);
  for (const name of config.filters) for (const v of state.filters[name] ?? []) p.append(name, v);
  if (state.hidden.length) {
    p.set("cols", "1");
    for (const h of state.hidden) p.append("hide", h);
  }
  const s = p.toString();
  return s ? `?${s}` : "?size=" + state.size;
}

/** Clicking a header: same column flips the direction, another column starts ascending; back to page 1. */
export function toggleSort(state: TableState, key: string): TableState {
  const dir: SortDir = state.sort === key ? (state.dir === "asc" ? "desc" : "asc") : key === "created" ? "desc" : "asc";
  return { ...fresh(state), sort: key, dir, page: 1 };
}

export function withPageSize(state: TableState, size: PageSize): TableState {
  return { ...fresh(state), size, page: 1 };
}

export function withSearch(state: TableState, q: string): TableState {
  return { ...fresh(state), q: q.trim().slice(0, MAX_SEARCH), page: 1 };
}

export function withFilter(state: TableState, name: string, values: string[]): TableState {
  const filters = { ...state.filters, [name]: values.filter(Boolean) };
  if (!filters[name]!.length) delete filters[name];
  return { ...fresh(state), filters, page: 1 };
}

/** A page by its number (first, last, or a typed URL); `cursor` reads it by keyset from the page next to it. */
export function withPage(state: TableState, page: number, cursor?: { after: string } | { before: string }): TableState {
  return { ...fresh(state), page, ...cursor };
}

export interface PageInfo {
  page: number;
  lastPage: number;
  from: number;
  to: number;
  total: number;
  offset: number;
  label: string;
  hasPrevious: boolean;
  hasNext: boolean;
  /** Keyset cursors of the next and previous pages, and of the last page ('end'), when the list reads by keyset. */
  nextCursor?: string;
  previousCursor?: string;
  lastCursor?: string;
}

/** Pagination math; a page past the end is clamped to the last page. Label '1-10 of N'. */
export function pageInfo(requestedPage: number, size: number, total: number): PageInfo {
  const lastPage = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), lastPage);
  const offset = (page - 1) * size;
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + size, total);
  return { page, lastPage, from, to, total, offset, label: `${from}-${to} of ${total}`, hasPrevious: page > 1, hasNext: page < lastPage };
}
