/**
 * Boots the whole product in this process: embedded PostgreSQL and S3 when not configured,
 * migrations, the background jobs (worked here unless JOBS_WORKER=false), the demo seed, and the
 * HTTP server. Used by `npm start`, the browser tests (through start.ts) and the benchmarks.
 *
 * Two database logins (README.md, "Database roles"): DATABASE_OWNER_URL owns the tables and runs
 * the migrations and the job queue; DATABASE_URL is the app's own login, which can act only as
 * portal_app (the server refuses any other). With neither set, the embedded cluster's superuser is
 * the owner and the app logs in as `portal_app_login`, whose password is generated once and kept
 * in <dataDir>/secrets (0600). Without SESSION_SECRET on a local APP_DOMAIN, a generated secret is
 * kept there too, so sessions survive a restart.
 *
 * The app itself (seed, jobs, requests) runs from the Remix server build, loaded once by server.ts
 * (`loadApp`); this file reads ~/env.server only to check the configuration before anything starts.
 */
import path from "node:path";
import { ConfigError, defaultAppDomain, isLocalDomain, parseEnv, resetEnvCache } from "~/env.server";
import { APP_LOGIN_PASSWORD_FILE, freePort } from "./embedded-postgres";
import { localSecret, localSecretsDir } from "./app-login";

export interface BootOptions {
  dataDir: string;
  /** Ports for embedded services; 0 picks free ones. */
  postgresPort: number;
  s3Port: number;
  /** Port of the local Stripe-protocol fake (started without STRIPE_SECRET_KEY on a local APP_DOMAIN); 0 picks a free one. */
  stripePort?: number;
  /** Server port (defaults to PORT). */
  port?: number;
  /**
   * false: prepare everything (services, migrations, seed) but serve nothing; the server then runs
   * in its own process with this one's environment (scripts/dev.ts). Default true.
   */
  serve?: boolean;
  log?: (message: string) => void;
  /** More settings for the embedded PostgreSQL (`-c name=value` pairs; benchmarks). */
  postgresFlags?: string[];
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
    const secrets = localSecretsDir(options.dataDir);
    if (!process.env.SESSION_SECRET && isLocalDomain(process.env.APP_DOMAIN || defaultAppDomain())) {
      process.env.SESSION_SECRET = await localSecret(path.join(secrets, "session-secret"));
      log(`Session secret: generated once, kept in ${path.relative(process.cwd(), path.join(secrets, "session-secret"))}.`);
    }
    // A non-local APP_DOMAIN without SESSION_SECRET stops here (ConfigError), before anything starts.
    let config = parseEnv();
    const embedded = !config.DATABASE_URL;
    if (embedded) {
      log(`Starting embedded PostgreSQL (${path.relative(process.cwd(), path.join(options.dataDir, "postgres")) || "."})…`);
      const { startEmbeddedPostgres } = await import("./embedded-postgres");
      const pg = await startEmbeddedPostgres({
        dataDir: path.join(options.dataDir, "postgres"),
        port: options.postgresPort || (await freePort()),
        log,
        extraFlags: options.postgresFlags,
      });
      stops.push(pg.stop);
      const { APP_LOGIN_ROLE, ensureAppLogin, withLogin } = await import("./app-login");
      const password = await localSecret(path.join(secrets, APP_LOGIN_PASSWORD_FILE));
      await ensureAppLogin(pg.url, password);
      // The app, its jobs and migrations reach the embedded server through its Unix socket (less
      // CPU per round trip than TCP on the loopback); it listens on 127.0.0.1 too, for tools.
      process.env.DATABASE_OWNER_URL = pg.socketUrl;
      process.env.DATABASE_URL = withLogin(pg.socketUrl, APP_LOGIN_ROLE, password);
    } else if (!config.DATABASE_OWNER_URL) {
      throw new ConfigError(
        "Invalid configuration:\n  - DATABASE_OWNER_URL: required with DATABASE_URL. DATABASE_URL is the app's own login (it can act only as portal_app); " +
          'DATABASE_OWNER_URL is the tables\' owner, for migrations and background jobs. See README.md, "Database roles".',
      );
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
    if (!config.STRIPE_SECRET_KEY && !config.STRIPE_FAKE_URL && isLocalDomain(config.APP_DOMAIN)) {
      log("Starting the local Stripe-protocol fake…");
      const { startLocalStripe } = await import("./local-stripe");
      const fake = await startLocalStripe({ config, port: options.stripePort ?? 0, appPort: options.port ?? config.PORT, log });
      stops.push(fake.stop);
    }
    resetEnvCache();
    config = parseEnv();

    log("Applying migrations…");
    const { applyMigrations } = await import("./migrate");
    const applied = await applyMigrations(config.DATABASE_OWNER_URL!);
    log(applied.length ? `Applied ${applied.length} migration(s).` : "Database is up to date.");

    // The app's code is loaded once, from the Remix server build: the seed, the background jobs
    // and the requests share its database pool, storage client and firm cache.
    const { startServer, loadApp } = await import("../../server");
    const { app } = await loadApp();
    stops.push(app.closePools);

    // The app's login may act only as portal_app: refuse to go on otherwise (before the seed,
    // which writes through it).
    await app.verifyAppLogin();
    await app.ensureBucket();

    if (config.SEED_DEMO !== false) {
      log("Seeding the demo firms…");
      await app.seedDemo();
    }
    // A new embedded database holds rows the planner has no statistics for yet (the demo firms):
    // without them it picks poor plans until autovacuum's first pass. Never on a configured
    // database (autovacuum looks after it; a deploy must not wait on a whole-database ANALYZE).
    if (embedded && applied.length) {
      await analyzeDatabase(config.DATABASE_OWNER_URL!).catch((error: unknown) =>
        log(`Planner statistics not refreshed (autovacuum will): ${error instanceof Error ? error.message : String(error)}`),
      );
    }

    if (options.serve === false) {
      // The seed was this process's only use of the app: its pool closes, the server has its own.
      await app.closePools();
      return { port: options.port ?? config.PORT, stop };
    }

    // The background jobs start with the server's runtime, after the migrations (the outbox sweep
    // calls a function they create), and stop after the server, so requests still finishing can
    // enqueue. If the queue can't start, it says so and email and SMS are delivered by the
    // requests that send them. pg-boss runs as the owner: it creates and migrates its own schema;
    // the jobs' handlers use the app's pool like requests.
    const server = await startServer({
      port: options.port,
      jobs: { worker: config.JOBS_WORKER !== false, log: (message) => log(`Jobs: ${message}`) },
    });
    stops.push(server.close);
    return { port: server.port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** ANALYZE as the tables' owner: fresh planner statistics for every table. */
async function analyzeDatabase(ownerUrl: string): Promise<void> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query("ANALYZE");
  } finally {
    await client.end();
  }
}
