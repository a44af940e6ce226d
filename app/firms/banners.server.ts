import sanitizeHtml from "sanitize-html";
import type { FirmPreferences } from "~/context.server";
import { env } from "~/env.server";
import { bannerKey, dismissedBanners, seesFirmBanner, type BannerKind, type PortalBanner } from "./banners";

/** A banner's HTML: text, emphasis and links only (https, mailto, tel), links opening in a new tab. */
export function sanitizeBannerHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["a", "b", "strong", "i", "em", "u", "br", "span"],
    allowedAttributes: { a: ["href", "title", "target", "rel"] },
    allowedSchemes: ["https", "mailto", "tel"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }) },
  }).trim();
}

function banner(kind: BannerKind, text: string | null | undefined): PortalBanner | null {
  const html = text ? sanitizeBannerHtml(text) : "";
  return html ? { kind, key: bannerKey(kind, html), html } : null;
}

/**
 * The banners a signed-in person sees on a firm's site, less the ones dismissed in this browser
 * session: the maintenance alert (everyone) and the firm's in-app banner (clients and advisors,
 * when the firm turned it on).
 */
export function portalBanners(
  request: Request,
  preferences: Pick<FirmPreferences, "inAppBannerEnabled" | "inAppBannerText">,
  user: { kind: "staff" | "client"; isAdvisor: boolean } | null,
): PortalBanner[] {
  if (!user) return [];
  const dismissed = dismissedBanners(request.headers.get("cookie"));
  const all = [
    banner("maintenance", env().MAINTENANCE_ALERT),
    seesFirmBanner(user) && preferences.inAppBannerEnabled ? banner("firm", preferences.inAppBannerText) : null,
  ];
  return all.filter((b): b is PortalBanner => b !== null && !dismissed.has(b.key));
}
