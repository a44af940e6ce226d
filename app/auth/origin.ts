/**
 * Cross-site request check for state-changing requests (POST, PUT, PATCH, DELETE).
 *
 * Browsers send `Origin` with every cross-site (and every same-origin non-GET) request, so a
 * request that carries one must come from this firm's own origin. Without `Origin`, a `Referer`
 * is checked the same way. With neither, the request did not come from a browser page (a script,
 * a test, a server): there is no victim's cookie to ride on, since our cookies are SameSite=Lax
 * and host-only, so it is allowed. `Origin: null` (sandboxed frames, some redirects) is refused.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function normalizedOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

export function originAllowed(request: Pick<Request, "method" | "headers">, expectedOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const expected = normalizedOrigin(expectedOrigin);
  if (!expected) return false;
  const origin = request.headers.get("origin");
  if (origin !== null) return normalizedOrigin(origin) === expected;
  const referer = request.headers.get("referer");
  if (referer !== null) return normalizedOrigin(referer) === expected;
  return true;
}

/** Throws 403 for a state-changing request from another origin. */
export function requireSameOrigin(request: Request, expectedOrigin: string): void {
  if (!originAllowed(request, expectedOrigin)) {
    throw new Response("Forbidden: cross-origin request", { status: 403, headers: { "Content-Type": "text/plain" } });
  }
}
