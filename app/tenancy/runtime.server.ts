import type { PortalLoadContext } from "~/context.server";
import { firmDb, closeDb, verifyAppLogin } from "~/db.server";
import { env } from "~/env.server";
import { storageBrowserOrigins } from "~/storage.server";
import { onFirmChanged } from "./firm-events.server";
import { FirmRegistry } from "./firm-registry.server";

/**
 * What server.ts needs from the app, created inside the app's own module graph (exported
 * from entry.server) so that the database pool and the firm cache exist exactly once.
 */
export interface PortalRuntime {
  /** The load context for a request's Host header, or null for an unknown host. */
  contextFor(host: string | undefined, clientAddress?: string | null): Promise<PortalLoadContext | null>;
  invalidateFirm(firmId?: string): void;
  /** Where browsers reach the file store (for the pages' Content-Security-Policy). */
  storageOrigins: string[];
  close(): Promise<void>;
}

export async function createPortalRuntime(): Promise<PortalRuntime> {
  const config = env();
  // A DATABASE_URL that could act as more than portal_app stops the server here, before it listens.
  try {
    await verifyAppLogin();
  } catch (error) {
    await closeDb();
    throw error;
  }
  const registry = new FirmRegistry(config.APP_DOMAIN);
  await registry.start();
  const unsubscribe = onFirmChanged((firmId) => registry.invalidate(firmId));
  const storageOrigins = await storageBrowserOrigins();
  return {
    storageOrigins,
    async contextFor(host, clientAddress = null) {
      const resolved = await registry.resolve(host);
      if (!resolved) return null;
      if (resolved.site === "root") return { site: "root", clientAddress };
      return { site: "firm", firm: resolved.firm, db: firmDb(resolved.firm.id), origin: `${config.APP_PROTOCOL}://${host}`, clientAddress };
    },
    invalidateFirm: (firmId) => registry.invalidate(firmId),
    async close() {
      unsubscribe();
      await registry.stop();
      await closeDb();
    },
  };
}
