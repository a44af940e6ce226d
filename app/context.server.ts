import type { FirmDb } from "~/db.server";
import type { FirmPreferences as FirmPreferencesRow } from "~/generated/prisma/client";

/** The firm's settings needed on every request, kept in the firm cache. */
export interface FirmSettings {
  id: string;
  slug: string;
  name: string;
  customDomain: string | null;
  timeZone: string;
  themeName: string;
  brandColor: string | null;
  logoKey: string | null;
  /** A short-lived presigned URL of the logo, refreshed with the cache entry. */
  logoUrl: string | null;
  supportEmail: string | null;
  preferences: FirmPreferences;
  vocabulary: { keyWord: string; replacement: string }[];
}

/** Every preference flag of the firm (see prisma/schema.prisma, model FirmPreferences). */
export type FirmPreferences = Omit<FirmPreferencesRow, "firmId" | "updatedAt">;

/** `clientAddress`: the client's IP (the load balancer's X-Forwarded-For only with TRUST_PROXY). */
export type RootSiteContext = { site: "root"; clientAddress: string | null };
export type FirmSiteContext = { site: "firm"; firm: FirmSettings; db: FirmDb; origin: string; clientAddress: string | null };
export type PortalLoadContext = RootSiteContext | FirmSiteContext;

declare module "@remix-run/node" {
  interface AppLoadContext {
    portal: PortalLoadContext;
    /** This response's Content-Security-Policy nonce (server.ts), for inline scripts; absent when a test calls a loader directly. */
    cspNonce?: string;
  }
}

/** The firm (and its scoped database) of a request made on a firm's site; 404 on the root domain. */
export function requireFirmSite(context: { portal: PortalLoadContext }): FirmSiteContext {
  if (context.portal.site !== "firm") throw new Response("Not Found", { status: 404 });
  return context.portal;
}

/** 404 unless the request is on the root domain (the product's public site). */
export function requireRootSite(context: { portal: PortalLoadContext }): RootSiteContext {
  if (context.portal.site !== "root") throw new Response("Not Found", { status: 404 });
  return context.portal;
}
