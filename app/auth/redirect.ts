/**
 * Where to go after sign-in: only a path on this same site. Anything that could leave the
 * site (absolute URLs, protocol-relative `//host`, backslashes, control characters) gives `/`.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !target) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  // Control characters are exactly what this looks for: browsers drop tabs and newlines from URLs.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(target)) return fallback;
  try {
    const url = new URL(target, "http://portal.invalid");
    if (url.origin !== "http://portal.invalid") return fallback;
    // Judge what the browser will follow, not what was typed: `/..//evil.example` (or
    // `/%2e%2e//…`, `/./..//…`) normalises to the protocol-relative `//evil.example`.
    const normalised = `${url.pathname}${url.search}${url.hash}`;
    if (!normalised.startsWith("/") || normalised.startsWith("//") || normalised.startsWith("/\\")) return fallback;
    return normalised;
  } catch {
    return fallback;
  }
}

/** The sign-in URL for an unauthenticated request: `/?redirect=<path and query>`. */
export function signInRedirectUrl(requestUrl: string): string {
  const url = new URL(requestUrl);
  const target = `${url.pathname}${url.search}`;
  if (target === "/" || url.pathname === "/signin") return "/";
  return `/?${new URLSearchParams({ redirect: target })}`;
}
