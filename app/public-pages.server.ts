/**
 * The pages a shared cache (a CDN or proxy in front of the load balancer) may keep and send to
 * anyone: the product's home page on the root domain, and a firm's sign-in page (`/` and `/signin`
 * for a visitor). They depend only on the host and the URL, so many visitors cost one render.
 *
 * - Only for a browser without the session cookie: a signed-in request is never public
 *   (`private, no-store`, app/security-headers.server.ts), and no session is looked up for one
 *   without it (app/auth/session.server.ts reads the cookie before any query).
 * - `Vary: Host`: every firm has its own sign-in page at the same path. A firm's pages also vary
 *   on Cookie: the same URL is the dashboard for a signed-in browser, and a cache must not hand
 *   that browser the visitor's copy.
 * - Only what the page itself decides: a `?state=…` of the sign-in flow reads the browser's
 *   cookies (the code just sent, the second factor), so only `?redirect=` is allowed on a firm's
 *   page; an answer that sets a cookie or is not a 200 is not kept either (server.ts checks).
 * - Nothing per answer: no CSRF token (state-changing requests are checked by Origin,
 *   app/auth/origin.ts), no cookie, and no CSP nonce. The inline scripts (Remix's context and
 *   hydration, the zod setting of root.tsx) are allowed by their SHA-256 instead
 *   (`inlineScriptHashes`), computed from the page as sent: the page and its header stay
 *   valid however long, and to whomever, a cache serves them.
 * - The firm's logo URL in the page is presigned for an hour and refreshed after 50 minutes
 *   (app/storage.server.ts), so it outlives the 5 minutes a shared cache keeps the page.
 *
 *   publicPage({ site: "firm", method: "GET", path: "/signin", search: "?redirect=%2Fdocuments", cookie: null })
 *   // → { cacheControl: "public, max-age=60, s-maxage=300", vary: "Host, Cookie" }
 */
import { carriesSession } from "~/security-headers.server";

/** A browser keeps the page a minute; a shared cache five. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=60, s-maxage=300";

export interface PageRequest {
  site: "root" | "firm";
  method: string;
  /** The URL's path and query (`?…` or ""). */
  path: string;
  search: string;
  /** The request's Cookie header. */
  cookie: string | null | undefined;
}

export interface PublicCaching {
  cacheControl: string;
  vary: string;
}

const FIRM_PUBLIC_PATHS = new Set(["/", "/signin"]);

/** How a shared cache may keep this page, or null when it must not (the usual headers apply). */
export function publicPage(request: PageRequest): PublicCaching | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (request.site === "root") return request.path === "/" ? { cacheControl: PUBLIC_CACHE_CONTROL, vary: "Host" } : null;
  if (carriesSession(request.cookie) || !FIRM_PUBLIC_PATHS.has(request.path)) return null;
  const keys = [...new URLSearchParams(request.search).keys()];
  if (keys.some((key) => key !== "redirect")) return null;
  return { cacheControl: PUBLIC_CACHE_CONTROL, vary: "Host, Cookie" };
}
