import type { FirmSettings } from "~/context.server";
import { listenFirmChanges, resolveFirmIdByDomain, resolveFirmIdBySlug } from "~/db.server";
import { loadFirmSettings } from "~/firms/firm-settings.server";
import { TtlCache } from "~/lib/ttl-cache";
import { isDatabaseUnavailable } from "~/unavailable";
import { resolveHost, type HostResolution } from "./resolve-host";

const SETTINGS_TTL_MS = 5 * 60_000;
const MISS_TTL_MS = 15_000;
const LAST_KNOWN_MAX = 10_000;

/**
 * The last value each key loaded (found ones only), kept past the cache's expiry and change
 * notifications, for one use: while the database can't be reached, a firm's host still resolves
 * to its settings, so its pages answer with the outage page ('temporarily unavailable', with a
 * Refresh of the page) instead of a bare text, however long the outage lasts and whatever changed
 * just before it. Nothing is read from it while the database answers.
 */
class LastKnown<K, V> {
  private values = new Map<K, V>();

  remember(key: K, value: V | null): V | null {
    if (value === null) return value;
    this.values.delete(key);
    if (this.values.size >= LAST_KNOWN_MAX) this.values.delete(this.values.keys().next().value as K);
    this.values.set(key, value);
    return value;
  }

  /** `loading`, or this key's last value when the load fails because the database is unreachable. */
  async orLastKnown(key: K, loading: Promise<V | null>): Promise<V | null> {
    try {
      return this.remember(key, await loading);
    } catch (error) {
      const known = this.values.get(key);
      if (known !== undefined && isDatabaseUnavailable(error)) return known;
      throw error;
    }
  }
}

/**
 * Host → firm settings, from memory. Slug and custom-domain lookups and the settings
 * themselves are cached; PostgreSQL notifies every app server when a firm changes.
 */
export class FirmRegistry {
  private settings = new TtlCache<string, FirmSettings | null>(SETTINGS_TTL_MS);
  private slugs = new TtlCache<string, string | null>(SETTINGS_TTL_MS);
  private domains = new TtlCache<string, string | null>(SETTINGS_TTL_MS);
  private stopListening: (() => Promise<void>) | null = null;
  private lastSettings = new LastKnown<string, FirmSettings>();
  private lastSlugs = new LastKnown<string, string>();
  private lastDomains = new LastKnown<string, string>();

  constructor(private readonly appDomain: string) {}

  async start() {
    this.stopListening = await listenFirmChanges((firmId) => this.invalidate(firmId));
  }

  async stop() {
    await this.stopListening?.();
  }

  invalidate(firmId?: string) {
    if (!firmId) {
      this.settings.clear();
      this.slugs.clear();
      this.domains.clear();
      return;
    }
    this.settings.delete(firmId);
    // A slug or domain may have moved: forget every mapping to or from this firm, and misses.
    this.slugs.deleteWhere((_, id) => id === firmId || id === null);
    this.domains.deleteWhere((_, id) => id === firmId || id === null);
  }

  /** Resolves a Host header to the root site, a firm's settings, or null (unknown host). */
  async resolve(host: string | undefined): Promise<{ site: "root" } | { site: "firm"; firm: FirmSettings } | null> {
    let resolution: HostResolution = resolveHost(host, this.appDomain, (name) => this.domains.get(name) ?? undefined);
    if (resolution.kind === "unknown" && resolution.reason === "no-match" && host) {
      const hostname = host.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
      if (!this.domains.has(hostname)) {
        // Use the loaded value itself: the cache may decline to keep it (a change raced the load).
        const firmId = await this.lastDomains.orLastKnown(
          hostname,
          this.domains.getOrLoad(
            hostname,
            () => resolveFirmIdByDomain(hostname),
            (id) => (id ? SETTINGS_TTL_MS : MISS_TTL_MS),
          ),
        );
        resolution = resolveHost(host, this.appDomain, (name) => (name === hostname ? (firmId ?? undefined) : undefined));
      }
    }
    if (resolution.kind === "root") return { site: "root" };
    if (resolution.kind === "unknown") return null;
    const firmId =
      resolution.via === "custom-domain"
        ? resolution.firmId
        : await this.lastSlugs.orLastKnown(
            resolution.slug,
            this.slugs.getOrLoad(
              resolution.slug,
              () => resolveFirmIdBySlug(resolution.slug),
              (id) => (id ? SETTINGS_TTL_MS : MISS_TTL_MS),
            ),
          );
    if (!firmId) return null;
    const firm = await this.lastSettings.orLastKnown(
      firmId,
      this.settings.getOrLoad(
        firmId,
        () => loadFirmSettings(firmId),
        (f) => (f ? SETTINGS_TTL_MS : MISS_TTL_MS),
      ),
    );
    return firm ? { site: "firm", firm } : null;
  }
}
