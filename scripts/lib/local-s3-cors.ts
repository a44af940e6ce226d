/**
 * CORS for the local S3-protocol server (./local-s3), as pure rules.
 *
 * Browsers talk to the store for two things only: the presigned POST upload (XMLHttpRequest with
 * upload progress, so preceded by a preflight) and presigned GET/HEAD reads from script (pdf.js
 * loading a PDF). Only those requests, and only from the app's own origins — the root site and
 * its single-label firm subdomains (`http://localhost:3000`, `http://acme.localhost:3000`) — get
 * CORS headers; refusals of those requests keep them, so the page can read S3's error. Nothing
 * else gets any: another site's script can neither send a store request through a preflight nor
 * read an answer.
 */
import { resolveHost } from "../../app/tenancy/resolve-host";

/** Whether a browser page at `origin` may call the store. */
export type OriginRule = (origin: string) => boolean;

/** The app's own origins: APP_PROTOCOL://APP_DOMAIN and APP_PROTOCOL://<firm>.APP_DOMAIN. */
export function appOriginRule({ protocol, domain }: { protocol: "http" | "https"; domain: string }): OriginRule {
  return (origin) => {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    // An Origin header is a bare serialized origin: no path, no user, no trailing dot games.
    if (url.protocol !== `${protocol}:` || url.origin !== origin) return false;
    const resolved = resolveHost(url.host, domain);
    return resolved.kind === "root" || (resolved.kind === "firm" && resolved.via === "subdomain");
  };
}

/** The browser's requests: a presigned POST upload to a bucket, or a presigned read of an object. */
export type BrowserRequest = "upload" | "read";

const BUCKET_PATH = /^\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]\/?$/;
const OBJECT_PATH = /^\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]\/.+$/;

/** Which browser request this is, from its method, raw path and query (without "?"). */
export function browserRequest(method: string, path: string, search: string): BrowserRequest | null {
  if (method === "POST" && !search && BUCKET_PATH.test(path)) return "upload";
  if ((method === "GET" || method === "HEAD") && OBJECT_PATH.test(path) && /(^|&)X-Amz-Algorithm=/.test(search)) return "read";
  return null;
}

const EXPOSED = "ETag, Content-Disposition";
const ALLOWED_REQUEST_HEADERS = new Set(["range"]);

/** Headers for an upload or read from `origin` (Vary always: the answer depends on Origin). */
export function corsHeaders(origin: string | undefined, allowed: OriginRule): Record<string, string> {
  if (!origin || !allowed(origin)) return { Vary: "Origin" };
  return { "Access-Control-Allow-Origin": origin, "Access-Control-Expose-Headers": EXPOSED, Vary: "Origin" };
}

export interface PreflightAnswer {
  status: number;
  headers: Record<string, string>;
  /** S3's error when refused. */
  error?: { code: string; message: string };
}

/** The answer to an OPTIONS preflight for `path`. */
export function preflight(request: { path: string; origin?: string; method?: string; requestHeaders?: string }, allowed: OriginRule): PreflightAnswer {
  const vary = { Vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers" };
  if (!request.origin || !request.method) {
    return {
      status: 400,
      headers: vary,
      error: { code: "BadRequest", message: "Insufficient information. Origin and Access-Control-Request-Method are needed." },
    };
  }
  const methods = BUCKET_PATH.test(request.path) ? ["POST"] : OBJECT_PATH.test(request.path) ? ["GET", "HEAD"] : [];
  const headers = (request.requestHeaders ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (!allowed(request.origin) || !methods.includes(request.method) || headers.some((h) => !ALLOWED_REQUEST_HEADERS.has(h))) {
    return {
      status: 403,
      headers: vary,
      error: { code: "CORSResponse", message: "This CORS request is not allowed: the origin, method or headers are not allowed for this resource." },
    };
  }
  return {
    status: 200,
    headers: {
      ...vary,
      "Access-Control-Allow-Origin": request.origin,
      "Access-Control-Allow-Methods": methods.join(", "),
      ...(headers.length ? { "Access-Control-Allow-Headers": headers.join(", ") } : {}),
      "Access-Control-Max-Age": "3000",
    },
  };
}
