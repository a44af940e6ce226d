import { createCookie } from "@remix-run/node";
import { env } from "~/env.server";
import { parseStoredState, readTableState, storedState, TABLE_COOKIE_MAX_AGE, type TableConfig, type TableState } from "./state";

/** One cookie per table (e.g. `table_users`), kept for a year, holding the table's state but the page. */
export function tableCookie(table: string) {
  return createCookie(`table_${table}`, { maxAge: TABLE_COOKIE_MAX_AGE, path: "/", httpOnly: true, sameSite: "lax", secure: env().APP_PROTOCOL === "https" });
}

/** Reads the request's table state (URL, then cookie) and the Set-Cookie header that keeps it. */
export async function loadTableState(request: Request, table: string, config: TableConfig): Promise<{ state: TableState; setCookie: string }> {
  const cookie = tableCookie(table);
  let stored: unknown = null;
  try {
    stored = await cookie.parse(request.headers.get("cookie"));
  } catch {
    stored = null;
  }
  const state = readTableState(new URL(request.url).searchParams, stored, config);
  const setCookie = await cookie.serialize(storedState({ ...state, ...parseStoredState(storedState(state), config) }));
  return { state, setCookie };
}
