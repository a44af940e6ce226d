/**
 * The banners across the top of every page: the product's maintenance alert and the firm's
 * in-app banner. Each can be dismissed for the browser session: the dismissed banners' keys live
 * in a session cookie (no expiry), and a key is made from the text, so a new text shows again.
 */
import { cookieValue } from "~/cookie-header";

export type BannerKind = "maintenance" | "firm";

export interface PortalBanner {
  kind: BannerKind;
  /** Identifies this text (a dismissal hides this text only). */
  key: string;
  /** Sanitised HTML. */
  html: string;
}

export const BANNER_COOKIE = "portal_banners_dismissed";

/** Keys of at most this many dismissed banners are kept (new ones replace the oldest). */
const MAX_DISMISSED = 10;

/** A short, stable key of a banner's text (FNV-1a, base 36): equal texts, equal keys. */
export function bannerKey(kind: BannerKind, text: string): string {
  let hash = 0x811c9dc5;
  for (const ch of `${kind}:${text}`) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${kind[0]}${hash.toString(36)}`;
}

/** The dismissed keys in a Cookie header. */
export function dismissedBanners(cookieHeader: string | null | undefined): Set<string> {
  const raw = cookieValue(cookieHeader, BANNER_COOKIE);
  return new Set((raw ?? "").split(".").filter((key) => /^[mf][0-9a-z]{1,8}$/.test(key)));
}

/** The cookie that adds `key` to the dismissed ones: a session cookie for the whole site. */
export function dismissCookie(current: Set<string>, key: string): string {
  const keys = [...current]
    .filter((k) => k !== key)
    .concat(key)
    .slice(-MAX_DISMISSED);
  return `${BANNER_COOKIE}=${keys.join(".")}; Path=/; SameSite=Lax`;
}

/** Who sees the firm's in-app banner: its clients and its advisors (staff spec §6: advisors only on the staff side). */
export function seesFirmBanner(user: { kind: "staff" | "client"; isAdvisor: boolean } | null): boolean {
  return user !== null && (user.kind === "client" || user.isAdvisor);
}
