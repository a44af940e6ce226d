/**
 * The value of the first `name=` cookie in a Cookie header, as sent (not decoded), or null when
 * there is none: what `cookie.parse` (Remix's cookies) reads for that name. For the cookies read on
 * every request without Remix's signing (the session cookie's cache key, dismissed banners,
 * expanded cards, whether a request carries a session).
 */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
