/**
 * Everything a process takes from the app, exported by app/entry.server.tsx so that the Remix
 * server build (build/index.js, `build.entry.module`) is the only copy of the app's code a process
 * runs: one database pool, one storage client, one firm cache and one job queue per process.
 * server.ts, scripts/lib/boot.ts, scripts/worker.ts and the tests' bootApp load the build and call
 * these; none of them imports app modules for anything but types and configuration checks.
 *
 *   const runtime = await createPortalRuntime({ jobs: { worker: true } });  // server.ts
 *   const worker = await startJobWorker();                                  // scripts/worker.ts
 */
import type { PortalLoadContext } from "~/context.server";
import { firmDb, closeDb, verifyAppLogin } from "~/db.server";
import { env } from "~/env.server";
import { startJobs, type Jobs } from "~/jobs.server";
import { selectJobs } from "~/jobs/registry.server";
import { storageBrowserOrigins } from "~/storage.server";
import { onFirmChanged } from "./firm-events.server";
import { startLiveListener, stopLiveListener } from "~/realtime/listener.server";
import { FirmRegistry } from "./firm-registry.server";

// What the host (server.ts) and the boot steps use, from this same module graph.
export { ensureBucket } from "~/storage.server";
export { endReadScope, verifyAppLogin, withFirm, withReadScope } from "~/db.server";
export { env, outboxStatus, resetEnvCache } from "~/env.server";
export { seedDemo } from "../../prisma/seed";
export { unknownHostPage } from "./unknown-host-page";
export { originAllowed } from "~/auth/origin";
export { LOCKED_CSP, applyAppSecurityHeaders, baseSecurityHeaders, inlineScriptHashes } from "~/security-headers.server";
export { publicPage } from "~/public-pages.server";
export { formBodyWithoutNul } from "~/nul";
export { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE, UNAVAILABLE_STATUS } from "~/unavailable";
export { answerOutages } from "~/outage.server";
export { closeAllStreams } from "~/realtime/stream.server";

export interface RuntimeJobOptions {
  /** Work the queues in this process (default: JOBS_WORKER, true unless "false"); false only sends jobs. */
  worker?: boolean;
  /** Only these job types (default: every one of app/jobs/registry.server.ts). */
  only?: string[];
  /** Seconds between polls of an idle queue (default 2). */
  pollingIntervalSeconds?: number;
  log?: (message: string) => void;
}

export interface RuntimeOptions {
  /**
   * The background jobs, on the owner's connection (DATABASE_OWNER_URL): started with the runtime
   * unless false or DATABASE_OWNER_URL is not set. Without a queue, email and SMS are delivered by
   * the requests that send them.
   */
  jobs?: RuntimeJobOptions | false;
}

/** What server.ts needs from the app. */
export interface PortalRuntime {
  /** The load context for a request's Host header, or null for an unknown host. */
  contextFor(host: string | undefined, clientAddress?: string | null): Promise<PortalLoadContext | null>;
  invalidateFirm(firmId?: string): void;
  /** Where browsers reach the file store (for the pages' Content-Security-Policy). */
  storageOrigins: string[];
  /** The process's job queue, or null when jobs are not started here. */
  jobs: Jobs | null;
  /** Stops the jobs (after the requests: they may still enqueue), the firm cache and the pools. */
  close(): Promise<void>;
}

async function startRuntimeJobs(options: RuntimeJobOptions | false | undefined): Promise<Jobs | null> {
  if (options === false) return null;
  const config = env();
  if (!config.DATABASE_OWNER_URL) {
    console.log("[jobs] DATABASE_OWNER_URL is not set: no background jobs here; email and SMS are delivered by the request that sends them.");
    return null;
  }
  return startJobs({
    databaseUrl: config.DATABASE_OWNER_URL,
    worker: options?.worker ?? config.JOBS_WORKER !== false,
    jobs: selectJobs(options?.only),
    pollingIntervalSeconds: options?.pollingIntervalSeconds,
    log: options?.log,
  });
}

/** Closes the app's database pools (the runtime's close does it too); safe to call twice. */
export async function closePools() {
  await closeDb();
}

export async function createPortalRuntime(options: RuntimeOptions = {}): Promise<PortalRuntime> {
  const config = env();
  // A DATABASE_URL that could act as more than portal_app stops the server here, before it listens.
  try {
    await verifyAppLogin();
  } catch (error) {
    await closePools();
    throw error;
  }
  const registry = new FirmRegistry(config.APP_DOMAIN);
  await registry.start();
  const unsubscribe = onFirmChanged((firmId) => registry.invalidate(firmId));
  await startLiveListener();
  const storageOrigins = await storageBrowserOrigins();
  const jobs = await startRuntimeJobs(options.jobs);
  return {
    storageOrigins,
    jobs,
    async contextFor(host, clientAddress = null) {
      const resolved = await registry.resolve(host);
      if (!resolved) return null;
      if (resolved.site === "root") return { site: "root", clientAddress };
      return { site: "firm", firm: resolved.firm, db: firmDb(resolved.firm.id), origin: `${config.APP_PROTOCOL}://${host}`, clientAddress };
    },
    invalidateFirm: (firmId) => registry.invalidate(firmId),
    async close() {
      unsubscribe();
      await jobs?.stop();
      await registry.stop();
      await stopLiveListener();
      await closePools();
    },
  };
}

/** A process that only works background jobs (scripts/worker.ts): no firm cache, no HTTP. */
export async function startJobWorker(options: Omit<RuntimeJobOptions, "worker"> = {}): Promise<{ jobs: Jobs; close(): Promise<void> }> {
  try {
    await verifyAppLogin();
  } catch (error) {
    await closePools();
    throw error;
  }
  const jobs = await startRuntimeJobs({ ...options, worker: true });
  if (!jobs) throw new Error("DATABASE_OWNER_URL is required to work background jobs.");
  return {
    jobs,
    async close() {
      await jobs.stop();
      await closePools();
    },
  };
}
