/**
 * The security headers of every answer, decided in one place (server.ts applies them). Pure: no
 * I/O, no clock, no randomness (the per-request nonce is made by the caller).
 *
 * Three kinds of answers:
 * - everything (static files included): `baseSecurityHeaders` — nosniff, Referrer-Policy,
 *   Permissions-Policy, X-Frame-Options, and HSTS on https;
 * - the app's own pages and data (Remix documents, single-fetch `.data`, resource routes):
 *   `applyAppSecurityHeaders` — the above plus the nonce-based Content-Security-Policy, and
 *   `Cache-Control: private, no-store` whenever the request is signed in or the answer sets a cookie;
 *   public pages a shared cache may keep (app/public-pages.server.ts) allow their scripts by hash instead;
 * - answers the host gives by itself (unknown host, cross-site refusal, errors): the base headers
 *   plus `LOCKED_CSP`, which allows nothing but the page's own inline styles.
 */
import { cookieValue } from "~/cookie-header";
import { createHash } from "node:crypto";
import { SESSION_COOKIE_NAMES } from "~/auth/session-cookie";

export interface SecurityHeaderSettings {
  /** APP_PROTOCOL is https: browsers are told to come back over https only (HSTS). */
  https: boolean;
  /**
   * Origins browsers reach the file store at (presigned GETs for downloads, the PDF viewer, images
   * and logos; presigned POSTs for uploads), e.g. `http://127.0.0.1:4569` or
   * `https://portal-files.s3.us-east-1.amazonaws.com`.
   */
  storageOrigins: readonly string[];
}

/** One year, subdomains too: a firm's subdomain is never meant to be served over http. */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Same-origin only: URLs here carry secrets in their paths and queries (drop links, sign-in links,
 * presigned store URLs), and nothing outside the portal needs to know which page linked to it.
 */
export const REFERRER_POLICY = "same-origin";

/**
 * Powerful browser features the portal never uses, switched off for its pages and any frame in
 * them (file inputs with `capture` are not affected). Only features Chromium recognises are named:
 * an unknown one makes the browser log an error on every page.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

/** For pages the host answers by itself: no scripts, no loads, only the page's own inline CSS. */
export const LOCKED_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** Headers for every answer, static files included. */
export function baseSecurityHeaders(settings: Pick<SecurityHeaderSettings, "https">): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
    "Permissions-Policy": PERMISSIONS_POLICY,
    // frame-ancestors in the CSP says the same to current browsers; this is for older ones.
    "X-Frame-Options": "SAMEORIGIN",
    ...(settings.https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

const NONCE = /^[A-Za-z0-9+/]{16,}={0,2}$/;
const SHA256 = /^sha256-[A-Za-z0-9+/]{43}=$/;

/**
 * The inline scripts of a page a shared cache may keep (app/public-pages.server.ts), allowed by their
 * SHA-256 instead of a nonce: a nonce must differ on every answer, and a cached page is the same
 * answer sent many times, so a nonce would be known to anyone who fetched it. A hash allows only
 * that exact script text, however often the page is served.
 */
export interface ScriptHashes {
  hashes: readonly string[];
}

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** `sha256-…` of every inline `<script>` of a page, as browsers hash them (the UTF-8 text between the tags). */
export function inlineScriptHashes(html: string): ScriptHashes {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT))
    hashes.add(
      `sha256-${createHash("sha256")
        .update(text ?? "", "utf8")
        .digest("base64")}`,
    );
  return { hashes: [...hashes] };
}

function origin(value: string): string {
  const url = new URL(value);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`Not an http(s) origin: ${value}`);
  return url.origin;
}

/**
 * The Content-Security-Policy of the app's pages.
 * - Scripts: only those carrying this response's nonce (or, on a public page, those whose hash it
 *   names: `inlineScriptHashes`), and what they load ('strict-dynamic':
 *   Remix's modules, route chunks loaded later, pdf.js imported by URL from /pdfjs/). 'self' is
 *   ignored by browsers that know 'strict-dynamic'; it lets older ones (CSP 2) load /build and /pdfjs.
 * - Styles: 'unsafe-inline' because the firm's theme is set through inline `style` attributes
 *   (vanilla-extract's assignInlineVars on <html>) and components set sizes with style props;
 *   scripts, not styles, are what the nonce protects.
 * - Images: the store (documents, thumbnails, the firm's logo), data:/blob: (previews made in the
 *   browser), and any https image, because a firm's custom home-page HTML may show images from the
 *   firm's own site (sanitised to https URLs in app/home/client-home.server.ts).
 * - Connections: the app and the store (pdf.js reads PDFs from presigned URLs; uploads are
 *   presigned POSTs sent with XMLHttpRequest, never by submitting a form, so form-action stays 'self').
 * - Workers: pdf.js's worker from /pdfjs/.
 */
export function contentSecurityPolicy(nonce: string | ScriptHashes, storageOrigins: readonly string[]): string {
  let allowed: string[];
  if (typeof nonce === "string") {
    if (!NONCE.test(nonce)) throw new Error("contentSecurityPolicy: the nonce must be base64 of at least 12 random bytes");
    allowed = [`'nonce-${nonce}'`];
  } else {
    if (!nonce.hashes.every((hash) => SHA256.test(hash))) throw new Error("contentSecurityPolicy: a script hash must be sha256-<base64>");
    allowed = nonce.hashes.map((hash) => `'${hash}'`);
  }
  const [before, after] = policyAround(storageOrigins);
  return `${before}${allowed.join(" ")}${after}`;
}

/** The policy before and after its script sources, per set of storage origins (the same on every answer). */
const policies = new Map<string, readonly [string, string]>();
const SCRIPTS = "\0";

function policyAround(storageOrigins: readonly string[]): readonly [string, string] {
  const key = storageOrigins.join(" ");
  const known = policies.get(key);
  if (known) return known;
  const store = [...new Set(storageOrigins.map(origin))];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", [SCRIPTS, "'strict-dynamic'", "'self'"]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", "https:", ...store]],
    ["connect-src", ["'self'", ...store]],
    ["worker-src", ["'self'"]],
    ["frame-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'self'"]],
  ];
  const [before = "", after = ""] = directives
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ")
    .split(SCRIPTS);
  const parts = [before, after] as const;
  if (policies.size >= 100) policies.clear();
  policies.set(key, parts);
  return parts;
}

/** Whether a Cookie header carries the portal's session cookie (with a value). */
export function carriesSession(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE_NAMES.some((name) => {
    const value = cookieValue(cookieHeader, name);
    return value !== null && value !== "" && value !== '""';
  });
}

/** What signed-in answers must never be: stored by the browser (back/forward, disk) or any shared cache. */
export const NO_STORE = "private, no-store";

/**
 * For answers that hand out presigned store URLs or upload grants (download links, PDF viewer
 * links, drop-link uploads): set by the route itself too, so it holds even without a session.
 */
export const NO_STORE_HEADERS = { "Cache-Control": NO_STORE } as const;

/**
 * Sets the security headers on an answer of the app (a document, `.data`, or a resource route).
 * Overrides what a route set, except a stricter Referrer-Policy (sign-in and drop links send
 * `no-referrer`). `Cache-Control: private, no-store` when the request carries the session cookie or
 * the answer sets any cookie (a sign-in, a sign-out, a remembered table state): a signed-in page, its
 * data and its JSON must not be kept by a shared computer's browser or a proxy. Other answers keep
 * the caching their route chose.
 */
export function applyAppSecurityHeaders(
  headers: Headers,
  options: { settings: SecurityHeaderSettings; nonce: string | ScriptHashes; requestCookie: string | null | undefined },
): void {
  const { settings, nonce, requestCookie } = options;
  const keepReferrerPolicy = headers.has("Referrer-Policy");
  for (const [name, value] of Object.entries(baseSecurityHeaders(settings))) {
    if (name === "Referrer-Policy" && keepReferrerPolicy) continue;
    headers.set(name, value);
  }
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, settings.storageOrigins));
  if (carriesSession(requestCookie) || headers.has("Set-Cookie")) headers.set("Cache-Control", NO_STORE);
}
