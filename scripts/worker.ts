/**
 * Usage: tsx scripts/worker.ts      (DATABASE_URL: the same database as the app servers)
 *
 * A process that only runs background jobs (email and SMS delivery, the outbox sweep). App
 * servers run them too by default; to scale them apart, start the app servers with
 * JOBS_WORKER=false (they then only enqueue) and run as many of these as needed: they share one
 * queue in PostgreSQL and never run the same job twice. Provider settings (RESEND_*, TWILIO_*,
 * EMAIL_FROM) must match the app servers'. Stops cleanly on SIGINT/SIGTERM, finishing the jobs
 * it is running. It does not apply migrations: the app servers do.
 */
import { ConfigError, env } from "~/env.server";
import { closeDb } from "~/db.server";
import { startJobs, type Jobs } from "~/jobs.server";

let jobs: Jobs | undefined;

async function main() {
  const { DATABASE_URL } = env();
  if (!DATABASE_URL) throw new ConfigError("DATABASE_URL is required (the app servers' database).");
  jobs = await startJobs({ databaseUrl: DATABASE_URL, worker: true });
  if (!jobs.running) await shutdown(1);
}

async function shutdown(code = 0) {
  await jobs?.stop();
  await closeDb();
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

main().catch(async (error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  await shutdown(1);
});
