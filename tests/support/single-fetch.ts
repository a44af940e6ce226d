/**
 * Remix's single-fetch wire format, as the browser's Remix client speaks it (single fetch is on, so
 * the legacy `?_data=` requests are not used: Remix warns they will break).
 *
 *   GET  /clients.data?_routes=routes%2Fclients._index   a route's loader ("/" is "/_root.data")
 *   POST /clients.data?index                             the index route's action
 *   POST /clients/usr_1.data                              the deepest route's action
 *
 * The answer is a turbo-stream (the `turbo-stream` package Remix itself depends on): loaders answer
 * `{ [routeId]: { data } | { error } }`, actions `{ data } | { error }`, and a redirect comes back as a
 * 202 carrying `{ redirect, status }`. `decodeSingleFetch` turns that back into what a browser
 * ends up with: the status, the redirect's location, and the route's data (or a thrown Response's).
 */
import { decode } from "turbo-stream";

/** A thrown Response (or `data(..., { status })`) as the client gets it: status and body. */
export class RouteErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown,
  ) {}
}

interface Redirect {
  redirect: string;
  status: number;
}

const REDIRECT = Symbol("SingleFetchRedirect");

/** The route id names an index route (`routes/_index`, `routes/admin._index`). */
function isIndexRoute(route: string): boolean {
  return /(^|[./])_index$/.test(route);
}

function toDataUrl(path: string): URL {
  const url = new URL(path, "http://app.test");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return url;
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/** The URL the client loads one route's loader data from (a fetcher's load, `?_routes=<id>`). */
export function loaderDataPath(path: string, route: string): string {
  const url = toDataUrl(path);
  // The client drops a bare `?index` from loads; `_routes` says which loader runs.
  const kept = url.searchParams.getAll("index").filter(Boolean);
  url.searchParams.delete("index");
  for (const value of kept) url.searchParams.append("index", value);
  url.searchParams.set("_routes", route);
  return pathOf(url);
}

/** The URL a form posts to for a route's action (`?index` when it is an index route's). */
export function actionDataPath(path: string, route?: string): string {
  const url = toDataUrl(path);
  if (route && isIndexRoute(route) && !url.searchParams.has("index")) url.searchParams.append("index", "");
  return pathOf(url).replace(/([?&])index=(?=&|$)/, "$1index");
}

/** Whether a request path is a single-fetch request. */
export function isDataPath(path: string): boolean {
  return new URL(path, "http://app.test").pathname.endsWith(".data");
}

async function decodeTurboStream(text: string): Promise<unknown> {
  const { value, done } = await decode(new Blob([text]).stream(), {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === "SanitizedError") {
          const [name, message, stack] = rest as [string, string, string | undefined];
          const error = new Error(message);
          error.name = name;
          error.stack = stack;
          return { value: error };
        }
        if (type === "ErrorResponse") {
          const [data, status, statusText] = rest as [unknown, number, string];
          return { value: new RouteErrorResponse(status, statusText, data) };
        }
        if (type === "SingleFetchRedirect") return { value: { [REDIRECT]: rest[0] } };
        return undefined;
      },
      (type: string, ...rest: unknown[]) => {
        if (type === "SingleFetchFallback") return { value: undefined };
        if (type === "SingleFetchClassInstance") return { value: rest[0] };
        return undefined;
      },
    ],
  });
  await done;
  return value;
}

/** What a single-fetch answer amounts to for a browser. */
export interface DataAnswer {
  /** The route's status; a redirect's own status (302, ...) rather than the wire's 202. */
  status: number;
  /** Where a redirect goes, else null. */
  location: string | null;
  /** The loader's or action's data; for a thrown Response its body; for an error `{ message }`. */
  body: unknown;
}

const isRedirect = (value: unknown): value is Redirect =>
  typeof value === "object" && value !== null && typeof (value as Redirect).redirect === "string" && typeof (value as Redirect).status === "number";

function unwrap(status: number, result: unknown, what: string): DataAnswer {
  if (typeof result !== "object" || result === null) throw new Error(`No answer for ${what}`);
  if ("error" in result) {
    const error = result.error;
    if (error instanceof RouteErrorResponse) return { status, location: null, body: error.data };
    return { status, location: null, body: { message: error instanceof Error ? error.message : String(error) } };
  }
  if ("data" in result) return { status, location: null, body: result.data };
  throw new Error(`No answer for ${what}: ${JSON.stringify(result)}`);
}

/**
 * Decodes a single-fetch answer to `path` (made by `loaderDataPath` or `actionDataPath`). A
 * loader's answer is keyed by route id: the one in `?_routes=` is picked (without it, the body is
 * every route's `{ data } | { error }` by id).
 */
export async function decodeSingleFetch(path: string, method: string, status: number, text: string): Promise<DataAnswer> {
  if (text === "") return { status, location: null, body: undefined };
  const value = await decodeTurboStream(text);
  if (method === "GET") {
    const results = value as Record<string | symbol, unknown>;
    const redirect = results[REDIRECT];
    if (isRedirect(redirect)) return { status: redirect.status, location: redirect.redirect, body: undefined };
    const route = new URL(path, "http://app.test").searchParams.get("_routes");
    // A navigation's load (every route's loader): the results by route id, as they came.
    if (!route) return { status, location: null, body: results };
    return unwrap(status, results[route], `route ${route} (${status})`);
  }
  if (status === 202 && isRedirect(value)) return { status: value.status, location: value.redirect, body: undefined };
  return unwrap(status, value, `the action at ${path} (${status})`);
}
