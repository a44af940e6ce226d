/**
 * The session cookie's name, shared by the session code and the host's header rules (which treat a
 * request carrying it as signed in). On HTTPS the `__Host-` prefix makes the browser keep it
 * host-only and secure.
 */
export const SESSION_COOKIE_NAMES = ["portal_session", "__Host-portal_session"] as const;

export function sessionCookieName(secure: boolean): (typeof SESSION_COOKIE_NAMES)[number] {
  return secure ? "__Host-portal_session" : "portal_session";
}
