/**
 * One page of an entity's documents (a folder's items, or a search's results), read by keyset
 * under the firm's row-level security: the order is folders first, then by name, the id last
 * (`list_order`, `name`, `id`, migration documents_keyset_search), and the next or previous page
 * is the range after (or before) the row its link was made from, read from the folder's index
 * where it starts instead of skipping rows with OFFSET. The first page, and a page typed by its
 * number, are read by OFFSET.
 *
 * A cursor is tied to its listing (the folder, or the search): another listing's cursor is ignored
 * and the page is read by its number. Its values are only ever bound parameters, read under the
 * firm's row-level security and within the entity, so a cursor made elsewhere shows nothing but
 * the viewer's own rows.
 */
import { decodeCursor, encodeCursor, type KeyValues } from "~/components/data-table/keyset";
import { readSql } from "~/db.server";
import type { Db } from "./access.server";

/** What a page lists: the rows of `documents d` matching `where` (its values bound as $1, $2…). */
export interface ListQuery {
  where: string;
  values: unknown[];
  /** The listing the cursors belong to ("folder:/A", "search:w-2"). */
  listing: string;
}

export interface ListPage {
  page: number;
  size: number;
  total: number;
  lastPage: number;
}

/** Links to the pages beside the current one: the cursors of its first and last rows. */
export interface ListCursors {
  previous: string | null;
  next: string | null;
}

export interface ListRequest {
  page: number;
  after?: string | null;
  before?: string | null;
}

const KEYS = 3;
const ROW = "(d.list_order, d.name, d.id)";

type KeyRow = { id: string; list_order: number; name: string };

/** Where the page starts: a cursor counts only past page 1, for its own listing and with every value. */
function startOf(request: ListRequest, page: number, listing: string): { from: "offset" } | { from: "after" | "before"; values: KeyValues } {
  if (page <= 1 || page !== request.page) return { from: "offset" };
  const valid = (v: KeyValues | null) => (v && v.every((x) => x !== null) && /^[01]$/.test(v[0]!) ? v : null);
  const after = valid(decodeCursor(request.after ?? undefined, listing, KEYS));
  if (after) return { from: "after", values: after };
  const before = valid(decodeCursor(request.before ?? undefined, listing, KEYS));
  if (before) return { from: "before", values: before };
  return { from: "offset" };
}

/** The rows matching `query`, counted once. */
export async function countListed(db: Db, query: ListQuery): Promise<number> {
  const rows = await readSql(db)<{ total: string | number }>(`SELECT count(*) AS total FROM documents d WHERE ${query.where}`, query.values);
  return Number(rows[0]?.total ?? 0);
}

/**
 * The ids of the requested page, in order, with the page (clamped to the last) and its cursors.
 * `counted` is the rows' count, or its statement under way: the first page, which any count
 * leaves where it is, is read beside it (one round trip for both); another page waits for it.
 */
export async function readListPage(
  db: Db,
  query: ListQuery,
  request: ListRequest,
  counted: number | Promise<number>,
  size: number,
): Promise<{ ids: string[]; page: ListPage; cursors: ListCursors }> {
  const firstPage = request.page <= 1;
  const firstRows = firstPage ? pageRows(db, query, { from: "offset" }, 1, size) : null;
  // The count failing fails the page: its own rows' failure then has nothing left to tell.
  firstRows?.catch(() => {});
  const total = await counted;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, request.page), lastPage);
  const start = startOf(request, page, query.listing);
  let rows = firstRows ? await firstRows : await pageRows(db, query, start, page, size);
  // Rows moved under the cursor (deleted, renamed since): the page is read by its number.
  if ((start.from === "before" && rows.length < size) || (start.from === "after" && rows.length === 0 && total > 0)) {
    rows = await pageRows(db, query, { from: "offset" }, page, size);
  }
  const cursorOf = (r: KeyRow) => encodeCursor(query.listing, [String(r.list_order), r.name, r.id]);
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    ids: rows.map((r) => r.id),
    page: { page, size, total, lastPage },
    cursors: { previous: page > 1 && first ? cursorOf(first) : null, next: page < lastPage && last ? cursorOf(last) : null },
  };
}

/** The key columns of page `page`'s rows, from `start` (a cursor's row, or by OFFSET), in the listing's order. */
async function pageRows(db: Db, query: ListQuery, start: ReturnType<typeof startOf>, page: number, size: number): Promise<KeyRow[]> {
  const values = [...query.values];
  const bind = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const backwards = start.from === "before";
  let where = query.where;
  if (start.from !== "offset") {
    const [order, name, id] = start.values;
    where = `(${where}) AND ${ROW} ${backwards ? "<" : ">"} (${bind(Number(order))}::smallint, ${bind(name)}, ${bind(id)})`;
  }
  const dir = backwards ? "DESC" : "ASC";
  const text = `SELECT d.id, d.list_order, d.name FROM documents d WHERE ${where} ORDER BY d.list_order ${dir}, d.name ${dir}, d.id ${dir} LIMIT ${bind(size)}${
    start.from === "offset" ? ` OFFSET ${bind((page - 1) * size)}` : ""
  }`;
  const rows = await readSql(db)<KeyRow>(text, values);
  return backwards ? rows.reverse() : rows;
}
