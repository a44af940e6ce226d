/**
 * One page of a staff table (Collect, Users, Entities) under the firm's row-level security: the
 * page's rows and a capped count, in parallel. The first page, and a page typed by its number, are
 * read by OFFSET; the next, previous and last pages by keyset from the page the viewer was on
 * (components/data-table/keyset.ts), so a deep page costs what the first one does.
 */
import {
  afterSql,
  decodeCursor,
  encodeCursor,
  END_CURSOR,
  keyColumnsSql,
  keyValuesOf,
  orderBySql,
  orderKeys,
  reversed,
  withoutKeys,
  type PageStart,
  type SortKey,
} from "~/components/data-table/keyset";
import { pageInfo, type PageInfo, type TableState } from "~/components/data-table/state";
import { firmSql } from "~/db.server";

export interface PageQuery {
  /** The rows' columns. */
  select: string;
  from: string;
  where: string;
  /** Whitelisted sort keys, each with its direction; the last one unique (the row's id). */
  orderBy: string;
  values: unknown[];
  /** A cheaper FROM for the count (default `from`). */
  countFrom?: string;
}

export interface TablePage<R> {
  rows: R[];
  page: PageInfo;
  /** More rows match than the cap: the label reads '… of 10,000+'. */
  capped: boolean;
}

/** Where the requested page starts: a cursor counts only past page 1 and for the sort it was made for. */
export function pageStart(state: TableState, keys: SortKey[]): PageStart {
  if (state.page <= 1) return { from: "offset" };
  const sort = `${state.sort}:${state.dir}`;
  if (state.before === END_CURSOR) return { from: "end" };
  const after = decodeCursor(state.after, sort, keys.length);
  if (after) return { from: "after", values: after };
  const before = decodeCursor(state.before, sort, keys.length);
  if (before) return { from: "before", values: before };
  return { from: "offset" };
}

export async function readPage<R>(firmId: string, query: PageQuery, state: TableState, cap: number): Promise<TablePage<R>> {
  const keys = orderKeys(query.orderBy);
  const back = reversed(keys);
  const sort = `${state.sort}:${state.dir}`;
  const statement = (order: SortKey[], condition: ((bind: (v: unknown) => string) => string) | null, limit: number, offset = 0) => {
    const values = [...query.values];
    const bind = (v: unknown) => {
      values.push(v);
      return `$${values.length}`;
    };
    const where = condition ? `(${query.where}) AND ${condition(bind)}` : query.where;
    const text = `SELECT ${query.select}, ${keyColumnsSql(keys)} ${query.from} WHERE ${where} ORDER BY ${orderBySql(order)} LIMIT ${bind(limit)}${offset ? ` OFFSET ${bind(offset)}` : ""}`;
    return firmSql<Record<string, unknown>>(firmId, text, values);
  };
  const rowsOf = async (start: PageStart, limit: number, offset = 0): Promise<Record<string, unknown>[]> => {
    const backwards = start.from === "before" || start.from === "end";
    const order = backwards ? back : keys;
    let rows: Record<string, unknown>[];
    if (start.from !== "after" && start.from !== "before") rows = await statement(order, null, limit, offset);
    else if (order[0]!.nullable && order[0]!.nullsLast && start.values[0] !== null) {
      // After a row whose first key is set, in a nullable key whose NULLs come last: the rows with
      // a later key (one range of the sort's index, where "later or NULL" would be read from the
      // index's start), then, if the page is not full, the rows without one, which follow every
      // row with one. Each statement sees the rows as of its start: a row whose key was emptied
      // in between is not listed twice (the last key is the row's own).
      const values = start.values;
      const set = [{ ...order[0]!, nullsLast: false }, ...order.slice(1)];
      rows = await statement(order, (bind) => afterSql(set, values, bind), limit);
      if (rows.length < limit) {
        const last = `_k${keys.length - 1}`;
        const listed = new Set(rows.map((r) => r[last]));
        const more = await statement(order, () => `${order[0]!.expr} IS NULL`, limit - rows.length);
        rows = rows.concat(more.filter((r) => !listed.has(r[last])));
      }
    } else {
      const values = start.values;
      rows = await statement(order, (bind) => afterSql(order, values, bind), limit);
    }
    return backwards ? rows.reverse() : rows;
  };
  const countRows = () =>
    firmSql<{ total: string }>(
      firmId,
      `SELECT count(*) AS total FROM (SELECT 1 ${query.countFrom ?? query.from} WHERE ${query.where} LIMIT ${cap + 1}) t`,
      query.values,
    );

  let start = pageStart(state, keys);
  const requested = pageInfo(state.page, state.size, Number.MAX_SAFE_INTEGER);
  let rows: Record<string, unknown>[];
  let counted: number;
  if (start.from === "end") {
    // The last page holds what is left after the full pages before it: the count comes first.
    counted = Number((await countRows())[0]?.total ?? 0);
    const last = pageInfo(Number.MAX_SAFE_INTEGER, state.size, Math.min(counted, cap));
    if (counted > cap || last.page !== state.page) start = { from: "offset" };
    rows = start.from === "end" ? await rowsOf(start, last.to - last.offset) : await rowsOf(start, state.size, last.offset);
    if (start.from === "offset" && last.page !== state.page) state = { ...state, page: last.page };
  } else {
    const [found, count] = await Promise.all([rowsOf(start, state.size, requested.offset), countRows()]);
    rows = found;
    counted = Number(count[0]?.total ?? 0);
  }
  const capped = counted > cap;
  const page = pageInfo(state.page, state.size, Math.min(counted, cap));
  if (capped) page.label = `${page.from}-${page.to} of ${cap.toLocaleString("en-US")}+`;
  // A page past the end (rows deleted since, a typed URL), or a keyset page the rows moved under
  // (a short page read backwards, or nothing left after the cursor): read it by its number.
  const short = (start.from === "before" && rows.length < state.size) || (start.from === "after" && rows.length === 0 && page.total > 0);
  if (page.page !== state.page || short || (start.from === "offset" && page.offset !== requested.offset)) {
    rows = await rowsOf({ from: "offset" }, state.size, page.offset);
  }
  if (rows.length) {
    if (page.hasPrevious) page.previousCursor = encodeCursor(sort, keyValuesOf(rows[0]!, keys));
    if (page.hasNext) page.nextCursor = encodeCursor(sort, keyValuesOf(rows[rows.length - 1]!, keys));
    if (page.hasNext && !capped) page.lastCursor = END_CURSOR;
  }
  return { rows: rows.map((r) => withoutKeys<R>(r)), page, capped };
}
