/**
 * Usage: tsx scripts/worker.ts      (after `npm run build`; DATABASE_URL and DATABASE_OWNER_URL: the app servers' own)
 *
 * A process that only runs background jobs (email and SMS delivery, the outbox sweep). App
 * servers run them too by default; to scale them apart, start the app servers with
 * JOBS_WORKER=false (they then only enqueue) and run as many of these as needed: they share one
 * queue in PostgreSQL and never run the same job twice. Provider settings (RESEND_*, TWILIO_*,
 * EMAIL_FROM) must match the app servers'. Stops cleanly on SIGINT/SIGTERM, finishing the jobs
 * it is running. It does not apply migrations: the app servers do. The queue (pg-boss) connects as
 * the owner (DATABASE_OWNER_URL); the jobs' handlers use the app's own login (DATABASE_URL), which
 * is refused unless it can act only as portal_app, as in the app servers.
 */
import { ConfigError, env } from "~/env.server";
import { loadApp, type PortalApp } from "../server";

let worker: Awaited<ReturnType<PortalApp["startJobWorker"]>> | undefined;

async function main() {
  const { DATABASE_URL, DATABASE_OWNER_URL } = env();
  if (!DATABASE_URL || !DATABASE_OWNER_URL) {
    throw new ConfigError("DATABASE_URL (the app's own login) and DATABASE_OWNER_URL (the tables' owner) are required, as for the app servers.");
  }
  // The app's code from the Remix server build (run `npm run build` first), as in the app servers.
  const { app } = await loadApp();
  worker = await app.startJobWorker();
  if (!worker.jobs.running) await shutdown(1);
}

async function shutdown(code = 0) {
  await worker?.close();
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

main().catch(async (error) => {
  console.error(error instanceof ConfigError || (error instanceof Error && error.name === "DatabaseLoginError") ? error.message : error);
  await shutdown(1);
});
