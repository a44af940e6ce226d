/**
 * Usage: npm start            (runs `remix build` first, then this script)
 *
 * Runs the whole product on one machine. Whatever is not configured by environment variables
 * is started here with embedded defaults:
 *   - PostgreSQL (embedded, data in .data/postgres) unless DATABASE_URL is set;
 *   - an S3-protocol server (data in .data/s3) unless S3_ENDPOINT / S3_BUCKET are set;
 *   - email and SMS go to the outbox (readable at /dev/outbox) unless RESEND_API_KEY / TWILIO_* are set.
 * Then it applies pending migrations, seeds the demo firms (unless SEED_DEMO=false) and serves.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv, resetEnvCache, ConfigError } from "~/env.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// DATA_DIR moves the embedded services' data (the browser tests use a fresh temporary one).
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, ".data"));
const stops: (() => Promise<void>)[] = [];

/** The port from the environment, a free one for "0", or the default. */
async function portOr(value: string | undefined, fallback: number): Promise<number> {
  if (value === undefined || value === "") return fallback;
  if (Number(value) !== 0) return Number(value);
  const { createServer } = await import("node:net");
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : fallback));
    });
  });
}

function log(message: string) {
  console.log(`\x1b[36m▸\x1b[0m ${message}`);
}

async function main() {
  let config = parseEnv();

  if (!config.DATABASE_URL) {
    log("Starting embedded PostgreSQL (.data/postgres)…");
    const { startEmbeddedPostgres } = await import("./lib/embedded-postgres");
    const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "postgres"), port: await portOr(process.env.EMBEDDED_PG_PORT, 54320) });
    process.env.DATABASE_URL = pg.url;
    stops.push(pg.stop);
  }
  if (!config.S3_ENDPOINT && !config.S3_BUCKET) {
    log("Starting the local S3-protocol server (.data/s3)…");
    const { startLocalS3 } = await import("./lib/local-s3");
    const s3 = await startLocalS3({ dataDir: path.join(dataDir, "s3"), port: await portOr(process.env.LOCAL_S3_PORT, 4569), bucket: "portal" });
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
  const { applyMigrations } = await import("./lib/migrate");
  const applied = await applyMigrations(process.env.DATABASE_URL!);
  log(applied.length ? `Applied ${applied.length} migration(s).` : "Database is up to date.");

  const { ensureBucket } = await import("~/storage.server");
  await ensureBucket();

  if (config.SEED_DEMO !== false) {
    log("Seeding the demo firms…");
    const { seedDemo } = await import("../prisma/seed");
    await seedDemo();
  }

  const { startServer } = await import("../server");
  const server = await startServer();
  stops.push(server.close);

  const port = new URL(`http://${config.APP_DOMAIN}`).port;
  const url = (slug?: string) => `${config.APP_PROTOCOL}://${slug ? `${slug}.` : ""}${config.APP_DOMAIN}`;
  console.log(`
\x1b[1mClient portal is running\x1b[0m  (listening on port ${server.port}${port && Number(port) !== server.port ? `; APP_DOMAIN says ${port}` : ""})

  Public site and firm sign-up   ${url()}   (${url()}/create-firm)
  Acme Tax & Advisory            ${url("acme")}
  Summit CPA Group               ${url("summit")}
${config.NODE_ENV !== "production" ? `  Email and SMS outbox           ${url("acme")}/dev/outbox\n` : ""}
  Demo sign-ins (password Portal-Demo-2026!):
    partner@acme.test   advisor@acme.test   admin@acme.test   client@acme.test
    partner@summit.test advisor@summit.test admin@summit.test client@summit.test
`);
}

async function shutdown(code = 0) {
  for (const stop of stops.reverse()) await stop().catch(() => {});
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

main().catch(async (error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  await shutdown(1);
});
