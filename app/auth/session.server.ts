import { createCookie, redirect } from "@remix-run/node";
import { cookieValue } from "~/cookie-header";
import type { FirmSiteContext } from "~/context.server";
import { firmSql, type FirmDb, type FirmTx } from "~/db.server";
import { env, sessionSecret } from "~/env.server";
import type { FirmAccess } from "~/navigation";
import { signInRedirectUrl } from "./redirect";
import { sessionCookieName } from "./session-cookie";
import { SECRET_LIFETIME_MINUTES } from "./sign-in-rules";
import { hashToken, newToken } from "./tokens.server";
import { isDatabaseUnavailable, unavailableResponse } from "~/unavailable";
import { publishEvent } from "~/realtime/publish.server";

/**
 * How long a session lives, by kind of user (env: SESSION_ABSOLUTE_HOURS_* and
 * SESSION_IDLE_MINUTES_*): absolute from sign-in, and idle since the last request. Both are
 * checked on every lookup, so lowering them applies to sessions that already exist.
 */
export function sessionLifetime(kind: "staff" | "client") {
  const config = env();
  return kind === "staff"
    ? { absoluteHours: config.SESSION_ABSOLUTE_HOURS_STAFF, idleMinutes: config.SESSION_IDLE_MINUTES_STAFF }
    : { absoluteHours: config.SESSION_ABSOLUTE_HOURS_CLIENT, idleMinutes: config.SESSION_IDLE_MINUTES_CLIENT };
}

/**
 * Host-only cookie (no Domain attribute): a session made on acme.example.com is never sent to
 * summit.example.com. On HTTPS the `__Host-` prefix makes the browser enforce that too.
 * The cookie holds a random token; the database keeps only its hash, scoped to the firm.
 */
function sessionCookie() {
  const secure = env().APP_PROTOCOL === "https";
  return createCookie(sessionCookieName(secure), {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [sessionSecret()],
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
  /** The last proof that it's the owner (see hasRecentAuth); null when none since sign-in. */
  reauthenticatedAt?: Date | null;
  /** The staff member's firm group (group access limits them to it); absent when not loaded. */
  firmGroupId?: string | null;
}

export function displayName(user: Pick<SessionUser, "fname" | "lname" | "preferredName">) {
  return user.preferredName || user.fname || user.lname;
}

export interface CreateSessionOptions {
  /** The second factor was just checked (sets twoFactorVerifiedAt). */
  twoFactorVerified?: boolean;
  /** Waiting for the second factor: short-lived, and not signed in until completed. */
  pendingTwoFactor?: boolean;
  /** The sign-in itself proved it's the owner for an account change (a reset link leading to set-up). */
  reauthenticatedAt?: Date | null;
}

/**
 * Starts a session for a user of this firm and returns the Set-Cookie header value. Always a new
 * session id: the request's previous session (if any) is ended, so a session id planted before
 * sign-in is worthless after it. Also drops the user's expired sessions.
 */
export async function createSession(portal: FirmSiteContext, userId: string, request: Request, options: CreateSessionOptions = {}): Promise<string> {
  const user = await portal.db.user.findFirst({ where: { id: userId }, select: { kind: true } });
  if (!user) throw new Error("createSession: no such user in this firm");
  const now = new Date();
  const previous = await sessionToken(request);
  await portal.db.session.deleteMany({
    where: { OR: [...(previous ? [{ id: hashToken(previous) }] : []), { userId, expiresAt: { lt: now } }] },
  });
  const lifetimeSeconds = options.pendingTwoFactor ? SECRET_LIFETIME_MINUTES.pending_two_factor * 60 : sessionLifetime(user.kind).absoluteHours * 3600;
  const token = newToken();
  await portal.db.session.create({
    data: {
      id: hashToken(token),
      firmId: portal.firm.id,
      userId,
      expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000),
      twoFactorVerifiedAt: options.twoFactorVerified ? now : null,
      reauthenticatedAt: options.reauthenticatedAt ?? null,
      userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
      ip: portal.clientAddress,
    },
  });
  return sessionCookie().serialize(token, { maxAge: lifetimeSeconds });
}

/**
 * Session cookie values already checked, with the token each carries: checking the signature (an
 * HMAC through Web Crypto) was about 1% of a signed-in page's CPU, and a browser sends the same
 * value on every request. The same value always gives the same token under the same secret and
 * cookie name; only values that checked out, of a session cookie's size, are kept, at most
 * SIGNED_VALUES_KEPT, the oldest dropped first.
 */
const checkedValues = new Map<string, string>();
let checkedWith: string | null = null;
const SIGNED_VALUES_KEPT = 5_000;
const SIGNED_VALUE_MAX_LENGTH = 512;

async function sessionToken(request: Request): Promise<string | null> {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const cookie = sessionCookie();
  // The answer depends on the secret and on the cookie's name (its protocol).
  const generation = `${cookie.name} ${sessionSecret()}`;
  if (generation !== checkedWith) {
    checkedValues.clear();
    checkedWith = generation;
  }
  const raw = cookieValue(header, cookie.name);
  if (!raw) return null;
  const known = checkedValues.get(raw);
  if (known !== undefined) return known;
  const value = await cookie.parse(header);
  const token = typeof value === "string" && value.length > 20 ? value : null;
  if (token && raw.length <= SIGNED_VALUE_MAX_LENGTH) {
    if (checkedValues.size >= SIGNED_VALUES_KEPT) checkedValues.delete(checkedValues.keys().next().value!);
    checkedValues.set(raw, token);
  }
  return token;
}

interface SessionLookup {
  user: SessionUser;
  /** Signed in with a first factor only; the second is still to come (state '2fa'). */
  pending: boolean;
}

// The root and page loaders of one request share its load context (not its Request object).
const perRequest = new WeakMap<object, Promise<SessionLookup | null>>();

function lookupSession(request: Request, portal: FirmSiteContext): Promise<SessionLookup | null> {
  let pending = perRequest.get(portal);
  if (!pending) {
    // An outage is not a missing session: 503 (pages: the error boundary), never 401 or a redirect.
    pending = lookupSessionRow(request, portal).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) throw unavailableResponse();
      throw error;
    });
    perRequest.set(portal, pending);
  }
  return pending;
}

/**
 * The signed-in user of this firm, or null. Another firm's session never matches: the lookup
 * runs in the firm's scope. A session still waiting for its second factor is not signed in.
 * One query, memoised per request (root and page loaders both ask).
 */
export async function getSessionUser(request: Request, portal: FirmSiteContext): Promise<SessionUser | null> {
  const found = await lookupSession(request, portal);
  return found && !found.pending ? found.user : null;
}

/** The user whose sign-in waits for the second factor in this browser, with that session's id. */
export async function getPendingSignIn(request: Request, portal: FirmSiteContext): Promise<SessionUser | null> {
  const found = await lookupSession(request, portal);
  return found?.pending ? found.user : null;
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
  reauthenticated_at: Date | null;
  firm_group_id: string | null;
  pending: boolean;
  idle_a_minute: boolean;
}

async function lookupSessionRow(request: Request, portal: FirmSiteContext): Promise<SessionLookup | null> {
  const token = await sessionToken(request);
  if (!token) return null;
  const staff = sessionLifetime("staff");
  const client = sessionLifetime("client");
  // Hot path (every signed-in page): one scoped read straight through pg. last_seen_at (the idle
  // timer) moves forward at most once a minute, by a statement of its own then (a read that may
  // also write cost PostgreSQL more on every request).
  const rows = await firmSql<SessionRow>(
    portal.firm.id,
    `SELECT s.id AS session_id, u.id, u.kind::text AS kind, u.email, u.fname, u.lname, u.preferred_name,
            u.firm_access::text AS firm_access, u.is_advisor, u.readonly_access, u.time_zone, u.default_company_id,
            s.reauthenticated_at, u.firm_group_id,
            ((u.kind = 'staff' OR u.enabled_2fa OR $2::boolean) AND s.two_factor_verified_at IS NULL) AS pending,
            s.last_seen_at < now() - interval '1 minute' AS idle_a_minute
       FROM sessions s
       JOIN users u ON u.firm_id = s.firm_id AND u.id = s.user_id
      WHERE s.id = $1 AND s.expires_at > now() AND u.deleted_at IS NULL AND u.paying
        AND s.created_at > now() - make_interval(hours => CASE WHEN u.kind = 'staff' THEN $3::int ELSE $4::int END)
        AND s.last_seen_at > now() - make_interval(mins => CASE WHEN u.kind = 'staff' THEN $5::int ELSE $6::int END)`,
    [hashToken(token), portal.firm.preferences.force2faOnUsers, staff.absoluteHours, client.absoluteHours, staff.idleMinutes, client.idleMinutes],
    { prepare: true }, // on every signed-in request
  );
  const row = rows[0];
  if (!row) return null;
  if (row.idle_a_minute) {
    await firmSql(portal.firm.id, `UPDATE sessions SET last_seen_at = now() WHERE id = $1 AND last_seen_at < now() - interval '1 minute'`, [row.session_id], {
      prepare: true,
    });
  }
  return {
    pending: row.pending,
    user: {
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
      reauthenticatedAt: row.reauthenticated_at ? new Date(row.reauthenticated_at) : null,
      firmGroupId: row.firm_group_id,
    },
  };
}

/** A fetch from our own scripts (apiFetch) or an API client: answer 401, not a redirect. */
function wantsJson(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("application/json");
}

function unauthorized(): Response {
  return Response.json({ error: "Unauthorized" }, { status: 401, headers: { "Cache-Control": "no-store" } });
}

/**
 * The signed-in user, or: 401 for a JSON request; the '2fa' state when only the second factor
 * is missing; otherwise a redirect to `/?redirect=<path and query>`.
 */
export async function requireUser(request: Request, portal: FirmSiteContext): Promise<SessionUser> {
  const found = await lookupSession(request, portal);
  if (found && !found.pending) return found.user;
  if (wantsJson(request)) throw unauthorized();
  if (found?.pending) {
    const url = new URL(request.url);
    throw redirect(`/signin?${new URLSearchParams({ state: "2fa", redirect: `${url.pathname}${url.search}` })}`);
  }
  throw redirect(signInRedirectUrl(request.url));
}

/** For JSON endpoints (loaders and actions called with fetch): the signed-in user, or 401. */
export async function requireApiUser(request: Request, portal: FirmSiteContext): Promise<SessionUser> {
  const found = await lookupSession(request, portal);
  if (found && !found.pending) return found.user;
  throw unauthorized();
}

export async function requireStaff(request: Request, portal: FirmSiteContext, allowed?: FirmAccess[]): Promise<SessionUser> {
  const user = await requireUser(request, portal);
  if (user.kind !== "staff") throw new Response("Not Found", { status: 404 });
  if (allowed && !allowed.includes(user.firmAccess)) throw new Response("Forbidden", { status: 403 });
  return user;
}

/**
 * The second factor checked: the waiting session is replaced by a new one (new id) marked
 * twoFactorVerifiedAt. Returns the Set-Cookie header value.
 */
export async function completeTwoFactor(portal: FirmSiteContext, request: Request, pending: Pick<SessionUser, "id" | "reauthenticatedAt">): Promise<string> {
  return createSession(portal, pending.id, request, { twoFactorVerified: true, reauthenticatedAt: pending.reauthenticatedAt });
}

/** The owner just proved it's them (current password or an emailed code): account changes may follow. */
export async function markReauthenticated(portal: FirmSiteContext, sessionId: string, at: Date = new Date()): Promise<void> {
  await portal.db.session.updateMany({ where: { id: sessionId }, data: { reauthenticatedAt: at } });
}

/** Moves a session's idle timer forward now (the 401 retry's "refreshed session"). */
export async function touchSession(portal: FirmSiteContext, sessionId: string): Promise<void> {
  await portal.db.session.updateMany({ where: { id: sessionId }, data: { lastSeenAt: new Date() } });
}

export async function destroySession(request: Request, portal: FirmSiteContext): Promise<string> {
  const token = await sessionToken(request);
  if (token) await portal.db.session.deleteMany({ where: { id: hashToken(token) } });
  if (token) await publishEvent(portal.db, { t: "session" });
  return sessionCookie().serialize("", { maxAge: 0 });
}

/**
 * Ends every session of a user except `keepSessionId` (password changed, two-factor turned off,
 * user deactivated). Returns how many ended.
 */
export async function endOtherSessions(db: FirmDb | FirmTx, userId: string, keepSessionId?: string | null): Promise<number> {
  const { count } = await db.session.deleteMany({ where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) } });
  if (count) await publishEvent(db, { t: "session", u: userId });
  return count;
}
