/**
 * "The database can't be reached right now" (PostgreSQL down or restarting, a connection refused
 * or cut, the pool's wait for a connection timed out) as opposed to "this request is wrong" or
 * "this session is gone". An outage answers 503 with Retry-After (JSON routes: `{ error, code:
 * "unavailable" }`; pages: the error boundary's 'temporarily unavailable' text) and never touches
 * the session: only a missing or expired session is 401. The browser's fetch helper retries a 503
 * quietly (app/auth/api-fetch.ts).
 *
 * Shared by server and browser code: the texts and the status are needed on both sides; the
 * error classification reads only plain properties of the error objects.
 */

export const UNAVAILABLE_STATUS = 503;
/** Seconds the browser waits before trying again (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 2;
export const UNAVAILABLE_CODE = "unavailable";
/** The JSON routes' message. */
export const UNAVAILABLE_MESSAGE = "The portal is temporarily unavailable. Please try again in a moment.";
/** The pages' error boundary title. */
export const UNAVAILABLE_TITLE = "The portal is temporarily unavailable. Try again in a moment.";

/** Node's socket errors that mean the server can't be reached (or went away). */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "ECONNABORTED"]);
/**
 * PostgreSQL's SQLSTATEs of an unavailable server: class 08 (connection exception), 57P01-57P03
 * (shut down by an administrator, crash shutdown, cannot connect now: starting up or shutting
 * down), 53300 (too many connections).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
/** Prisma's codes for the same: can't reach, timed out, connection closed, pool timeout. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/** The driver adapter's error kinds (Prisma 7, @prisma/adapter-pg). */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "DatabaseUnavailable"]);
/** What pg and Prisma say when the code is not carried along. */
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|Timed out fetching a new connection|Client has encountered a connection error|connect ECONNREFUSED/i;

/**
 * Whether `error` is a new connection that got no answer in time (pg-pool's connectionTimeoutMillis,
 * DATABASE_CONNECT_TIMEOUT_MS): a database that accepts and says nothing, where another connection
 * would wait as long for nothing.
 */
export function isSilentDatabase(error: unknown): boolean {
  return error instanceof Error && /Connection terminated due to connection timeout/.test(error.message);
}

/** Whether `error` (or what caused it) says the database can't be reached right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; errors?: unknown; originalCode?: unknown };
  if (typeof e.code === "string" && (NETWORK_CODES.has(e.code) || SQLSTATE.test(e.code) || PRISMA_CODES.has(e.code))) return true;
  if (typeof e.originalCode === "string" && SQLSTATE.test(e.originalCode)) return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * The firm's look on its outage page: the root loader's answer during an outage carries it, since
 * no loader data reaches the layout then (the firm is known from its cached settings).
 */
export interface OutageLook {
  title: string;
  theme: string;
  brandColor: string | null;
  firmName: string;
}

/** The look carried by an outage answer (a route error response), if any. */
export function outageLookOf(error: unknown): OutageLook | null {
  if (!error || typeof error !== "object") return null;
  const e = error as { status?: unknown; data?: unknown };
  if (e.status !== UNAVAILABLE_STATUS || !e.data || typeof e.data !== "object") return null;
  const look = e.data as Partial<OutageLook>;
  if (typeof look.theme !== "string" || typeof look.firmName !== "string") return null;
  return { title: UNAVAILABLE_TITLE, theme: look.theme, brandColor: typeof look.brandColor === "string" ? look.brandColor : null, firmName: look.firmName };
}

/** The JSON answer of an outage: 503, Retry-After, `{ error, code: "unavailable" }`, never stored. */
export function unavailableResponse(): Response {
  return Response.json(
    { error: UNAVAILABLE_MESSAGE, code: UNAVAILABLE_CODE },
    { status: UNAVAILABLE_STATUS, headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
  );
}
