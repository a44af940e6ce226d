import { createCookie, redirect } from "@remix-run/node";
import type { FirmSiteContext } from "~/context.server";
import { firmSql, type FirmDb, type FirmTx } from "~/db.server";
import { env, sessionSecret } from "~/env.server";
import type { FirmAccess } from "~/navigation";
import { signInRedirectUrl } from "./redirect";
import { hashToken, newToken } from "./tokens.server";

const SESSION_DAYS = 14;

/**
 * Host-only cookie (no Domain attribute): a session made on acme.example.com is never sent to
 * summit.example.com. On HTTPS the `__Host-` prefix makes the browser enforce that too.
 * The cookie holds a random token; the database keeps only its hash, scoped to the firm.
 */
function sessionCookie() {
  const secure = env().APP_PROTOCOL === "https";
  return createCookie(secure ? "__Host-portal_session" : "portal_session", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [sessionSecret()],
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
}

export interface SessionUser {
  id: string;
  sessionId: string;
  kind: "staff" | "client";
  email: string | null;
  fname: string;
  lname: string;
  preferredName: string | null;
  firmAccess: FirmAccess;
  isAdvisor: boolean;
  readonlyAccess: boolean;
  timeZone: string;
  defaultCompanyId: string | null;
}

export function displayName(user: Pick<SessionUser, "fname" | "lname" | "preferredName">) {
  return user.preferredName || user.fname || user.lname;
}

/** Starts a session for a user of this firm and returns the Set-Cookie header value. */
export async function createSession(portal: FirmSiteContext, userId: string, request: Request): Promise<string> {
  const token = newToken();
  await portal.db.session.create({
    data: {
      id: hashToken(token),
      firmId: portal.firm.id,
      userId,
      expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
      userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
      ip: portal.clientAddress,
    },
  });
  return sessionCookie().serialize(token);
}

async function sessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length > 20 ? value : null;
}

// The root and page loaders of one request share its load context (not its Request object).
const perRequest = new WeakMap<object, Promise<SessionUser | null>>();

/**
 * The signed-in user of this firm, or null. Another firm's session never matches: the lookup
 * runs in the firm's scope. One query, memoised per request (root and page loaders both ask).
 */
export function getSessionUser(request: Request, portal: FirmSiteContext): Promise<SessionUser | null> {
  let pending = perRequest.get(portal);
  if (!pending) {
    pending = lookupSessionUser(request, portal);
    perRequest.set(portal, pending);
  }
  return pending;
}

interface SessionRow {
  session_id: string;
  id: string;
  kind: string;
  email: string | null;
  fname: string;
  lname: string;
  preferred_name: string | null;
  firm_access: string | null;
  is_advisor: boolean;
  readonly_access: boolean;
  time_zone: string;
  default_company_id: string | null;
}

async function lookupSessionUser(request: Request, portal: FirmSiteContext): Promise<SessionUser | null> {
  const token = await sessionToken(request);
  if (!token) return null;
  // Hot path (every signed-in page): one scoped statement straight through pg.
  const rows = await firmSql<SessionRow>(
    portal.firm.id,
    `SELECT s.id AS session_id, u.id, u.kind::text AS kind, u.email, u.fname, u.lname, u.preferred_name,
            u.firm_access::text AS firm_access, u.is_advisor, u.readonly_access, u.time_zone, u.default_company_id
       FROM sessions s
       JOIN users u ON u.firm_id = s.firm_id AND u.id = s.user_id
      WHERE s.id = $1 AND s.expires_at > now() AND u.deleted_at IS NULL AND u.paying`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    sessionId: row.session_id,
    kind: row.kind === "staff" ? "staff" : "client",
    email: row.email,
    fname: row.fname,
    lname: row.lname,
    preferredName: row.preferred_name,
    firmAccess: (row.firm_access ?? null) as FirmAccess,
    isAdvisor: row.is_advisor,
    readonlyAccess: row.readonly_access,
    timeZone: row.time_zone,
    defaultCompanyId: row.default_company_id,
  };
}

/** The signed-in user, or a redirect to `/?redirect=<path and query>`. */
export async function requireUser(request: Request, portal: FirmSiteContext): Promise<SessionUser> {
  const user = await getSessionUser(request, portal);
  if (!user) throw redirect(signInRedirectUrl(request.url));
  return user;
}

export async function requireStaff(request: Request, portal: FirmSiteContext, allowed?: FirmAccess[]): Promise<SessionUser> {
  const user = await requireUser(request, portal);
  if (user.kind !== "staff") throw new Response("Not Found", { status: 404 });
  if (allowed && !allowed.includes(user.firmAccess)) throw new Response("Forbidden", { status: 403 });
  return user;
}

export async function destroySession(request: Request, portal: FirmSiteContext): Promise<string> {
  const token = await sessionToken(request);
  if (token) await portal.db.session.deleteMany({ where: { id: hashToken(token) } });
  return sessionCookie().serialize("", { maxAge: 0 });
}

/**
 * Ends every session of a user except `keepSessionId` (password changed, two-factor turned off,
 * user deactivated). Returns how many ended.
 */
export async function endOtherSessions(db: FirmDb | FirmTx, userId: string, keepSessionId?: string | null): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) } });
  return count;
}
