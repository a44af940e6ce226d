/**
 * Boots the whole product in this process: embedded PostgreSQL and S3 when not configured,
 * migrations, the background jobs (worked here unless JOBS_WORKER=false), the demo seed, and the
 * HTTP server. Used by `npm start`, the browser tests (through start.ts) and the benchmarks.
 */
import path from "node:path";
import { parseEnv, resetEnvCache } from "~/env.server";
import { freePort } from "./embedded-postgres";

export interface BootOptions {
  dataDir: string;
  /** Ports for embedded services; 0 picks free ones. */
  postgresPort: number;
  s3Port: number;
  /** Server port (defaults to PORT). */
  port?: number;
  log?: (message: string) => void;
}

export interface Booted {
  port: number;
  stop(): Promise<void>;
}

export async function bootPortal(options: BootOptions): Promise<Booted> {
  const log = options.log ?? (() => {});
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => {});
  };
  try {
    let config = parseEnv();
    if (!config.DATABASE_URL) {
      log(`Starting embedded PostgreSQL (${path.relative(process.cwd(), path.join(options.dataDir, "postgres")) || "."})…`);
      const { startEmbeddedPostgres } = await import("./embedded-postgres");
      const pg = await startEmbeddedPostgres({
        dataDir: path.join(options.dataDir, "postgres"),
        port: options.postgresPort || (await freePort()),
      });
      process.env.DATABASE_URL = pg.url;
      stops.push(pg.stop);
    }
    if (!config.S3_ENDPOINT && !config.S3_BUCKET) {
      log("Starting the local S3-protocol server…");
      const { startLocalS3 } = await import("./local-s3");
      const { appOriginRule } = await import("./local-s3-cors");
      const s3 = await startLocalS3({
        dataDir: path.join(options.dataDir, "s3"),
        port: options.s3Port || (await freePort()),
        bucket: "portal",
        // Browsers upload to and read from the store only from the app's own hosts.
        allowedOrigin: appOriginRule({ protocol: config.APP_PROTOCOL, domain: config.APP_DOMAIN }),
      });
      Object.assign(process.env, {
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: "true",
      });
      stops.push(s3.stop);
    }
    resetEnvCache();
    config = parseEnv();

    log("Applying migrations…");
    const { applyMigrations } = await import("./migrate");
    const applied = await applyMigrations(process.env.DATABASE_URL!);
    log(applied.length ? `Applied ${applied.length} migration(s).` : "Database is up to date.");

    // After the migrations (the outbox sweep calls a function they create); stopped after the
    // server, so requests still finishing can enqueue. If the queue can't start, it says so and
    // email and SMS are delivered by the requests that send them.
    const { startJobs } = await import("~/jobs.server");
    const jobs = await startJobs({ databaseUrl: process.env.DATABASE_URL!, worker: config.JOBS_WORKER !== false, log: (message) => log(`Jobs: ${message}`) });
    stops.push(async () => {
      await jobs.stop();
      // The job handlers' database pool (this module graph's; the server closes its own).
      const { closeDb } = await import("~/db.server");
      await closeDb();
    });

    const { ensureBucket } = await import("~/storage.server");
    await ensureBucket();

    if (config.SEED_DEMO !== false) {
      log("Seeding the demo firms…");
      const { seedDemo } = await import("../../prisma/seed");
      await seedDemo();
    }

    const { startServer } = await import("../../server");
    const server = await startServer({ port: options.port });
    stops.push(server.close);
    return { port: server.port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
