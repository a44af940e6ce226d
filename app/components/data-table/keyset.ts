/**
 * Keyset pagination for the server-paginated tables, pure: the next and previous pages are read
 * after (or before) the sort key of the current page's last (or first) row, instead of skipping
 * rows with OFFSET (which computes every skipped row). A cursor carries the row's sort key values
 * and the sort it belongs to; the page number stays in the URL for the range label.
 *
 * Sort keys come from the table's whitelisted ORDER BY (never from the request); a cursor's values
 * are only ever bound parameters, and read under the firm's row-level security like everything
 * else, so a cursor from another firm or another sort shows nothing that is not the viewer's.
 */

export interface SortKey {
  expr: string;
  desc: boolean;
  /** Where NULLs sort: PostgreSQL's default is last ascending, first descending. */
  nullsLast: boolean;
  /** The ORDER BY says where its NULLs go (the tables write NULLS LAST on exactly their nullable keys). */
  nullable: boolean;
}

/** Splits an ORDER BY list ("lower(c.name) ASC, c.id ASC") into its keys (commas inside parentheses kept). */
export function orderKeys(orderBy: string): SortKey[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < orderBy.length; i++) {
    const ch = orderBy[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (ch === "," && depth === 0) {
      parts.push(orderBy.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(orderBy.slice(start));
  return parts.map((raw) => {
    const m = /^([\s\S]*?)\s+(ASC|DESC)(?:\s+NULLS\s+(FIRST|LAST))?$/i.exec(raw.trim());
    if (!m) throw new Error(`keyset: sort key without a direction: ${raw.trim()}`);
    const desc = m[2]!.toUpperCase() === "DESC";
    return { expr: m[1]!, desc, nullsLast: m[3] ? m[3].toUpperCase() === "LAST" : !desc, nullable: Boolean(m[3]) };
  });
}

/** The same keys in the opposite order (reading backwards, for the previous and last pages). */
export function reversed(keys: SortKey[]): SortKey[] {
  return keys.map((k) => ({ ...k, desc: !k.desc, nullsLast: !k.nullsLast }));
}

export function orderBySql(keys: SortKey[]): string {
  return keys.map((k) => `${k.expr} ${k.desc ? "DESC" : "ASC"} NULLS ${k.nullsLast ? "LAST" : "FIRST"}`).join(", ");
}

/** The keys as text columns `_k0`, `_k1`… of the page's rows (what their cursors are made of). */
export function keyColumnsSql(keys: SortKey[]): string {
  return keys.map((k, i) => `(${k.expr})::text AS "_k${i}"`).join(", ");
}

export type KeyValues = (string | null)[];

export function keyValuesOf(row: Record<string, unknown>, keys: SortKey[]): KeyValues {
  return keys.map((_, i) => {
    const v = row[`_k${i}`];
    return v === null || v === undefined ? null : String(v);
  });
}

/** Removes the `_k…` columns from a row. */
export function withoutKeys<R>(row: Record<string, unknown>): R {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!/^_k\d+$/.test(k)) out[k] = v;
  return out as R;
}

/**
 * The rows strictly after `values` in the order of `keys`, as an SQL condition (values bound):
 * k1 after v1, or k1 = v1 and (k2 after v2, or …). The last key must be unique (the row's id).
 */
export function afterSql(keys: SortKey[], values: KeyValues, bind: (v: unknown) => string): string {
  if (keys.length !== values.length) throw new Error("keyset: values do not match the sort keys");
  const after = (k: SortKey, v: string | null): string => {
    if (v === null) return k.nullsLast ? "FALSE" : `${k.expr} IS NOT NULL`;
    const cmp = `${k.expr} ${k.desc ? "<" : ">"} ${bind(v)}`;
    return k.nullsLast ? `(${cmp} OR ${k.expr} IS NULL)` : cmp;
  };
  const equal = (k: SortKey, v: string | null) => (v === null ? `${k.expr} IS NULL` : `${k.expr} = ${bind(v)}`);
  let condition = "FALSE";
  for (let i = keys.length - 1; i >= 0; i--) {
    const here = after(keys[i]!, values[i]!);
    condition = condition === "FALSE" ? here : `(${here} OR (${equal(keys[i]!, values[i]!)} AND ${condition}))`;
  }
  // A plain range on the first key as well (when NULLs cannot follow), so an index on it is read from there.
  const k = keys[0]!;
  const v = values[0];
  if (v !== null && v !== undefined && !k.nullsLast) condition = `${k.expr} ${k.desc ? "<=" : ">="} ${bind(v)} AND ${condition}`;
  return condition;
}

/** Where a page starts: the first page (or a page by number), after a row, before a row, or the end. */
export type PageStart = { from: "offset" } | { from: "after"; values: KeyValues } | { from: "before"; values: KeyValues } | { from: "end" };

const CURSOR = /^[A-Za-z0-9_-]{1,2000}$/;

/** A cursor: the sort it belongs to and the row's key values, base64url JSON. */
export function encodeCursor(sort: string, values: KeyValues): string {
  return Buffer.from(JSON.stringify([sort, values]), "utf8").toString("base64url");
}

/** The key values of a cursor made for this sort and these keys, else null (ignored: the page is read by number). */
export function decodeCursor(raw: string | undefined, sort: string, keyCount: number): KeyValues | null {
  if (!raw || !CURSOR.test(raw)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== 2 || parsed[0] !== sort) return null;
    const values = parsed[1];
    if (!Array.isArray(values) || values.length !== keyCount) return null;
    if (!values.every((v) => v === null || (typeof v === "string" && v.length <= 500))) return null;
    return values as KeyValues;
  } catch {
    return null;
  }
}

/** The literal cursor of the last page (read backwards from the end). */
export const END_CURSOR = "end";
